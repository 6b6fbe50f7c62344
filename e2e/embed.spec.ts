// Embedding: a host page on one localhost port shows the app, served from another, in an
// <iframe> written by the Embed dialog's own snippet code. The frame shows the panel it was
// given, sizes itself to its content, links to the full app in its live state, saves apart from
// the learner's own work, never rewrites its address, and shows crafted markup as text.
import { expect, test, type FrameLocator, type Page } from "@playwright/test";
import { embedQuery } from "../web/src/features/embed/embedParams.ts";
import { fullSnippet } from "../web/src/features/embed/snippets.ts";
import { decodeShareLink, encodeShareHash } from "../web/src/features/share/shareLink.ts";
import { bytesGrid, replaceEditorText, shownHex } from "./helpers.ts";
import { embedServers } from "./embed-servers.ts";
import { watchCsp } from "./shipping.ts";


const servers = embedServers();
const pages = servers.pages;

function hostPage(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs</title></head><body><h1>Docs</h1>${body}<p>After the frame.</p></body></html>`;
}

const EMBEDDED = {
  files: [{ kind: "protoscope" as const, name: "message.protoscope", text: '1: 150\n2: {"embedded"}\n', messageType: "" }],
  active: "message.protoscope",
};

async function frameHex(frame: FrameLocator): Promise<string> {
  const cells = await frame.getByRole("grid", { name: "Bytes" }).getByRole("gridcell").allTextContents();
  return cells.filter((t) => /^[0-9a-f]{2}$/.test(t)).join(" ");
}

async function storageKeys(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)!])));
}

test("a frame from another port: its panel, its height, its link, its own saves", async ({ page, context }) => {
  const violations = await watchCsp(page);
  // The learner's own work in the full app, on the app's origin.
  await page.goto(servers.app.url);
  await replaceEditorText(page, "protoscope", "1: 7");
  const ownText = async () => {
    const saved = (await storageKeys(page))["wirelab:workspace:default"];
    return saved ? decodeShareLink(saved).workspace.files.find((f) => f.name === "message.protoscope") : undefined;
  };
  await expect.poll(ownText).toMatchObject({ text: "1: 7" });
  const own = (await storageKeys(page))["wirelab:workspace:default"]!;

  const src = servers.app.url + embedQuery({ name: "docs", panel: "readings", readOnly: false, toolbar: true, save: true, title: "A varint and a string" }) + encodeShareHash(EMBEDDED);
  pages["/varints.html"] = hostPage(fullSnippet("html", { src, title: "Wirelab: a varint", height: 480 }));
  await page.goto(servers.host.origin + "/varints.html");
  const iframe = page.locator("iframe");
  const frame = page.frameLocator("iframe");

  // The state and the panel it was given; no app chrome.
  await expect.poll(() => frameHex(frame)).toBe("08 96 01 12 08 65 6d 62 65 64 64 65 64");
  await expect(frame.getByRole("tab", { name: "Readings" })).toHaveAttribute("aria-selected", "true");
  await expect(frame.getByText("A varint and a string")).toBeVisible();
  await expect(frame.getByRole("button", { name: "Copy link" })).toHaveCount(0);
  await expect(frame.getByLabel("Examples")).toHaveCount(0);

  // Sized to its content: the snippet's script applies the posted height.
  const contentHeight = () => frame.locator(".app.embed").evaluate((el) => Math.ceil(el.getBoundingClientRect().height));
  const frameHeight = () => iframe.evaluate((el) => Math.round(el.getBoundingClientRect().height));
  await expect.poll(async () => (await frameHeight()) === (await contentHeight())).toBe(true);
  const before = await frameHeight();
  expect(before).not.toBe(480);
  // Content grows (the Sizes panel is taller than Readings): the frame follows.
  await frame.getByRole("tab", { name: "Sizes" }).click();
  await expect(frame.getByRole("region", { name: "Compressed sizes" }).getByTestId("size-brotli")).toHaveText(/^\d+$/);
  await expect.poll(frameHeight).toBeGreaterThan(before + 100);
  await expect.poll(async () => (await frameHeight()) === (await contentHeight())).toBe(true);

  // Editing in the frame: its own key; the learner's save is untouched; the address stays.
  await frame.locator('.monaco-host[data-editor="message.protoscope"] .view-lines').click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText('2: {"changed"}');
  await expect.poll(() => frameHex(frame)).toBe("12 07 63 68 61 6e 67 65 64");
  const appFrame = page.frames().find((f) => f.url().startsWith(servers.app.origin))!;
  const embedSaves = async () => {
    const all = await appFrame.evaluate(() => ({ ...localStorage }) as Record<string, string>);
    return Object.entries(all)
      .filter(([k]) => k.startsWith("wirelab:embed:docs:"))
      .map(([, v]) => decodeShareLink(v).workspace.files[0]);
  };
  await expect.poll(embedSaves).toEqual([expect.objectContaining({ text: '2: {"changed"}' })]);
  const saved = await appFrame.evaluate(() => ({ ...localStorage }) as Record<string, string>);
  expect(saved["wirelab:workspace:default"]).toBe(own);
  expect(appFrame.url()).toBe(src);

  // "Open in Wirelab": the full app, in the frame's live state (the edit and the Sizes panel).
  const [popup] = await Promise.all([context.waitForEvent("page"), frame.getByRole("link", { name: "Open in Wirelab" }).click()]);
  await expect(bytesGrid(popup)).not.toHaveAttribute("data-bytes-version", "0");
  expect(popup.url().startsWith(servers.app.url + "#w")).toBe(true);
  await expect.poll(() => shownHex(popup)).toBe("12 07 63 68 61 6e 67 65 64");
  await expect(popup.getByRole("tab", { name: "Sizes" })).toHaveAttribute("aria-selected", "true");
  await expect(popup.getByRole("button", { name: "Copy link" })).toBeVisible();

  // A reload of the host page brings the reader's edit back (the frame's own save).
  await page.reload();
  await expect.poll(() => frameHex(page.frameLocator("iframe"))).toBe("12 07 63 68 61 6e 67 65 64");
  expect(violations, "Content-Security-Policy violations").toEqual([]);
});

test("crafted embed parameters show as text, never as markup", async ({ page }) => {
  const violations = await watchCsp(page);
  const attack = `<img src=x onerror="parent.__pwned=1"><b>bold</b>`;
  const src = `${servers.app.url}?embed=${encodeURIComponent("<script>")}&title=${encodeURIComponent(attack)}&panel=${encodeURIComponent("<b>x</b>")}&theme=${encodeURIComponent('"><svg onload=alert(1)>')}`;
  pages["/crafted.html"] = hostPage(`<iframe src="${src.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}" title="crafted" style="width:100%;height:600px"></iframe>`);
  await page.goto(servers.host.origin + "/crafted.html");
  const frame = page.frameLocator("iframe");
  await expect(frame.getByRole("grid", { name: "Bytes" })).not.toHaveAttribute("data-bytes-version", "0");
  await expect(frame.locator(".embed-title")).toHaveText(attack);
  const ignored = frame.getByRole("list", { name: "Ignored parameters" });
  await expect(ignored).toContainText('Ignored panel="<b>x</b>": not a panel id.');
  await expect(ignored).toContainText('Ignored embed="<script>"');
  await expect(ignored).toContainText('Ignored theme=""><svg onload=alert(1)>"');
  await expect(frame.locator(".embed-bar img, .embed-bar b, .embed-ignored b, .embed-ignored svg, .embed-ignored script")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(violations).toEqual([]);
});

test("the Embed dialog writes the snippet for the current view, measured at the page's column", async ({ page }) => {
  await page.goto(servers.app.url);
  await expect(bytesGrid(page)).not.toHaveAttribute("data-bytes-version", "0");
  await replaceEditorText(page, "protoscope", '2: {"dialog"}');
  await page.getByRole("tab", { name: "Readings" }).click();
  await page.getByRole("button", { name: "Embed" }).click();
  const dialog = page.getByRole("dialog", { name: "Embed this view" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: /^Panel/ })).toHaveValue("readings");
  await dialog.getByLabel("Read-only").check();
  await dialog.getByLabel("Hide the toolbar").check();
  await dialog.getByLabel("Theme").selectOption("dark");
  await dialog.getByLabel("Title").fill("Strings");
  // The starting height is the preview's own, at VitePress's 688 px column.
  await expect(dialog.getByText("the preview's height at 688 px")).toBeVisible();
  const preview = dialog.frameLocator('iframe[title="Preview of the frame"]');
  const previewContent = () => preview.locator(".app.embed").evaluate((el) => Math.ceil(el.getBoundingClientRect().height));
  // Once the preview has settled (the options applied, its panel loaded, its bytes shown), the two agree.
  await expect(preview.locator(".embed-bar")).toHaveCount(0);
  await expect(preview.getByRole("grid", { name: "Bytes" })).not.toHaveAttribute("data-bytes-version", "0");
  await expect.poll(async () => (await dialog.getByLabel("Starting height (px)").inputValue()) === String(await previewContent())).toBe(true);
  const previewHeight = await previewContent();
  const snippet = await dialog.getByLabel("The frame").inputValue();
  const listener = await dialog.getByLabel("Once per page").inputValue();
  const src = /<iframe src="([^"]+)"/.exec(snippet)![1]!.replace(/&amp;/g, "&");
  // A name of its own (a digest of what it shows), not one name for every frame.
  expect(src).toMatch(new RegExp(`^${servers.app.url.replace(/[.?]/g, "\\$&")}\\?embed=frame-[0-9a-f]{8}&panel=readings&readonly=1&toolbar=0&theme=dark&title=Strings#w`));
  expect(snippet).toContain(`height: ${previewHeight}px`);
  expect(listener).toContain(`const wirelab = "${servers.app.origin}";`);

  // The snippet works: pasted into a host page, it shows the same bytes, read-only, and starts at its final height.
  pages["/pasted.html"] = hostPage(`<main style="width: 688px">${snippet}</main>${listener}`);
  await page.goto(servers.host.origin + "/pasted.html");
  const frame = page.frameLocator("iframe");
  await expect.poll(() => frameHex(frame)).toBe("12 06 64 69 61 6c 6f 67");
  await expect(frame.getByRole("button", { name: "New file" })).toHaveCount(0);
  // Read-only: the light view, no Monaco.
  const text = frame.getByRole("textbox", { name: "message.protoscope" });
  await expect(text).toHaveAttribute("aria-readonly", "true");
  await expect(frame.locator(".monaco-host")).toHaveCount(0);
  // No toolbar, but the link back stays; the dark theme.
  await expect(frame.locator(".embed-bar")).toHaveCount(0);
  await expect(frame.getByRole("link", { name: "Open in Wirelab" })).toBeVisible();
  await expect(frame.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(await page.locator("iframe").evaluate((el) => Math.round(el.getBoundingClientRect().height))).toBe(previewHeight);
  // Typing into a read-only view changes nothing; clicking a character selects its bytes.
  const version = await frame.getByRole("grid", { name: "Bytes" }).getAttribute("data-bytes-version");
  await text.click();
  await page.keyboard.insertText("1: 1");
  await expect(frame.getByRole("grid", { name: "Bytes" })).toHaveAttribute("data-bytes-version", version!);
  expect(await frameHex(frame)).toBe("12 06 64 69 61 6c 6f 67");
  await text.getByText('"dialog"').click();
  await expect(frame.locator(".hex-cell.is-selected")).toHaveCount(6);
});

