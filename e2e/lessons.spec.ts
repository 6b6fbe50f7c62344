// The course in the app, as a learner meets it. An exercise opens its files in the IDE itself
// and Check grades what the editor holds (a one-click fix counts); the learner's own workspace
// waits aside and comes back with "← Course"; a reload inside an exercise comes back to it.
// Predictions: Enter reveals, an empty guess asks first, the guess locks, the verdict compares
// with the engine's answer, and everything stays after a reload. A read exercise hides what would
// answer it until it passes. The benchmark asks for a guess before it can run. Resetting a
// lesson's progress asks first and can be undone. The lesson pages pass the accessibility scan,
// an exercise can be done from the keyboard alone, and the app's Check says what
// `wirelab check` says.
import AxeBuilder from "@axe-core/playwright";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { editorText, fileTab, openApp, replaceEditorText, shownHex } from "./helpers.ts";
import { COURSE_FIGURES as FIGURES, LESSON_ANSWERS } from "../lessons/index.ts";

const ANSWER = '1:VARINT 150\n2:LEN 7 "testing"\n';
const lessonPane = (page: Page) => page.getByRole("complementary", { name: "Lesson" });
const bar = (page: Page) => page.locator(".exercise-bar");
const grade = (page: Page) => page.getByTestId("exercise-grade");

async function openLesson(page: Page, title: string | RegExp) {
  await page.getByRole("tab", { name: "Lessons" }).click();
  await page.getByRole("navigation", { name: "Course" }).getByRole("button", { name: title }).click();
  await expect(lessonPane(page).locator("#lesson-title")).toBeVisible();
}

/** Opens an exercise from the lesson's list ("Start in the editor", or Continue / Open it again). */
async function startExercise(page: Page, id: string) {
  await lessonPane(page).locator(`li[data-exercise="${id}"]`).getByRole("button").click();
  await expect(bar(page)).toHaveAttribute("data-exercise", id);
}

async function scan(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  return bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
}

test("an exercise happens in the IDE: its files are the workspace, Check grades the editor, the own work comes back", async ({ page }) => {
  await openApp(page);
  // The learner's own work before the course.
  await replaceEditorText(page, "protoscope", "1: 42\n");
  await openLesson(page, "Varints, tags and wire types");
  await startExercise(page, "write-bytes");
  // One notion of the file: the tab says which file is graded; the bar says which makes the bytes.
  await expect(fileTab(page, "message.protoscope")).toHaveText(/message\.protoscope.*· graded/);
  await expect(page.getByTestId("exercise-files")).toContainText("Graded: message.protoscope · bytes from message.protoscope");
  await bar(page).getByRole("button", { name: "Check" }).click();
  await expect(grade(page)).toContainText("checks failed");
  await replaceEditorText(page, "message.protoscope", ANSWER);
  // The hex view shows the editor's bytes, as anywhere in the IDE.
  await expect.poll(() => shownHex(page)).toBe("08 96 01 12 07 74 65 73 74 69 6e 67");
  await bar(page).getByRole("button", { name: "Check" }).click();
  await expect(grade(page)).toContainText("All checks passed.");
  await expect(bar(page).getByRole("heading")).toContainText("✓ complete");
  // A reload inside the exercise comes back to it, with the attempt and the verdict.
  await page.reload();
  await expect(bar(page)).toHaveAttribute("data-exercise", "write-bytes");
  await expect(bar(page).getByRole("heading")).toContainText("✓ complete");
  expect(await editorText(page, "message.protoscope")).toBe(ANSWER);
  // Leaving the lesson: the own workspace is back, the focus on the course's entry, the count up.
  await lessonPane(page).getByRole("button", { name: "← Course" }).click();
  await expect(page.getByRole("navigation", { name: "Course" }).locator('[data-lesson="varints"]')).toBeFocused();
  await expect(page.getByRole("navigation", { name: "Course" })).toContainText("1 of");
  await expect(fileTab(page, "schema.proto")).toBeVisible();
  expect(await editorText(page, "protoscope")).toBe("1: 42\n");
});

