// The Bench panel in the built app, served cross-origin isolated by `vite preview`: a quick run
// from the panel, its progress, table and chart, a responsive page during the run, and Cancel.
// Waits on locators and the app's own state, never on fixed sleeps.
import AxeBuilder from "@axe-core/playwright";
import { join } from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { startStaticServer } from "./static-server.ts";

/** Records main-thread long tasks (over 50 ms, as the browser reports them) from the first script on. */
async function watchLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  });
}

async function openBench(page: Page): Promise<Locator> {
  await page.goto("./");
  // Monaco's chunk evaluates once per page load, a long task of its own on a cold cache (280 ms
  // was seen in a full run's first minute): let it finish, so the run's own work is what is timed.
  await page.waitForFunction(() => performance.getEntriesByName("wirelab:editor-ready").length > 0, null, { timeout: 60_000 });
  await page.getByRole("tab", { name: "Bench" }).click();
  const panel = page.getByTestId("bench-panel");
  await expect(panel).toBeVisible();
  return panel;
}

test("the page is cross-origin isolated as the server set it, and the panel says so", async ({ page }) => {
  const response = await page.goto("./");
  const headers = response!.headers();
  expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
  expect(headers["cross-origin-embedder-policy"]).toBe("require-corp");
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  await page.getByRole("tab", { name: "Bench" }).click();
  await expect(page.getByTestId("bench-env")).toContainText("Cross-origin isolated: yes");
});

test("served without COOP/COEP, the page is not isolated, and the panel says so and warns of a coarse timer", async ({ page }) => {
  const served = await startStaticServer({ root: join(import.meta.dirname, "..", "dist") });
  try {
    await page.goto(served.url);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
    await page.getByRole("tab", { name: "Bench" }).click();
    const panel = page.getByTestId("bench-panel");
    await expect(panel.getByTestId("bench-env")).toContainText("Cross-origin isolated: no");
    await expect(panel.getByRole("list", { name: "warnings" })).toContainText("not cross-origin isolated");
    // Chromium coarsens a non-isolated page's clock to about 100 µs: the panel measured it.
    await expect(panel.getByRole("list", { name: "warnings" })).toContainText(/The clock ticks every [\d.]+ µs: coarse/);
  } finally {
    await served.close();
  }
});

test("a quick run from the panel: progress advances, results and chart appear, the page never blocks 200 ms", async ({ page }) => {
  // Two quick runs start 10 Workers; on a loaded 2-core machine that takes a while.
  test.setTimeout(240_000);
  await watchLongTasks(page);
  const panel = await openBench(page);
  await panel.getByLabel("Suite").selectOption("lazy");
  await expect(panel.getByLabel("Quick")).toBeChecked();
  // The claim is there before any run.
  await expect(panel.getByRole("complementary", { name: "the source's claim" })).toContainText("Michael Stapelberg");
  await expect(panel.getByRole("complementary", { name: "the source's claim" }).getByRole("link", { name: /The new Opaque API/ })).toHaveAttribute("href", "https://go.dev/blog/protobuf-opaque");
  const before = await page.evaluate(() => performance.now());
  await panel.getByRole("button", { name: "Run" }).click();

  const progress = panel.getByRole("progressbar", { name: "benchmark progress" });
  const seen: number[] = [];
  const results = panel.getByTestId("bench-results");
  await expect
    .poll(
      async () => {
        // The bar goes away when the run ends, possibly between these two reads: getAttribute
        // would then wait for it for the whole poll (the run "stalled" for 120 s, finished).
        const value = (await progress.isVisible()) ? await progress.getAttribute("value", { timeout: 50 }).catch(() => null) : null;
        if (value !== null) {
          const v = Number(value);
          if (seen.at(-1) !== v) seen.push(v);
        }
        return results.isVisible();
      },
      { timeout: 120_000, intervals: [20] },
    )
    .toBe(true);
  const after = await page.evaluate(() => performance.now());

  // Progress moved forward through several values.
  expect(seen.length).toBeGreaterThanOrEqual(3);
  for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThanOrEqual(seen[i - 1]!);

  // A row per (case, implementation), with objects per op; the chart has a bar per row and a legend.
  const rows = results.locator("tbody tr");
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: "filter" }).filter({ hasText: "lazy" })).toContainText("6");
  await expect(results.locator("thead")).toContainText("objects/op");
  const chart = panel.getByRole("img", { name: /median operations per second/ });
  await expect(chart.locator("rect")).toHaveCount(4);
  await expect(panel.getByRole("list", { name: "implementations" })).toContainText("eager");
  // Our figure beside the source's.
  await expect(panel.getByRole("complementary", { name: "the source's claim" })).toContainText(/here: filter \d+ %/);

  const longTasks = await page.evaluate(
    ([from, to]) => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks.filter((t) => t.start >= from! && t.start <= to!),
    [before, after],
  );
  expect(Math.max(0, ...longTasks.map((t) => t.duration))).toBeLessThanOrEqual(200);

  // A second run keeps the first beside it as "before".
  await panel.getByRole("button", { name: "Run" }).click();
  await expect(results.locator("thead")).toContainText("before", { timeout: 120_000 });

  const axe = await new AxeBuilder({ page }).include('[data-testid="bench-panel"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  // Autosave keeps both runs: after a reload the table is back, with its "before" column.
  await page.reload();
  await page.getByRole("tab", { name: "Bench" }).click();
  await expect(page.getByTestId("bench-results").locator("thead")).toContainText("before");
  await expect(page.getByTestId("bench-results").locator("tbody tr")).toHaveCount(4);
});

