// The course in the app: complete an exercise and it stays complete after a reload; "Show
// solution" puts the solution beside the attempt without touching it; Reset restores the start;
// progress exports to a file and imports back; a lesson and its steps preset the panels beside
// the page; guesses and check results survive a reload; the lesson pages pass the accessibility
// scan.
import AxeBuilder from "@axe-core/playwright";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { openApp } from "./helpers.ts";
import { FIGURES } from "../engine/lessons/index.ts";
import "../engine/lessons/figures-memory.ts";

const START = readFileSync(new URL("../lessons/01-varints/start/write-bytes/message.protoscope", import.meta.url), "utf8");
const ANSWER = '1:VARINT 150\n2:LEN 7 "testing"\n';

async function openLesson(page: Page, title: string | RegExp) {
  await page.getByRole("tab", { name: "Lessons" }).click();
  await page.getByRole("navigation", { name: "Course" }).getByRole("button", { name: title }).click();
  await expect(page.getByRole("complementary", { name: "Lesson" }).locator("#lesson-title")).toBeVisible();
}

async function openVarints(page: Page) {
  await openLesson(page, "Varints, tags and wire types");
  await expect(page.getByRole("heading", { name: "1. Varints, tags and wire types" })).toBeVisible();
}

const exercise = (page: Page) => page.locator('[data-exercise="write-bytes"]');
const attempt = (page: Page) => exercise(page).getByRole("textbox", { name: "message.protoscope" });

async function scan(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  return bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
}

test("complete an exercise, reload: still complete; the overview counts it", async ({ page }) => {
  await openApp(page);
  await openVarints(page);
  // Live figures: the engine's bytes for 150 are on the page.
  await expect(page.locator(".lesson-page")).toContainText("96 01");
  // Code blocks are highlighted by Monaco's protoscope tokenizer, as React elements.
  await expect(page.locator(".lesson-page code.language-protoscope span").nth(2)).toBeAttached();
  await expect(attempt(page)).toHaveValue(START);
  await exercise(page).getByRole("button", { name: "Check" }).click();
  await expect(exercise(page).getByRole("status")).toContainText("checks failed");
  await attempt(page).fill(ANSWER);
  await exercise(page).getByRole("button", { name: "Check" }).click();
  await expect(exercise(page).getByRole("status")).toContainText("All checks passed.");
  await expect(exercise(page).getByRole("heading")).toContainText("complete");
  await page.reload();
  await openVarints(page);
  await expect(exercise(page).getByRole("heading")).toContainText("complete");
  await expect(attempt(page)).toHaveValue(ANSWER);
  await page.getByRole("button", { name: "← Course" }).click();
  await expect(page.getByRole("navigation", { name: "Course" })).toContainText("1 of");
});

test("a lesson opens its files in the editor and shows its benchmark suite", async ({ page }) => {
  await openApp(page);
  await openLesson(page, "Enum values need prefixes");
  await expect(page.getByRole("region", { name: "Problems" })).toContainText("already defined");
  await expect(page.locator(".lesson-bench")).toContainText("Benchmark: the varint suite");
});

