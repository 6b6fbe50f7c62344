// A benchmark, not an assertion: keystroke-to-updated-bytes latency for a 10 KB, a 100 KB and a
// 1 MB protoscope document, printed for the report (issue 9's targets: 100 KB within 16 ms median
// of a keystroke, 1 MB within 150 ms of the end of the debounce, no task over 50 ms). The app's signal is the `wirelab:bytes-updated`
// performance mark (and the grid's data-bytes-version); the keystroke time is taken in the page
// by a capturing keydown listener, so both ends use the page's clock.
import { expect, test, type Page } from "@playwright/test";
import { encodeShareHash } from "../web/src/features/share/shareLink.ts";
import { bytesVersion, openApp, waitForNewBytes } from "./helpers.ts";

/** Keystrokes measured per document; the first few warm the JIT and are dropped. */
const KEYSTROKES = 24;
const WARM_UP = 4;

function documentOf(size: number): string {
  const lines: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const line = i % 3 === 0 ? `1: ${150 + i}` : i % 3 === 1 ? `2: {"entry ${i}"}` : `3: {4: ${i}i32 5: -${i}z}`;
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join("\n") + "\n";
}

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p90: at(0.9), max: sorted[sorted.length - 1]!, n: sorted.length };
}

const fmt = (s: ReturnType<typeof stats>) => `median ${s.median.toFixed(1)} ms, p90 ${s.p90.toFixed(1)} ms, max ${s.max.toFixed(1)} ms (n=${s.n})`;

async function installProbes(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __keyAt: number; __frames: number[]; __longTasks: number[] };
    w.__keyAt = 0;
    w.__frames = [];
    w.__longTasks = [];
    window.addEventListener("keydown", () => {
      w.__keyAt = performance.now();
      // The next frame after a keystroke: how long the page kept the user waiting for the echo.
      requestAnimationFrame(() => setTimeout(() => w.__frames.push(performance.now() - w.__keyAt), 0));
    }, true);
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push(e.duration);
      }).observe({ type: "longtask", buffered: false });
    } catch {
      // Long-task timing is Chromium-only; the figures simply omit it elsewhere.
    }
  });
}

async function measure(page: Page, label: string, text: string) {
  await openApp(page, "/" + encodeShareHash({ files: [{ kind: "protoscope", name: "message.protoscope", text, messageType: "" }], active: "message.protoscope" }));
  await expect.poll(() => page.locator(".hex-count").textContent(), { timeout: 60_000 }).not.toBe("0 bytes");
  await page.locator('.monaco-host[data-editor="message.protoscope"] .view-lines').click();
  await page.keyboard.press("ControlOrMeta+End");
  await installProbes(page);

  const latencies: number[] = [];
  for (let k = 0; k < KEYSTROKES; k++) {
    const before = await bytesVersion(page);
    await page.keyboard.type(k % 2 === 0 ? "7" : " ");
    await waitForNewBytes(page, before);
    const latency = await page.evaluate((version) => {
      const marks = performance.getEntriesByName("wirelab:bytes-updated") as PerformanceMark[];
      const mark = marks.reverse().find((m) => (m.detail as { version: number }).version > version);
      const keyAt = (window as unknown as { __keyAt: number }).__keyAt;
      return mark ? mark.startTime - keyAt : NaN;
    }, before);
    if (k >= WARM_UP) latencies.push(latency);
  }
  const frames = (await page.evaluate(() => (window as unknown as { __frames: number[] }).__frames)).slice(WARM_UP);
  const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
  const bytes = await page.locator(".hex-count").textContent();
  const phases = await page.evaluate(() =>
    ["wirelab:engine", "wirelab:page-engine", "wirelab:unpack", "wirelab:render"].map((name) => ({
      name,
      durations: performance.getEntriesByName(name).map((e) => e.duration),
    })),
  );
  const phaseLines = phases
    .filter((p) => p.durations.length > WARM_UP)
    .map((p) => `[latency]   ${p.name.slice(8)}: ${fmt(stats(p.durations.slice(WARM_UP)))}`);
  const report = [
    `[latency] ${label} (${(text.length / 1024).toFixed(0)} KiB of protoscope -> ${bytes})`,
    `[latency]   keystroke -> updated bytes in the DOM: ${fmt(stats(latencies))}`,
    `[latency]   keystroke -> next frame (typing echo):  ${fmt(stats(frames))}`,
    `[latency]   long tasks (>50 ms) while typing: ${longTasks.length}${longTasks.length ? `, longest ${Math.max(...longTasks).toFixed(0)} ms` : ""}`,
    ...phaseLines,
  ].join("\n");
  console.log(report);
  test.info().annotations.push({ type: "latency", description: report });
}

