// The one-file build (dist-single/wirelab.html) opened from file:// in Chromium, where module
// Workers and lazy chunks by URL are refused: everything must come from the file itself, the
// Workers from inlined sources, under the file's own Content-Security-Policy.
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test } from "@playwright/test";
import { encodeShareHash } from "../web/src/features/share/shareLink.ts";
import { replaceEditorText, shownHex } from "./helpers.ts";
import { blockOtherOrigins, cliLayoutSizes, completeExercise, layoutWorks, quickBench, report, stepArena, timeToBytes, watchCsp, watchWorkers } from "./shipping.ts";

const SINGLE = join(import.meta.dirname, "..", "dist-single", "wirelab.html");
const FILE_URL = pathToFileURL(SINGLE).href;
/** The budget for the one file. */
const MAX_BYTES = 12 * 1024 * 1024;

test("the single file is one self-contained file under 12 MB with a hash-based policy", async () => {
  const { size } = await stat(SINGLE);
  report(`dist-single/wirelab.html: ${size} bytes (${(size / 1024 / 1024).toFixed(2)} MiB)`);
  expect(size).toBeLessThan(MAX_BYTES);
});

test("opened from file://: bytes, sizes with brotli, layouts, the arena, a lesson exercise, a benchmark, the engine Worker; no request, no CSP violation", async ({ page, context }) => {
  test.setTimeout(240_000);
  // Nothing may be fetched at all: not another origin, not another file.
  const attempted = await blockOtherOrigins(context, [FILE_URL]);
  const violations = await watchCsp(page);
  const workers = await watchWorkers(page);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));

  await page.goto(FILE_URL);
  const firstLoad = await timeToBytes(page);
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
  expect(policy).toMatch(/script-src 'sha256-[^']+' 'wasm-unsafe-eval';/);
  expect(policy).not.toContain(" 'unsafe-eval'");
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(policy).not.toMatch(/https?:/);

  await replaceEditorText(page, "protoscope", '1: 150\n2: {"single"}');
  expect(await shownHex(page)).toBe("08 96 01 12 06 73 69 6e 67 6c 65");

  await page.getByRole("tab", { name: "Sizes" }).click();
  const panel = page.getByRole("region", { name: "Compressed sizes" });
  await expect(panel.getByTestId("size-brotli")).toHaveText(/^\d+$/, { timeout: 20_000 });
  await expect(panel.getByTestId("size-raw")).toHaveText("11");
  // The post's four payloads: brotli-wasm's figures, computed in the inlined Worker.
  await panel.getByRole("button", { name: "The post's four encodings of 0 to 1000" }).click();
  await expect(panel.getByTestId("compare-3-brotli")).toHaveText("1140");
  await expect(panel.getByTestId("compare-0-brotli")).toHaveText("1094");
  // The Workers started from their inlined sources (no main-thread fallback).
  expect(await workers()).toEqual({ started: expect.any(Number), failed: [] });
  expect((await workers()).started).toBeGreaterThanOrEqual(1);
  // The layouts (their own inlined Worker), the arena, and a lesson exercise graded in the file.
  await layoutWorks(page, cliLayoutSizes());
  await stepArena(page);
  await completeExercise(page);
  // A quick benchmark in its inlined Workers; from file:// the timer is coarse, and the panel says so.
  await quickBench(page);
  await expect(page.getByTestId("bench-env")).toContainText("Cross-origin isolated: no");
  await expect(page.getByTestId("bench-panel").getByRole("list", { name: "warnings" })).toContainText("Opened from file://: browsers coarsen the timer");
  expect((await workers()).failed, "Workers that failed (the bench's among them)").toEqual([]);

  // Over 64 Ki characters: the engine Worker (from a blob: URL) does the work.
  const big = Array.from({ length: 12_000 }, (_, i) => `1: ${i}`).join("\n");
  await page.goto("about:blank");
  await page.goto(FILE_URL + encodeShareHash({ files: [{ kind: "protoscope", name: "message.protoscope", text: big, messageType: "" }], active: "message.protoscope" }));
  await expect(page.locator(".hex-count")).toHaveText(/^[\d,]+ bytes$/);
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName("wirelab:unpack").length)).toBeGreaterThan(0);

  // (Counts are per document: here the engine's Worker, which unpacked the result above.)
  expect((await workers()).failed).toEqual([]);
  expect((await workers()).started).toBeGreaterThanOrEqual(1);
  expect(attempted, "requests for anything outside the file").toEqual([]);
  expect(violations, "Content-Security-Policy violations").toEqual([]);
  expect(errors, "uncaught errors").toEqual([]);
  report(`dist-single/wirelab.html from file://: first load to bytes ${firstLoad} ms`);
});
