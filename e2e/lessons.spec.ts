// The course in the app: complete an exercise and it stays complete after a reload; "Show
// solution" puts the solution beside the attempt without touching it; Reset restores the start;
// progress exports to a file and imports back; the lesson pages pass the accessibility scan.
import AxeBuilder from "@axe-core/playwright";
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { openApp } from "./helpers.ts";

const START = readFileSync(new URL("../lessons/01-varints/start/write-bytes/message.protoscope", import.meta.url), "utf8");
const ANSWER = '1:VARINT 150\n2:LEN 7 "testing"\n';

async function openVarints(page: Page) {
  await page.getByRole("tab", { name: "Lessons" }).click();
  await page.getByRole("navigation", { name: "Course" }).getByRole("button", { name: "Varints, tags and wire types" }).click();
  await expect(page.getByRole("heading", { name: "1. Varints, tags and wire types" })).toBeVisible();
}

const exercise = (page: Page) => page.locator('[data-exercise="write-bytes"]');
const attempt = (page: Page) => exercise(page).getByRole("textbox", { name: "message.protoscope" });

async function scan(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  return bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
}

test("complete an exercise, reload: still complete; the overview counts it", async ({ page }) => {
  await openApp(page);
  await openVarints(page);
  // Live figures: the engine's bytes for 150 are on the page.
  await expect(page.locator(".lesson-page")).toContainText("96 01");
  // Code blocks are highlighted by Monaco's protoscope tokenizer, as React elements.
  await expect(page.locator(".lesson-page code.language-protoscope span").nth(2)).toBeAttached();
  await expect(attempt(page)).toHaveValue(START);
  await exercise(page).getByRole("button", { name: "Check" }).click();
  await expect(exercise(page).getByRole("status")).toContainText("checks failed");
  await attempt(page).fill(ANSWER);
  await exercise(page).getByRole("button", { name: "Check" }).click();
  await expect(exercise(page).getByRole("status")).toContainText("All checks passed.");
  await expect(exercise(page).getByRole("heading")).toContainText("complete");
  await page.reload();
  await openVarints(page);
  await expect(exercise(page).getByRole("heading")).toContainText("complete");
  await expect(attempt(page)).toHaveValue(ANSWER);
  await page.getByRole("button", { name: "← Course" }).click();
  await expect(page.getByRole("navigation", { name: "Course" })).toContainText("1 of");
});

test("a lesson opens its files in the editor and shows its benchmark suite", async ({ page }) => {
  await openApp(page);
  await page.getByRole("tab", { name: "Lessons" }).click();
  await page.getByRole("navigation", { name: "Course" }).getByRole("button", { name: "Enum values need prefixes" }).click();
  await page.getByRole("button", { name: "Open this lesson's files in the editor" }).click();
  await expect(page.getByRole("region", { name: "Problems" })).toContainText("already defined");
  await page.getByRole("tab", { name: "Lessons" }).click();
  await expect(page.locator(".lesson-bench")).toContainText("Benchmark: the varint suite");
});

test("hints unlock one at a time; Show solution keeps the attempt; Reset restores the start", async ({ page }) => {
  await openApp(page);
  await openVarints(page);
  await exercise(page).getByRole("button", { name: "Show a hint" }).click();
  await expect(exercise(page).getByRole("list", { name: "Hints" }).getByRole("listitem")).toHaveCount(1);
  await exercise(page).getByRole("button", { name: "Next hint" }).click();
  await expect(exercise(page).getByRole("list", { name: "Hints" }).getByRole("listitem")).toHaveCount(2);
  const mine = "1: 150\n2: {\"Testing\"}\n";
  await attempt(page).fill(mine);
  await exercise(page).getByRole("button", { name: "Show solution" }).click();
  const diff = exercise(page).getByRole("region", { name: "Solution for message.protoscope, beside your attempt" });
  await expect(diff).toContainText('− 2: {"Testing"}');
  await expect(diff).toContainText('+ 2: {"testing"}');
  await expect(attempt(page)).toHaveValue(mine);
  expect(await scan(page)).toEqual([]);
  // The lesson page, solution shown, never makes the page scroll sideways (laptop and phone widths).
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `${width} px`).toBe(true);
  }
  await exercise(page).getByRole("button", { name: "Reset" }).click();
  await expect(attempt(page)).toHaveValue(START);
});

test("progress exports to a file and imports back", async ({ page }) => {
  await openApp(page);
  await openVarints(page);
  await attempt(page).fill(ANSWER);
  await exercise(page).getByRole("button", { name: "Check" }).click();
  await expect(exercise(page).getByRole("heading")).toContainText("complete");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export progress" }).click()]);
  const path = await download.path();
  const saved = readFileSync(path, "utf8");
  expect(JSON.parse(saved).completed).toEqual({ "varints/write-bytes": true });
  await page.getByRole("button", { name: "Reset this lesson's progress" }).click();
  await expect(exercise(page).getByRole("heading")).not.toContainText("complete");
  await page.getByLabel("Progress file to import").setInputFiles({ name: "progress.json", mimeType: "application/json", buffer: Buffer.from(saved) });
  await expect(page.getByText("Progress imported.")).toBeVisible();
  await expect(exercise(page).getByRole("heading")).toContainText("complete");
  await expect(attempt(page)).toHaveValue(ANSWER);
});

test("every lesson page passes the accessibility scan", async ({ page }) => {
  await openApp(page);
  await page.getByRole("tab", { name: "Lessons" }).click();
  expect(await scan(page)).toEqual([]);
  const titles = await page.getByRole("navigation", { name: "Course" }).getByRole("button").allTextContents();
  expect(titles.length).toBeGreaterThanOrEqual(9);
  for (const title of titles) {
    await page.getByRole("navigation", { name: "Course" }).getByRole("button", { name: title }).click();
    await expect(page.locator("#lesson-title")).toContainText(title);
    expect(await scan(page), title).toEqual([]);
    await page.getByRole("button", { name: "← Course" }).click();
  }
});

test("brotli figures in a lesson are computed on the page once brotli-wasm loads (no pending '…' left)", async ({ page }) => {
  // The expected figure comes from the engine in Node, on the same example file the lesson names.
  const { loadBrotli, measureBrotli } = await import("../engine/compress/index.ts");
  const payload = new Uint8Array(readFileSync(new URL("../examples/compression/0-1000-packed-varint.pb", import.meta.url)));
  const expected = measureBrotli(await loadBrotli(), payload, 11).size;
  await openApp(page);
  await page.getByRole("tab", { name: "Lessons" }).click();
  await page.getByRole("navigation", { name: "Course" }).getByRole("button", { name: /^Compression/ }).click();
  const lessonPage = page.locator(".lesson-page");
  // The size table's brotli column: the engine's figure first, the post's beside it.
  const brotliCell = lessonPage.getByRole("row").filter({ hasText: "packed varint (b.pb)" }).getByRole("cell").last();
  await expect(brotliCell).toHaveText(new RegExp(`^${expected}\\b`));
  await expect(lessonPage).not.toContainText("…");
});
