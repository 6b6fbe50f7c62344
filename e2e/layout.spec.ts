// The app at a laptop (1440, 1280) and a phone (390) width: nothing wider than the screen
// (checked from the DOM), the toolbar on one line at 1440, the hex view's ASCII column whole
// from 1280 up, panes stacked below 900, and the accessibility scan clean at each width.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { bytesVersion, openApp, waitForNewBytes } from "./helpers.ts";

/** Elements whose right edge is past the viewport (visible ones only), as short descriptions. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width) out.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    for (const el of document.querySelectorAll<HTMLElement>("body *")) {
      if (!el.checkVisibility() || el.closest(".hex-measure, .monaco-editor, .visually-hidden, .skip-links")) continue;
      const r = el.getBoundingClientRect();
      // Only what is not inside a scrolling pane counts: a pane's scrolled content is reachable.
      let clipped = false;
      for (let p = el.parentElement; p; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (/(auto|scroll|hidden)/.test(style.overflowX) && p !== document.body && p !== document.documentElement) {
          clipped = true;
          break;
        }
      }
      if (!clipped && r.width > 0 && r.right > width + 1) out.push(`${el.tagName.toLowerCase()}.${el.className} ends at ${Math.round(r.right)}`);
    }
    return out.slice(0, 10);
  });
}

async function axe(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
}

/** A longer example, so the hex view has full rows. */
async function openLongExample(page: Page) {
  const before = await bytesVersion(page);
  await page.getByLabel("Examples").selectOption("ide/05-log-entry");
  await waitForNewBytes(page, before);
}

for (const width of [1440, 1280, 390]) {
  test(`at ${width} px nothing overflows and the accessibility scan passes`, async ({ page }, info) => {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await openApp(page);
    await openLongExample(page);
    await page.screenshot({ path: info.outputPath(`wirelab-${width}.png`) });
    expect(await overflowing(page)).toEqual([]);
    // Every file tab shows its whole name, inside the tab strip (the strip wraps, never clips).
    const cut = await page.getByRole("tablist", { name: "Files" }).evaluate((list) => {
      const edge = list.getBoundingClientRect().right;
      return [...list.querySelectorAll<HTMLElement>('[role="tab"]')].filter((t) => t.scrollWidth > t.clientWidth || t.getBoundingClientRect().right > edge + 1).map((t) => t.textContent);
    });
    expect(cut, "file tabs cut off").toEqual([]);

    const grid = page.getByRole("grid", { name: "Bytes" });
    // The ASCII column of the first row ends inside the hex view.
    const [ascii, scroller] = await Promise.all([grid.locator(".hex-ascii").first().boundingBox(), grid.boundingBox()]);
    expect(ascii!.x + ascii!.width).toBeLessThanOrEqual(scroller!.x + scroller!.width);
    const cellsInRow = await grid.getByRole("row").first().getByRole("gridcell").count();
    if (width >= 1280) expect(cellsInRow, "16 bytes a row on a laptop").toBe(16);

    if (width === 1440) {
      // One line: every control of the toolbar sits on the same row.
      const tops = await page.locator(".app-header > *").evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent).map((e) => Math.round(e.getBoundingClientRect().top)));
      const bottoms = await page.locator(".app-header > *").evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent).map((e) => Math.round(e.getBoundingClientRect().bottom)));
      expect(Math.max(...tops), "toolbar on one line").toBeLessThan(Math.min(...bottoms));
    }
    if (width < 900) {
      // Stacked: the bytes are below the editors, not beside them.
      const [inputs, bytes] = await Promise.all([page.locator("#editor-area").boundingBox(), page.locator(".hex-panel").boundingBox()]);
      expect(bytes!.y).toBeGreaterThanOrEqual(inputs!.y + inputs!.height - 1);
      expect(bytes!.width).toBeGreaterThan(width * 0.9);
    }

    // Every side panel at this width: no overflow, and the scan passes with it open.
    const tabs = page.getByRole("tablist", { name: "Details" }).getByRole("tab");
    for (let i = 0; i < (await tabs.count()); i++) {
      await tabs.nth(i).click();
      await expect(tabs.nth(i)).toHaveAttribute("aria-selected", "true");
      expect(await overflowing(page), `with ${await tabs.nth(i).textContent()} open`).toEqual([]);
    }
    // Sizes (with its comparison) gets the whole window when asked, and gives it back.
    await page.getByRole("tab", { name: "Sizes" }).click();
    await page.getByRole("button", { name: "Use the whole window" }).click();
    await expect(page.getByRole("grid", { name: "Bytes" })).toBeHidden();
    const sizes = await page.getByRole("tabpanel", { name: "Sizes" }).boundingBox();
    expect(sizes!.width).toBeGreaterThan(width * 0.9);
    expect(await overflowing(page), "Sizes using the whole window").toEqual([]);
    await page.getByRole("button", { name: "Back to the editors" }).click();
    await expect(page.getByRole("grid", { name: "Bytes" })).toBeVisible();

    await page.getByRole("tab", { name: "Explain" }).click();
    await page.locator("#hex-0").click();
    await expect(page.getByRole("region", { name: "Explain" }).getByRole("heading", { level: 3 })).toBeVisible();
    await page.screenshot({ path: info.outputPath(`wirelab-${width}-explain.png`), fullPage: true });
    expect(await overflowing(page)).toEqual([]);
    expect(await axe(page)).toEqual([]);
  });
}

