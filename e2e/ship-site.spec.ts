// The hosted build (dist/) as a site host serves it: a plain static server, under a sub-path,
// with every request to another origin blocked and counted. Then the service worker: offline
// after the first visit, and the update prompt when a new build is deployed.
// Figures (first load, offline reload) are printed for the report.
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { encodeShareHash } from "../web/src/features/share/shareLink.ts";
import { replaceEditorText, shownHex } from "./helpers.ts";
import { startStaticServer, type StaticServer } from "./static-server.ts";
import { blockOtherOrigins, cliLayoutSizes, completeExercise, layoutWorks, quickBench, report, stepArena, timeToBytes, watchCsp, watchWorkers } from "./shipping.ts";

const DIST = join(import.meta.dirname, "..", "dist");
const PREFIX = "/course/wirelab/";
const ISOLATION = { "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp" };

// These tests are about the service worker; the other specs block it to save the precache.
test.use({ serviceWorkers: "allow" });

let served: StaticServer;
let root: string;
test.beforeEach(async () => {
  // A copy per test, so a test can "deploy" a new build without touching dist/.
  root = await mkdtemp(join(tmpdir(), "wirelab-dist-"));
  await cp(DIST, root, { recursive: true });
  // The headers docs/DEPLOYING.md asks hosts to send for precise benchmark timers.
  served = await startStaticServer({ root, prefix: PREFIX, headers: ISOLATION });
});
test.afterEach(async () => {
  await served.close();
  await rm(root, { recursive: true, force: true });
});

/** Bytes the first visit needs before any lazy chunk: the scripts and styles index.html names. */
test("dist/ sizes: the first chunk stays small, Monaco and brotli load later", async () => {
  const html = await readFile(join(DIST, "index.html"), "utf8");
  // What the page runs before anything else: the entry, its static imports and the styles. The
  // first run's engine chunks are preloaded beside them (fetched at once, run when the workspace
  // is ready), so they count apart.
  const firstRun = new Set(["declarations", "engine", "engineModule", "workspace"]);
  const linked = [...new Set([...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!))];
  const chunkName = (f: string) => /^assets\/(.+)-[\w-]{8}\.(?:js|css)$/.exec(f)?.[1] ?? f;
  const initial = linked.filter((f) => !firstRun.has(chunkName(f)));
  const preloaded = linked.filter((f) => firstRun.has(chunkName(f)));
  expect(preloaded.map(chunkName).sort(), "the first run's chunks, preloaded").toEqual([...firstRun].sort());
  for (const f of preloaded) expect(html, f).toContain(`<link rel="modulepreload" crossorigin href="./${f}">`);
  const gz = async (file: string) => gzipSync(await readFile(join(DIST, file)), { level: 9 }).length;
  let initialJs = 0;
  let initialCss = 0;
  for (const file of initial) {
    if (file.endsWith(".js")) initialJs += await gz(file);
    else initialCss += await gz(file);
  }
  expect(initial.some((f) => /\/engine-/.test(f)), "the engine chunk in the first load").toBe(false);
  const assets = await readdir(join(DIST, "assets"));
  const monaco = assets.find((f) => /^MonacoEditor-.*\.js$/.test(f))!;
  // Monaco's editor API sits in the MonacoEditor chunk or in a setup chunk it imports (when
  // another lazy chunk shares it): report them together. Lesson code blocks colour with the
  // engine's lexers and need neither.
  const monacoSource = await readFile(join(DIST, "assets", monaco), "utf8");
  const monacoSetup = [...monacoSource.matchAll(/from"\.\/(setup-[^"]+\.js)"/g)].map((m) => m[1]!);
  const monacoFiles = [monaco, ...monacoSetup];
  const wasm = assets.find((f) => f.endsWith(".wasm"))!;
  expect(initial.some((f) => f.includes("MonacoEditor")), "Monaco in the first load").toBe(false);
  expect(initial.some((f) => monacoSetup.some((m) => f.endsWith(m))), "Monaco's setup chunk in the first load").toBe(false);
  let monacoGz = 0;
  let monacoRaw = 0;
  for (const f of monacoFiles) {
    monacoGz += await gz("assets/" + f);
    monacoRaw += (await readFile(join(DIST, "assets", f))).length;
  }
  // A budget that fails if Monaco or the engine chunk slips into the first load (today ~88 KiB).
  expect(initialJs).toBeLessThan(150 * 1024);
  report(
    `dist/ sizes (gzip -9): initial JS ${(initialJs / 1024).toFixed(1)} KiB, initial CSS ${(initialCss / 1024).toFixed(1)} KiB, ` +
      `Monaco (editor and setup chunks) ${(monacoGz / 1024) | 0} KiB gzip (${(monacoRaw / 1024) | 0} KiB raw), ` +
      `brotli wasm ${(await gz("assets/" + wasm)) / 1024 | 0} KiB gzip`,
  );
});

async function sizesWork(page: Page): Promise<void> {
  await page.getByRole("tab", { name: "Sizes" }).click();
  const panel = page.getByRole("region", { name: "Compressed sizes" });
  await expect(panel.getByTestId("size-brotli")).toHaveText(/^\d+$/, { timeout: 20_000 });
  await expect(panel.getByTestId("size-gzip")).toHaveText(/^\d+$/);
}

