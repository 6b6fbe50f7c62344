import { describe, expect, it } from "vitest";
import { CORE_FIGURES } from "./figures.ts";
import { check, fail, pass } from "./check-helpers.ts";
import { loadCourse, type CourseInput } from "./loader.ts";
import { renderFigures } from "./markers.ts";
import type { LessonChecks } from "./types.ts";

/** A tiny lesson whose one exercise passes when answer.txt says "yes". */
function fixture(edit: (input: { files: Record<string, string>; checks: Record<string, LessonChecks>; examples: Record<string, string>; meta: Record<string, unknown> }) => void = () => {}): CourseInput {
  const meta: Record<string, unknown> = {
    title: "Tiny",
    question: "Yes or no?",
    sources: ["compress"],
    panels: ["editor", "bytes", "tree", "arena", "layout"],
    presets: { files: { "m.protoscope": "examples/m.protoscope" }, active: "m.protoscope", panel: "tree" },
    bench: { suite: "varint" },
    exercises: [
      { id: "say-yes", kind: "write", title: "Say yes", prompt: "Write yes.", files: ["answer.txt"], hints: ["yes"] },
      { id: "say-no", kind: "predict", title: "Say no", prompt: "Write no.", files: ["answer.txt"], hints: ["no"] },
    ],
  };
  const says = (word: string) => [check("word", (a) => (a.text("answer.txt").trim() === word ? pass(`it says ${word}`) : fail(`it should say ${word}`)))];
  const input = {
    files: {
      "01-tiny/start/say-yes/answer.txt": "no",
      "01-tiny/solution/say-yes/answer.txt": "yes",
      "01-tiny/start/say-no/answer.txt": "yes",
      "01-tiny/solution/say-no/answer.txt": "no",
    } as Record<string, string>,
    checks: { "01-tiny": { "say-yes": says("yes"), "say-no": says("no") } } as Record<string, LessonChecks>,
    examples: { "examples/m.protoscope": "1: 150\n" } as Record<string, string>,
    meta,
  };
  edit(input);
  input.files["01-tiny/lesson.md"] ??= `---\n${JSON.stringify(input.meta)}\n---\nProse: {{varint-hex 150}}.\n`;
  return { files: input.files, checks: input.checks, examples: input.examples, figures: CORE_FIGURES };
}

const problemsOf = (input: CourseInput) => loadCourse(input).problems;