test("Cancel stops a full run within one sample and keeps what finished", async ({ page }) => {
  const panel = await openBench(page);
  await panel.getByLabel("Suite").selectOption("varint");
  await panel.getByLabel("Quick").uncheck();
  await panel.getByRole("button", { name: "Run" }).click();
  // Wait until samples are being taken (a full run takes far longer than this test).
  await expect(panel.getByText(/sample \d+/)).toBeVisible({ timeout: 30_000 });
  const t0 = Date.now();
  await panel.getByRole("button", { name: "Cancel" }).click();
  await expect(panel.getByRole("button", { name: "Run" })).toBeEnabled();
  // A full sample is 20 ms; with the Workers' messaging and closing, well under half a second.
  expect(Date.now() - t0).toBeLessThan(500);
  await expect(panel.getByTestId("bench-results").locator("caption")).toContainText("cancelled");
});

test("a lesson embeds the Bench panel with its suite once the guess is locked, and Run works from there", async ({ page }) => {
  await page.goto("./");
  await page.getByRole("tab", { name: "Lessons" }).click();
  await page.getByRole("navigation", { name: "Course" }).getByRole("button", { name: "Varints, tags and wire types" }).click();
  const story = page.getByRole("region", { name: "Benchmark" });
  await story.getByRole("textbox", { name: "Your guess" }).fill("1.5");
  await story.getByRole("button", { name: "Lock my guess" }).click();
  const bench = story.getByTestId("bench-panel");
  await expect(bench).toContainText("varint");
  // The lesson fixes the suite: no picker, its claim shown.
  await expect(bench.getByLabel("Suite")).toHaveCount(0);
  await expect(bench.getByRole("complementary", { name: "the source's claim" })).toContainText("Miguel Young de la Sota");
  await bench.getByRole("button", { name: "Run" }).click();
  // Every case the suite pairs with an implementation (the prediction reads one of them).
  const { loadSuite } = await import("../engine/bench/suites/index.ts");
  const suite = await loadSuite("varint");
  const pairs = suite.cases.flatMap((c) => suite.impls.filter((i) => suite.has?.(c, i) ?? true)).length;
  await expect(bench.getByTestId("bench-results").locator("tbody tr")).toHaveCount(pairs, { timeout: 120_000 });
  await expect(story.getByTestId("bench-verdict")).toContainText("Your guess: 1.5.");
});
