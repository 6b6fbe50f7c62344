import { expect, test } from "@playwright/test";
import { bytesGrid, editorHost, editorText, fileTab, openApp, replaceEditorText, shownHex, showTab, waitForNewBytes, bytesVersion } from "./helpers.ts";

test.describe("the workspace", () => {
  test("typing protoscope shows its bytes", async ({ page }) => {
    await openApp(page);
    await replaceEditorText(page, "protoscope", "1: 150");
    expect(await shownHex(page)).toBe("08 96 01");
    await expect(page.getByText("3 bytes", { exact: true })).toBeVisible();
  });

  test("the editor colours words as the assembler reads them: a hex field number is a tag", async ({ page }) => {
    await openApp(page);
    await replaceEditorText(page, "protoscope", '0x1: 150\n2: {"multi\nline"} 99999999999999999999');
    const host = editorHost(page, "protoscope");
    const colour = (text: string) =>
      host.locator(".view-line span span").filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) }).first().evaluate((e) => getComputedStyle(e).color);
    const tag = await colour("2:");
    expect(await colour("0x1:")).toBe(tag);
    expect(await colour("150")).not.toBe(tag);
    // A string across lines keeps its colour on the second line; a number past 2^64 is refused, and coloured so.
    expect(await colour('line"')).toBe(await colour('"multi'));
    expect(await colour("99999999999999999999")).not.toBe(await colour("150"));
  });

  test("hovering a byte lights its token and field; the cursor on a token lights its bytes", async ({ page }) => {
    await openApp(page);
    await replaceEditorText(page, "protoscope", "1: 150\n2: 7");
    // Hover 96 (part of the varint 150): the editor lights "150", the tree lights its node.
    await bytesGrid(page).getByRole("gridcell", { name: "96" }).hover();
    await expect(page.locator(".wl-token-hover")).toHaveText("150");
    await expect(bytesGrid(page).locator(".is-hover")).toHaveText(["96", "01"]);
    await expect(page.getByRole("tree", { name: "Fields" }).locator(".tree-row.is-hover")).toContainText("150");

    // Put the cursor on "7": its byte (07) is selected in the hex view.
    await page.mouse.move(0, 0);
    const line2 = editorHost(page, "protoscope").locator(".view-line").filter({ hasText: "2: 7" });
    await line2.click({ position: { x: 1, y: 5 } });
    await page.keyboard.press("End");
    await expect(bytesGrid(page).locator('[aria-selected="true"]')).toHaveText(["07"]);
    await expect(page.locator(".wl-token-selected")).toHaveText("7");
  });

  test("brackets are coloured in pairs and matched at the cursor up to 256 Ki characters, and not above (typing there stays smooth)", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(baseURL!).origin });
    await openApp(page);
    const host = editorHost(page, "protoscope");
    const coloured = host.locator('.view-lines [class*="bracket-highlighting-"]');
    const matched = host.locator(".bracket-match");
    // The cursor after the first line's last `}`: Monaco marks it and its `{`.
    const toFirstClose = async () => {
      await page.keyboard.press("ControlOrMeta+Home");
      await page.keyboard.press("End");
    };
    const paste = async (text: string, bytes: number) => {
      await page.evaluate((t) => navigator.clipboard.writeText(t), text);
      await host.locator(".view-lines").click();
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.press("ControlOrMeta+V");
      await expect(page.locator(".hex-count")).toHaveText(`${bytes.toLocaleString("en")} bytes`, { timeout: 30_000 });
    };
    await paste("1: {2: {3: 4}}\n", 6);
    await expect(coloured.first()).toBeVisible();
    await expect(host).toHaveAttribute("data-bracket-matching", "always");
    await toFirstClose();
    await expect(matched).toHaveCount(2);
    // Over the limit: no colours, no match.
    const lines = Math.ceil((256 * 1024) / 15) + 10;
    await paste("1: {2: {3: 4}}\n".repeat(lines), 6 * lines);
    await expect(host.locator(".view-line").first()).toBeVisible();
    await expect(coloured).toHaveCount(0);
    // Matching is off in the editor itself (the option as Monaco reads it back), and no match shows.
    await expect(host).toHaveAttribute("data-bracket-matching", "never");
    await toFirstClose();
    await expect(matched).toHaveCount(0);
    // Back under it: colours and matches again.
    await paste("5: {6: 7}\n", 4);
    await expect(coloured.first()).toBeVisible();
    await expect(host).toHaveAttribute("data-bracket-matching", "always");
    await toFirstClose();
    await expect(matched).toHaveCount(2);
  });

  test("hovering a protoscope token shows the bytes it emits", async ({ page }) => {
    await openApp(page);
    await replaceEditorText(page, "protoscope", "1: 150");
    await editorHost(page, "protoscope").locator(".view-line span", { hasText: /^150$/ }).hover();
    await expect(page.locator(".monaco-hover").filter({ hasText: "96 01" })).toBeVisible();
    await expect(page.locator(".monaco-hover").filter({ hasText: "96 01" })).toContainText("varint");
  });

  test("pasted hex becomes protoscope", async ({ page }) => {
    await openApp(page);
    const before = await bytesVersion(page);
    await page.getByText("Raw bytes: paste, open, download").click();
    await page.getByLabel("Paste hex or base64").fill("08 96 01 12 07 74 65 73 74 69 6e 67");
    await waitForNewBytes(page, before);
    // A new bytes file holds them, and is the input now; its tab shows them disassembled.
    await expect(page.getByLabel("Bytes from")).toHaveValue("message.bin");
    await expect(fileTab(page, "message.bin")).toHaveAttribute("aria-selected", "true");
    expect(await shownHex(page)).toBe("08 96 01 12 07 74 65 73 74 69 6e 67");
    await expect.poll(() => editorText(page, "message.bin")).toContain("1: 150");
    expect(await editorText(page, "message.bin")).toContain('2: {"testing"}');
    // Names come from the schema's message type (the default example's Test1 has field 1 "a").
    expect(await editorText(page, "message.bin")).toMatch(/1: 150\s+#\s*a\b/);
  });

  test("pasted bytes link to their disassembly both ways, through the one tree the disassembler recorded", async ({ page }) => {
    await openApp(page);
    const before = await bytesVersion(page);
    await page.getByText("Raw bytes: paste, open, download").click();
    await page.getByLabel("Paste hex or base64").fill("08 96 01 12 07 74 65 73 74 69 6e 67");
    await waitForNewBytes(page, before);
    await expect.poll(() => editorText(page, "message.bin")).toContain('2: {"testing"}');
    // A byte of the string lights the string's token in the disassembly, and its field in the tree (named from the schema).
    await bytesGrid(page).getByRole("gridcell", { name: "73" }).hover();
    await expect(page.locator(".wl-token-hover")).toHaveText('"testing"');
    await expect(bytesGrid(page).locator(".is-hover")).toHaveText(["74", "65", "73", "74", "69", "6e", "67"]);
    // The cursor on "150" selects its two bytes.
    await page.mouse.move(0, 0);
    const line1 = editorHost(page, "message.bin").locator(".view-line").filter({ hasText: "1: 150" });
    await line1.click({ position: { x: 1, y: 5 } });
    await page.keyboard.press("Home");
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
    await expect(bytesGrid(page).locator('[aria-selected="true"]')).toHaveText(["96", "01"]);
    await expect(page.locator(".wl-token-selected")).toHaveText("150");
  });

  test("a dropped file becomes the bytes", async ({ page }) => {
    await openApp(page);
    const before = await bytesVersion(page);
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array([0x1a, 0x03, 0x08, 0x96, 0x01])], "m.binpb"));
      document.querySelector(".hex-panel")!.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    await waitForNewBytes(page, before);
    // The dropped file becomes a bytes file of its own name, and the input.
    await expect(page.getByLabel("Bytes from")).toHaveValue("m.binpb");
    await expect.poll(() => shownHex(page)).toBe("1a 03 08 96 01");
  });

  test("base64 works too, and the bytes round-trip through the disassembly", async ({ page }) => {
    await openApp(page);
    const before = await bytesVersion(page);
    await page.getByText("Raw bytes: paste, open, download").click();
    await page.getByLabel("Paste hex or base64").fill("GgMIlgE=");
    await waitForNewBytes(page, before);
    expect(await shownHex(page)).toBe("1a 03 08 96 01");
    await expect.poll(() => editorText(page, "message.bin")).toMatch(/3:\s*\{\s*1: 150\s*\}/);
  });
});

