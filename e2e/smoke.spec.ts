import { expect, test } from "@playwright/test";
import { bytesGrid, openApp, shownHex } from "./helpers.ts";

test("the page opens on field 1 = 150 and shows its bytes 08 96 01", async ({ page }) => {
  await openApp(page);
  await expect(bytesGrid(page).getByRole("gridcell").first()).toHaveText("08");
  expect(await shownHex(page)).toBe("08 96 01");
});
