// What a new learner meets first: a loading state (not "0 bytes"), examples with human titles
// and the open one selected, bytes that survive a typo, and a type picker that follows the schema.
import { expect, test } from "@playwright/test";
import { assemble } from "../engine/protoscope/index.ts";
import { bytesVersion, openApp, replaceEditorText, shownHex, showTab, waitForNewBytes } from "./helpers.ts";
import { readFileSync } from "node:fs";

const about = JSON.parse(readFileSync("examples/catalog.json", "utf8")) as Record<string, { title: string; description: string }>;

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join(" ");

test("while the workspace loads the bytes say so, then the default example is open and selected", async ({ page }) => {
  // Hold the engine back until the loading state has been seen (the default example's files come
  // with the page; the engine chunk is what the first run waits for).
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/engine-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Bytes" }).locator(".hex-count")).toHaveText("Loading the workspace…");
  await expect(page.getByRole("tree", { name: "Fields" })).toContainText("loading…");
  release();
  await expect(page.getByRole("region", { name: "Bytes" }).locator(".hex-count")).toHaveText("3 bytes");
  const menu = page.getByLabel("Examples");
  await expect(menu).toHaveValue("ide/01-varint");
  await expect(menu.locator("option:checked")).toHaveText(about["ide/01-varint"]!.title);
  await expect(menu).toHaveAttribute("aria-description", about["ide/01-varint"]!.description);
  // The schema of the default example has no lint findings.
  await expect(page.getByRole("region", { name: "Problems" })).toContainText("none");
});

test("choosing an example shows it as the open one, by its title", async ({ page }) => {
  await openApp(page);
  const before = await bytesVersion(page);
  await page.getByLabel("Examples").selectOption("ide/02-string");
  await waitForNewBytes(page, before);
  await expect(page.getByLabel("Examples")).toHaveValue("ide/02-string");
  await expect(page.getByLabel("Examples").locator("option:checked")).toHaveText(about["ide/02-string"]!.title);
});

test("a syntax error after a valid field keeps the valid field's bytes on screen", async ({ page }) => {
  await openApp(page);
  await replaceEditorText(page, "message.protoscope", "1: 150\n");
  expect(await shownHex(page)).toBe("08 96 01");
  await page.locator('.monaco-host[data-editor="message.protoscope"] .view-lines').click();
  await page.keyboard.press("ControlOrMeta+End");
  const before = await bytesVersion(page);
  await page.keyboard.type("2: oops");
  await waitForNewBytes(page, before);
  await expect(page.getByRole("region", { name: "Problems" })).toContainText("protoscope/");
  // The valid field's bytes stay first, and the error is marked (the recovering assembler's
  // bytes, computed here with the same engine).
  const recovered = assemble("1: 150\n2: oops", { recover: true }).bytes;
  expect(hex(recovered).startsWith("08 96 01")).toBe(true);
  await expect.poll(() => shownHex(page)).toBe(hex(recovered));
});

test("the type picker offers the schema's types through a syntax error, and the closest one when the type is renamed", async ({ page }) => {
  await openApp(page);
  const picker = page.getByLabel("Message type");
  await showTab(page, "schema.proto");
  await replaceEditorText(page, "schema.proto", 'syntax = "proto3";\npackage encoding.v1;\nmessage Test1 { int32 a = 1 }\nmessage Other {}\n');
  await expect(page.getByRole("region", { name: "Problems" })).toContainText("Expected");
  await expect(picker.locator("option")).toHaveText(["(none)", "encoding.v1.Other", "encoding.v1.Test1"]);
  await expect(picker).toHaveValue("encoding.v1.Test1");

  await replaceEditorText(page, "schema.proto", 'syntax = "proto3";\npackage encoding.v1;\nmessage Test2 { int32 a = 1; }\nmessage Other {}\n');
  const gone = page.getByRole("status").filter({ hasText: "No “encoding.v1.Test1” in the schema." });
  await expect(gone).toBeVisible();
  await expect(page.getByRole("region", { name: "Problems" })).toContainText('the closest is "encoding.v1.Test2"');
  await gone.getByRole("button", { name: "Use encoding.v1.Test2" }).click();
  await expect(picker).toHaveValue("encoding.v1.Test2");
  await expect(gone).toBeHidden();
  await expect(page.getByRole("tree", { name: "Fields" })).toContainText("a (1)");
});
