// The Sizes panel in the built app, with every request to another origin blocked: brotli's
// wasm must come from the app's own origin. Waits on locators only (no fixed sleeps).
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { POST_URL } from "../engine/compress/index.ts";

/** Our figures at the default settings (fflate 0.8.3 level 6, brotli-wasm 3.0.1 quality 11). */
const FOUR_ENCODINGS = [
  { label: "a.pb: repeated varint, 0 to 1000", raw: 2875, gzip: 1885, zlib: 1873, deflate: 1867, brotli: 1094 },
  { label: "b.pb: packed varint, 0 to 1000", raw: 1877, gzip: 1530, zlib: 1518, deflate: 1512, brotli: 885 },
  { label: "c.pb: repeated fixed32, 0 to 1000", raw: 5005, gzip: 1577, zlib: 1565, deflate: 1559, brotli: 1149 },
  { label: "d.pb: packed fixed32, 0 to 1000", raw: 4007, gzip: 1440, zlib: 1428, deflate: 1422, brotli: 1140 },
];

/** Aborts every request that leaves the app's origin, and remembers it so the test can fail. */
async function blockOtherOrigins(page: Page, baseURL: string): Promise<string[]> {
  const origin = new URL(baseURL).origin;
  const attempted: string[] = [];
  await page.context().route("**/*", async (route) => {
    const url = route.request().url();
    const sameOrigin = url.startsWith(`${origin}/`) || url.startsWith("data:") || url.startsWith("blob:");
    if (sameOrigin) return route.continue();
    attempted.push(url);
    return route.abort("blockedbyclient");
  });
  return attempted;
}

/** Opens the Sizes tab of the app's side panels and returns the panel. */
async function openSizes(page: Page): Promise<Locator> {
  await page.goto("./");
  // Let the workspace load first (its bytes appear in the hex view), so they hold still.
  await expect(page.getByRole("grid", { name: "Bytes" }).getByRole("gridcell").first()).toBeVisible();
  await page.getByRole("tab", { name: "Sizes" }).click();
  const panel = page.getByRole("region", { name: "Compressed sizes" });
  await expect(panel).toBeVisible();
  return panel;
}

async function expectColumn(panel: Locator, index: number, figures: Record<string, number | string>) {
  for (const [key, value] of Object.entries(figures)) {
    await expect(panel.getByTestId(`compare-${index}-${key}`), `${key} of column ${index}`).toHaveText(String(value));
  }
}

let attempted: string[] = [];
test.beforeEach(async ({ page, baseURL }) => {
  attempted = await blockOtherOrigins(page, baseURL!);
});
test.afterEach(() => {
  expect(attempted, "requests to other origins").toEqual([]);
});

test("the compare view shows our sizes of the post's four payloads, with the post's figures beside them", async ({ page }) => {
  const panel = await openSizes(page);
  await panel.getByRole("button", { name: "The post's four encodings of 0 to 1000" }).click();
  const table = panel.getByRole("table", { name: /Sizes in bytes at DEFLATE level 6 and brotli quality 11/ });
  await expect(table).toBeVisible();
  for (const [i, column] of FOUR_ENCODINGS.entries()) await expectColumn(panel, i, column);
  await expect(panel.locator(".sizes-compare").getByRole("status")).toHaveText("4 pinned payloads measured (room for 4).");
  // The post's own figures sit beside ours: its zlib figure for d.pb came from another encoder.
  await expect(table.getByRole("row", { name: /^zlib/ })).toContainText("post 1916");
  await expect(table.getByRole("row", { name: /^brotli/ })).toContainText("1149 (23.0%) post 1140");
  await expect(panel.getByTestId("post-note")).toContainText("Go's compress/zlib");
  // "The post" is a link to it, in the caption and in the note.
  await expect(table.getByRole("link", { name: /Compress Your Protos/ })).toHaveAttribute("href", POST_URL);
  await expect(panel.getByTestId("post-note").getByRole("link", { name: "the post" })).toHaveAttribute("href", POST_URL);
  // Four is the limit: pinning more is disabled.
  await expect(panel.getByRole("button", { name: "Pin current bytes" })).toBeDisabled();
});

