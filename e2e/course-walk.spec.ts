// The wire-core lessons taken end to end as a learner takes them: the lesson opens with what
// would answer its first prediction veiled; each prediction, given the engine's own answer,
// says "right"; the benchmark can run only after a guess; every exercise fails from its start
// files and passes once the editor holds the solution, typed in, and the lesson counts it
// complete.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { openApp, replaceEditorText } from "./helpers.ts";
import { expectedAnswer, parseFrontMatter, predictBlocks, type Expected } from "../engine/lessons/index.ts";
import { COURSE_FIGURES } from "../lessons/index.ts";

/** The lessons walked here, by slug. */
const WALKED = ["presence", "merging", "unknown-fields", "maps-oneof", "malformed", "detective", "evolution"];

const root = new URL("../", import.meta.url).pathname;
const lessonDir = (slug: string) => readdirSync(join(root, "lessons")).find((d) => d.replace(/^\d+-/, "") === slug)!;

/** Every file under examples/, as the figures read them. */
function examples(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      const p = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(p);
      else if (/\.(proto|protoscope|txtpb|hex|txt)$/.test(e.name)) out[p] = readFileSync(join(root, p), "utf8");
    }
  };
  walk("examples");
  return out;
}

function guessFor(e: Expected): string {
  return e.kind === "choice" ? e.value : `${e.value} ${e.unit}`.trim();
}

const lessonPane = (page: Page) => page.getByRole("complementary", { name: "Lesson" });
const bar = (page: Page) => page.locator(".exercise-bar");
const grade = (page: Page) => page.getByTestId("exercise-grade");

for (const slug of WALKED) {
  test(`the ${slug} lesson, end to end: predictions, the benchmark guess, every exercise from start to solution`, async ({ page }) => {
    test.setTimeout(240_000);
    const dir = lessonDir(slug);
    const text = readFileSync(join(root, "lessons", dir, "lesson.md"), "utf8");
    const { meta, prose: body, errors } = parseFrontMatter(text);
    if (!meta) throw new Error(`${dir}/lesson.md: ${errors.join("; ")}`);
    const env = { examples: examples(), figures: COURSE_FIGURES };
    await openApp(page);
    await page.getByRole("tab", { name: "Lessons" }).click();
    await page.getByRole("navigation", { name: "Course" }).getByRole("button", { name: meta.title }).click();
    await expect(lessonPane(page).locator("#lesson-title")).toContainText(meta.title);
    if (meta.presets.veil?.bytes) await expect(page.getByTestId("hex-veil")).toBeVisible();

    // Each prediction, answered with the engine's own figure, is right.
    for (const p of predictBlocks(body)) {
      const e = expectedAnswer(p.answer!, env);
      if ("error" in e) throw new Error(`${p.name}: ${e.error}`);
      const box = lessonPane(page).locator(`[data-predict="${slug}/${p.name}"]`);
      await box.getByRole("textbox", { name: "Your guess" }).fill(guessFor(e));
      await box.getByRole("textbox", { name: "Your guess" }).press("Enter");
      await expect(box, p.name).toHaveAttribute("data-verdict", "right");
    }
    await expect(page.getByTestId("hex-veil")).toHaveCount(0);
    await expect(page.getByTestId("panel-veiled")).toHaveCount(0);

    // The benchmark waits for a guess before it can run (lessons.spec.ts runs one in its Worker).
    const bench = lessonPane(page).getByTestId("lesson-bench");
    await expect(bench.getByRole("button", { name: /^Run/ })).toHaveCount(0);
    await bench.getByRole("textbox", { name: "Your guess" }).fill("1.5");
    await bench.getByRole("textbox", { name: "Your guess" }).press("Enter");
    await expect(bench.getByRole("button", { name: /^Run/ })).toBeEnabled();

    // Every exercise: its start fails, its solution typed into the editor passes.
    for (const ex of meta.exercises) {
      await lessonPane(page).locator(`li[data-exercise="${ex.id}"]`).getByRole("button").click();
      await expect(bar(page)).toHaveAttribute("data-exercise", ex.id);
      await bar(page).getByRole("button", { name: "Check" }).click();
      await expect(grade(page), `${ex.id} from its start`).toContainText(/checks? failed/);
      for (const file of ex.files) {
        await replaceEditorText(page, file, readFileSync(join(root, "lessons", dir, "solution", ex.id, file), "utf8"));
      }
      await bar(page).getByRole("button", { name: "Check" }).click();
      await expect(grade(page), `${ex.id} with its solution`).toContainText("All checks passed.");
      await expect(bar(page)).toContainText("✓ complete");
      await bar(page).getByRole("button", { name: "Back to the lesson's example" }).click();
    }
    await expect(lessonPane(page).locator(".lesson-exercise-list .lesson-done")).toHaveCount(meta.exercises.length);
  });
}

test("the decoder line-up: three decoders, each with its version, the field each read, and the one that throws in its own words", async ({ page }) => {
  await openApp(page);
  await page.getByRole("tab", { name: "Lessons" }).click();
  await page.getByRole("navigation", { name: "Course" }).getByRole("button", { name: "Malformed bytes: what real decoders do" }).click();
  // The line-up would answer the first two predictions: it waits for both guesses.
  await expect(page.getByTestId("panel-veiled")).toBeVisible();
  const first = lessonPane(page).locator('[data-predict="malformed/tenth-byte"]');
  await first.getByRole("textbox", { name: "Your guess" }).fill("3");
  await first.getByRole("textbox", { name: "Your guess" }).press("Enter");
  await expect(first).toHaveAttribute("data-verdict", "right");
  // ... and for the second: the example's third line is that question's answer.
  await expect(page.getByTestId("panel-veiled")).toBeVisible();
  const second = lessonPane(page).locator('[data-predict="malformed/wrong-wire-type"]');
  await second.getByRole("textbox", { name: "Your guess" }).fill("2");
  await second.getByRole("textbox", { name: "Your guess" }).press("Enter");
  await expect(second).toHaveAttribute("data-verdict", "right");
  const table = page.getByTestId("lineup-table");
  await expect(table).toBeVisible();
  const versions = JSON.parse(readFileSync(join(root, "node_modules/@bufbuild/protobuf/package.json"), "utf8")) as { version: string };
  await expect(table.locator("thead th")).toHaveText(["Field", /^wirelab \d+\.\d+\.\d+read the bytes$/, new RegExp(`^@bufbuild/protobuf ${versions.version.replace(/\./g, "\\.")}threw: `), /^protobufjs \d+\.\d+\.\d+read the bytes$/]);
  await expect(page.getByTestId("lineup-summary")).toHaveText("The decoders disagree: see the marked cells and the errors.");
  // Field 1 (150 in four bytes) and field 5 (a ten-byte varint) as the two that read them.
  await expect(table.locator('tr[data-field="1"] td')).toHaveText(["150", "(threw)", "150"]);
  await expect(table.locator('tr[data-field="5"] td')).toHaveText(["18446744073709551615", "(threw)", "18446744073709551615"]);
  // Delete the line that makes @bufbuild/protobuf throw: all three agree.
  await replaceEditorText(page, "odd.protoscope", "1: long-form:3 150\n5: `ffffffffffffffffff7f`\n");
  await expect(page.getByTestId("lineup-summary")).toHaveText("All three decoders read the same.");
  await expect(table.locator('tr[data-field="1"] td')).toHaveText(["150", "150", "150"]);
});
