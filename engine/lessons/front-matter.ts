/**
 * lesson.md starts with front matter: a JSON object between two `---` lines. JSON rather than
 * YAML because JSON.parse is already everywhere the engine runs and gives exact errors; the
 * loader checks every field's type and reports the file when one is wrong.
 */
import { presetProblems } from "./presets.ts";
import { EXERCISE_BINDINGS, EXERCISE_KINDS, type ExerciseBinding, type ExerciseKind, type ExerciseMeta, type LessonMeta, type LessonStep } from "./types.ts";

export interface FrontMatterResult {
  meta?: LessonMeta;
  prose: string;
  errors: string[];
}

const FENCE = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

export function splitFrontMatter(text: string): { json?: string; prose: string } {
  const m = FENCE.exec(text);
  if (!m) return { prose: text };
  return { json: m[1]!, prose: text.slice(m[0].length) };
}

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");

export function parseFrontMatter(text: string): FrontMatterResult {
  const { json, prose } = splitFrontMatter(text);
  const errors: string[] = [];
  if (json === undefined) return { prose, errors: ["no front matter: the file must start with a JSON object between two --- lines"] };
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (e) {
    return { prose, errors: [`front matter is not valid JSON: ${(e as Error).message}`] };
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return { prose, errors: ["front matter must be a JSON object"] };
  const o = raw as Record<string, unknown>;
  const need = (key: string, ok: boolean, what: string) => {
    if (!ok) errors.push(`front matter: "${key}" must be ${what}`);
  };
  need("title", typeof o.title === "string" && o.title.length > 0, "a non-empty string");
  need("question", typeof o.question === "string" && o.question.length > 0, "a non-empty string (the practitioner's question the lesson opens on)");
  need("sources", isStringArray(o.sources), "a list of source ids");
  need("panels", isStringArray(o.panels) && o.panels.length > 0, "a non-empty list of panel ids");
  const panels = isStringArray(o.panels) ? o.panels : [];
  // Preset problems are reported but do not stop the rest of the lesson from being checked.
  const presetErrors: string[] = presetProblems(o.presets, "presets", panels);
  const steps: LessonStep[] = [];
  if (o.steps !== undefined && !Array.isArray(o.steps)) errors.push('front matter: "steps" must be a list');
  else if (Array.isArray(o.steps)) {
    o.steps.forEach((x: unknown, i: number) => {
      const s = x as Record<string, unknown>;
      const where = `steps[${i}]`;
      if (typeof s !== "object" || s === null) return errors.push(`front matter: ${where} must be an object`);
      if (typeof s.id !== "string" || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(s.id)) return errors.push(`front matter: ${where}: "id" must be lower-case words joined by hyphens`);
      if (typeof s.label !== "string" || s.label === "") return errors.push(`front matter: ${where} (${s.id}): "label" must be a non-empty string (the button's text)`);
      const problems = presetProblems(s, `${where} (${s.id})`, panels, true);
      presetErrors.push(...problems);
      if (problems.length === 0) steps.push(s as unknown as LessonStep);
    });
  }
  const bench = o.bench as Record<string, unknown> | undefined;
  const predict = bench?.predict as Record<string, unknown> | undefined;
  need(
    "bench",
    typeof bench === "object" &&
      bench !== null &&
      typeof bench.suite === "string" &&
      (bench.cases === undefined || isStringArray(bench.cases)) &&
      (bench.message === undefined || bench.message === "workspace") &&
      (predict === undefined || (typeof predict === "object" && predict !== null && typeof predict.after === "string" && typeof predict.before === "string" && (predict.cases === undefined || isStringArray(predict.cases)))),
    'an object with a "suite" name (and optional "cases", "message": "workspace", and "predict": {"after", "before", "cases"}: the ratio the learner predicts)',
  );
  need("exercises", Array.isArray(o.exercises), "a list");
  const exercises: ExerciseMeta[] = [];
  if (Array.isArray(o.exercises)) {
    o.exercises.forEach((x: unknown, i: number) => {
      const e = x as Record<string, unknown>;
      const where = `front matter: exercises[${i}]`;
      if (typeof e !== "object" || e === null) return errors.push(`${where} must be an object`);
      if (typeof e.id !== "string" || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(e.id)) return errors.push(`${where}: "id" must be lower-case words joined by hyphens`);
      if (typeof e.kind !== "string" || !(EXERCISE_KINDS as readonly string[]).includes(e.kind)) return errors.push(`${where} (${e.id}): "kind" must be one of ${EXERCISE_KINDS.join(", ")}`);
      if (typeof e.title !== "string" || e.title === "") return errors.push(`${where} (${e.id}): "title" must be a non-empty string`);
      if (typeof e.prompt !== "string" || e.prompt === "") return errors.push(`${where} (${e.id}): "prompt" must be a non-empty string`);
      if (!isStringArray(e.files) || e.files.length === 0) return errors.push(`${where} (${e.id}): "files" must list at least one file name`);
      if (!isStringArray(e.hints) || e.hints.length === 0) return errors.push(`${where} (${e.id}): "hints" must list at least one hint`);
      const given = e.given as Record<string, string> | undefined;
      if (given !== undefined && (typeof given !== "object" || given === null || !Object.values(given).every((v) => typeof v === "string"))) return errors.push(`${where} (${e.id}): "given" must map file names to paths under examples/`);
      const against = e.against as Record<string, string> | undefined;
      if (against !== undefined && (typeof against !== "object" || against === null || !Object.entries(against).every(([k, v]) => k.endsWith(".proto") && typeof v === "string"))) {
        return errors.push(`${where} (${e.id}): "against" must map .proto file names to paths under examples/`);
      }
      if (e.input !== undefined && typeof e.input !== "string") return errors.push(`${where} (${e.id}): "input" must be a file name`);
      if (e.messageType !== undefined && typeof e.messageType !== "string") return errors.push(`${where} (${e.id}): "messageType" must be a message type name`);
      const bind = e.bind as Record<string, string> | undefined;
      if (bind !== undefined && (typeof bind !== "object" || bind === null || !Object.values(bind).every((v) => (EXERCISE_BINDINGS as readonly string[]).includes(v)))) {
        return errors.push(`${where} (${e.id}): "bind" must map file names to ${EXERCISE_BINDINGS.join(" or ")}`);
      }
      exercises.push({
        id: e.id,
        kind: e.kind as ExerciseKind,
        title: e.title,
        prompt: e.prompt,
        files: e.files,
        hints: e.hints,
        ...(given ? { given } : {}),
        ...(against ? { against } : {}),
        ...(typeof e.input === "string" ? { input: e.input } : {}),
        ...(typeof e.messageType === "string" ? { messageType: e.messageType } : {}),
        ...(bind ? { bind: bind as Record<string, ExerciseBinding> } : {}),
      });
    });
  }
  const presetsUsable = typeof o.presets === "object" && o.presets !== null && !Array.isArray(o.presets);
  errors.push(...presetErrors.map((e) => `front matter: ${e}`));
  if (errors.length > presetErrors.length || !presetsUsable) return { prose, errors };
  const presets = o.presets as LessonMeta["presets"];
  const meta: LessonMeta = {
    title: o.title as string,
    question: o.question as string,
    sources: o.sources as string[],
    panels: o.panels as string[],
    presets,
    steps,
    bench: {
      suite: bench!.suite as string,
      ...(bench!.cases ? { cases: bench!.cases as string[] } : {}),
      ...(bench!.message ? { message: "workspace" as const } : {}),
      ...(predict ? { predict: { after: predict.after as string, before: predict.before as string, ...(predict.cases ? { cases: predict.cases as string[] } : {}) } } : {}),
    },
    exercises,
  };
  return { meta, prose, errors };
}