test("first load: time to a workspace (benchmark)", async ({ page }) => {
  // A fresh context: a cold cache and no service worker, from a local server. Issue 27's targets:
  // bytes within 500 ms of navigation, an editable editor within 1,000 ms.
  await openApp(page);
  await expect(page.locator('.monaco-host[data-editor="message.protoscope"] .view-line').first()).toBeVisible();
  const figures = await page.evaluate(() => {
    const at = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? NaN;
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
    return {
      domContentLoaded: nav?.domContentLoadedEventEnd ?? NaN,
      firstPaint: paint,
      firstBytes: at("wirelab:bytes-updated"),
      typeable: at("wirelab:editor-typeable"),
      monaco: at("wirelab:editor-ready"),
    };
  });
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  const report =
    `[latency] first load (local server, cold cache): DOMContentLoaded ${ms(figures.domContentLoaded)}, first paint ${ms(figures.firstPaint)}, ` +
    `first bytes ${ms(figures.firstBytes)}, editor typeable ${ms(figures.typeable)}, Monaco ready ${ms(figures.monaco)}`;
  console.log(report);
  test.info().annotations.push({ type: "latency", description: report });
});

test.describe("keystroke latency (benchmark)", () => {
  test.setTimeout(240_000);

  test("10 KB document", async ({ page }) => {
    await measure(page, "10 KB", documentOf(10 * 1024));
  });

  test("100 KB document", async ({ page }) => {
    await measure(page, "100 KB", documentOf(100 * 1024));
  });

  test("1 MB document", async ({ page }) => {
    await measure(page, "1 MB", documentOf(1024 * 1024));
  });
});

test("10 MB of raw bytes opens and scrolls (benchmark)", async ({ page }) => {
  test.setTimeout(240_000);
  await openApp(page);
  const size = 10 * 1024 * 1024;
  const buffer = Buffer.alloc(size);
  for (let i = 0; i < size; i++) buffer[i] = (i * 2654435761) >>> 24;
  await page.getByText("Raw bytes: paste, open, download").click();
  const started = Date.now();
  await page.locator('input[type="file"]').setInputFiles({ name: "big.bin", mimeType: "application/octet-stream", buffer });
  await expect(page.locator(".hex-count")).toHaveText("10,485,760 bytes", { timeout: 60_000 });
  const openMs = Date.now() - started;

  // Scroll from top to bottom in 40 jumps, timing each until the new rows are painted.
  const frames = await page.evaluate(async () => {
    const grid = document.querySelector<HTMLElement>('[role="grid"][aria-label="Bytes"]')!;
    const times: number[] = [];
    for (let step = 1; step <= 40; step++) {
      const t0 = performance.now();
      grid.scrollTop = (grid.scrollHeight - grid.clientHeight) * (step / 40);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      times.push(performance.now() - t0);
    }
    return times;
  });
  await expect(page.getByRole("rowheader").last()).toHaveText("009ffff0");
  await expect(page.getByRole("grid", { name: "Bytes" }).getByRole("gridcell").last()).toHaveText(/^[0-9a-f]{2}$/);
  const report = `[latency] 10 MB raw bytes: shown ${openMs} ms after choosing the file; scroll jump to painted rows: ${fmt(stats(frames))}`;
  console.log(report);
  test.info().annotations.push({ type: "latency", description: report });
});