test("level and quality re-measure every payload", async ({ page }) => {
  const panel = await openSizes(page);
  await panel.getByRole("button", { name: "The post's four encodings of 0 to 1000" }).click();
  await expectColumn(panel, 3, { gzip: 1440 });
  await panel.getByLabel("DEFLATE level (gzip, zlib, deflate)").fill("9");
  await panel.getByLabel("Brotli quality").fill("5");
  await expect(panel.getByRole("table", { name: /DEFLATE level 9 and brotli quality 5/ })).toBeVisible();
  await expectColumn(panel, 3, { raw: 4007, gzip: 1442, zlib: 1430, deflate: 1424, brotli: 1165 });
  await expectColumn(panel, 0, { brotli: 1759 });
  await expect(panel.getByTestId("size-brotli")).toHaveText(/^\d+$/);
  await expect(panel.getByRole("row", { name: /^brotli brotli-wasm 3\.0\.1 quality 5, window 2\^22/ })).toBeVisible();
  await panel.getByRole("button", { name: "Reset to defaults" }).click();
  await expectColumn(panel, 3, { gzip: 1440, brotli: 1140 });
});

test("packed varints lose most of their brotli lead when the values are large", async ({ page }) => {
  const panel = await openSizes(page);
  await panel.getByRole("button", { name: "Packed varint vs packed fixed32, small and large values" }).click();
  await expectColumn(panel, 0, { raw: 1877, brotli: 885 });
  await expectColumn(panel, 1, { raw: 4007, brotli: 1140 });
  await expectColumn(panel, 2, { raw: 3006, brotli: 1039 });
  await expectColumn(panel, 3, { raw: 4007, brotli: 1163 });
  // Remove one payload and add an example by hand.
  await panel.getByRole("button", { name: "Remove b.pb (100000 to 101000): packed varint, 100000 to 101000" }).click();
  await expect(panel.getByTestId("compare-3-label")).toHaveCount(0);
  await panel.getByLabel("Example").selectOption("0-1000-repeated-varint");
  await panel.getByRole("button", { name: "Add example" }).click();
  await expectColumn(panel, 3, { label: FOUR_ENCODINGS[0]!.label, raw: 2875, brotli: 1094 });
});

test("pinning the current bytes puts their figures in the compare table", async ({ page }) => {
  const panel = await openSizes(page);
  const current: Record<string, string> = {};
  await expect(panel.getByTestId("size-brotli")).toHaveText(/^\d+$/);
  for (const key of ["raw", "gzip", "zlib", "deflate", "brotli"]) current[key] = (await panel.getByTestId(`size-${key}`).textContent())!;
  await panel.getByRole("button", { name: "Pin current bytes" }).click();
  await expectColumn(panel, 0, { label: "pinned bytes #1", ...current });
  await panel.getByRole("button", { name: "Clear" }).click();
  await expect(panel.getByTestId("compare-table")).toHaveCount(0);
});

test("brotli's wasm loads only when sizes are asked for, from the app's own origin", async ({ page, baseURL }) => {
  const wasm: string[] = [];
  page.context().on("request", (r) => {
    if (r.url().endsWith(".wasm")) wasm.push(r.url());
  });
  await page.goto("./");
  await expect(page.getByRole("tab", { name: "Sizes" })).toBeVisible();
  // The workspace is up and has bytes to show (the first hex cell), and no wasm has loaded.
  await expect(page.getByRole("grid", { name: "Bytes" }).getByRole("gridcell").first()).toBeVisible();
  await expect(page.getByRole("tab", { name: "Field tree" })).toHaveAttribute("aria-selected", "true");
  expect(wasm).toEqual([]);
  await page.getByRole("tab", { name: "Sizes" }).click();
  const panel = page.getByRole("region", { name: "Compressed sizes" });
  await expect(panel.getByTestId("size-brotli")).toHaveText(/^\d+$/);
  expect(wasm).toHaveLength(1);
  expect(wasm[0]!.startsWith(new URL(baseURL!).origin + "/")).toBe(true);
});

test("the panel has no accessibility violations and names every control", async ({ page }) => {
  const panel = await openSizes(page);
  await expect(panel.getByTestId("size-brotli")).toHaveText(/^\d+$/);
  await panel.getByRole("button", { name: "The post's four encodings of 0 to 1000" }).click();
  await expectColumn(panel, 3, { brotli: 1140 });
  await expect(panel.getByRole("table", { name: "The current bytes" })).toBeVisible();
  await expect(panel.getByRole("spinbutton", { name: "Brotli quality" })).toHaveValue("11");
  const results = await new AxeBuilder({ page }).include(".sizes-panel").analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