test("the welcome is dismissed once and stays dismissed; Help lists the shortcuts", async ({ page }) => {
  await openApp(page);
  const welcome = page.getByRole("region", { name: /Welcome to Wirelab/ });
  await expect(welcome).toBeVisible();
  await expect(welcome).toContainText("The editors hold a schema");
  await expect(welcome).toContainText("The bytes they make sit beside them");
  await expect(welcome).toContainText("Problems are listed at the bottom");
  await expect(welcome).toContainText("The course starts");
  await welcome.getByRole("button", { name: "Keyboard shortcuts" }).click();
  const help = page.getByRole("dialog", { name: "Help" });
  await expect(help).toBeVisible();
  await expect(help.getByRole("table", { name: "Keyboard shortcuts" })).toContainText("Escape, then Tab");
  await help.getByRole("button", { name: "Close" }).click();
  await expect(help).toBeHidden();
  await welcome.getByRole("button", { name: "Got it, hide this" }).click();
  await expect(welcome).toBeHidden();
  await page.reload();
  await openApp(page);
  await expect(page.getByRole("region", { name: /Welcome to Wirelab/ })).toHaveCount(0);
});

test("opening a lesson retires the welcome, on this device", async ({ page }) => {
  await openApp(page);
  const welcome = page.getByRole("region", { name: /Welcome to Wirelab/ });
  await welcome.getByRole("button", { name: "Start the course" }).click();
  await page.getByRole("navigation", { name: "Course" }).getByRole("button", { name: "Varints, tags and wire types" }).click();
  await expect(welcome).toHaveCount(0);
  await page.getByRole("button", { name: "← Course" }).click();
  await page.reload();
  await openApp(page);
  await expect(page.getByRole("region", { name: /Welcome to Wirelab/ })).toHaveCount(0);
});

test("at 1440 px with a lesson open and its Sizes panel unveiled, the toolbar stays on one line and nothing overflows", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page);
  await page.getByRole("tab", { name: "Lessons" }).click();
  await page.getByRole("navigation", { name: "Course" }).getByRole("button", { name: "Compression: when varints stop mattering" }).click();
  // The Sizes panel waits for the lesson's predictions.
  for (const id of ["compression/smallest-raw", "compression/smallest-gzip"]) {
    const guess = page.locator(`[data-predict="${id}"]`).getByRole("textbox", { name: "Your guess" });
    await guess.fill("packed varint");
    await guess.press("Enter");
  }
  await expect(page.getByRole("region", { name: "Compressed sizes" })).toBeVisible();
  const edges = await page.locator(".app-header > *").evaluateAll((els) =>
    els.filter((e) => (e as HTMLElement).offsetParent).map((e) => [Math.round(e.getBoundingClientRect().top), Math.round(e.getBoundingClientRect().bottom)]),
  );
  expect(Math.max(...edges.map((e) => e[0]!)), "toolbar on one line").toBeLessThan(Math.min(...edges.map((e) => e[1]!)));
  expect(await overflowing(page)).toEqual([]);
  // The Sizes panel's text wraps to its column (its help paragraph ends inside the panel).
  const [help, panel] = await Promise.all([page.locator(".sizes-help").first().boundingBox(), page.locator('[data-panel="sizes"]').boundingBox()]);
  expect(help!.x + help!.width).toBeLessThanOrEqual(panel!.x + panel!.width + 1);
});
