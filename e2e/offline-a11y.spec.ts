import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { editorText, fileTab, openApp, replaceEditorText, shownHex, showTab } from "./helpers.ts";

test("with every request to another origin blocked, the app still works", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const attempted: string[] = [];
  await page.context().route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`) || url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
    attempted.push(url);
    return route.abort("blockedbyclient");
  });
  await openApp(page);
  await replaceEditorText(page, "protoscope", '2: {"offline"}');
  expect(await shownHex(page)).toBe("12 07 6f 66 66 6c 69 6e 65");
  // The schema editor (its language, hover and markers) loads from the same origin too.
  await showTab(page, "schema");
  await expect.poll(() => editorText(page, "schema")).toContain("message Test1");
  expect(attempted, "requests to other origins").toEqual([]);
});

test("the accessibility scan finds no serious or critical violations", async ({ page }) => {
  await openApp(page);
  await expect(page.getByRole("grid", { name: "Bytes" })).toBeVisible();
  await expect(page.getByRole("tree", { name: "Fields" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Problems" })).toBeVisible();
  // Every file's tab and editor, each named by its file.
  for (const name of ["schema.proto", "message.protoscope", "message.txtpb"]) {
    await fileTab(page, name).click();
    await expect(fileTab(page, name)).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("textbox", { name, exact: true })).toBeAttached();
  }
  await fileTab(page, "message.protoscope").click();
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const summary = bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary).toEqual([]);
});

test("the dark theme passes the same scan", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await openApp(page);
  await page.getByLabel("Examples").selectOption("enum-collision");
  await expect(page.getByRole("region", { name: "Problems" })).toContainText("already defined");
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const summary = bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary).toEqual([]);
});

test("the theme follows the system until the learner picks one, and the pick wins both ways", async ({ page }) => {
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const LIGHT = "rgb(255, 255, 255)";
  const DARK = "rgb(22, 24, 28)";
  await page.emulateMedia({ colorScheme: "dark" });
  await openApp(page);
  expect(await background()).toBe(DARK);
  await page.locator("summary", { hasText: /^View$/ }).click();
  await page.getByLabel("Theme").selectOption("light");
  await expect.poll(background).toBe(LIGHT);
  await page.emulateMedia({ colorScheme: "light" });
  await page.getByLabel("Theme").selectOption("dark");
  await expect.poll(background).toBe(DARK);
  await page.getByLabel("Theme").selectOption("system");
  await expect.poll(background).toBe(LIGHT);
});
