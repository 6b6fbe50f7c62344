// Shared steps for the IDE tests. They wait on locators and on the app's own signal (the hex
// grid's `data-bytes-version`, bumped each time new bytes are in the DOM), never on fixed sleeps.
import { expect, type Locator, type Page } from "@playwright/test";

export type EditorName = "schema" | "protoscope" | "message";
const LABEL: Record<EditorName, string> = { schema: "Schema", protoscope: "Protoscope", message: "Message" };

export function bytesGrid(page: Page): Locator {
  return page.getByRole("grid", { name: "Bytes" });
}

/** Opens the app and waits until Monaco is up and the first bytes are shown. */
export async function openApp(page: Page, url = "/"): Promise<void> {
  await page.goto(url);
  await expect(bytesGrid(page)).not.toHaveAttribute("data-bytes-version", "0");
  // Monaco is up (its textarea exists even when its tab is not in front).
  await expect(page.locator('.monaco-host[data-editor="protoscope"] textarea')).toBeAttached();
}

export async function bytesVersion(page: Page): Promise<number> {
  return Number(await bytesGrid(page).getAttribute("data-bytes-version"));
}

/** Waits until the shown bytes come from a result newer than `version`. */
export async function waitForNewBytes(page: Page, version: number): Promise<void> {
  await expect.poll(() => bytesVersion(page)).toBeGreaterThan(version);
}

/** The hex text of every rendered byte cell, joined with spaces. */
export async function shownHex(page: Page): Promise<string> {
  const cells = await bytesGrid(page).getByRole("gridcell").allTextContents();
  return cells.filter((t) => /^[0-9a-f]{2}$/.test(t)).join(" ");
}

export async function showTab(page: Page, name: EditorName): Promise<void> {
  await page.getByRole("tab", { name: LABEL[name] }).click();
}

/** Replaces an editor's whole text by typing (as a user would), and waits for the new bytes. */
export async function replaceEditorText(page: Page, name: EditorName, text: string): Promise<void> {
  await showTab(page, name);
  const before = await bytesVersion(page);
  await page.locator(`.monaco-host[data-editor="${name}"] .view-lines`).click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(text);
  await waitForNewBytes(page, before);
}

/** The text Monaco shows for an editor (visible lines), with its non-breaking spaces normalised. */
export async function editorText(page: Page, name: EditorName): Promise<string> {
  const lines = await page.locator(`.monaco-host[data-editor="${name}"] .view-line`).evaluateAll((els) =>
    els
      .map((el) => ({ top: parseFloat((el as HTMLElement).style.top || "0"), text: el.textContent ?? "" }))
      .sort((a, b) => a.top - b.top)
      .map((l) => l.text),
  );
  return lines.join("\n").replace(/\u00a0/g, " ");
}