test("the Embed dialog writes a lesson step for VitePress", async ({ page }) => {
  await page.goto(servers.app.url);
  await expect(bytesGrid(page)).not.toHaveAttribute("data-bytes-version", "0");
  await page.getByRole("button", { name: "Embed" }).click();
  const dialog = page.getByRole("dialog", { name: "Embed this view" });
  await dialog.getByRole("radio", { name: "VitePress" }).check();
  await dialog.getByLabel("Shows").selectOption("arena");
  await dialog.getByLabel("Step").selectOption({ index: 2 });
  const snippet = await dialog.getByLabel("The frame").inputValue();
  const src = /<iframe src="([^"]+)"/.exec(snippet)![1]!.replace(/&amp;/g, "&");
  expect(src).toBe(`${servers.app.url}?embed=arena-step-2&lesson=arena&step=2`);
  expect(snippet).toContain('title="Wirelab: A bump-pointer arena, chunk by chunk"');
  const listener = await dialog.getByLabel("Once per page").inputValue();
  expect(listener.startsWith("<script setup>")).toBe(true);
  expect(listener).toContain("isDark");
});

test("save=0: the frame keeps nothing in storage", async ({ page }) => {
  const src = `${servers.app.url}?embed=nosave&save=0&title=Scratch`;
  pages["/nosave.html"] = hostPage(fullSnippet("html", { src, title: "Wirelab scratch", height: 400 }));
  await page.goto(servers.host.origin + "/nosave.html");
  const frame = page.frameLocator("iframe");
  await expect(frame.getByRole("grid", { name: "Bytes" })).not.toHaveAttribute("data-bytes-version", "0");
  await frame.locator('.monaco-host[data-editor="message.protoscope"] .view-lines').click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.insertText("3: 3");
  await expect.poll(() => frameHex(frame)).toBe("18 03");
  await expect(frame.getByRole("status")).toHaveCount(0);
  // Leaving the page makes autosave write at once (pagehide); then nothing is under the frame's keys.
  await page.goto(servers.app.url);
  const keys = await page.evaluate(() => Object.keys(localStorage));
  expect(keys.filter((k) => k.startsWith("wirelab:embed:nosave"))).toEqual([]);
});

