// The workspace platform end to end: a workspace of several files (two .proto files, one
// importing the other, a text-format message, a protoscope file) survives a share link and a
// reload with its view; named workspaces keep separate saves; schema hovers find the right
// declaration in tab-indented text.
import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { assemble } from "../engine/protoscope/assembler.ts";
import { encodeShareHash } from "../web/src/features/share/shareLink.ts";
import { bytesGrid, bytesVersion, editorHost, editorText, fileTab, openApp, replaceEditorText, shownHex, showTab, waitForNewBytes } from "./helpers.ts";

const FILE = "message.protoscope";
const MONEY = 'syntax = "proto3";\npackage shop.v1;\n\nmessage Money {\n  int64 units = 1;\n}\n';
const ORDER = 'syntax = "proto3";\npackage shop.v1;\n\nimport "common/money.proto";\n\nmessage Order {\n  Money total = 1;\n  string note = 2;\n}\n';
const ORDER_TEXT = 'total { units: 150 }\nnote: "hi"';
const ORDER_SCOPE = "1: {1: 7}";

/** What each created file's editor showed right after typing (Monaco's typing may indent it). */
const typed = new Map<string, string>();

/** Creates a file through the "New file" form (its kind follows the extension) and types its text. */
async function newFile(page: Page, name: string, text: string): Promise<void> {
  await page.getByRole("button", { name: "New file" }).click();
  const form = page.getByRole("form", { name: "New file" });
  await form.getByLabel("Name").fill(name);
  await form.getByRole("button", { name: "Create" }).click();
  await expect(fileTab(page, name)).toHaveAttribute("aria-selected", "true");
  await replaceEditorText(page, name, text);
  const lastLine = text.trim().split("\n").pop()!.trim();
  await expect.poll(() => editorText(page, name)).toContain(lastLine);
  typed.set(name, await editorText(page, name));
}

const FILES = ["common/money.proto", "order.proto", "order.txtpb", "order.protoscope"];

/** Everything the workspace shows that must survive: files, texts, input, type, view, bytes. */
async function expectOrderWorkspace(page: Page, hex: string, sent: string[]): Promise<void> {
  const tabs = page.getByRole("tablist", { name: "Files" }).getByRole("tab");
  await expect(tabs).toHaveText(["schema.proto", "message.protoscope", "message.txtpb", "common/money.proto", "order.proto", "order.txtpb (input)", "order.protoscope"]);
  // The file in front, the side panel in front and the selected bytes, as they were left.
  await expect(fileTab(page, "order.proto")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: "Readings" })).toHaveAttribute("aria-selected", "true");
  await expect(bytesGrid(page).locator('[aria-selected="true"]')).toHaveText(["08", "96"]);
  await expect(page.getByLabel("Bytes from")).toHaveValue("order.txtpb");
  await expect(page.getByLabel("Message type")).toHaveValue("shop.v1.Order");
  await expect.poll(() => shownHex(page)).toBe(hex);
  for (const [i, name] of FILES.entries()) {
    await showTab(page, name);
    await expect.poll(() => editorText(page, name)).toBe(sent[i]);
  }
  await showTab(page, "order.proto");
  await expect(page.getByRole("region", { name: "Problems" }).locator(".problem.is-error")).toHaveCount(0);
}