test("a lesson step presets the Arena beside the page: script, reading and step", async ({ page }) => {
  await openApp(page);
  await openLesson(page, "A bump-pointer arena, chunk by chunk");
  // Opening the lesson puts the Arena in front with the lesson's allocations, at the start.
  await expect(page.getByRole("tab", { name: "Arena" })).toHaveAttribute("aria-selected", "true");
  const arena = page.locator('[data-panel="arena"]');
  await expect(arena.getByRole("textbox", { name: /Operations/ })).toHaveValue(/alloc:8, alloc:8[\s\S]*alloc:1000$/);
  await expect(arena.getByTestId("arena-step")).toHaveText("Step 0 of 17");
  // A step the prose points at: the ninth 8-byte allocation opens the 16-word chunk.
  const lesson = page.getByRole("complementary", { name: "Lesson" });
  await lesson.getByRole("button", { name: "jump to the ninth allocation's new chunk" }).click();
  await expect(arena.getByTestId("arena-step")).toHaveText("Step 10 of 17");
  await expect(arena.getByTestId("arena-event")).toHaveText("grow chunk #1 of 16 words");
  await expect(arena.getByRole("radio", { name: "the design (prose)" })).toBeChecked();
  // Another step switches the reading to the listing as printed and stops at its overflow.
  await page.getByRole("tab", { name: "Field tree" }).click();
  await lesson.getByRole("button", { name: "Run the listing as printed and stop at the overflow" }).click();
  await expect(page.getByRole("tab", { name: "Arena" })).toHaveAttribute("aria-selected", "true");
  await expect(arena.getByRole("radio", { name: "the listing as printed" })).toBeChecked();
  await expect(arena.getByTestId("arena-step")).toHaveText("Step 9 of 10");
  await expect(arena.getByTestId("arena-event")).toContainText("OVERFLOW");
  // The learner can break the panel; the lesson's reset puts its preset back.
  await arena.getByRole("textbox", { name: /Operations/ }).fill("alloc:1");
  await lesson.getByRole("button", { name: "Reset the lesson's files and panels" }).click();
  await expect(arena.getByRole("textbox", { name: /Operations/ })).toHaveValue(/alloc:8, alloc:8[\s\S]*alloc:1000$/);
  await expect(arena.getByTestId("arena-step")).toHaveText("Step 0 of 17");
  await expect(arena.getByRole("radio", { name: "the design (prose)" })).toBeChecked();
});

test("the opaque-API lesson opens the Layout of its LogEntry under open and opaque, sized by the engine", async ({ page }) => {
  const read = (p: string) => readFileSync(new URL(`../${p}`, import.meta.url), "utf8");
  const proto = "examples/lessons/opaque-api/logentry.proto";
  const env = { examples: { [proto]: read(proto), "examples/lessons/opaque-api/logentry.txtpb": read("examples/lessons/opaque-api/logentry.txtpb") } };
  const size = (api: string) => FIGURES["go-struct-size"]!.compute([proto, "logs.v1.LogEntry", api], env);
  const allocs = (api: string) => FIGURES["go-decode-allocs"]!.compute([proto, "logs.v1.LogEntry", api, "examples/lessons/opaque-api/logentry.txtpb"], env);
  await openApp(page);
  await openLesson(page, "The Opaque API: presence, layout and lazy decoding");
  await expect(page.getByRole("tab", { name: "Layout" })).toHaveAttribute("aria-selected", "true");
  const columns = page.getByTestId("layout-columns");
  await expect(columns).toHaveAttribute("data-type", "logs.v1.LogEntry");
  await expect(page.getByTestId("layout-size-open")).toHaveText(size("open"));
  await expect(page.getByTestId("layout-size-opaque")).toHaveText(size("opaque"));
  await expect(page.getByTestId("layout-allocs-open")).toHaveText(allocs("open"));
  await expect(page.getByTestId("layout-allocs-opaque")).toHaveText(allocs("opaque"));
  // The page quotes the same figures, computed live, once the learner has guessed.
  await page.getByRole("complementary", { name: "Lesson" }).getByRole("button", { name: "Reveal" }).first().click();
  await expect(page.getByRole("complementary", { name: "Lesson" })).toContainText(`Open: ${size("open")} bytes. Opaque: ${size("opaque")} bytes.`);
});