test("a lesson step in a frame: its files and panels, its title, its height, and the full app in the same state", async ({ page, context }) => {
  const violations = await watchCsp(page);
  const src = servers.app.url + embedQuery({ name: "arena-step", lesson: "arena", step: 1, readOnly: false, toolbar: true, save: true });
  const wrong = servers.app.url + embedQuery({ name: "arena-wrong", lesson: "arena", step: 99, readOnly: false, toolbar: true, save: false });
  pages["/arena.html"] = hostPage(fullSnippet("html", { src, title: "Wirelab: the arena", height: 300 }) + fullSnippet("html", { src: wrong, title: "Wirelab: no such step", height: 300 }));
  await page.goto(servers.host.origin + "/arena.html");
  const iframe = page.locator("iframe").first();
  const frame = page.frameLocator("iframe").first();

  // The lesson's first step: the Arena at the ninth allocation's new chunk, titled by the lesson.
  await expect(frame.locator(".embed-title")).toHaveText("A bump-pointer arena, chunk by chunk: Step to the ninth allocation's new chunk");
  await expect(frame.getByRole("tab", { name: "Arena" })).toHaveAttribute("aria-selected", "true");
  const arena = frame.locator('[data-panel="arena"]');
  await expect(arena.getByTestId("arena-step")).toHaveText("Step 10 of 17");
  await expect(arena.getByTestId("arena-event")).toHaveText("grow chunk #1 of 16 words");
  await expect(frame.getByRole("list", { name: "Ignored parameters" })).toHaveCount(0);

  // Sized to its content, and it follows when the content changes (a new script starts its
  // trace over: the diagram at step 0 has no chunk, so the frame shrinks to fit).
  const contentHeight = () => frame.locator(".app.embed").evaluate((el) => Math.ceil(el.getBoundingClientRect().height));
  const frameHeight = () => iframe.evaluate((el) => Math.round(el.getBoundingClientRect().height));
  await expect.poll(async () => (await frameHeight()) === (await contentHeight())).toBe(true);
  const before = await frameHeight();
  expect(before).not.toBe(300);
  await arena.getByRole("textbox", { name: /Operations/ }).fill(Array.from({ length: 40 }, (_, i) => `alloc:${8 * (i + 1)}`).join("\n"));
  await expect.poll(frameHeight).not.toBe(before);
  await expect.poll(async () => (await frameHeight()) === (await contentHeight())).toBe(true);
  await arena.getByRole("textbox", { name: /Operations/ }).fill("alloc:8, alloc:8, alloc:8, alloc:8, alloc:8, alloc:8, alloc:8, alloc:8, alloc:8\nalloc:24");
  await arena.getByRole("button", { name: "Last" }).click();
  await expect(arena.getByTestId("arena-step")).toHaveText("Step 12 of 12");

  // The full app opens in the frame's live state: the Arena, its script, its step.
  const [popup] = await Promise.all([context.waitForEvent("page"), frame.getByRole("link", { name: "Open in Wirelab" }).click()]);
  await expect(bytesGrid(popup).or(popup.locator('[data-panel="arena"]'))).toBeVisible();
  await expect(popup.getByRole("tab", { name: "Arena" })).toHaveAttribute("aria-selected", "true");
  await expect(popup.locator('[data-panel="arena"]').getByTestId("arena-step")).toHaveText("Step 12 of 12");
  // ... and on the frame's lesson.
  await expect(popup.locator(".lesson-pane")).toContainText("A bump-pointer arena, chunk by chunk");

  // A step the lesson does not have is ignored, and the frame says so (as text).
  const second = page.frameLocator("iframe").nth(1);
  await expect(second.getByRole("list", { name: "Ignored parameters" })).toContainText('Ignored step="99": the arena lesson has 5 steps.');
  await expect(second.locator(".embed-title")).toHaveText("A bump-pointer arena, chunk by chunk");
  await expect(second.getByRole("tab", { name: "Arena" })).toHaveAttribute("aria-selected", "true");
  expect(violations, "Content-Security-Policy violations").toEqual([]);
});

