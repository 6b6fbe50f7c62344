// The Evolve panel as a learner uses it: keep the schema as v1, edit v2 in the editor and watch
// the reader's view and buf's findings change; try a change with the what-if menu and make it
// with one click; a share link brings v1, the type and the change being tried back; the panel
// works from the keyboard and reads at 390 px.
import { expect, test, type Page } from "@playwright/test";
import { editorText, openApp, replaceEditorText, showTab } from "./helpers.ts";

const V2_SINT32 = `// The encoding guide's first example: one varint field.
syntax = "proto3";

package encoding.v1;

message Test1 {
  sint32 a = 1;
}
`;

const panel = (page: Page) => page.locator(".evolve-panel");
const record = (page: Page, field: number) => page.locator(`.evolve-reader li.evolve-record[data-field="${field}"]`).first();
const count = (page: Page, category: string) => page.locator(".evolve-buf").getByTestId(`evolve-count-${category}`);

async function keepV1(page: Page) {
  await page.getByRole("tab", { name: "Evolve" }).click();
  await page.getByRole("button", { name: "Keep this schema as v1" }).click();
  await expect(record(page, 1)).toHaveAttribute("data-outcome", "same");
}

test("edit v2: the reader's view and buf's findings follow each keystroke", async ({ page }) => {
  await openApp(page);
  await keepV1(page);
  for (const c of ["FILE", "PACKAGE", "WIRE_JSON", "WIRE"]) await expect(count(page, c)).toHaveText("0");
  await expect(page.getByTestId("evolve-summary")).toContainText("written with v1: 3 bytes");

  await replaceEditorText(page, "schema", V2_SINT32);
  await expect(record(page, 1)).toHaveAttribute("data-outcome", "reinterpreted");
  await expect(record(page, 1)).toContainText("v2 reads");
  await expect(record(page, 1)).toContainText("a (sint32) = 75");
  await expect(record(page, 1)).toContainText("a (int32) = 150");
  for (const c of ["FILE", "PACKAGE", "WIRE_JSON", "WIRE"]) await expect(count(page, c)).toHaveText("1");
  const wire = page.locator('.evolve-buf [data-category="WIRE"] li[data-rule="FIELD_WIRE_COMPATIBLE_TYPE"]');
  await expect(wire).toContainText('Field "1" with name "a" on message "Test1" changed type from "int32" to "sint32".');
  // The finding links to its line in v1: the kept schema opens with that line marked.
  await wire.getByRole("button", { name: "v1 schema.proto:8" }).click();
  await expect(page.locator('.evolve-v1 [data-v1-line="schema.proto:8"]')).toHaveClass(/is-highlighted/);
  await expect(page.locator('.evolve-v1 [data-v1-line="schema.proto:8"]')).toContainText("int32 a = 1;");

  // Selecting a record selects its bytes, so Explain works on them.
  await record(page, 1).getByRole("button").first().click();
  await expect(page.getByRole("grid", { name: "Bytes" }).getByRole("gridcell", { selected: true })).toHaveCount(3);
});

test("what if: try a change, see size, buf and the reader at once, then make it", async ({ page }) => {
  await openApp(page);
  await keepV1(page);
  const whatIf = page.locator(".evolve-whatif");
  await whatIf.getByLabel("Field").selectOption({ label: "a = 1 (int32)" });
  await whatIf.getByLabel("Change").selectOption({ label: "int32 → int64" });
  const result = page.getByTestId("evolve-whatif");
  await expect(result).toContainText("int32 → int64");
  await expect(result.getByTestId("evolve-count-WIRE")).toHaveText("0");
  await expect(result.getByTestId("evolve-count-FILE")).toHaveText("1");
  await whatIf.getByLabel("Change").selectOption({ label: "int32 → fixed32" });
  await expect(result.getByTestId("evolve-count-WIRE")).toHaveText("1");
  await expect(result.locator('li.evolve-record[data-field="1"]')).toHaveAttribute("data-outcome", "unknown-wire-type");
  await expect(result).toContainText("a v2 writer writes the same data in 5 (+2)");
  // The editor has not changed until asked.
  await showTab(page, "schema");
  await expect.poll(() => editorText(page, "schema")).toContain("  int32 a = 1;");
  await result.getByRole("button", { name: "Make this change in schema.proto" }).click();
  await expect.poll(() => editorText(page, "schema")).toContain("fixed32 a = 1;");
  await expect(record(page, 1)).toHaveAttribute("data-outcome", "unknown-wire-type");
});

test("a share link restores v1, the type and the change being tried", async ({ page, browser, baseURL }) => {
  await openApp(page);
  await keepV1(page);
  await replaceEditorText(page, "schema", V2_SINT32);
  await page.locator(".evolve-whatif").getByLabel("Field").selectOption({ label: "a = 1 (sint32)" });
  await page.locator(".evolve-whatif").getByLabel("Change").selectOption({ label: "rename to a_renamed" });
  await expect(page.getByTestId("evolve-whatif")).toContainText("rename to a_renamed");
  await page.getByRole("button", { name: "Copy link" }).click();
  const link = await page.getByLabel("Share link").inputValue();

  const fresh = await browser.newContext({ baseURL });
  const other = await fresh.newPage();
  await openApp(other, link);
  await other.getByRole("tab", { name: "Evolve" }).click();
  await expect(other.locator('.evolve-reader li.evolve-record[data-field="1"]')).toHaveAttribute("data-outcome", "reinterpreted");
  await expect(other.getByTestId("evolve-whatif")).toContainText("rename to a_renamed");
  await expect(other.locator(".evolve-v1 pre")).toContainText("int32 a = 1;");
  await fresh.close();
});

test("from the keyboard alone, and at 390 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openApp(page);
  const tab = page.getByRole("tab", { name: "Evolve" });
  await tab.focus();
  await page.keyboard.press("Enter");
  const keep = page.getByRole("button", { name: "Keep this schema as v1" });
  await keep.focus();
  await page.keyboard.press("Enter");
  await expect(record(page, 1)).toHaveAttribute("data-outcome", "same");
  const field = page.locator(".evolve-whatif").getByLabel("Field");
  await field.focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByTestId("evolve-whatif")).toBeVisible();
  // Nothing in the panel is wider than the screen.
  const overflow = await panel(page).first().evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
});

test("the kept v1 is saved with the work: a reload right after keeping it brings it back", async ({ page }) => {
  await openApp(page);
  await keepV1(page);
  await page.reload();
  await expect(page.locator(".monaco-host textarea").first()).toBeAttached();
  await page.getByRole("tab", { name: "Evolve" }).click();
  await expect(record(page, 1)).toHaveAttribute("data-outcome", "same");
  await expect(page.getByRole("button", { name: "Keep this schema as v1" })).toHaveCount(0);
});
