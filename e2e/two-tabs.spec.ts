// Two tabs on the same work, as learners open them: neither loses the other's files or course
// progress. Edits to different files merge; a file both changed keeps each tab's own text, the
// other's kept under Restore; a completion or a guess in one tab shows in the other at once and
// survives both tabs' later saves. A share link pasted into an open tab opens there, the work
// before it kept.
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { encodeShareHash } from "../web/src/features/share/shareLink.ts";
import { editorHost, editorText, fileTab, openApp, replaceEditorText } from "./helpers.ts";

const files = (a: string, b: string) =>
  encodeShareHash({
    files: [
      { kind: "protoscope", name: "a.protoscope", text: a, messageType: "" },
      { kind: "protoscope", name: "b.protoscope", text: b, messageType: "" },
    ],
    active: "a.protoscope",
  });

async function twoTabs(context: BrowserContext, workspace: string): Promise<[Page, Page]> {
  const one = await context.newPage();
  // The work both tabs open: an autosave of two files, written from a page of the same origin
  // that is not the app (an app page open here could save its own workspace over it as it goes).
  await one.goto("/sw.js");
  await one.evaluate(([k, v]) => localStorage.setItem(k!, v!), [`wirelab:workspace:${workspace}`, files("1: 1", "2: 2")]);
  await openApp(one, `/?workspace=${workspace}`);
  expect(await editorText(one, "a.protoscope")).toBe("1: 1");
  const two = await context.newPage();
  await openApp(two, `/?workspace=${workspace}`);
  expect(await editorText(two, "a.protoscope")).toBe("1: 1");
  return [one, two];
}

test("edits to different files in two tabs both survive, in both tabs and after a reload", async ({ context }) => {
  const [one, two] = await twoTabs(context, "tabs-merge");
  await replaceEditorText(one, "a.protoscope", "1: 100");
  await replaceEditorText(two, "b.protoscope", "2: 200");
  // Each tab takes in the other's file.
  await fileTab(one, "b.protoscope").click();
  await expect.poll(() => editorText(one, "b.protoscope")).toBe("2: 200");
  await fileTab(two, "a.protoscope").click();
  await expect.poll(() => editorText(two, "a.protoscope")).toBe("1: 100");
  const three = await context.newPage();
  await openApp(three, "/?workspace=tabs-merge");
  await expect.poll(() => editorText(three, "a.protoscope")).toBe("1: 100");
  await fileTab(three, "b.protoscope").click();
  await expect.poll(() => editorText(three, "b.protoscope")).toBe("2: 200");
});

test("a file both tabs changed at once: nothing is overwritten until the learner chooses, and the other version is under Restore", async ({ context }) => {
  const [one, two] = await twoTabs(context, "tabs-conflict");
  for (const p of [one, two]) {
    await fileTab(p, "a.protoscope").click();
    await editorHost(p, "a.protoscope").locator(".view-lines").click();
    await p.keyboard.press("ControlOrMeta+End");
  }
  // Both type into a.protoscope before either hears of the other's save: "1: 11" and "1: 12".
  await Promise.all([one.keyboard.insertText("1"), two.keyboard.insertText("2")]);
  const alert = (p: Page) => p.getByRole("alert", { name: "Changed in another tab" });
  await expect.poll(async () => (await alert(one).count()) + (await alert(two).count())).toBeGreaterThan(0);
  const [tab, mine, other] = (await alert(one).isVisible()) ? [one, "1: 11", "1: 12"] : [two, "1: 12", "1: 11"];
  await expect(alert(tab)).toContainText("Another tab also changed a.protoscope");
  expect(await editorText(tab, "a.protoscope")).toBe(mine);
  await alert(tab).getByRole("button", { name: "Keep this tab's version" }).click();
  await expect(alert(tab)).toHaveCount(0);
  await tab.getByRole("button", { name: "Restore previous work" }).click();
  await expect.poll(() => editorText(tab, "a.protoscope")).toBe(other);
});

test("a completion in one tab shows in the other at once, and a guess there does not undo it", async ({ context }) => {
  const one = await context.newPage();
  await openApp(one);
  const two = await context.newPage();
  await openApp(two);
  for (const p of [one, two]) await p.getByRole("tab", { name: "Lessons" }).click();
  await one.getByRole("navigation", { name: "Course" }).getByRole("button", { name: "Varints, tags and wire types" }).click();
  await one.locator('li[data-exercise="write-bytes"]').getByRole("button").click();
  await replaceEditorText(one, "message.protoscope", '1: 150\n2: {"testing"}\n');
  await one.locator(".exercise-bar").getByRole("button", { name: "Check" }).click();
  await expect(one.getByTestId("exercise-grade")).toContainText("All checks passed.");
  // The other tab counts it without a reload.
  await expect(two.getByRole("navigation", { name: "Course" })).toContainText("1 of");
  // The other tab guesses in lesson 1; the first tab's completion stays, and the guess reaches it.
  await two.getByRole("navigation", { name: "Course" }).getByRole("button", { name: "Varints, tags and wire types" }).click();
  const predict = two.locator('[data-predict="varints/varint-300"]');
  await predict.getByRole("textbox", { name: "Your guess" }).fill("2");
  await predict.getByRole("textbox", { name: "Your guess" }).press("Enter");
  await expect(two.locator('li[data-exercise="write-bytes"]')).toContainText("✓ complete");
  await expect(one.locator('[data-predict="varints/varint-300"]')).toHaveAttribute("data-verdict", "right");
  await one.reload();
  await expect(one.locator('li[data-exercise="write-bytes"]')).toContainText("✓ complete");
  await expect(one.locator('[data-predict="varints/varint-300"]')).toHaveAttribute("data-verdict", "right");
});

test("a share link pasted into an open tab opens there, and Restore brings back the work before it", async ({ page }) => {
  await openApp(page, "/?workspace=pasted" + files("1: 5", "2: 6"));
  await replaceEditorText(page, "a.protoscope", "1: 7");
  const link = files("9: 9", "8: 8");
  await page.evaluate((hash) => (location.hash = hash), link);
  await expect.poll(() => editorText(page, "a.protoscope")).toBe("9: 9");
  await expect(page.getByRole("status").filter({ hasText: "Opened the link" })).toBeVisible();
  await page.getByRole("button", { name: "Restore previous work" }).click();
  await expect.poll(() => editorText(page, "a.protoscope")).toBe("1: 7");
});