test.describe("the hex view", () => {
  test("keyboard: arrows move, shift extends the selection, Ctrl+C copies it as hex", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await openApp(page);
    await replaceEditorText(page, "protoscope", '1: 150\n2: {"hi"}');
    const grid = bytesGrid(page);
    await grid.getByRole("gridcell", { name: "08" }).click();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Shift+ArrowRight");
    await page.keyboard.press("Shift+ArrowRight");
    await expect(grid.locator('[aria-selected="true"]')).toHaveText(["96", "01", "12"]);
    await page.keyboard.press("ControlOrMeta+C");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("96 01 12");
    // The selection lights the tokens that made those bytes.
    await expect(page.locator(".wl-token-selected").first()).toHaveText("150");
  });

  test("Download bytes saves exactly the bytes shown", async ({ page }) => {
    await openApp(page);
    await replaceEditorText(page, "protoscope", "1: 150\n3: 1.5i32");
    await page.getByText("Raw bytes: paste, open, download").click();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download bytes" }).click()]);
    const { readFileSync } = await import("node:fs");
    const saved = readFileSync((await download.path())!);
    expect(Array.from(saved, (b) => b.toString(16).padStart(2, "0")).join(" ")).toBe(await shownHex(page));
  });

  test("Ctrl+Enter re-runs the engine", async ({ page }) => {
    await openApp(page);
    const before = await bytesVersion(page);
    await page.keyboard.press("ControlOrMeta+Enter");
    await waitForNewBytes(page, before);
  });
});