test("a workspace of two .proto files (one importing the other), a text-format message and a protoscope file survives a share link and a reload, with its view", async ({
  page,
  browser,
  baseURL,
}) => {
  await openApp(page, "/?workspace=round-trip");
  await newFile(page, "common/money.proto", MONEY);
  await newFile(page, "order.proto", ORDER);
  await newFile(page, "order.txtpb", ORDER_TEXT);
  let before = await bytesVersion(page);
  await page.getByLabel("Message type").selectOption("shop.v1.Order");
  await waitForNewBytes(page, before);
  // total (field 1) holds Money { units: 150 }; note (field 2) is "hi".
  const hex = "0a 03 08 96 01 12 02 68 69";
  await expect.poll(() => shownHex(page)).toBe(hex);
  await newFile(page, "order.protoscope", ORDER_SCOPE);
  before = await bytesVersion(page);
  await page.getByLabel("Bytes from").selectOption("order.txtpb");
  await waitForNewBytes(page, before);
  const sent = FILES.map((f) => typed.get(f)!);
  expect(sent[3]).toBe(ORDER_SCOPE);
  await page.getByRole("tab", { name: "Readings" }).click();
  await bytesGrid(page).getByRole("gridcell", { name: "08" }).click();
  await page.keyboard.press("Shift+ArrowRight");
  await showTab(page, "order.proto");

  await page.getByRole("button", { name: "Copy link" }).click();
  const link = await page.getByLabel("Share link").inputValue();
  expect(link).toMatch(/#w4\./);

  // The link, in a browser that has never seen this workspace.
  const fresh = await browser.newContext({ baseURL });
  const other = await fresh.newPage();
  await openApp(other, link);
  await expectOrderWorkspace(other, hex, sent);
  await fresh.close();

  // A reload (the autosave, no link).
  await page.goto("about:blank");
  await openApp(page, "/?workspace=round-trip");
  await expectOrderWorkspace(page, hex, sent);
});

test("files can be renamed and deleted; an import follows the file's name", async ({ page }) => {
  await openApp(page, "/?workspace=rename");
  await newFile(page, "common/money.proto", MONEY);
  await newFile(page, "order.proto", ORDER);
  const problems = page.getByRole("region", { name: "Problems" });
  await expect(problems.locator(".problem.is-error")).toHaveCount(0);
  await showTab(page, "common/money.proto");
  await page.getByRole("button", { name: "Rename" }).click();
  const renameForm = page.getByRole("form", { name: "Rename common/money.proto" });
  await renameForm.getByLabel("New name for common/money.proto").fill("money.proto");
  await renameForm.getByRole("button", { name: "Rename" }).click();
  await expect(fileTab(page, "money.proto")).toHaveAttribute("aria-selected", "true");
  // order.proto still imports the old path: protoc's words, on order.proto.
  await expect(problems).toContainText("order.proto:4:1");
  await expect(problems).toContainText('Import "common/money.proto" was not found or had errors.');
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(fileTab(page, "money.proto")).toHaveCount(0);
  // A name already taken is refused with a reason.
  await page.getByRole("button", { name: "New file" }).click();
  const form = page.getByRole("form", { name: "New file" });
  await form.getByLabel("Name").fill("order.proto");
  await form.getByRole("button", { name: "Create" }).click();
  await expect(form.getByRole("alert")).toHaveText("There is already a file named order.proto.");
});

test("two named workspaces on the same origin keep separate saves", async ({ page }) => {
  await openApp(page, "/?workspace=alpha");
  await replaceEditorText(page, "protoscope", "1: 111");
  await openApp(page, "/?workspace=beta");
  // A new name starts fresh (the default example), not from alpha's save.
  await expect.poll(() => editorText(page, "protoscope")).toMatch(/^1: 150$/m);
  await replaceEditorText(page, "protoscope", "2: 222");
  await page.goto("about:blank");

  await openApp(page, "/?workspace=alpha");
  await expect.poll(() => editorText(page, "protoscope")).toBe("1: 111");
  await openApp(page, "/?workspace=beta");
  await expect.poll(() => editorText(page, "protoscope")).toBe("2: 222");
  // And the unnamed workspace is neither.
  await openApp(page, "/");
  await expect.poll(() => editorText(page, "protoscope")).toMatch(/^1: 150$/m);
  const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("wirelab:workspace:")).sort());
  expect(keys).toEqual(["wirelab:workspace:alpha", "wirelab:workspace:beta"]);
});

test("a hover in a tab-indented nested message names the field under the pointer", async ({ page }) => {
  await openApp(page);
  const schema = 'syntax = "proto3";\npackage tabs.v1;\n\nmessage Outer {\n\tmessage Inner {\n\t\t// The field deep inside.\n\t\tint32 deep_field = 1;\n\t}\n\tInner inner = 1;\n}\n';
  await replaceEditorText(page, "schema", schema);
  await page.mouse.move(0, 0);
  await editorHost(page, "schema").locator(".view-line").filter({ hasText: "int32 deep_field" }).getByText("deep_field").hover();
  const hover = page.locator(".monaco-hover").filter({ hasText: "tabs.v1.Outer.Inner.deep_field" });
  await expect(hover).toBeVisible();
  await expect(hover).toContainText("int32 deep_field = 1");
  await expect(hover).toContainText("The field deep inside.");
});