test("Evolve panel: keystroke in a 100-field schema to the updated reader's view and buf findings (benchmark)", async ({ page }) => {
  test.setTimeout(240_000);
  const TYPES = ["int32", "int64", "uint32", "string", "bool", "double", "fixed32", "sint64", "bytes", "float"];
  const fields = Array.from({ length: 100 }, (_, i) => `  ${i % 7 === 0 ? "repeated " : ""}${TYPES[i % TYPES.length]} field_${i + 1} = ${i + 1};`);
  const v1 = `syntax = "proto3";\npackage big.v1;\n\nmessage Big {\n${fields.join("\n")}\n}\n`;
  const v2 = v1.replace("  int64 field_2 = 2;", "  sint64 field_2 = 2;") + "// notes: ";
  const row = Array.from({ length: 100 }, (_, i) => {
    const t = TYPES[i % TYPES.length];
    const n = i + 1;
    return t === "string" || t === "bytes" ? `${n}: {"v${n}"}` : t === "double" ? `${n}: 1.5i64` : t === "fixed32" || t === "float" ? `${n}: 7i32` : `${n}: ${n * 3}`;
  }).join("\n");
  const hash = encodeShareHash(
    { files: [{ kind: "proto", name: "big.proto", text: v2 }, { kind: "protoscope", name: "row.protoscope", text: row, messageType: "big.v1.Big" }], active: "row.protoscope" },
    { panel: "evolve", editor: "big.proto", panels: { evolve: { against: { "big.proto": v1 }, type: "big.v1.Big", whatIf: null } } },
  );
  await openApp(page, "/" + hash);
  await expect(page.locator('.evolve-reader li.evolve-record[data-field="2"]')).toHaveAttribute("data-outcome", "reinterpreted");
  await page.locator('.monaco-host[data-editor="big.proto"] .view-lines').click();
  await page.keyboard.press("ControlOrMeta+End");
  await installProbes(page);
  const latencies: number[] = [];
  const engine: number[] = [];
  for (let k = 0; k < KEYSTROKES; k++) {
    const before = await page.evaluate(() => performance.getEntriesByName("wirelab:evolve-updated").length);
    await page.keyboard.type("x");
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName("wirelab:evolve-updated").length)).toBeGreaterThan(before);
    // Let any result still on its way land, then take the last one: what the learner sees settled.
    await page.waitForFunction(() => {
      const marks = performance.getEntriesByName("wirelab:evolve-updated");
      return performance.now() - marks[marks.length - 1]!.startTime > 100;
    });
    const r = await page.evaluate(() => {
      const marks = performance.getEntriesByName("wirelab:evolve-updated") as PerformanceMark[];
      const last = marks[marks.length - 1]!;
      const keyAt = (window as unknown as { __keyAt: number }).__keyAt;
      return { latency: last.startTime - keyAt, engineMs: (last.detail as { engineMs: number }).engineMs };
    });
    if (k >= WARM_UP) {
      latencies.push(r.latency);
      engine.push(r.engineMs);
    }
  }
  const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
  const report = [
    `[latency] Evolve panel, 100-field schema (v1 kept, v2 edited; reader's view of a ${row.split("\n").length}-field row, buf's four categories, what-if menu)`,
    `[latency]   keystroke -> updated Evolve panel: ${fmt(stats(latencies))}`,
    `[latency]   evolve() in the Worker: ${fmt(stats(engine))}`,
    `[latency]   long tasks (>50 ms) while typing: ${longTasks.length}${longTasks.length ? `, longest ${Math.max(...longTasks).toFixed(0)} ms` : ""}`,
  ].join("\n");
  console.log(report);
  test.info().annotations.push({ type: "latency", description: report });
});