test("guesses and the last check's result live with the progress: a reload shows them again", async ({ page }) => {
  await openApp(page);
  await openVarints(page);
  const predict = page.getByRole("group", { name: "Predict, then see" }).first();
  await predict.getByRole("textbox", { name: "Your guess" }).fill("two bytes");
  await predict.getByRole("button", { name: "Reveal" }).click();
  await expect(predict).toContainText("You guessed: two bytes");
  await exercise(page).getByRole("button", { name: "Check" }).click();
  await expect(exercise(page).getByRole("status")).toContainText("checks failed");
  const failures = (await exercise(page).getByRole("status").textContent()) ?? "";
  expect(failures).toContain("field 2");
  await page.reload();
  await expect(page.getByRole("complementary", { name: "Lesson" })).toBeVisible();
  await expect(predict.getByRole("textbox", { name: "Your guess" })).toHaveValue("two bytes");
  await expect(predict).toContainText("You guessed: two bytes");
  await expect(predict.getByRole("button", { name: "Reveal" })).toBeDisabled();
  await expect(exercise(page).getByRole("status")).toHaveText(failures);
  // An edit after the check: the result stays, and says it is for the files as they were.
  await attempt(page).press("End");
  await attempt(page).pressSequentially(" ");
  await expect(exercise(page).getByRole("status")).toContainText("You have edited the files since: press Check again.");
  // Reset forgets the result with the attempt.
  await exercise(page).getByRole("button", { name: "Reset" }).click();
  await expect(exercise(page).getByRole("status")).toHaveCount(0);
});

test("hints unlock one at a time; Show solution keeps the attempt; Reset restores the start", async ({ page }) => {
  await openApp(page);
  await openVarints(page);
  await exercise(page).getByRole("button", { name: "Show a hint" }).click();
  await expect(exercise(page).getByRole("list", { name: "Hints" }).getByRole("listitem")).toHaveCount(1);
  await exercise(page).getByRole("button", { name: "Next hint" }).click();
  await expect(exercise(page).getByRole("list", { name: "Hints" }).getByRole("listitem")).toHaveCount(2);
  const mine = "1: 150\n2: {\"Testing\"}\n";
  await attempt(page).fill(mine);
  await exercise(page).getByRole("button", { name: "Show solution" }).click();
  const diff = exercise(page).getByRole("region", { name: "Solution for message.protoscope, beside your attempt" });
  await expect(diff).toContainText('− 2: {"Testing"}');
  await expect(diff).toContainText('+ 2: {"testing"}');
  await expect(attempt(page)).toHaveValue(mine);
  expect(await scan(page)).toEqual([]);
  // The lesson page, solution shown, never makes the page scroll sideways (laptop and phone widths).
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `${width} px`).toBe(true);
  }
  await exercise(page).getByRole("button", { name: "Reset" }).click();
  await expect(attempt(page)).toHaveValue(START);
});

test("progress exports to a file and imports back", async ({ page }) => {
  await openApp(page);
  await openVarints(page);
  await attempt(page).fill(ANSWER);
  await exercise(page).getByRole("button", { name: "Check" }).click();
  await expect(exercise(page).getByRole("heading")).toContainText("complete");
  await page.getByRole("tab", { name: "Lessons" }).click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export progress" }).click()]);
  const path = await download.path();
  expect(JSON.parse(readFileSync(path, "utf8")).results["varints/write-bytes"].passed).toBe(true);
  const saved = readFileSync(path, "utf8");
  expect(JSON.parse(saved).completed).toEqual({ "varints/write-bytes": true });
  await page.getByRole("button", { name: "Reset this lesson's progress" }).click();
  await expect(exercise(page).getByRole("heading")).not.toContainText("complete");
  await page.getByLabel("Progress file to import").setInputFiles({ name: "progress.json", mimeType: "application/json", buffer: Buffer.from(saved) });
  await expect(page.getByText("Progress imported.")).toBeVisible();
  await expect(exercise(page).getByRole("heading")).toContainText("complete");
  await expect(attempt(page)).toHaveValue(ANSWER);
});

test("every lesson page, with the panels it presets beside it, passes the accessibility scan", async ({ page }) => {
  await openApp(page);
  await page.getByRole("tab", { name: "Lessons" }).click();
  expect(await scan(page)).toEqual([]);
  const titles = await page.getByRole("navigation", { name: "Course" }).getByRole("button").allTextContents();
  expect(titles).toHaveLength(9);
  for (const title of titles) {
    await page.getByRole("navigation", { name: "Course" }).getByRole("button", { name: title }).click();
    await expect(page.locator("#lesson-title")).toContainText(title);
    expect(await scan(page), title).toEqual([]);
    await page.getByRole("button", { name: "← Course" }).click();
  }
  expect(titles.length).toBe(9);
});

