// The Arena and Layout panels in the built app. Every number the Arena view shows is compared
// with the engine's own trace (engine/arena), and the Layout view's offsets with what the CLI
// prints for the same schema. Waits on locators only.
import AxeBuilder from "@axe-core/playwright";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { arenaMarkers, parseArenaOps, simulateArena, simulateGoArena, type ArenaMode } from "../engine/arena/index.ts";
import { encodeShareHash } from "../web/src/features/share/shareLink.ts";
import { expectArenaStep } from "./helpers.ts";

const ROOT = join(import.meta.dirname, "..");
const EXAMPLE = join(ROOT, "examples/ide/05-log-entry");
const SCHEMA = readFileSync(join(EXAMPLE, "schema.proto"), "utf8");
const MESSAGE = readFileSync(join(EXAMPLE, "message.txtpb"), "utf8");
const SCRIPT = "alloc:24, alloc:100\nreset\nalloc:24, alloc:100, alloc:4096\nrealloc:4:4200";

function workspaceLink(panel: string, panels: Record<string, unknown>): string {
  return encodeShareHash(
    {
      files: [
        { kind: "proto", name: "schema.proto", text: SCHEMA },
        { kind: "textformat", name: "message.txtpb", text: MESSAGE, messageType: "log.v1.LogEntry" },
      ],
      active: "message.txtpb",
    },
    { panel, panels },
  );
}

async function openPanel(page: Page, hash: string, name: string): Promise<Locator> {
  await page.goto(`./${hash}`);
  await expect(page.getByRole("grid", { name: "Bytes" }).getByRole("gridcell").first()).toBeVisible();
  const panel = page.getByRole("region", { name, exact: true });
  await expect(panel).toBeVisible();
  return panel;
}

/** The numbers the Arena view shows for SCRIPT, against the engine's snapshot at `step`. */
const expectStep = (panel: Locator, mode: ArenaMode, step: number) => expectArenaStep(panel, SCRIPT, mode, step);

test.describe("Arena panel", () => {
  test("steps, scrubs and plays through the engine's trace", async ({ page }) => {
    const panel = await openPanel(page, workspaceLink("arena", { arena: { script: SCRIPT, mode: "design", step: 0 } }), "Arena");
    const trace = simulateArena(parseArenaOps(SCRIPT).ops, "design");
    const total = trace.events.length;
    await expectStep(panel, "design", 0);
    await expect(panel.locator("[data-marker]")).toHaveCount(arenaMarkers(trace).length);

    // Forward and Back, by mouse.
    for (let i = 1; i <= 3; i++) {
      await panel.getByRole("button", { name: "Forward" }).click();
      await expectStep(panel, "design", i);
    }
    await panel.getByRole("button", { name: "Back" }).click();
    await expectStep(panel, "design", 2);

    // The scrubber, by keyboard.
    const slider = panel.getByRole("slider", { name: "Step" });
    await slider.focus();
    await page.keyboard.press("End");
    await expectStep(panel, "design", total);
    await page.keyboard.press("Home");
    await expectStep(panel, "design", 0);
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
    await expectStep(panel, "design", 5);

    // Play at 4x to the end; Space pauses and plays.
    await panel.getByRole("combobox", { name: "Speed" }).selectOption("4");
    await panel.getByRole("button", { name: "First" }).click();
    await panel.getByRole("button", { name: "Play" }).click();
    await expect(panel.getByRole("button", { name: "Pause" })).toBeVisible();
    await expect(panel.getByTestId("arena-step")).toHaveText(`Step ${total} of ${total}`, { timeout: 20_000 });
    await expect(panel.getByRole("button", { name: "Play" })).toBeVisible();
    await expectStep(panel, "design", total);
    await panel.getByRole("button", { name: "First" }).click();
    await panel.getByRole("img").first().click();
    await page.keyboard.press("Space");
    await expect(panel.getByRole("button", { name: "Pause" })).toBeVisible();
    await page.keyboard.press("Space");
    await expect(panel.getByRole("button", { name: "Play" })).toBeVisible();
  });

  test("the listing as printed writes past its chunk", async ({ page }) => {
    const panel = await openPanel(page, workspaceLink("arena", { arena: { script: "alloc:8, alloc:64, alloc:128", mode: "listing", step: 0 } }), "Arena");
    await panel.getByRole("button", { name: "Last" }).click();
    await expect(panel.locator(".is-overflow")).not.toHaveCount(0);
    await expect(panel.getByTestId("arena-chunks")).toHaveText("1");
  });

  test("allocates every node of the decoded message", async ({ page }) => {
    const panel = await openPanel(page, workspaceLink("arena", { arena: { source: "message" } }), "Arena");
    // LogEntry: the message and its two strings.
    await expect(panel.getByTestId("arena-step")).toHaveText(/^Step 0 of \d+$/);
    await panel.getByRole("button", { name: "Last" }).click();
    await expect(panel.getByRole("img").first().locator("[data-block]")).toHaveCount(3);
  });
});