test("a one-click fix in Problems counts: Check grades the fixed file", async ({ page }) => {
  await openApp(page);
  await openLesson(page, "Enum values need prefixes");
  await startExercise(page, "fix-collision");
  const problems = page.getByRole("region", { name: "Problems" });
  await expect(problems).toContainText("already defined");
  await problems.getByRole("button", { name: /^Fix: Prefix the values of Stoplight and Speed/ }).click();
  await expect(problems).not.toContainText("already defined");
  await bar(page).getByRole("button", { name: "Check" }).click();
  // The compile check passes on what the fix wrote; nothing quotes the error just fixed.
  await expect(grade(page).getByRole("listitem").first()).toHaveText(/^✓ /);
  await expect(grade(page)).not.toContainText("already defined");
});

test("predictions count: Enter reveals, an empty guess asks first, the guess locks, the verdict uses the live answer", async ({ page }) => {
  await openApp(page);
  await openLesson(page, "Varints, tags and wire types");
  const first = lessonPane(page).locator('[data-predict="varints/varint-300"]');
  const guess = first.getByRole("textbox", { name: "Your guess" });
  // The answer is not on the page before the reveal.
  await expect(first).not.toContainText("Right");
  await guess.press("Enter");
  await expect(first.getByRole("status")).toContainText("No guess yet");
  await expect(first.getByRole("button", { name: "Reveal anyway" })).toBeVisible();
  await first.getByRole("button", { name: "Let me guess" }).click();
  await guess.fill("3 bytes");
  await guess.press("Enter");
  const answer = FIGURES["varint-size"]!.compute(["300"], { examples: {}, figures: FIGURES });
  await expect(first.locator(".lesson-verdict")).toHaveText(new RegExp(`: it is ${answer} bytes\\.$`));
  await expect(first).toHaveAttribute("data-verdict", "off");
  await expect(guess).toHaveAttribute("readonly", "");
  await expect(first.getByRole("button", { name: /Reveal/ })).toHaveCount(0);
  // The second: a tag byte, guessed in hex, right.
  const second = lessonPane(page).locator('[data-predict="varints/tag-field-2"]');
  await second.getByRole("textbox", { name: "Your guess" }).fill(`0x${Number(FIGURES["tag-value"]!.compute(["2", "2"], { examples: {}, figures: FIGURES })).toString(16)}`);
  await second.getByRole("button", { name: "Reveal" }).click();
  await expect(second).toHaveAttribute("data-verdict", "right");
  // Kept with the progress: a reload shows the guesses, locked, and the verdicts.
  await page.reload();
  await expect(first.locator(".lesson-verdict")).toHaveText(new RegExp(`: it is ${answer} bytes\\.$`));
  await expect(guess).toHaveValue("3 bytes");
  await expect(guess).toHaveAttribute("readonly", "");
  await expect(second).toHaveAttribute("data-verdict", "right");
});