test.describe("field tree and readings", () => {
  test("the tree works from the keyboard and selects the bytes of the focused node", async ({ page }) => {
    await openApp(page);
    await replaceEditorText(page, "protoscope", "1: 150\n2: 7");
    const tree = page.getByRole("tree", { name: "Fields" });
    await tree.focus();
    await page.keyboard.press("Home");
    await expect(bytesGrid(page).locator('[aria-selected="true"]')).toHaveText(["08", "96", "01"]);
    // Down past field 1's children (expanded for short messages) to field 2.
    const items = tree.getByRole("treeitem");
    const count = await items.count();
    for (let i = 0; i < count; i++) await page.keyboard.press("ArrowDown");
    await expect(bytesGrid(page).locator('[aria-selected="true"]').last()).toHaveText("07");
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowLeft");
    await expect(tree.getByRole("treeitem").first()).toHaveAttribute("aria-expanded", "false");
    // Field 1's two children (tag and value) are hidden now.
    await expect(tree.getByRole("treeitem")).toHaveCount(count - 2);
  });

  test("selecting a length-delimited field lists every valid reading of its bytes", async ({ page }) => {
    await openApp(page);
    const before = await bytesVersion(page);
    await page.getByLabel("Examples").selectOption("ide/02-string");
    await waitForNewBytes(page, before);
    const tree = page.getByRole("tree", { name: "Fields" });
    await tree.getByRole("treeitem").filter({ hasText: "testing" }).first().click();
    await expect(bytesGrid(page).locator('[aria-selected="true"]').first()).toHaveText("12");
    await page.getByRole("tab", { name: "Readings" }).click();
    const table = page.locator(".readings-table");
    await expect(table.getByRole("row").filter({ hasText: /^string/ })).toContainText("testing");
    await expect(table.getByRole("row").filter({ hasText: /^bytes/ })).toBeVisible();
  });
});

