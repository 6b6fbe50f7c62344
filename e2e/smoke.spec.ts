import { expect, test } from "@playwright/test";

test("the page shows the bytes of field 1 = 150", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("example-bytes")).toHaveText("08 96 01");
});