test("Go's arena package: where each variable lives and what -asan reports after Free, row by row as the engine says", async ({ page }) => {
  const goScript = "new p int\nmakeslice s int32 2 2\nappend s 1   # past the capacity\nfree\nwrite p\nread s[0]";
  const panel = await openPanel(page, workspaceLink("arena", { arena: { goScript } }), "Arena");
  const table = panel.getByTestId("goarena-table");
  const rowsOf = () => table.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("th, td")].map((c) => c.textContent)));
  const expected = (script: string) =>
    simulateGoArena(script).steps.map((s, i) => [
      script.split("\n").filter((l) => l.trim() !== "")[i]!.replace(/#.*$/, "").trim(),
      s.where ?? "—",
      s.asan.length === 0 ? "—" : s.asan.map((r) => `${r.error}: ${r.access} of size ${r.size}`).join("; "),
      s.asan.length > 0 ? "passes silently" : "—",
      s.note,
    ]);
  await expect(table.locator("tbody tr")).toHaveCount(6);
  expect(await rowsOf()).toEqual(expected(goScript));
  // What the facts say, row by row: the write through p after Free is use-after-poison
  // under -asan and silent without it; the slice appended past its capacity lives on the heap.
  expect((await rowsOf())[4]!.slice(0, 4)).toEqual(["write p", "arena", "use-after-poison: WRITE of size 8", "passes silently"]);
  expect((await rowsOf())[5]![1]).toBe("heap");
  // Editing the script is live, and a mistake is positioned.
  const box = panel.getByRole("textbox", { name: "Go arena script" });
  await box.fill("new p int\nfree\nread p");
  await expect(table.locator("tbody tr")).toHaveCount(3);
  expect(await rowsOf()).toEqual(expected("new p int\nfree\nread p"));
  await box.fill("new p int\nread q");
  await expect(panel.locator(".goarena").getByRole("alert")).toContainText("2:1:");
});

test.describe("Layout panel", () => {
  test("shows the offsets the CLI prints, open and opaque side by side", async ({ page }) => {
    const panel = await openPanel(page, workspaceLink("layout", {}), "Go struct layout");
    const cli = JSON.parse(
      execFileSync(process.execPath, [join(ROOT, "bin/wirelab.mjs"), "layout", join(EXAMPLE, "schema.proto"), "-I", EXAMPLE, "--type", "log.v1.LogEntry", "--api", "all", "--json"]).toString(),
    ) as { layouts: { api: string; size: number; fields: { go: string; offset: number }[] }[] };
    for (const api of ["open", "opaque"]) {
      const expected = cli.layouts.find((l) => l.api === api)!;
      const column = panel.locator(`section[data-api="${api}"]`);
      await expect(column.getByTestId(`layout-size-${api}`)).toHaveText(String(expected.size));
      const rows = await column.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [tr.getAttribute("data-field"), Number(tr.querySelector("td")!.textContent)]));
      expect(rows).toEqual(expected.fields.map((f) => [f.go, f.offset]));
    }
    await expect(panel.getByTestId("layout-allocs-open")).toHaveText(/^\d+$/);
  });
});

test("both panels pass an accessibility scan and are usable by keyboard", async ({ page }) => {
  for (const [id, name] of [["arena", "Arena"], ["layout", "Go struct layout"]] as const) {
    // (A new hash alone is a same-document navigation: start from a blank page each time.)
    await page.goto("about:blank");
    const panel = await openPanel(page, workspaceLink(id, {}), name);
    await expect(panel.locator("svg").first()).toBeVisible();
    const scan = await new AxeBuilder({ page }).include(`[data-panel="${id}"]`).analyze();
    expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
  // Keyboard only: reach the Forward button from the tab and step with Enter.
  await page.goto("about:blank");
  const panel = await openPanel(page, workspaceLink("arena", { arena: { script: SCRIPT, step: 0 } }), "Arena");
  await page.getByRole("tab", { name: "Arena" }).focus();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    if (await panel.getByRole("button", { name: "Forward" }).evaluate((b) => b === document.activeElement)) break;
  }
  await page.keyboard.press("Enter");
  await expectStep(panel, "design", 1);
});