test.describe("schema and text format", () => {
  test("the Stoplight/Speed collision shows protoc's words, and the fix removes it", async ({ page }) => {
    await openApp(page);
    const before = await bytesVersion(page);
    await page.getByLabel("Examples").selectOption("enum-collision");
    await waitForNewBytes(page, before);
    const problems = page.getByRole("region", { name: "Problems" });
    await expect(problems).toContainText('"UNSPECIFIED" is already defined in "myapi.v1".');
    await expect(problems).toContainText("Note that enum values use C++ scoping rules");
    await showTab(page, "stoplight.proto");
    await expect(editorHost(page, "stoplight.proto").locator(".squiggly-error").first()).toBeAttached();

    await problems.getByRole("button", { name: /^Fix:/ }).first().click();
    await expect(problems).not.toContainText("is already defined");
    await expect.poll(() => editorText(page, "stoplight.proto")).toContain("STOPLIGHT_UNSPECIFIED = 0;");
  });

  test("squiggles and quick fixes land on the right text when the schema is indented with tabs", async ({ page }) => {
    // protoc counts a tab as up to 8 columns, Monaco as one: the editor places marks and applies
    // fixes by offsets, never by a tool's columns.
    await openApp(page);
    const schema = 'syntax = "proto3";\npackage tabs.v1;\nenum Stoplight {\n\tUNSPECIFIED = 0;\n\tRED = 1;\n}\nenum Speed {\n\tUNSPECIFIED = 0;\n\tFAST = 1;\n}\n';
    await replaceEditorText(page, "schema", schema);
    const problems = page.getByRole("region", { name: "Problems" });
    await expect(problems).toContainText('"UNSPECIFIED" is already defined in "tabs.v1".');
    await expect(editorHost(page, "schema").locator(".squiggly-error").first()).toBeAttached();
    const line = editorHost(page, "schema").locator(".view-line").filter({ hasText: /UNSPECIFIED\s=\s0/ }).last();
    await line.click();
    await page.keyboard.press("Home");
    await page.keyboard.press("ControlOrMeta+.");
    await expect(page.locator(".action-widget").filter({ hasText: "Prefix the values of Stoplight and Speed" })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(problems).not.toContainText("is already defined");
    await expect.poll(() => editorText(page, "schema")).toMatch(/^\s+STOPLIGHT_UNSPECIFIED = 0;\n\s+STOPLIGHT_RED = 1;$/m);
    await expect.poll(() => editorText(page, "schema")).toMatch(/^\s+SPEED_UNSPECIFIED = 0;\n\s+SPEED_FAST = 1;$/m);
  });

  test("clicking a problem jumps to its editor and position", async ({ page }) => {
    await openApp(page);
    await replaceEditorText(page, "protoscope", '1: 150\n2: "unterminated');
    const problems = page.getByRole("region", { name: "Problems" });
    await expect(problems.getByRole("button").filter({ hasText: /^message\.protoscope:2:\d+/ })).toBeVisible();
    await showTab(page, "schema");
    await problems.getByRole("button").filter({ hasText: /^message\.protoscope:2:\d+/ }).click();
    await expect(fileTab(page, "protoscope")).toHaveAttribute("aria-selected", "true");
    // The cursor is on line 2: Monaco highlights the current line's number.
    await expect(editorHost(page, "protoscope").locator(".line-numbers.active-line-number")).toHaveText("2");
  });

  test("the schema editor offers editions features and their values as they are typed, each explained", async ({ page }) => {
    await openApp(page);
    await replaceEditorText(page, "schema", 'edition = "2024";\npackage ed.v1;\nmessage M {\n  int32 a = 1\n}\n');
    const editor = editorHost(page, "schema");
    await editor.locator(".view-line").filter({ hasText: "int32 a = 1" }).click();
    await page.keyboard.press("End");
    await page.keyboard.type(" [features.");
    const suggest = page.locator(".suggest-widget");
    await expect(suggest).toBeVisible();
    await expect(suggest.locator(".monaco-list-row").filter({ hasText: "field_presence" })).toContainText("whether a singular field knows it was set");
    await page.keyboard.type("field_p");
    await page.keyboard.press("Enter");
    await page.keyboard.type(" = ");
    await expect(suggest.locator(".monaco-list-row").filter({ hasText: "IMPLICIT" })).toContainText("the zero value is not written");
    await page.keyboard.type("IMPL");
    await page.keyboard.press("Enter");
    await page.keyboard.type("];");
    await expect.poll(() => editorText(page, "schema")).toContain("int32 a = 1 [features.field_presence = IMPLICIT];");
    await expect(page.getByRole("region", { name: "Problems" })).toContainText("0 errors");
  });

  test("hovering a schema name shows its fully-qualified name and doc comment", async ({ page }) => {
    await openApp(page);
    const before = await bytesVersion(page);
    await page.getByLabel("Examples").selectOption("ide/05-log-entry");
    await waitForNewBytes(page, before);
    await showTab(page, "schema");
    await editorHost(page, "schema").locator(".view-line").filter({ hasText: "uint32 request_size" }).getByText("request_size").hover();
    const hover = page.locator(".monaco-hover").filter({ hasText: "log.v1.LogEntry.request_size" });
    await expect(hover).toBeVisible();
    await expect(hover).toContainText("uint32 request_size = 2");
    await expect(hover).toContainText("Request size in bytes.");
  });

  test("the editor's quick fix (Ctrl+.) applies the same fix", async ({ page }) => {
    await openApp(page);
    const before = await bytesVersion(page);
    await page.getByLabel("Examples").selectOption("enum-collision");
    await waitForNewBytes(page, before);
    await expect(fileTab(page, "stoplight.proto")).toHaveAttribute("aria-selected", "true");
    const problems = page.getByRole("region", { name: "Problems" });
    await expect(problems).toContainText("is already defined");
    await editorHost(page, "stoplight.proto").locator(".view-line").filter({ hasText: /UNSPECIFIED\s=\s0/ }).last().click();
    await page.keyboard.press("Home");
    await page.keyboard.press("ControlOrMeta+.");
    await expect(page.locator(".action-widget").filter({ hasText: "Prefix the values of Stoplight and Speed" })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(problems).not.toContainText("is already defined");
    await expect.poll(() => editorText(page, "stoplight.proto")).toContain("SPEED_UNSPECIFIED = 0;");
  });

  test("a text-format message encodes to the same bytes as `wirelab encode` (and protoc)", async ({ page }) => {
    const { readFileSync, existsSync } = await import("node:fs");
    const { execFileSync } = await import("node:child_process");
    const dir = "examples/ide/05-log-entry";
    const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join(" ");
    // The engine's CLI (what `npx wirelab encode` runs), in its own process.
    const expected = new Uint8Array(
      execFileSync(process.execPath, ["bin/wirelab.mjs", "encode", "--proto", `${dir}/schema.proto`, "-I", dir, "--type", "log.v1.LogEntry", `${dir}/message.txtpb`]),
    );
    expect(expected.length).toBeGreaterThan(0);
    if (existsSync("/usr/bin/protoc")) {
      const message = readFileSync(`${dir}/message.txtpb`);
      const fromProtoc = execFileSync("/usr/bin/protoc", [`-I${dir}`, "--encode=log.v1.LogEntry", `${dir}/schema.proto`], { input: message });
      expect(hex(new Uint8Array(fromProtoc))).toBe(hex(expected));
    }

    await openApp(page);
    let before = await bytesVersion(page);
    await page.getByLabel("Examples").selectOption("ide/05-log-entry");
    await waitForNewBytes(page, before);
    before = await bytesVersion(page);
    await page.getByLabel("Bytes from").selectOption("message.txtpb");
    await waitForNewBytes(page, before);
    await expect(page.getByLabel("Message type")).toHaveValue("log.v1.LogEntry");
    expect(await shownHex(page)).toBe(hex(expected));

    // Typing in the message editor re-encodes it.
    await replaceEditorText(page, "message", "request_size: 150");
    expect(await shownHex(page)).toBe("10 96 01");
  });
});

test.describe("keeping and sharing work", () => {
  test("a share link reproduces the workspace in a fresh browser context", async ({ page, browser, baseURL }) => {
    await openApp(page);
    await replaceEditorText(page, "protoscope", '1: 150\n2: {"shared"}');
    await bytesGrid(page).getByRole("gridcell", { name: "96" }).click();
    await page.keyboard.press("Shift+ArrowRight");
    await showTab(page, "schema");
    await page.getByRole("button", { name: "Copy link" }).click();
    const link = await page.getByLabel("Share link").inputValue();
    expect(link).toMatch(/#w4\./);

    const fresh = await browser.newContext({ baseURL });
    const other = await fresh.newPage();
    await openApp(other, link);
    // The same view: the schema in front and the same two bytes selected.
    await expect(fileTab(other, "schema")).toHaveAttribute("aria-selected", "true");
    await expect(bytesGrid(other).locator('[aria-selected="true"]')).toHaveText(["96", "01"]);
    expect(await shownHex(other)).toBe(await shownHex(page));
    await showTab(other, "protoscope");
    await expect.poll(() => editorText(other, "protoscope")).toBe('1: 150\n2: {"shared"}');
    await fresh.close();
  });

  test("work replaced by an example or a link can be restored, even after a reload", async ({ page, baseURL }) => {
    await openApp(page);
    await replaceEditorText(page, "protoscope", "9: 9");
    const before = await bytesVersion(page);
    await page.getByLabel("Examples").selectOption("ide/02-string");
    await waitForNewBytes(page, before);
    await page.getByRole("button", { name: "Restore previous work" }).click();
    await expect.poll(() => editorText(page, "protoscope")).toBe("9: 9");

    // Opening someone's link keeps the autosaved work restorable too.
    await page.waitForFunction(() => Object.keys(localStorage).some((k) => (localStorage.getItem(k) ?? "").length > 0));
    const link = `${baseURL}#` + (await page.evaluate(() => localStorage.getItem("wirelab:workspace:default:previous")))!.slice(1);
    await page.goto("about:blank");
    await openApp(page, link);
    await expect(page.getByRole("button", { name: "Restore previous work" })).toBeVisible();
    await replaceEditorText(page, "protoscope", "1: 1");
    await page.reload();
    await openApp(page, page.url());
    await page.getByRole("button", { name: "Restore previous work" }).click();
    await expect.poll(() => editorText(page, "protoscope")).toBe("9: 9");
  });

  test("a reload keeps the edits", async ({ page }) => {
    await openApp(page);
    await replaceEditorText(page, "protoscope", "5: 5\n6: 6");
    await page.reload();
    await openApp(page, page.url());
    await expect.poll(() => editorText(page, "protoscope")).toBe("5: 5\n6: 6");
    expect(await shownHex(page)).toBe("28 05 30 06");
  });

  test("with localStorage throwing, the app works and says work is not saved", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, "localStorage", {
        configurable: true,
        get() {
          throw new DOMException("The operation is insecure.", "SecurityError");
        },
      });
    });
    await openApp(page);
    await expect(page.getByRole("status")).toContainText("your work is not saved");
    await replaceEditorText(page, "protoscope", "1: 150");
    expect(await shownHex(page)).toBe("08 96 01");
  });
});

test("a fixed typo leaves no error rows behind in the field tree (two errors at one byte)", async ({ page }) => {
  await openApp(page);
  await page.getByRole("tab", { name: "Field tree" }).click();
  const tree = page.getByRole("tree");
  const errors = tree.locator(".tree-row.is-error");
  // Two hex literals with an odd digit each: two errors, both at byte 0 and zero bytes wide.
  await replaceEditorText(page, "protoscope", "`0` `0`");
  expect(await editorText(page, "protoscope")).toBe("`0` `0`");
  await expect(errors).toHaveCount(2);
  // Fixed: one field (1 = 1), and no error row left behind.
  await replaceEditorText(page, "protoscope", "`08` `01`");
  await expect(tree.getByRole("treeitem").first()).toContainText("int32 = 1");
  await expect(errors).toHaveCount(0);
});
