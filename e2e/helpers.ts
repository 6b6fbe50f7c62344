// Shared steps for the IDE tests. They wait on locators and on the app's own signal (the hex
// grid's `data-bytes-version`, bumped each time new bytes are in the DOM), never on fixed sleeps.
import { expect, type Locator, type Page } from "@playwright/test";
import { arenaSnapshot, parseArenaOps, simulateArena, type ArenaMode } from "../engine/arena/index.ts";

/** The default example's three files by role, or any file name. */
export type EditorName = "schema" | "protoscope" | "message" | (string & {});
const FILE: Record<string, string> = { schema: "schema.proto", protoscope: "message.protoscope", message: "message.txtpb" };

/** The file name an editor shows (the roles name the default example's files). */
export function fileName(name: EditorName): string {
  return FILE[name] ?? name;
}

/** A file's editor host. */
export function editorHost(page: Page, name: EditorName): Locator {
  return page.locator(`.monaco-host[data-editor="${fileName(name)}"]`);
}

export function bytesGrid(page: Page): Locator {
  return page.getByRole("grid", { name: "Bytes" });
}

/** Opens the app and waits until Monaco is up and the first bytes are shown. */
export async function openApp(page: Page, url = "/"): Promise<void> {
  await page.goto(url);
  await expect(bytesGrid(page)).not.toHaveAttribute("data-bytes-version", "0");
  // Monaco is up (its textarea exists even when its tab is not in front).
  await expect(page.locator(".monaco-host textarea").first()).toBeAttached();
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

export function fileTab(page: Page, name: EditorName): Locator {
  // The whole name (order.proto is not order.protoscope), with the input's mark or without.
  const exact = fileName(name).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return page.getByRole("tablist", { name: "Files" }).getByRole("tab", { name: new RegExp(`^${exact}( \\(input\\))?( · graded| · given)?$`) });
}

export async function showTab(page: Page, name: EditorName): Promise<void> {
  await fileTab(page, name).click();
}

/** Replaces an editor's whole text by typing (as a user would), and waits for the new bytes. */
export async function replaceEditorText(page: Page, name: EditorName, text: string): Promise<void> {
  await showTab(page, name);
  const before = await bytesVersion(page);
  // Near the top left of the text: a short file's lines can be narrower than the overview ruler over them.
  await editorHost(page, name).locator(".view-lines").click({ position: { x: 8, y: 6 } });
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(text);
  await waitForNewBytes(page, before);
}

/** The text Monaco shows for an editor (visible lines), with its non-breaking spaces normalised. */
export async function editorText(page: Page, name: EditorName): Promise<string> {
  const lines = await editorHost(page, name).locator(".view-line").evaluateAll((els) =>
    els
      .map((el) => ({ top: parseFloat((el as HTMLElement).style.top || "0"), text: el.textContent ?? "" }))
      .sort((a, b) => a.top - b.top)
      .map((l) => l.text),
  );
  return lines.join("\n").replace(/\u00a0/g, " ");
}

/** Every number the Arena view shows for `script` at `step`, against the engine's own snapshot. */
export async function expectArenaStep(panel: Locator, script: string, mode: ArenaMode, step: number): Promise<void> {
  const trace = simulateArena(parseArenaOps(script).ops, mode);
  const snap = arenaSnapshot(trace, step);
  const r = snap.registers;
  await expect(panel.getByTestId("arena-step")).toHaveText(`Step ${step} of ${trace.events.length}`);
  await expect(panel.getByTestId("arena-left")).toHaveText(String(r.left));
  await expect(panel.getByTestId("arena-next")).toHaveText(r.chunk === null ? "nil" : `chunk #${r.chunk} +${r.offset}`);
  await expect(panel.getByTestId("arena-requested")).toHaveText(`${r.stats.requested} B`);
  await expect(panel.getByTestId("arena-reserved")).toHaveText(`${r.stats.reserved} B`);
  await expect(panel.getByTestId("arena-wasted")).toHaveText(`${r.stats.wasted} B`);
  await expect(panel.getByTestId("arena-chunks")).toHaveText(String(r.stats.chunks));
  const diagram = panel.getByRole("img").first();
  await expect(diagram).toHaveAttribute("data-step", String(step));
  await expect(diagram.locator("[data-chunk]")).toHaveCount(snap.chunks.length);
  const blocks = await diagram
    .locator("[data-block]")
    .evaluateAll((els) => els.map((e) => [Number(e.getAttribute("data-block")), Number(e.getAttribute("data-offset")), Number(e.getAttribute("data-size"))]));
  blocks.sort((a, b) => a[0]! - b[0]!);
  expect(blocks).toEqual(snap.blocks.filter((b) => b.chunk !== null).map((b) => [b.index, b.offset, b.size]));
}