test("brotli figures in a lesson are computed on the page once brotli-wasm loads (no pending '…' left)", async ({ page }) => {
  // The expected figure comes from the engine in Node, on the same example file the lesson names.
  const { loadBrotli, measureBrotli } = await import("../engine/compress/index.ts");
  const payload = new Uint8Array(readFileSync(new URL("../examples/compression/0-1000-packed-varint.pb", import.meta.url)));
  const expected = measureBrotli(await loadBrotli(), payload, 11).size;
  await openApp(page);
  await openLesson(page, /^Compression/);
  const lessonPage = page.locator(".lesson-page");
  // The size table's brotli column: the engine's figure first, the post's beside it.
  const brotliCell = lessonPage.getByRole("row").filter({ hasText: "packed varint (b.pb)" }).getByRole("cell").last();
  await expect(brotliCell).toHaveText(new RegExp(`^${expected}\\b`));
  await expect(lessonPage).not.toContainText("…");
  // With the lesson's column beside the editors, bytes and panels, the page never scrolls sideways.
  for (const width of [1440, 1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `${width} px`).toBe(true);
    expect(await page.locator(".workspace").evaluate((e) => e.scrollWidth <= e.clientWidth), `${width} px: the workspace`).toBe(true);
  }
});

test("an exercise done from the keyboard alone: start the course, open a lesson, answer, check", async ({ page }) => {
  await openApp(page);
  const focused = () => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim().slice(0, 40) ?? ""}`);
  /** Presses Tab until the focused element matches (at most `max` times). */
  async function tabTo(pattern: RegExp, max = 40) {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press("Tab");
      if (pattern.test(await focused())) return;
    }
    throw new Error(`Tab never reached ${pattern}; the focus is on ${await focused()}`);
  }
  await tabTo(/^BUTTON Start the course/);
  await page.keyboard.press("Enter");
  // The course list takes the focus (the editors in between would keep the Tab key).
  await expect(page.getByRole("navigation", { name: "Course" }).getByRole("button").first()).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("#lesson-title")).toBeFocused();
  await tabTo(/^TEXTAREA/);
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(ANSWER);
  await tabTo(/^BUTTON Check/, 2);
  await page.keyboard.press("Enter");
  await expect(exercise(page).getByRole("status")).toContainText("All checks passed.");
  await expect(exercise(page).getByRole("heading")).toContainText("complete");
});

test("the app's Check says what `wirelab check` says, check by check", async ({ page }) => {
  // A near miss: the wrong case in field 2, and field 1's tag as a hex literal.
  const attemptText = '`08` 150\n2: {"Testing"}\n';
  const dir = mkdtempSync(join(tmpdir(), "wirelab-check-"));
  writeFileSync(join(dir, "message.protoscope"), attemptText);
  const bin = new URL("../bin/wirelab.mjs", import.meta.url).pathname;
  const run = () => {
    try {
      return execFileSync(process.execPath, [bin, "check", "varints", "write-bytes", join(dir, "message.protoscope"), "--json"], { encoding: "utf8" });
    } catch (e) {
      return (e as { stdout: string }).stdout; // exit 1: a check failed
    }
  };
  const out = run();
  const cli = JSON.parse(out) as { passed: boolean; checks: { name: string; passed: boolean; message: string }[] };
  expect(cli.passed).toBe(false);
  await openApp(page);
  await openVarints(page);
  await attempt(page).fill(attemptText);
  await exercise(page).getByRole("button", { name: "Check" }).click();
  const items = exercise(page).getByRole("status").getByRole("listitem");
  await expect(items).toHaveText(cli.checks.map((c) => `${c.passed ? "✓" : "✗"} ${c.name}: ${c.message}`));
});

test("an embedded frame opens a lesson step: lesson=arena&step=5 is the Arena at the listing's overflow", async ({ page }) => {
  await page.goto("./?embed=lesson-step&lesson=arena&step=5");
  const arena = page.locator('[data-panel="arena"]');
  await expect(arena.getByTestId("arena-step")).toHaveText("Step 9 of 10");
  await expect(arena.getByRole("radio", { name: "the listing as printed" })).toBeChecked();
  await expect(arena.getByTestId("arena-event")).toContainText("OVERFLOW");
  // A step the lesson does not have is ignored, and the frame says so.
  await page.goto("./?embed=lesson-step-2&lesson=arena&step=9");
  await expect(page.getByText('Ignored step="9": the arena lesson has 5 steps.')).toBeVisible();
});

test("an exercise's files can be tried in the editor, beside the panels, and taken back", async ({ page }) => {
  const solution = readFileSync(new URL("../lessons/08-opaque-api/solution/reorder-fields/metrics.proto", import.meta.url), "utf8");
  const read = (p: string) => readFileSync(new URL(`../${p}`, import.meta.url), "utf8");
  await openApp(page);
  await openLesson(page, "The Opaque API: presence, layout and lazy decoding");
  const ex = page.locator('[data-exercise="reorder-fields"]');
  const file = ex.getByRole("textbox", { name: "metrics.proto" });
  await file.fill(solution);
  await ex.getByRole("button", { name: "Try it in the editor" }).click();
  // The editors are back beside the Layout panel, which lays out the attempt's struct.
  await expect(page.locator('.monaco-host[data-editor="metrics.proto"]')).toBeVisible();
  const size = FIGURES["go-struct-size"]!.compute(["examples/x.proto", "metrics.v1.Sample", "opaque"], { examples: { "examples/x.proto": solution } });
  await expect(page.getByTestId("layout-columns")).toHaveAttribute("data-type", "metrics.v1.Sample");
  await expect(page.getByTestId("layout-size-opaque")).toHaveText(size);
  expect(size).not.toBe(FIGURES["go-struct-size"]!.compute(["examples/lessons/opaque-api/metrics/metrics.proto", "metrics.v1.Sample", "opaque"], { examples: { "examples/lessons/opaque-api/metrics/metrics.proto": read("examples/lessons/opaque-api/metrics/metrics.proto") } }));
  // Nothing to take back until the editor's copy differs; then the exercise gets it.
  await expect(ex.getByRole("button", { name: "Take the editor's version" })).toBeDisabled();
  await page.locator('.monaco-host[data-editor="metrics.proto"] .view-lines').click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type("\n// tried in the editor");
  await ex.getByRole("button", { name: "Take the editor's version" }).click();
  await expect(file).toHaveValue(/\/\/ tried in the editor/);
  await ex.getByRole("button", { name: "Check" }).click();
  await expect(ex.getByRole("status")).toContainText("All checks passed.");
});

test("the Go-arenas lesson presets the Arena's Go script, and a step runs a write after Free", async ({ page }) => {
  await openApp(page);
  await openLesson(page, /^Go's arena package/);
  await expect(page.getByRole("tab", { name: "Arena" })).toHaveAttribute("aria-selected", "true");
  const arena = page.locator('[data-panel="arena"]');
  const script = arena.getByRole("textbox", { name: "Go arena script" });
  await expect(script).toHaveValue(/^# A request handler with an arena[\s\S]*read count$/);
  await page.getByRole("complementary", { name: "Lesson" }).getByRole("button", { name: "Run it in the Arena panel" }).first().click();
  await expect(script).toHaveValue("new p int\nfree\nwrite p");
  const row = arena.getByTestId("goarena-table").getByRole("row").filter({ hasText: "write p" });
  await expect(row).toContainText("use-after-poison: WRITE of size 8");
  await expect(row).toContainText("passes silently");
});