test("a preset panel that would answer a prediction stays veiled until the guess is revealed", async ({ page }) => {
  await openApp(page);
  await openLesson(page, "The Opaque API: presence, layout and lazy decoding");
  await expect(page.getByRole("tab", { name: "Layout" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("panel-veiled")).toBeVisible();
  await expect(page.getByTestId("layout-columns")).toHaveCount(0);
  const read = (p: string) => readFileSync(new URL(`../${p}`, import.meta.url), "utf8");
  const proto = "examples/lessons/opaque-api/logentry.proto";
  const env = { examples: { [proto]: read(proto), "examples/lessons/opaque-api/logentry.txtpb": read("examples/lessons/opaque-api/logentry.txtpb") }, figures: FIGURES };
  const size = (api: string) => FIGURES["go-struct-size"]!.compute([proto, "logs.v1.LogEntry", api], env);
  const allocs = (api: string) => FIGURES["go-decode-allocs"]!.compute([proto, "logs.v1.LogEntry", api, "examples/lessons/opaque-api/logentry.txtpb"], env);
  const predict = lessonPane(page).locator('[data-predict="opaque-api/which-larger"]');
  await predict.getByRole("textbox", { name: "Your guess" }).fill("opaque");
  await predict.getByRole("textbox", { name: "Your guess" }).press("Enter");
  await expect(page.getByTestId("panel-veiled")).toHaveCount(0);
  await expect(page.getByTestId("layout-columns")).toHaveAttribute("data-type", "logs.v1.LogEntry");
  await expect(page.getByTestId("layout-size-open")).toHaveText(size("open"));
  await expect(page.getByTestId("layout-size-opaque")).toHaveText(size("opaque"));
  await expect(page.getByTestId("layout-allocs-open")).toHaveText(allocs("open"));
  await expect(page.getByTestId("layout-allocs-opaque")).toHaveText(allocs("opaque"));
});

test("a read exercise shows plain bytes and veils the panels that would read them, until the answer passes", async ({ page }) => {
  await openApp(page);
  await openLesson(page, "Varints, tags and wire types");
  await startExercise(page, "read-fields");
  await expect(page.getByTestId("hex-veil")).toBeVisible();
  await page.getByRole("tab", { name: "Field tree" }).click();
  await expect(page.getByTestId("panel-veiled")).toBeVisible();
  // The given bytes are read-only, and their editor does not disassemble them.
  await expect(fileTab(page, "mystery.hex")).toHaveText(/· given/);
  // A near miss fails with why, without the right value.
  const miss = LESSON_ANSWERS["01-varints"]!["read-fields"]!.nearMisses[0]!;
  await replaceEditorText(page, "answer.txt", miss.files["answer.txt"]!);
  await bar(page).getByRole("button", { name: "Check" }).click();
  await expect(grade(page)).toContainText("a varint puts its low seven bits first");
  await expect(grade(page)).not.toContainText("300");
  await replaceEditorText(page, "answer.txt", LESSON_ANSWERS["01-varints"]!["read-fields"]!.right[0]!["answer.txt"]!);
  await bar(page).getByRole("button", { name: "Check" }).click();
  await expect(grade(page)).toContainText("All checks passed.");
  await expect(page.getByTestId("hex-veil")).toHaveCount(0);
  await expect(page.getByTestId("panel-veiled")).toHaveCount(0);
  await expect(page.getByRole("tree")).toBeVisible();
});

test("the lesson's benchmark asks for a guess before it can run, and puts the measured ratio beside it", async ({ page }) => {
  test.setTimeout(120_000);
  await openApp(page);
  await openLesson(page, "Varints, tags and wire types");
  const bench = lessonPane(page).getByTestId("lesson-bench");
  await expect(bench.getByRole("button", { name: /^Run/ })).toHaveCount(0);
  const guess = bench.getByRole("textbox", { name: "Your guess" });
  await guess.fill("2");
  await guess.press("Enter");
  await expect(guess).toHaveAttribute("readonly", "");
  await bench.getByRole("button", { name: /^Run/ }).click();
  const verdict = bench.getByTestId("bench-verdict");
  await expect(verdict).toContainText("Your guess: 2.", { timeout: 90_000 });
  await expect(verdict).toContainText(/Measured here \(a quick run\): .* is \d+\.\d+x as fast as/);
  await expect(verdict.locator(".lesson-bench-trust")).toContainText("run the full suite (untick Quick) before you trust");
});

test("resetting a lesson's progress asks first, and Undo puts it back", async ({ page }) => {
  await openApp(page);
  await openLesson(page, "Varints, tags and wire types");
  await startExercise(page, "write-bytes");
  await replaceEditorText(page, "message.protoscope", ANSWER);
  await bar(page).getByRole("button", { name: "Check" }).click();
  await expect(bar(page).getByRole("heading")).toContainText("✓ complete");
  const item = lessonPane(page).locator('li[data-exercise="write-bytes"]');
  await lessonPane(page).getByRole("button", { name: "Reset this lesson's progress…" }).click();
  const confirm = lessonPane(page).getByRole("group", { name: "Reset this lesson's progress?" });
  await confirm.getByRole("button", { name: "Keep it" }).click();
  await expect(item).toContainText("✓ complete");
  await lessonPane(page).getByRole("button", { name: "Reset this lesson's progress…" }).click();
  await confirm.getByRole("button", { name: "Yes, reset it" }).click();
  await expect(item).not.toContainText("✓ complete");
  await lessonPane(page).getByRole("button", { name: "Undo" }).click();
  await expect(item).toContainText("✓ complete");
});

test("every lesson page, with the panels it presets beside it, and an open exercise pass the accessibility scan", async ({ page }) => {
  test.setTimeout(180_000);
  await openApp(page);
  await page.getByRole("tab", { name: "Lessons" }).click();
  expect(await scan(page)).toEqual([]);
  const titles = await page.getByRole("navigation", { name: "Course" }).getByRole("button").allTextContents();
  expect(titles).toHaveLength(readdirSync(new URL("../lessons/", import.meta.url)).filter((d) => /^\d+-/.test(d)).length);
  for (const title of titles) {
    await page.getByRole("navigation", { name: "Course" }).getByRole("button", { name: title }).click();
    await expect(page.locator("#lesson-title")).toContainText(title);
    expect(await scan(page), title).toEqual([]);
    await page.getByRole("button", { name: "← Course" }).click();
  }
  await openLesson(page, "Varints, tags and wire types");
  await startExercise(page, "read-fields");
  await bar(page).getByRole("button", { name: "Show a hint" }).click();
  await bar(page).getByRole("button", { name: "Show the solution" }).click();
  await bar(page).getByRole("button", { name: "Check" }).click();
  await expect(grade(page)).toBeVisible();
  expect(await scan(page), "an open exercise").toEqual([]);
});

test("brotli figures in a lesson are computed on the page once brotli-wasm loads (no pending '…' left)", async ({ page }) => {
  const { loadBrotli, measureBrotli } = await import("../engine/compress/index.ts");
  const payload = new Uint8Array(readFileSync(new URL("../examples/compression/0-1000-packed-varint.pb", import.meta.url)));
  const expected = measureBrotli(await loadBrotli(), payload, 11).size;
  await openApp(page);
  await openLesson(page, /^Compression/);
  const lessonPage = page.locator(".lesson-page");
  const brotliCell = lessonPage.getByRole("row").filter({ hasText: "packed varint (b.pb)" }).getByRole("cell").last();
  // The table answers the gzip prediction: it is part of the answer, shown once the guess is in.
  await expect(lessonPage.getByRole("table")).toHaveCount(0);
  const predict = lessonPage.locator('[data-predict="compression/smallest-gzip"]');
  // In full runs the typed guess was sometimes gone at Enter (the page re-renders as its figures'
  // compressors load); type and reveal again until the guess is judged.
  await expect(async () => {
    await predict.getByRole("textbox", { name: "Your guess" }).fill("packed varint");
    await predict.getByRole("textbox", { name: "Your guess" }).press("Enter");
    await expect(predict).toHaveAttribute("data-verdict", /./, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(brotliCell).toHaveText(new RegExp(`^${expected}\\b`));
  // No figure in the table is still pending ("…" until its compressor has loaded).
  await expect(lessonPage.getByRole("cell").filter({ hasText: /^…/ })).toHaveCount(0);
  // With the lesson's column beside the editors, bytes and panels, the page never scrolls sideways.
  for (const width of [1440, 1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `${width} px`).toBe(true);
    expect(await page.locator(".workspace").evaluate((e) => e.scrollWidth <= e.clientWidth), `${width} px: the workspace`).toBe(true);
  }
});

test("at 390 px the lesson is part of the page and the fix buttons fit the screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openApp(page);
  await openLesson(page, "Enum values need prefixes");
  // No scroll box of its own inside the scrolling page.
  expect(await lessonPane(page).evaluate((e) => e.scrollHeight <= e.clientHeight + 1)).toBe(true);
  await startExercise(page, "fix-collision");
  const fixes = page.getByRole("region", { name: "Problems" }).getByRole("button", { name: /^Fix: / });
  await expect(fixes.first()).toBeVisible();
  for (const box of await fixes.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // With the exercise's bar above them, the editors keep their height and end above the bytes.
  await bar(page).getByRole("button", { name: "Check" }).click();
  const editors = await page.locator("#editor-area .editors").evaluate((e) => e.getBoundingClientRect().toJSON() as DOMRect);
  const hex = await page.locator(".hex-panel").evaluate((e) => e.getBoundingClientRect().toJSON() as DOMRect);
  expect(editors.height).toBeGreaterThanOrEqual(280);
  expect(editors.bottom).toBeLessThanOrEqual(hex.top);
});

test("an exercise done from the keyboard alone: start the course, predict, open an exercise, write, check", async ({ page }) => {
  await openApp(page);
  const focused = () => page.evaluate(() => `${document.activeElement?.tagName} ${(document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent ?? "").trim().slice(0, 40)}`);
  /** Presses `key` until the focused element matches (at most `max` times). */
  async function moveTo(pattern: RegExp, key = "Tab", max = 60) {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press(key);
      if (pattern.test(await focused())) return;
    }
    throw new Error(`${key} never reached ${pattern}; the focus is on ${await focused()}`);
  }
  await moveTo(/^BUTTON Start the course/);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("navigation", { name: "Course" }).getByRole("button").first()).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("#lesson-title")).toBeFocused();
  // The first prediction: type, Enter.
  await moveTo(/^INPUT/);
  await page.keyboard.type("2");
  await page.keyboard.press("Enter");
  await expect(lessonPane(page).locator('[data-predict="varints/varint-300"]')).toHaveAttribute("data-verdict", "right");
  await moveTo(/^BUTTON Start in the editor/);
  await page.keyboard.press("Enter");
  await expect(bar(page).getByRole("heading")).toBeFocused();
  // Monaco's input is a textarea, or a div with role textbox where the browser has EditContext.
  await moveTo(/^(TEXTAREA|DIV) message\.protoscope/);
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(ANSWER);
  // Escape, then Tab leaves the editor; Shift+Tab walks back to Check.
  await page.keyboard.press("Escape");
  await moveTo(/^BUTTON Check/, "Shift+Tab", 20);
  await page.keyboard.press("Enter");
  await expect(grade(page)).toContainText("All checks passed.");
});

test("the app's Check says what `wirelab check` says, check by check", async ({ page }) => {
  const attemptText = '`08` 150\n2: {"Testing"}\n';
  const dir = mkdtempSync(join(tmpdir(), "wirelab-check-"));
  writeFileSync(join(dir, "message.protoscope"), attemptText);
  const bin = new URL("../bin/wirelab.mjs", import.meta.url).pathname;
  let out: string;
  try {
    out = execFileSync(process.execPath, [bin, "check", "varints", "write-bytes", join(dir, "message.protoscope"), "--json"], { encoding: "utf8", cwd: tmpdir() });
  } catch (e) {
    out = (e as { stdout: string }).stdout; // exit 1: a check failed
  }
  const cli = JSON.parse(out) as { passed: boolean; checks: { name: string; passed: boolean; message: string }[] };
  expect(cli.passed).toBe(false);
  await openApp(page);
  await openLesson(page, "Varints, tags and wire types");
  await startExercise(page, "write-bytes");
  await replaceEditorText(page, "message.protoscope", attemptText);
  await bar(page).getByRole("button", { name: "Check" }).click();
  // The app renders Markdown code spans; the CLI prints them with backticks.
  await expect(grade(page).getByRole("listitem")).toHaveText(cli.checks.map((c) => `${c.passed ? "✓" : "✗"} ${c.name}: ${c.message.replace(/`/g, "")}`));
});

test("a lesson step presets the Arena beside the page: script, reading and step", async ({ page }) => {
  await openApp(page);
  await openLesson(page, "A bump-pointer arena, chunk by chunk");
  await expect(page.getByRole("tab", { name: "Arena" })).toHaveAttribute("aria-selected", "true");
  const arena = page.locator('[data-panel="arena"]');
  const lesson = lessonPane(page);
  const predict = lesson.locator('[data-predict="arena/ninth-chunk"]');
  await predict.getByRole("textbox", { name: "Your guess" }).fill("16 words");
  await predict.getByRole("textbox", { name: "Your guess" }).press("Enter");
  await expect(predict).toHaveAttribute("data-verdict", "right");
  await lesson.getByRole("button", { name: "Jump to the ninth allocation's new chunk" }).click();
  await expect(arena.getByTestId("arena-event")).toHaveText("grow chunk #1 of 16 words");
  await expect(arena.getByRole("radio", { name: "the design (prose)" })).toBeChecked();
  await page.getByRole("tab", { name: "Field tree" }).click();
  await lesson.getByRole("button", { name: "Run the listing as printed and stop at the overflow" }).click();
  await expect(page.getByRole("tab", { name: "Arena" })).toHaveAttribute("aria-selected", "true");
  await expect(arena.getByRole("radio", { name: "the listing as printed" })).toBeChecked();
  await expect(arena.getByTestId("arena-event")).toContainText("OVERFLOW");
  // The overflow is drawn with room for it, and says how far it runs.
  await expect(arena.locator(".arena-overflow-label")).toHaveText(/^\+\d+ B past the end$/);
});

test("an embedded frame opens a lesson step: lesson=arena&step=5 is the Arena at the listing's overflow", async ({ page }) => {
  await page.goto("./?embed=lesson-step&lesson=arena&step=5");
  const arena = page.locator('[data-panel="arena"]');
  await expect(arena.getByRole("radio", { name: "the listing as printed" })).toBeChecked();
  await expect(arena.getByTestId("arena-event")).toContainText("OVERFLOW");
  await page.goto("./?embed=lesson-step-2&lesson=arena&step=9");
  await expect(page.getByText('Ignored step="9": the arena lesson has 5 steps.')).toBeVisible();
});

test("the instructor view reads the room's progress files: who finished what, which check fails most", async ({ page }) => {
  const progress = (completed: Record<string, true>, results: Record<string, unknown>) =>
    Buffer.from(JSON.stringify({ format: "wirelab-lesson-progress/1", completed, attempts: {}, hints: {}, guesses: {}, results }));
  const failed = { passed: false, checks: [{ name: "bytes", passed: false, message: "field 2 is missing" }] };
  await openApp(page);
  await page.getByRole("tab", { name: "Lessons" }).click();
  await page.getByText("Instructor view").click();
  await page.getByLabel("Choose progress files…").setInputFiles([
    { name: "ana.json", mimeType: "application/json", buffer: progress({ "varints/write-bytes": true }, {}) },
    { name: "bo.json", mimeType: "application/json", buffer: progress({}, { "varints/write-bytes": failed }) },
    { name: "cy.json", mimeType: "application/json", buffer: progress({}, { "varints/write-bytes": failed }) },
    { name: "notes.json", mimeType: "application/json", buffer: Buffer.from("{}") },
  ]);
  const table = page.getByRole("table");
  await expect(table.getByRole("row", { name: /^ana/ }).getByRole("cell").nth(1)).toHaveText("✓");
  await expect(table.getByRole("row", { name: /^bo/ }).getByRole("cell").nth(1)).toHaveText("✗");
  await expect(page.getByRole("list", { name: "Checks that fail most" }).getByRole("listitem").first()).toHaveText(/^varints\/write-bytes · bytes: 2 learners/);
  await expect(page.getByText("Not Wirelab progress, left out: notes.json.")).toBeVisible();
});

test("the Go-arenas lesson presets the Arena's Go script, and a step runs a write after Free", async ({ page }) => {
  await openApp(page);
  await openLesson(page, /^Go's arena package/);
  await expect(page.getByRole("tab", { name: "Arena" })).toHaveAttribute("aria-selected", "true");
  const arena = page.locator('[data-panel="arena"]');
  const script = arena.getByRole("textbox", { name: "Go arena script" });
  await expect(script).toHaveValue(/^# A request handler with an arena[\s\S]*read count$/);
  await lessonPane(page).getByRole("button", { name: "Run it in the Arena panel" }).first().click();
  await expect(script).toHaveValue("new p int\nfree\nwrite p");
  const row = arena.getByTestId("goarena-table").getByRole("row").filter({ hasText: "write p" });
  await expect(row).toContainText("use-after-poison: WRITE of size 8");
  await expect(row).toContainText("passes silently");
});