test("field numbers 536870911, 2^31+1 and 2^61-1 show the same in a document over 64 Ki characters (run in the Worker) as in a small one", async ({ page }) => {
  const head = "536870911: 1\n2147483649: 2\n2305843009213693951: 3\n";
  const filler = "1: 1\n".repeat(14_000); // 70 000 characters: past the main-thread limit
  const topRows = async () => {
    const tree = page.getByRole("tree", { name: "Fields" });
    await expect(tree.locator('[aria-level="1"]').nth(2)).toBeVisible();
    // Without the disclosure mark: short messages start expanded, long ones folded.
    return (await tree.locator('[aria-level="1"]').allTextContents()).slice(0, 3).map((t) => t.replace(/^[▾▸]/, ""));
  };
  const hoverText = async () => {
    await page.mouse.move(0, 0);
    await editorHost(page, FILE).locator(".view-line span", { hasText: /^2305843009213693951:$/ }).hover();
    const hover = page.locator(".monaco-hover").filter({ hasText: "bytes" });
    await expect(hover).toBeVisible();
    return hover.innerText();
  };
  const open = async (text: string) => {
    await openApp(page, "/?workspace=fields" + encodeShareHash({ files: [{ kind: "protoscope", name: FILE, text, messageType: "" }], active: FILE }));
    await expect(page.locator(".hex-count")).not.toHaveText("0 bytes");
  };
  await open(head);
  const small = await topRows();
  expect(small).toEqual([expect.stringContaining("field 536870911"), expect.stringContaining("field 2147483649"), expect.stringContaining("field 2305843009213693951")]);
  const smallHover = await hoverText();

  await page.goto("about:blank");
  await open(head + filler);
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName("wirelab:unpack").length)).toBeGreaterThan(0);
  expect(await topRows()).toEqual(small);
  expect(await hoverText()).toBe(smallHover);

  // An explicit rerun (Ctrl/Cmd+Enter) of this large document runs it once more: in the Worker, or
  // on the page once the page's assembly memo has caught up (the next test).
  const runCount = () => page.evaluate(() => ["wirelab:unpack", "wirelab:page-engine"].reduce((n, name) => n + performance.getEntriesByName(name).length, 0));
  const runs = await runCount();
  const before = await bytesVersion(page);
  await bytesGrid(page).focus();
  await page.keyboard.press("ControlOrMeta+Enter");
  await waitForNewBytes(page, before);
  expect(await runCount()).toBe(runs + 1);
});

test("a fix applies to the whole workspace: prefixing an enum's values rewrites a text-format message that uses them, and its bytes stay the same", async ({ page }) => {
  await openApp(page, "/?workspace=fix");
  const schema = 'syntax = "proto3";\npackage traffic.v1;\n\nenum Stoplight {\n  STOPLIGHT_UNSPECIFIED = 0;\n  RED = 1;\n  GREEN = 2;\n}\n\nmessage Crossing {\n  Stoplight light = 1;\n  repeated Stoplight history = 2;\n}\n';
  await replaceEditorText(page, "schema", schema);
  await newFile(page, "crossing.txtpb", "light: RED\nhistory: [GREEN, RED]");
  let before = await bytesVersion(page);
  await page.getByLabel("Message type").selectOption("traffic.v1.Crossing");
  await waitForNewBytes(page, before);
  const bytes = await shownHex(page);
  expect(bytes).toBe("08 01 12 02 02 01");
  const problems = page.getByRole("region", { name: "Problems" });
  // buf reports each unprefixed value; every finding offers the same fix for the whole enum.
  const fix = problems.getByRole("button", { name: /^Fix: Prefix the values of Stoplight/ }).first();
  before = await bytesVersion(page);
  await fix.click();
  await waitForNewBytes(page, before);
  await expect.poll(() => editorText(page, "crossing.txtpb")).toBe("light: STOPLIGHT_RED\nhistory: [STOPLIGHT_GREEN, STOPLIGHT_RED]");
  await showTab(page, "schema");
  await expect.poll(() => editorText(page, "schema")).toContain("STOPLIGHT_RED = 1;");
  expect(await shownHex(page)).toBe(bytes);
  await expect(problems.locator(".problem.is-error")).toHaveCount(0);
});