test("blocked storage: an editable frame says its edits are not saved, a read-only frame has nothing to say", async ({ page, context }) => {
  // As a browser that blocks third-party storage does: reading localStorage throws in the frames.
  await context.addInitScript(() => {
    if (location.pathname.startsWith("/wirelab/")) Object.defineProperty(window, "localStorage", { get: () => { throw new DOMException("blocked", "SecurityError"); } });
  });
  const editable = servers.app.url + embedQuery({ name: "blocked-rw", panel: "fields", readOnly: false, toolbar: true, save: true });
  const readOnly = servers.app.url + embedQuery({ name: "blocked-ro", panel: "fields", readOnly: true, toolbar: true, save: true });
  pages["/blocked.html"] = hostPage(fullSnippet("html", { src: editable, title: "Editable", height: 600 }) + fullSnippet("html", { src: readOnly, title: "Read-only", height: 600 }));
  await page.goto(servers.host.origin + "/blocked.html");
  const [first, second] = [page.frameLocator("iframe").first(), page.frameLocator("iframe").nth(1)];
  await expect(first.getByRole("grid", { name: "Bytes" })).not.toHaveAttribute("data-bytes-version", "0");
  await expect(second.getByRole("grid", { name: "Bytes" })).not.toHaveAttribute("data-bytes-version", "0");
  await expect(first.getByRole("status").filter({ hasText: "Storage is blocked" })).toBeVisible();
  await expect(second.getByText("Storage is blocked")).toHaveCount(0);
});