describe("the lesson loader", () => {
  it("loads a well-formed lesson with no problems", () => {
    const course = loadCourse(fixture());
    expect(course.problems).toEqual([]);
    expect(course.lessons.map((l) => [l.slug, l.order, Object.keys(l.start)])).toEqual([["tiny", 1, ["say-yes", "say-no"]]]);
  });

  it("reports a start that already passes, naming its folder", () => {
    const p = problemsOf(fixture((i) => (i.files["01-tiny/start/say-yes/answer.txt"] = "yes\n")));
    expect(p).toContainEqual({ file: "01-tiny/start/say-yes", message: "the start already passes every check: there is nothing to do" });
  });

  it("reports a solution that fails, with the failing check's message", () => {
    const p = problemsOf(fixture((i) => (i.files["01-tiny/solution/say-no/answer.txt"] = "maybe")));
    expect(p).toContainEqual({ file: "01-tiny/solution/say-no", message: 'the solution fails check "word": it should say no' });
  });

  it("reports an unknown source, in the front matter and in a figure", () => {
    expect(problemsOf(fixture((i) => (i.meta.sources = ["compress", "nowhere"])))).toContainEqual({
      file: "01-tiny/lesson.md",
      message: 'unknown source "nowhere" (not in engine/sources.ts)',
    });
    const p = problemsOf(fixture((i) => (i.files["01-tiny/lesson.md"] = `---\n${JSON.stringify(i.meta)}\n---\n{{varint-size 300 quote="2" source=opaque}}\n`)));
    expect(p).toContainEqual({ file: "01-tiny/lesson.md", message: `{{varint-size 300 quote="2" source=opaque}}: source "opaque" is not listed in the front matter's sources` });
  });

  it("reports a panel that does not exist and a benchmark suite that does not exist", () => {
    const p = problemsOf(fixture((i) => ((i.meta.panels = ["editor", "hexdump"]), (i.meta.bench = { suite: "warp" }))));
    expect(p.map((x) => x.file)).toEqual(["01-tiny/lesson.md", "01-tiny/lesson.md", "01-tiny/lesson.md"]);
    expect(p.map((x) => x.message)).toEqual([
      'front matter: presets.panel "tree" is not one of the lesson\'s panels',
      expect.stringMatching(/^unknown panel "hexdump"/),
      expect.stringMatching(/^unknown benchmark suite "warp"/),
    ]);
  });

  it("loads steps that preset any panel's view state, and reports each bad one naming the lesson file", () => {
    const step = { id: "first-growth", label: "Open the Arena at the first growth", panel: "arena", panels: { arena: { script: "alloc:8, alloc:64", mode: "design", step: 2 } } };
    const ok = loadCourse(fixture((i) => ((i.meta.steps = [step]), (i.files["01-tiny/lesson.md"] = `---\n${JSON.stringify(i.meta)}\n---\n[Show it](#step-first-growth)\n`))));
    expect(ok.problems).toEqual([]);
    expect(ok.lessons[0]!.meta.steps).toEqual([step]);
    const bad = (edit: (meta: Record<string, unknown>) => void, prose = "") =>
      problemsOf(
        fixture((i) => {
          edit(i.meta);
          i.files["01-tiny/lesson.md"] = `---\n${JSON.stringify(i.meta)}\n---\n${prose}\n`;
        }),
      );
    const lessonMd = (message: string) => ({ file: "01-tiny/lesson.md", message });
    // An unknown panel, an unknown key, a value of the wrong type: each named, in the lesson file.
    expect(bad((m) => (m.presets = { panel: "hexdump" }))).toEqual([lessonMd(expect.stringMatching(/^front matter: presets\.panel: unknown panel "hexdump"/) as unknown as string)]);
    expect(bad((m) => (m.presets = { panels: { heap: { step: 1 } } }))).toEqual([lessonMd(expect.stringMatching(/^front matter: presets\.panels: unknown panel "heap"/) as unknown as string)]);
    expect(bad((m) => (m.presets = { panels: { arena: { scrpit: "alloc:8" } } }))).toEqual([lessonMd(expect.stringMatching(/^front matter: presets\.panels\.arena: unknown key "scrpit"/) as unknown as string)]);
    expect(bad((m) => (m.presets = { panels: { layout: { left: "closed" } } }))).toEqual([lessonMd('front matter: presets.panels.layout.left must be one of "open", "hybrid", "opaque", not "closed"')]);
    expect(bad((m) => (m.presets = { panels: { arena: { step: "3" } } }))).toEqual([lessonMd('front matter: presets.panels.arena.step must be a whole number from 0 to 1000000, not "3"')]);
    expect(bad((m) => (m.presets = { selection: [4, 2] }))).toEqual([lessonMd("front matter: presets.selection must be [start, end]: byte offsets with start < end")]);
    expect(bad((m) => (m.presets = { zoom: 2 }))).toEqual([lessonMd(expect.stringMatching(/^front matter: presets: unknown key "zoom"/) as unknown as string)]);
    expect(bad((m) => (m.presets = { panels: { sizes: { level: 9 } } }))).toEqual([lessonMd('front matter: presets.panels.sizes: "sizes" is not one of the lesson\'s panels')]);
    expect(bad((m) => (m.presets = { panel: "bytes" }))).toEqual([lessonMd(expect.stringMatching(/^front matter: presets\.panel "bytes" is always on screen/) as unknown as string)]);
    // Steps: the same rules, plus an id, a label, a script that runs and a step inside its trace.
    expect(bad((m) => (m.steps = [{ ...step, panels: { arena: { script: "alloc:8", step: 9 } } }]))).toEqual([lessonMd("steps[0] (first-growth).panels.arena.step 9 is past the end of its trace (2 events)")]);
    expect(bad((m) => (m.steps = [{ ...step, panels: { arena: { script: "alloc:eight" } } }]))).toEqual([lessonMd(expect.stringMatching(/^steps\[0\] \(first-growth\)\.panels\.arena\.script: "alloc:eight"/) as unknown as string)]);
    expect(bad((m) => (m.steps = [{ ...step, panels: { arena: { goScript: "new p int\nfree\nwrite q" } } }]))).toEqual([lessonMd(expect.stringMatching(/^steps\[0\] \(first-growth\)\.panels\.arena\.goScript: /) as unknown as string)]);
    expect(bad((m) => (m.steps = [{ id: "x", panel: "arena" }]))).toEqual([lessonMd('front matter: steps[0] (x): "label" must be a non-empty string (the button\'s text)')]);
    expect(bad((m) => ((m.exercises as { kind?: string }[])[0]!.kind = "quiz"))).toEqual([lessonMd('front matter: exercises[0] (say-yes): "kind" must be one of write, read, fix, predict, design')]);
    expect(bad((m) => ((m.exercises as { bind?: unknown }[])[0]!.bind = { "answer.txt": "sizes.level" }))).toEqual([lessonMd('front matter: exercises[0] (say-yes): "bind" must map file names to arena.script or arena.goScript')]);
    expect(bad((m) => (m.steps = [step, step]))).toEqual([lessonMd('duplicate step id "first-growth"')]);
    expect(bad((m) => (m.steps = [{ ...step, editor: "nope.proto" }]))).toEqual([lessonMd('steps[0] (first-growth).editor "nope.proto" is not one of the files it presets')]);
    const withSchema = (m: Record<string, unknown>, type: string) => {
      m.presets = { files: { "m.proto": "examples/m.proto" }, panel: "layout", panels: { layout: { type } } };
    };
    const layoutProblems = (type: string) =>
      problemsOf(
        fixture((i) => {
          withSchema(i.meta, type);
          i.examples["examples/m.proto"] = 'syntax = "proto3";\npackage t;\nmessage Entry { int64 id = 1; }\n';
        }),
      );
    expect(layoutProblems("t.Entry")).toEqual([]);
    expect(layoutProblems("t.Entyr")).toEqual([lessonMd('presets.panels.layout.type "t.Entyr": the files it presets define no such message')]);
        expect(bad(() => {}, "[Show it](#step-missing)")).toEqual([lessonMd('the prose links to step "missing", which the front matter\'s "steps" do not declare')]);
  });

  it("reports a duplicate exercise id and a duplicate lesson slug", () => {
    const p = problemsOf(
      fixture((i) => {
        const ex = i.meta.exercises as unknown[];
        ex.push({ ...(ex[0] as object) });
        i.files["02-tiny/lesson.md"] = `---\n${JSON.stringify({ ...i.meta, exercises: [] })}\n---\n`;
        i.checks["02-tiny"] = {};
      }),
    );
    expect(p).toContainEqual({ file: "01-tiny/lesson.md", message: 'duplicate exercise id "say-yes"' });
    expect(p).toContainEqual({ file: "02-tiny/", message: 'duplicate lesson slug "tiny" (also 01-tiny)' });
  });

  it("reports missing files: start, solution, checks, example, and a stray file", () => {
    const p = problemsOf(
      fixture((i) => {
        delete i.files["01-tiny/start/say-no/answer.txt"];
        delete i.files["01-tiny/solution/say-yes/answer.txt"];
        delete i.examples["examples/m.protoscope"];
        i.files["01-tiny/start/say-no/extra.txt"] = "?";
        delete i.checks["01-tiny"]!["say-no"];
      }),
    );
    expect(p).toEqual(
      expect.arrayContaining([
        { file: "01-tiny/start/say-no/answer.txt", message: "missing start file" },
        { file: "01-tiny/solution/say-yes/answer.txt", message: "missing solution file" },
        { file: "01-tiny/lesson.md", message: 'presets.files["m.protoscope"]: no such example file examples/m.protoscope' },
        { file: "01-tiny/checks.ts", message: 'no checks for exercise "say-no"' },
        { file: "01-tiny/start/say-no/extra.txt", message: "no exercise declares this file" },
      ]),
    );
  });

  it("reports front matter that is not JSON, and a live figure that does not compute", () => {
    expect(problemsOf(fixture((i) => (i.files["01-tiny/lesson.md"] = "---\n{ title: 1 }\n---\n")))[0]).toEqual({
      file: "01-tiny/lesson.md",
      message: expect.stringMatching(/^front matter is not valid JSON/),
    });
    const p = problemsOf(fixture((i) => (i.files["01-tiny/lesson.md"] = `---\n${JSON.stringify(i.meta)}\n---\n{{varint-hex twelve}} {{no-such-figure}}\n`)));
    expect(p).toEqual([
      { file: "01-tiny/lesson.md", message: "{{varint-hex}}: the value must be an integer, got twelve" },
      { file: "01-tiny/lesson.md", message: expect.stringMatching(/^unknown live figure "no-such-figure"/) },
    ]);
  });

  it("renders live figures with the quoted figure and its attribution beside them", () => {
    const md = renderFigures('It takes {{varint-size -1}} bytes; the post saw {{compressed-size raw 0-1000-packed-varint quote="1877" source=compress}}.', { examples: {}, figures: CORE_FIGURES });
    expect(md).toBe(
      "It takes **10** bytes; the post saw **1877** *(Young de la Sota, Tip \\#2: 1877)*.",
    );
  });

  it("renders a named predict block's figures as prose (with quotes), and a code block's as bare values", () => {
    const md = renderFigures('```predict p\nHow many?\n---\nanswer: 2\nSee {{compressed-size raw 0-1000-packed-varint quote="1877" source=compress}}.\n```\n```text\n{{varint-size -1}}\n```\n', { examples: {}, figures: CORE_FIGURES });
    expect(md).toBe('```predict p\nHow many?\n---\nanswer: 2\nSee **1877** *(Young de la Sota, Tip \\#2: 1877)*.\n```\n```text\n10\n```\n');
  });
});
