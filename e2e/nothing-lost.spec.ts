// Nothing typed is lost: close the page right after typing (0, 50 and 300 ms after the last
// keystroke, running its unload handlers as a closing tab does), or crash its renderer two
// seconds after, and the reopened workspace has the last edit. For a 10 KB and a 1 MB workspace
// (the 1 MB one is run and saved through the engine Worker).
//
// The waits after the keystroke are the point of the test (how soon after typing the tab goes),
// not a way to wait for the app.
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { encodeShareHash } from "../web/src/features/share/shareLink.ts";
import { editorHost, editorText, openApp } from "./helpers.ts";

const FILE = "message.protoscope";

/** Protoscope of about `chars` characters that does not compress to nothing (a 1 MB save is a real one). */
function document(chars: number): string {
  const lines: string[] = [];
  let n = 0;
  for (let i = 1; n < chars; i++) {
    const line = `${(i % 500) + 1}: ${(i * 7919) % 100003}`;
    lines.push(line);
    n += line.length + 1;
  }
  return lines.join("\n") + "\n";
}

const SIZES = [
  { label: "10 KB", chars: 10 * 1024 },
  { label: "1 MB", chars: 1024 * 1024 },
];

/** Opens a named workspace holding `text`, types `marker` at its end, and returns the page. */
async function typeAtEnd(context: BrowserContext, workspace: string, text: string, marker: string): Promise<Page> {
  const page = await context.newPage();
  await openApp(page, `/?workspace=${workspace}` + encodeShareHash({ files: [{ kind: "protoscope", name: FILE, text, messageType: "" }], active: FILE }));
  await editorHost(page, FILE).locator(".view-lines").click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(marker);
  return page;
}

/** Reopens the workspace (no link: its autosave) and checks the marker is at its end. */
async function expectMarker(context: BrowserContext, workspace: string, marker: string): Promise<void> {
  const page = await context.newPage();
  await openApp(page, `/?workspace=${workspace}`);
  await editorHost(page, FILE).locator(".view-lines").click();
  await page.keyboard.press("ControlOrMeta+End");
  await expect.poll(() => editorText(page, FILE), { timeout: 20_000 }).toContain(marker);
  await page.close();
}

for (const { label, chars } of SIZES) {
  test.describe(`a ${label} workspace`, () => {
    test.setTimeout(120_000);
    const text = document(chars);

    for (const delay of [0, 50, 300]) {
      test(`closed ${delay} ms after the last keystroke keeps the edit`, async ({ context }) => {
        const workspace = `close-${chars}-${delay}`;
        const marker = `536870911: ${delay}7`;
        const page = await typeAtEnd(context, workspace, text, marker);
        // The delay is what this test varies (issue 9: close 0, 50 and 300 ms after typing), not a
        // wait for the app: no signal may be awaited here, or the test would wait for the save it checks.
        if (delay > 0) await page.waitForTimeout(delay);
        const closed = page.waitForEvent("close");
        await page.close({ runBeforeUnload: true });
        await closed;
        await expectMarker(context, workspace, marker);
      });
    }

    test("a renderer crash 2 s after the last keystroke keeps the edit", async ({ context }) => {
      const workspace = `crash-${chars}`;
      const marker = "536870911: 2000";
      const page = await typeAtEnd(context, workspace, text, marker);
      // The promise under test: whatever was typed 2 s before a crash is already saved. Waiting
      // for the app's own save signal instead would make the test pass however slow the save is.
      await page.waitForTimeout(2000);
      const crashed = page.waitForEvent("crash");
      // No pagehide, no unload: only what was already saved survives.
      void page.goto("chrome://crash").catch(() => {});
      await crashed;
      await page.close().catch(() => {});
      await expectMarker(context, workspace, marker);
    });
  });
}

test("a save that cannot be read is moved to a backup key and the learner is told, not overwritten by the next edit", async ({ page }) => {
  await page.goto("/?workspace=damaged");
  await page.evaluate(() => localStorage.setItem("wirelab:workspace:damaged", "#w99.written-by-a-newer-wirelab"));
  await openApp(page, "/?workspace=damaged");
  await expect(page.getByRole("status").filter({ hasText: "could not be opened" })).toContainText('"wirelab:workspace:damaged:unreadable"');
  await editorHost(page, FILE).locator(".view-lines").click();
  await page.keyboard.type("7: 7\n");
  await page.goto("about:blank");
  const other = await page.context().newPage();
  await other.goto("/?workspace=damaged");
  const backup = await other.evaluate(() => localStorage.getItem("wirelab:workspace:damaged:unreadable"));
  expect(backup).toBe("#w99.written-by-a-newer-wirelab");
  await expect.poll(() => other.evaluate(() => localStorage.getItem("wirelab:workspace:damaged")?.slice(0, 4))).toMatch(/^#w4/);
});