async function bytesWork(page: Page, text: string, hex: string): Promise<void> {
  await replaceEditorText(page, "protoscope", text);
  expect(await shownHex(page)).toBe(hex);
}

test("served from a sub-path with other origins blocked: bytes, sizes, layouts, the arena, a lesson exercise, the Worker; then offline", async ({ page, context }) => {
  test.setTimeout(240_000);
  const attempted = await blockOtherOrigins(context, [served.origin + "/"]);
  const violations = await watchCsp(page);
  const workers = await watchWorkers(page);

  await page.goto(served.url);
  const firstLoad = await timeToBytes(page);
  await bytesWork(page, '2: {"hosted"}', "12 06 68 6f 73 74 65 64");
  await sizesWork(page);
  await layoutWorks(page, cliLayoutSizes());
  await stepArena(page);
  await completeExercise(page);
  expect(await workers()).toEqual({ started: expect.any(Number), failed: [] });
  expect((await workers()).started).toBeGreaterThanOrEqual(1);
  // Every file came from under the sub-path.
  expect(served.requests.filter((p) => !p.startsWith(PREFIX))).toEqual([]);

  // The service worker has precached the app.
  await expect(page.getByRole("status").filter({ hasText: "Ready to work offline" })).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => navigator.serviceWorker.controller === null)).toBe(true);
  expect(await page.evaluate(() => crossOriginIsolated), "isolated online").toBe(true);

  await context.setOffline(true);
  const before = served.requests.length;
  const t0 = Date.now();
  await page.reload();
  const offlineReload = await timeToBytes(page);
  const offlineWall = Date.now() - t0;
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // The cached responses keep their headers: still cross-origin isolated (precise timers).
  expect(await page.evaluate(() => crossOriginIsolated), "isolated offline").toBe(true);
  await bytesWork(page, '2: {"offline"}', "12 07 6f 66 66 6c 69 6e 65");
  await sizesWork(page);
  await stepArena(page);
  // The course offline: the exercise done online is still complete, and grades again from its start.
  await page.getByRole("tab", { name: "Lessons" }).click();
  await expect(page.getByRole("navigation", { name: "Course" })).toContainText("1 of");
  await completeExercise(page);
  // A quick benchmark, its Workers from the cache, with precise timers (isolated).
  await quickBench(page);
  await expect(page.getByTestId("bench-env")).toContainText("Cross-origin isolated: yes");
  // Only the browser's own service-worker update check (sw.js and the Workbox script it imports)
  // reaches the server: Chromium makes it after a navigation outside the page's offline
  // emulation. Nothing the app needs comes from the network.
  const updateCheck = new Set([`${PREFIX}sw.js`, ...served.requests.filter((p) => /\/workbox-[^/]+\.js$/.test(p))]);
  expect(served.requests.slice(before).filter((p) => !updateCheck.has(p)), "requests that reached the server while offline").toEqual([]);

  // A large input (over 64 Ki characters) runs in the engine Worker (from the cache too).
  const big = Array.from({ length: 12_000 }, (_, i) => `1: ${i}`).join("\n");
  await page.goto("about:blank");
  await page.goto(served.url + encodeShareHash({ files: [{ kind: "protoscope", name: "message.protoscope", text: big, messageType: "" }], active: "message.protoscope" }));
  await expect(page.locator(".hex-count")).toHaveText(/^[\d,]+ bytes$/);
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName("wirelab:unpack").length)).toBeGreaterThan(0);

  // (Counts are per document: here the engine's Worker, which unpacked the result above.)
  expect((await workers()).failed).toEqual([]);
  expect((await workers()).started).toBeGreaterThanOrEqual(1);
  expect(attempted, "requests to other origins").toEqual([]);
  expect(violations, "Content-Security-Policy violations").toEqual([]);
  report(`dist/ under ${PREFIX}: first load to bytes ${firstLoad} ms; offline reload to bytes ${offlineReload} ms (${offlineWall} ms wall)`);
});

test("a new deployment is offered, never applied silently, and reloading applies it", async ({ page, context }) => {
  const violations = await watchCsp(page);
  await page.goto(served.url);
  await timeToBytes(page);
  await expect(page.getByRole("status").filter({ hasText: "Ready to work offline" })).toBeVisible({ timeout: 30_000 });
  await page.reload();
  await timeToBytes(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // Deploy: a build whose service worker differs (as every new build's precache list does).
  const sw = join(root, "sw.js");
  await writeFile(sw, (await readFile(sw, "utf8")) + "\n// deployment 2\n");
  await page.reload();
  await timeToBytes(page);
  const prompt = page.getByRole("alert").filter({ hasText: "A new version of Wirelab is available" });
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  // Still the old version until the learner says so.
  const oldScript = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL);
  expect(oldScript).toContain("sw.js");
  const waiting = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null);
  expect(waiting).toBe(true);

  await Promise.all([page.waitForEvent("load"), prompt.getByRole("button", { name: "Reload to update" }).click()]);
  await timeToBytes(page);
  await expect(prompt).toHaveCount(0);
  const after = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return { waiting: reg?.waiting ?? null, controlled: navigator.serviceWorker.controller !== null };
  });
  expect(after).toEqual({ waiting: null, controlled: true });
  expect(violations).toEqual([]);
  void context;
});
