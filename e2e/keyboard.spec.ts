// A keyboard-only walk: from the top of the page, with Tab, arrows, Enter and Escape only, reach
// and operate the editor (and get out of it), the bytes, the field tree, the problems and every
// side panel. No clicks anywhere.
import { expect, test, type Page } from "@playwright/test";
import { openApp } from "./helpers.ts";

/** What has the keyboard focus: a short description for assertions and failure messages. */
async function focused(page: Page): Promise<{ tag: string; role: string; name: string; editor: string; inProblems: boolean; inSide: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName ?? "",
      role: el?.getAttribute("role") ?? "",
      name: el?.getAttribute("aria-label") ?? el?.textContent?.trim().slice(0, 60) ?? "",
      editor: el?.closest<HTMLElement>(".monaco-host")?.dataset.editor ?? "",
      inProblems: !!el?.closest("#problems"),
      inSide: !!el?.closest("#side-panels"),
    };
  });
}

/** Presses Tab until `done` holds (at most `max` times); fails saying where the focus went. */
async function tabUntil(page: Page, what: string, done: (f: Awaited<ReturnType<typeof focused>>) => boolean, max = 80): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const f = await focused(page);
    if (done(f)) return;
    seen.push(`${f.tag}${f.role ? `[${f.role}]` : ""} ${f.name}`);
  }
  throw new Error(`Tab never reached ${what}; focus went: ${seen.join(" → ")}`);
}

test("keyboard only: editor in and out, bytes, tree, problems and every side panel", async ({ page }) => {
  await openApp(page);
  await page.keyboard.press("Escape");

  // The first Tab shows a skip link.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to the editor" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();

  // The editor: reach it, type into it, and leave it with Escape then Tab.
  // The skip link focuses the editor in front: Monaco's, once it has drawn (under load, openApp can
  // return while it is still coming up, and the link would find only its placeholder).
  await expect(page.locator(".monaco-host .view-lines").filter({ visible: true })).toHaveCount(1);
  await page.keyboard.press("Enter");
  await expect.poll(async () => (await focused(page)).editor).not.toBe("");
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type("\n3: 7 }");
  await expect(page.getByRole("region", { name: "Problems" }).getByRole("listitem").first()).toBeVisible();
  await page.keyboard.press("Tab"); // indents: still in the editor
  expect((await focused(page)).editor).not.toBe("");
  await expect(page.getByText("To leave the editor: Escape, then Tab")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByText("Press Tab to leave the editor.")).toBeVisible();
  await page.keyboard.press("Tab");
  expect((await focused(page)).editor, "Escape then Tab leaves the editor").toBe("");

  // The problems: reach the list and jump to a problem (the focus lands in the editor).
  await tabUntil(page, "a problem", (f) => f.inProblems && f.tag === "BUTTON");
  await page.keyboard.press("Enter");
  await expect.poll(async () => (await focused(page)).editor).toContain("protoscope");
  // Ctrl/Cmd+M makes Tab move the focus, the same for every editor, until pressed again.
  await page.keyboard.press("ControlOrMeta+m");
  await expect(page.getByText(/Tab moves the focus out of the editor/)).toBeVisible();
  await page.keyboard.press("Tab");
  expect((await focused(page)).editor).toBe("");
  // Undo the typed error from the keyboard: back in, Ctrl/Cmd+Z until the problem is gone.
  await page.keyboard.press("Shift+Tab");
  expect((await focused(page)).editor).toContain("protoscope");
  await page.keyboard.press("ControlOrMeta+m");
  for (let i = 0; i < 3; i++) await page.keyboard.press("ControlOrMeta+z");
  await expect(page.getByRole("region", { name: "Problems" }).getByRole("listitem")).toHaveCount(0);

  // The bytes: move with the arrows; the selected byte follows.
  await page.keyboard.press("Escape");
  await tabUntil(page, "the bytes", (f) => f.role === "grid");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(page.locator("#hex-2")).toHaveAttribute("aria-selected", "true");

  // Every side panel: reach the tabs, open each with the arrows, and use what it shows.
  await tabUntil(page, "the side panel tabs", (f) => f.inSide && f.role === "tab");
  const tabs = page.getByRole("tablist", { name: "Details" }).getByRole("tab");
  const count = await tabs.count();
  expect(count).toBeGreaterThanOrEqual(3);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const tab = page.getByRole("tab", { selected: true }).and(tabs);
    await expect(tab).toBeFocused();
    const name = (await tab.textContent())!.trim();
    names.push(name);
    const panel = page.getByRole("tabpanel", { name });
    await expect(panel).toBeVisible();
    if (name === "Field tree") {
      // Into the tree (past the "whole window" switch) and back: Down selects the next row.
      await page.keyboard.press("Tab");
      await expect(page.getByRole("button", { name: "Use the whole window" })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(page.getByRole("tree", { name: "Fields" })).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(page.getByRole("treeitem", { selected: true })).toHaveCount(1);
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Shift+Tab");
    } else if (name === "Explain") {
      await expect(panel.getByRole("region", { name: "Explain" }).getByRole("heading", { level: 3 })).toBeVisible();
    }
    await page.keyboard.press("ArrowRight");
  }
  expect(names).toContain("Explain");
  expect(new Set(names).size).toBe(count);

  // Help from the keyboard: ? opens it, Escape closes it.
  await page.keyboard.press("?");
  await expect(page.getByRole("dialog", { name: "Help" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Help" })).toBeHidden();
});