test("view state lives in the store and travels: theme, layout, the whole-window setting, the Sizes panel's settings and pinned bytes survive a reload and a link", async ({ page, browser, baseURL }) => {
  await openApp(page, "/?workspace=view");
  await page.locator("summary", { hasText: /^View$/ }).click();
  await page.getByLabel("Theme").selectOption("dark");
  await page.getByLabel("Layout").selectOption("rows");
  await page.getByRole("tab", { name: "Sizes" }).click();
  await page.getByRole("button", { name: "Use the whole window" }).click();
  const panel = page.getByRole("region", { name: "Compressed sizes" });
  await panel.getByLabel("DEFLATE level (gzip, zlib, deflate)").fill("9");
  await panel.getByRole("button", { name: "Pin current bytes" }).click();
  await expect(panel.getByTestId("compare-0-label")).toHaveText("pinned bytes #1");
  await expect(panel.getByTestId("compare-0-raw")).toHaveText(/^\d+$/);
  const raw = await panel.getByTestId("compare-0-raw").textContent();

  const expectView = async (p: Page) => {
    await expect(p.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(p.getByLabel("Theme")).toHaveValue("dark");
    await expect(p.getByLabel("Layout")).toHaveValue("rows");
    await expect(p.getByRole("tab", { name: "Sizes" })).toHaveAttribute("aria-selected", "true");
    await expect(p.getByRole("button", { name: "Back to the editors" })).toHaveAttribute("aria-pressed", "true");
    const sizes = p.getByRole("region", { name: "Compressed sizes" });
    await expect(sizes.getByLabel("DEFLATE level (gzip, zlib, deflate)")).toHaveValue("9");
    await expect(sizes.getByTestId("compare-0-label")).toHaveText("pinned bytes #1");
    await expect(sizes.getByTestId("compare-0-raw")).toHaveText(raw!);
  };
  await page.getByRole("button", { name: "Copy link" }).click();
  const link = await page.getByLabel("Share link").inputValue();
  // The side panels come back in the whole window, so the bytes grid is not on the page: wait
  // for the view itself, then step back to the editors.
  await page.goto("about:blank");
  await page.goto("/?workspace=view");
  await expectView(page);
  await page.getByRole("button", { name: "Back to the editors" }).click();
  await expect(page.getByRole("grid", { name: "Bytes" })).toBeVisible();

  const fresh = await browser.newContext({ baseURL });
  const other = await fresh.newPage();
  await other.goto(link);
  await expectView(other);
  await fresh.close();
});

test("a keystroke near the end of a 100 KB protoscope document runs on the page once its memo is warm, one near the top in the Worker; the bytes are the engine's either way", async ({ page }) => {
  const lines: string[] = [];
  for (let i = 0; lines.join("\n").length < 100 * 1024; i++) lines.push(i % 2 ? `1: ${i}` : `2: {3: "x${i}" 4: ${i}i32}`);
  let text = lines.join("\n") + "\n";
  await openApp(page, "/?workspace=incremental" + encodeShareHash({ files: [{ kind: "protoscope", name: FILE, text, messageType: "" }], active: FILE }));
  const count = (name: string) => page.evaluate((n) => performance.getEntriesByName(n).length, name);
  // The first run went to the Worker; the page brings its memo up to date when idle.
  await expect.poll(() => count("wirelab:unpack")).toBeGreaterThan(0);
  // In steps of 16 Ki, each an idle callback of its own, resuming from the last.
  const warmUpSteps = () => page.evaluate(() => performance.getEntriesByName("wirelab:warm-up").map((e) => (e as PerformanceMeasure).detail as { done: boolean }));
  await expect.poll(async () => (await warmUpSteps()).some((d) => d.done), { timeout: 15_000 }).toBe(true);
  expect((await warmUpSteps()).length).toBeGreaterThanOrEqual(3);
  const downloaded = async () => {
    await page.getByText("Raw bytes: paste, open, download").click();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download bytes" }).click()]);
    await page.getByText("Raw bytes: paste, open, download").click();
    return readFileSync((await download.path())!).toString("hex");
  };
  const expected = (t: string) => Buffer.from(assemble(t, { recover: true }).bytes).toString("hex");

  // At the end: on the page (no Worker result unpacked), in the keystroke's own task.
  await editorHost(page, FILE).locator(".view-lines").click();
  await page.keyboard.press("ControlOrMeta+End");
  let unpacked = await count("wirelab:unpack");
  let onPage = await count("wirelab:page-engine");
  let before = await bytesVersion(page);
  await page.keyboard.type("5: 77");
  text += "5: 77";
  await waitForNewBytes(page, before);
  await expect.poll(() => count("wirelab:page-engine")).toBeGreaterThan(onPage);
  expect(await count("wirelab:unpack")).toBe(unpacked);
  await expect(page.locator(".hex-count")).toHaveText(`${(expected(text).length / 2).toLocaleString("en")} bytes`);
  expect(await downloaded()).toBe(expected(text));

  // At the top: the memo would assemble everything again, so the Worker does it.
  await editorHost(page, FILE).locator(".view-lines").click();
  await page.keyboard.press("ControlOrMeta+Home");
  unpacked = await count("wirelab:unpack");
  onPage = await count("wirelab:page-engine");
  before = await bytesVersion(page);
  await page.keyboard.type("9: 1 ");
  text = "9: 1 " + text;
  await expect.poll(() => count("wirelab:unpack")).toBeGreaterThan(unpacked);
  await waitForNewBytes(page, before);
  expect(await count("wirelab:page-engine")).toBe(onPage);
  await expect(page.locator(".hex-count")).toHaveText(`${(expected(text).length / 2).toLocaleString("en")} bytes`);
  expect(await downloaded()).toBe(expected(text));
});
