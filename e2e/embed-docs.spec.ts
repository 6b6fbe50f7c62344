// Embeds in documentation pages as authors build them: frames in a 688 px column (VitePress's) and
// a 375 px one (a phone), every panel and every lesson step at every width from 320 to 1400 px
// (the frame's height settles within three messages of any change), the wheel, the host's theme
// toggle, and a frame whose content would follow its own height (it holds instead of growing).
// The host page is on `localhost`, the app on `127.0.0.1`: two sites, as on a real docs site.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Frame, type Page } from "@playwright/test";
import { embedQuery } from "../web/src/features/embed/embedParams.ts";
import { frameMarkup, pageListener } from "../web/src/features/embed/snippets.ts";
import { encodeShareHash } from "../web/src/features/share/shareLink.ts";
import { docsPage } from "./docs-host.ts";
import { embedServers } from "./embed-servers.ts";
import { startStaticServer } from "./static-server.ts";

const ROOT = join(import.meta.dirname, "..");
const DIST = join(ROOT, "dist");
const servers = embedServers();
const pages = servers.pages;

const hostUrl = (path: string) => servers.host.origin.replace("127.0.0.1", "localhost") + path;
const appFrames = (page: Page): Frame[] => page.frames().filter((f) => f.url().startsWith(servers.app.origin));

/**
 * The page's listener, as the Embed dialog writes it, plus a count of the height messages each
 * frame sent (by the frame's index on the page), for the tests to read.
 */
function countingListener(): string {
  const counter = `<script>
  window.__heights = [];
  addEventListener("message", (e) => {
    if (e.data?.type !== "wirelab:resize") return;
    const i = [...document.querySelectorAll("iframe")].findIndex((f) => f.contentWindow === e.source);
    if (i >= 0) (window.__heights[i] ??= []).push(e.data.height);
  });
</script>`;
  return counter + pageListener("html", servers.app.origin);
}

const heightCounts = (page: Page) => page.evaluate(() => ((window as unknown as { __heights: number[][] }).__heights ?? []).map((h) => h?.length ?? 0));

/** Each lesson's slug and how many steps its front matter lists. */
function lessonSteps(): { slug: string; steps: number }[] {
  return readdirSync(join(ROOT, "lessons"))
    .filter((d) => /^\d\d-/.test(d))
    .sort()
    .map((d) => {
      const text = readFileSync(join(ROOT, "lessons", d, "lesson.md"), "utf8");
      const meta = JSON.parse(text.split(/^---$/m)[1]!) as { steps?: unknown[] };
      return { slug: d.replace(/^\d\d-/, ""), steps: meta.steps?.length ?? 0 };
    });
}

const PANELS = ["fields", "explain", "readings", "sizes", "bench", "arena", "layout", "lessons"];
const base = { readOnly: false, toolbar: true, save: false } as const;

/** Every frame a documentation page can show: each panel, each lesson as it opens and at each step. */
function everyView(): { label: string; query: string }[] {
  const views = PANELS.map((panel) => ({ label: `panel ${panel}`, query: embedQuery({ ...base, name: `p-${panel}`, panel }) }));
  for (const { slug, steps } of lessonSteps()) {
    views.push({ label: `lesson ${slug}`, query: embedQuery({ ...base, name: `l-${slug}`, lesson: slug }) });
    for (let step = 1; step <= steps; step++) views.push({ label: `lesson ${slug} step ${step}`, query: embedQuery({ ...base, name: `l-${slug}-${step}`, lesson: slug, step }) });
  }
  return views;
}

// Every page notes when a frame last posted its height, whatever listener the page itself has.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __lastHeightAt: number };
    w.__lastHeightAt = 0;
    addEventListener("message", (e: MessageEvent) => {
      if ((e.data as { type?: string } | null)?.type === "wirelab:resize") w.__lastHeightAt = performance.now();
    });
  });
});

/**
 * Waits until no frame has posted a height for `quietMs`, counted from now or from the last
 * height posted, whichever is later (the page notes when each one came).
 */
async function settle(page: Page, quietMs = 400, timeoutMs = 20_000): Promise<number[]> {
  const from = await page.evaluate(() => performance.now());
  try {
    await page.waitForFunction(
      ([quiet, start]) => performance.now() - Math.max(start, (window as unknown as { __lastHeightAt: number }).__lastHeightAt) >= quiet,
      [quietMs, from] as const,
      { timeout: timeoutMs, polling: 100 },
    );
  } catch {
    throw new Error(`frames still posting heights after ${timeoutMs} ms: ${(await heightCounts(page)).join(", ")}`);
  }
  return heightCounts(page);
}

/** The Wirelab document inside the page's `i`th <iframe> (by document order, as the listener counts). */
async function frameAt(page: Page, i: number): Promise<Frame> {
  const frame = await (await page.locator("iframe").nth(i).elementHandle())!.contentFrame();
  if (!frame) throw new Error(`iframe ${i} has no document`);
  return frame;
}

/**
 * The `i`th frame's height on the page against its content's own height, once it is in view and
 * has settled. (Chromium pauses the rendering of a cross-origin frame out of view, its
 * ResizeObserver included: such a frame posts its new height when the reader reaches it.)
 */
async function frameFit(page: Page, i: number): Promise<{ frame: number; content: number }> {
  const element = page.locator("iframe").nth(i);
  const inView = await element.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight;
  });
  if (!inView) {
    await element.scrollIntoViewIfNeeded();
    await settle(page);
  }
  const frame = await element.evaluate((el) => Math.round(el.getBoundingClientRect().height));
  const content = await (await frameAt(page, i)).locator(".app.embed").evaluate((el) => Math.ceil(el.getBoundingClientRect().height));
  return { frame, content };
}

/** Widths the sweep tries: both sides of the 900 px break, a phone, documentation columns, a wide page. */
const WIDTHS = [320, 375, 600, 688, 899, 900, 1100, 1400];

test.describe("frame heights settle", () => {
  test.setTimeout(600_000);

  for (const column of [688, 375]) {
    test(`five frames in a ${column} px column take their content's height and keep it`, async ({ page }) => {
      const views = [
        embedQuery({ ...base, name: "c-fields", panel: "fields" }),
        embedQuery({ ...base, name: "c-readings", panel: "readings", readOnly: true }),
        embedQuery({ ...base, name: "c-sizes", example: "ide/05-log-entry", panel: "sizes" }),
        embedQuery({ ...base, name: "c-arena", lesson: "arena", step: 1 }),
        embedQuery({ ...base, name: "c-layout", lesson: "opaque-api", step: 1 }),
      ];
      pages[`/column-${column}.html`] = docsPage({
        column,
        frames: views.map((q, i) => ({ html: frameMarkup("html", { src: servers.app.url + q, title: `Frame ${i + 1}`, height: 480 }) })),
        listener: countingListener(),
        between: 0,
      });
      await page.setViewportSize({ width: Math.max(column + 40, 400), height: 1200 });
      await page.goto(hostUrl(`/column-${column}.html`));
      await expect.poll(async () => appFrames(page).length).toBe(5);
      // (The grid by its selector: a lesson step that opens a panel wide hides the bytes.)
      for (const f of appFrames(page)) await expect(f.locator('[role="grid"][aria-label="Bytes"]')).not.toHaveAttribute("data-bytes-version", "0", { timeout: 30_000 });
      for (let i = 0; i < views.length; i++) {
        // Under load a frame brought into view can take a while to post its new height: wait for
        // the frame to take its content's height (what is asserted), not for a quiet moment.
        await expect.poll(async () => {
          const { frame, content } = await frameFit(page, i);
          return frame - content;
        }, { message: `frame ${i + 1}: frame minus content height`, timeout: 15_000 }).toBe(0);
        expect((await frameFit(page, i)).frame).toBeLessThan(3000);
      }
      const counts = await settle(page);
      // Loading posts a few heights (the shell, the files, the panel); a feedback loop would post on and on.
      for (const [i, n] of counts.entries()) expect(n, `frame ${i + 1}'s messages while loading`).toBeLessThanOrEqual(10);
      // It stays: a whole quiet second later, nothing more was posted.
      expect(await settle(page, 1000)).toEqual(counts);
      // Nothing in a frame is wider than the column.
      for (const f of appFrames(page)) expect(await f.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    });
  }

  test("every panel and lesson step, at every width from 320 to 1400 px: at most three messages per change", async ({ page }) => {
    const views = everyView();
    const batch = 4;
    const report: string[] = [];
    for (let b = 0; b < views.length; b += batch) {
      const group = views.slice(b, b + batch);
      pages["/sweep.html"] = docsPage({
        column: 1400,
        frames: group.map((v, i) => ({ html: frameMarkup("html", { src: servers.app.url + v.query, title: `Frame ${i + 1}`, height: 480 }) })),
        listener: countingListener(),
        between: 0,
      });
      await page.setViewportSize({ width: 1440, height: 6000 });
      await page.goto(hostUrl("/sweep.html"));
      await expect.poll(async () => appFrames(page).length).toBe(group.length);
      for (let i = 0; i < group.length; i++) {
        await page.locator("iframe").nth(i).scrollIntoViewIfNeeded();
        await expect((await frameAt(page, i)).locator(".app.embed")).toBeVisible({ timeout: 30_000 });
      }
      let counts = await settle(page, 1000, 40_000);
      for (const width of WIDTHS) {
        await page.evaluate(() => scrollTo(0, 0));
        await page.locator("iframe").evaluateAll((els, w) => els.forEach((el) => ((el as HTMLElement).style.width = `${w}px`)), width);
        await settle(page);
        for (const [i, v] of group.entries()) {
          await expect.poll(async () => {
            const fit = await frameFit(page, i);
            return fit.frame - fit.content;
          }, { message: `${v.label} at ${width} px: frame minus content height`, timeout: 15_000 }).toBe(0);
        }
        const after = await settle(page);
        for (const [i, v] of group.entries()) {
          const posted = after[i]! - counts[i]!;
          expect(posted, `${v.label} at ${width} px: height messages after the width changed`).toBeLessThanOrEqual(3);
        }
        counts = after;
      }
      report.push(...group.map((v) => v.label));
    }
    console.log(`[embed-docs] ${report.length} views at ${WIDTHS.length} widths each settled within three messages`);
  });
});

test("the wheel over an editor with nothing to scroll scrolls the page", async ({ page }) => {
  const src = servers.app.url + embedQuery({ ...base, name: "wheel", panel: "fields" }) + encodeShareHash({ files: [{ kind: "protoscope", name: "message.protoscope", text: "1: 150\n2: 3\n3: 4\n", messageType: "" }], active: "message.protoscope" });
  pages["/wheel.html"] = docsPage({ frames: [{ html: frameMarkup("html", { src, title: "Wheel", height: 700 }) }], listener: pageListener("html", servers.app.origin) });
  await page.setViewportSize({ width: 1000, height: 700 });
  await page.goto(hostUrl("/wheel.html#frame-1"));
  const frame = page.frameLocator("iframe");
  const editor = frame.locator('.monaco-host[data-editor="message.protoscope"] .view-lines');
  await expect(editor).toBeVisible({ timeout: 30_000 });
  const before = await page.evaluate(() => scrollY);
  const box = (await editor.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 20);
  await page.mouse.wheel(0, 300);
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(before + 100);
});

test("the frame follows its page's theme messages, and only its page's", async ({ page }) => {
  const src = servers.app.url + embedQuery({ ...base, name: "theme", panel: "fields", theme: "light" });
  pages["/theme.html"] = docsPage({ frames: [{ html: frameMarkup("html", { src, title: "Theme", height: 600 }) }], listener: pageListener("html", servers.app.origin) });
  await page.goto(hostUrl("/theme.html"));
  const frame = page.frameLocator("iframe");
  await expect(frame.getByRole("grid", { name: "Bytes" })).not.toHaveAttribute("data-bytes-version", "0");
  await expect(frame.locator("html")).toHaveAttribute("data-theme", "light");
  // The site's toggle: the snippet's wirelabTheme() posts to every Wirelab frame.
  await page.evaluate(() => (window as unknown as { wirelabTheme(t: string): void }).wirelabTheme("dark"));
  await expect(frame.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(frame.locator("body")).toHaveCSS("background-color", "rgb(22, 24, 28)");
  // The same message from any window but the parent (here the frame itself) changes nothing.
  const wirelab = appFrames(page)[0]!;
  // Messages to one window arrive in order: once a second one is back, the first has been handled.
  await wirelab.evaluate(
    () =>
      new Promise<void>((done) => {
        const ping = (e: MessageEvent) => e.data === "wirelab-test:after" && (removeEventListener("message", ping), done());
        addEventListener("message", ping);
        postMessage({ type: "wirelab:theme", theme: "light" }, "*");
        postMessage("wirelab-test:after", "*");
      }),
  );
  await expect(frame.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.evaluate(() => (window as unknown as { wirelabTheme(t: string): void }).wirelabTheme("light"));
  await expect(frame.locator("html")).toHaveAttribute("data-theme", "light");
});

test("a frame whose content follows its own height holds instead of growing", async ({ page }) => {
  const src = servers.app.url + embedQuery({ ...base, name: "loop", panel: "fields" });
  pages["/loop.html"] = docsPage({ frames: [{ html: frameMarkup("html", { src, title: "Loop", height: 600 }) }], listener: countingListener() });
  await page.goto(hostUrl("/loop.html"));
  const wirelab = () => appFrames(page)[0]!;
  await expect.poll(() => appFrames(page).length).toBe(1);
  await expect(wirelab().getByRole("grid", { name: "Bytes" })).not.toHaveAttribute("data-bytes-version", "0");
  const warnings: string[] = [];
  page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()));
  const before = (await settle(page))[0]!;
  // The bug this guards against: a pane sized in viewport units, inside a frame whose viewport is
  // the height the host just applied (each message grows the content, which posts again).
  await wirelab().evaluate(() => {
    const style = document.createElement("style");
    style.textContent = ".app.embed .inputs { height: 120vh !important; }";
    document.head.append(style);
  });
  const after = (await settle(page))[0]!;
  expect(after - before).toBeLessThanOrEqual(5);
  expect(await page.locator("iframe").evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(20_000);
  expect(warnings.some((w) => w.includes("this frame's height kept growing"))).toBe(true);
});

/** A folder inside the project (so a site build resolves vue, vitepress and react from its node_modules). */
function siteDir(name: string): string {
  const dir = join(ROOT, ".e2e-sites", name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Console errors and uncaught exceptions of the page and every frame in it. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  return errors;
}

/** Five frames as a documentation author would choose them: panels, a lesson step, read-only. */
function docsFrames(): { src: string; title: string }[] {
  return [
    { src: servers.app.url + embedQuery({ ...base, name: "docs-varint", example: "ide/01-varint", panel: "explain", title: "A varint" }), title: "Wirelab: a varint" },
    { src: servers.app.url + embedQuery({ ...base, name: "docs-string", example: "ide/02-string", panel: "fields", readOnly: true, title: "A string" }), title: "Wirelab: a string" },
    { src: servers.app.url + embedQuery({ ...base, name: "docs-packed", example: "ide/04-packed", panel: "readings", title: "Packed" }), title: "Wirelab: packed" },
    { src: servers.app.url + embedQuery({ ...base, name: "docs-sizes", example: "ide/05-log-entry", panel: "sizes", title: "Sizes" }), title: "Wirelab: sizes" },
    { src: servers.app.url + embedQuery({ ...base, name: "docs-arena", lesson: "arena", step: 1 }), title: "Wirelab: the arena" },
  ];
}

/** Scrolls every frame into view (waking it), then checks it shows bytes and fits its content. */
async function everyFrameWhole(page: Page, count: number): Promise<void> {
  await expect(page.locator("iframe")).toHaveCount(count);
  for (let i = 0; i < count; i++) {
    await page.locator("iframe").nth(i).scrollIntoViewIfNeeded();
    const frame = await frameAt(page, i);
    await expect(frame.locator('[role="grid"][aria-label="Bytes"]')).not.toHaveAttribute("data-bytes-version", "0", { timeout: 30_000 });
    await expect.poll(async () => {
      const fit = await frameFit(page, i);
      return fit.frame === fit.content;
    }).toBe(true);
  }
}

test("a real VitePress page with five frames renders whole, in light and dark, with no console error", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const dir = siteDir("vitepress");
  mkdirSync(join(dir, ".vitepress"));
  writeFileSync(join(dir, ".vitepress", "config.mjs"), `export default { title: "Wire format notes", head: [["link", { rel: "icon", href: "data:," }]], themeConfig: { outline: false } };\n`);
  const frames = docsFrames();
  const body = frames.map((f, i) => `## Frame ${i + 1}\n\nA paragraph of prose about field ${i + 1}.\n\n${frameMarkup("vitepress", { ...f, height: 600 })}\n`).join("\n");
  writeFileSync(join(dir, "index.md"), `# Wire format\n\n${pageListener("vitepress", servers.app.origin)}\n\n${body}\n## After the frames\n\nThe end of the page.\n`);
  const vitepress = join(ROOT, "node_modules", "vitepress", "bin", "vitepress.js");
  const build = spawnSync(process.execPath, [vitepress, "build", dir], { encoding: "utf8", timeout: 120_000 });
  expect(build.status, build.stdout + build.stderr).toBe(0);
  const site = await startStaticServer({ root: join(dir, ".vitepress", "dist"), prefix: "/" });
  try {
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(site.origin.replace("127.0.0.1", "localhost") + "/");
    // VitePress's doc column, as authors get it.
    const column = await page.locator(".vp-doc").evaluate((el) => Math.round(el.getBoundingClientRect().width));
    expect(column).toBeGreaterThanOrEqual(624);
    expect(column).toBeLessThanOrEqual(752);
    await everyFrameWhole(page, frames.length);
    await expect(page.getByRole("heading", { name: "After the frames" })).toBeVisible();
    // A window as tall as the page, so every frame is in view and painted (Chromium does not paint
    // a cross-origin frame out of view, so a full-page capture would show blanks).
    const tall = async (name: string) => {
      const height = Math.min(8000, await page.evaluate(() => document.documentElement.scrollHeight));
      await page.setViewportSize({ width: 1440, height });
      await page.evaluate(() => scrollTo(0, 0));
      await settle(page, 600);
      await page.screenshot({ path: testInfo.outputPath(name) });
      await page.setViewportSize({ width: 1440, height: 900 });
    };
    await tall("vitepress-light.png");

    // The site's own dark toggle reaches every frame (the listener's watch on isDark).
    await page.locator(".VPSwitchAppearance").first().click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    for (let i = 0; i < frames.length; i++) await expect((await frameAt(page, i)).locator("html")).toHaveAttribute("data-theme", "dark");
    await tall("vitepress-dark.png");
    expect(errors).toEqual([]);
  } finally {
    await site.close();
  }
});

test("an MDX page (Docusaurus's compiler) with the MDX snippet compiles, renders and sizes its frames", async ({ page }) => {
  test.setTimeout(120_000);
  const dir = siteDir("mdx");
  const frames = docsFrames().slice(0, 3);
  const mdx = `# Wire format\n\n${pageListener("mdx", servers.app.origin)}\n\n${frames.map((f, i) => `## Frame ${i + 1}\n\nSome prose.\n\n${frameMarkup("mdx", { ...f, height: 600 })}\n`).join("\n")}\n## After the frames\n`;
  const { compile } = await import("@mdx-js/mdx");
  writeFileSync(join(dir, "page.mjs"), String(await compile(mdx)));
  writeFileSync(join(dir, "main.mjs"), `import { createRoot } from "react-dom/client";\nimport { jsx } from "react/jsx-runtime";\nimport Page from "./page.mjs";\ncreateRoot(document.getElementById("root")).render(jsx(Page, {}));\n`);
  const { build } = await import("esbuild");
  await build({ entryPoints: [join(dir, "main.mjs")], bundle: true, format: "esm", outfile: join(dir, "out", "main.js"), define: { "process.env.NODE_ENV": '"production"' }, logLevel: "silent" });
  writeFileSync(join(dir, "out", "index.html"), `<!doctype html><html lang="en" data-theme="light"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>MDX</title></head><body><main style="max-width: 688px; margin: 0 auto"><div id="root"></div></main><script type="module" src="./main.js"></script></body></html>`);
  const site = await startStaticServer({ root: join(dir, "out"), prefix: "/" });
  try {
    const errors = watchErrors(page);
    await page.goto(site.origin.replace("127.0.0.1", "localhost") + "/");
    await everyFrameWhole(page, frames.length);
    // Docusaurus's theme lives in <html data-theme>: the listener's observer passes it on.
    await page.evaluate(() => (document.documentElement.dataset.theme = "dark"));
    for (let i = 0; i < frames.length; i++) await expect((await frameAt(page, i)).locator("html")).toHaveAttribute("data-theme", "dark");
    expect(errors).toEqual([]);
  } finally {
    await site.close();
  }
});

test("a cross-origin-isolated page frames Wirelab when the app's server agrees, and lends it the fine timer", async ({ page }) => {
  const isolated = { "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp" };
  const hostPages: Record<string, string> = {};
  const coiHost = await startStaticServer({ root: DIST, prefix: "/none/", pages: hostPages, headers: isolated });
  const agreeing = await startStaticServer({ root: DIST, prefix: "/wirelab/", headers: { "Cross-Origin-Embedder-Policy": "require-corp", "Cross-Origin-Resource-Policy": "cross-origin" } });
  try {
    const query = embedQuery({ ...base, name: "coi", panel: "fields" });
    const withAllow = (src: string) => frameMarkup("html", { src, title: "Isolated", height: 600 }).replace("<iframe ", '<iframe allow="cross-origin-isolated" ');
    hostPages["/coi.html"] = docsPage({ frames: [{ html: withAllow(agreeing.url + query) }, { html: withAllow(servers.app.url + query) }], listener: pageListener("html", agreeing.origin), between: 0 });
    await page.setViewportSize({ width: 1000, height: 3000 });
    await page.goto(coiHost.origin.replace("127.0.0.1", "localhost") + "/coi.html");
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    const good = await frameAt(page, 0);
    await expect(good.locator('[role="grid"][aria-label="Bytes"]')).not.toHaveAttribute("data-bytes-version", "0");
    expect(await good.evaluate(() => crossOriginIsolated)).toBe(true);
    // The app served without the two headers: the frame stays an error page, with no app in it.
    // (Chromium ends the blocked navigation on its error page.)
    const blocked = await page.locator("iframe").nth(1).elementHandle();
    await expect.poll(async () => (await blocked!.contentFrame())?.url() ?? "", { timeout: 30_000 }).toMatch(/^chrome-error:/);
    const inside = await blocked!.contentFrame();
    expect(inside ? await inside.locator(".app").count().catch(() => 0) : 0).toBe(0);
  } finally {
    await coiHost.close();
    await agreeing.close();
  }
});

test("a keyboard passes a frame in a few Tab stops (an Escape to leave the editor)", async ({ page }) => {
  const stopsThrough = async (readOnly: boolean): Promise<string[]> => {
    const src = servers.app.url + embedQuery({ ...base, name: `tabs-${readOnly}`, panel: "fields", readOnly });
    pages["/tabs.html"] = `<!doctype html><html lang="en"><head><title>Tabs</title><link rel="icon" href="data:,"></head><body><a href="#before" id="before">before</a>${frameMarkup("html", { src, title: "Frame", height: 700 })}<a href="#after" id="after">after</a>${pageListener("html", servers.app.origin)}</body></html>`;
    await page.goto(hostUrl("/tabs.html"));
    const frame = () => appFrames(page)[0]!;
    await expect.poll(() => appFrames(page).length).toBe(1);
    await expect(frame().getByRole("grid", { name: "Bytes" })).not.toHaveAttribute("data-bytes-version", "0");
    if (!readOnly) await expect(frame().locator(".monaco-host .view-lines")).toBeVisible();
    await page.focus("#before");
    const stops: string[] = [];
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press("Tab");
      if ((await page.evaluate(() => document.activeElement?.id)) === "after") return stops;
      const where = await frame().evaluate(() => {
        const el = document.activeElement as HTMLElement;
        return { role: el.getAttribute("role") ?? el.tagName.toLowerCase(), name: el.getAttribute("aria-label") ?? el.textContent?.slice(0, 30) ?? "", monaco: el.closest(".monaco-host") !== null };
      });
      stops.push(`${where.role} ${where.name}`);
      // Monaco keeps Tab for indenting; Escape makes the next Tab leave (the hint under the editor says so).
      if (where.monaco) await page.keyboard.press("Escape");
    }
    throw new Error(`Tab never left the frame: ${stops.join(" | ")}`);
  };
  const editable = await stopsThrough(false);
  expect(editable.length, editable.join(" | ")).toBeLessThanOrEqual(10);
  const readOnly = await stopsThrough(true);
  expect(readOnly.length, readOnly.join(" | ")).toBeLessThanOrEqual(8);
  console.log(`[embed-docs] Tab stops through a frame: editable ${editable.length}, read-only ${readOnly.length}`);
});
