/**
 * What a lesson may preset: the workspace files and any view state the app's store carries
 * through `ViewState` (web/src/features/view/): the editor in front, the side panel, the selected
 * bytes, whether the side panels use the whole window, and each panel's own state (the Arena's
 * script, reading and step, the Layout's message type and API levels, the Sizes settings, the
 * Bench suite). The engine cannot see the web app's panel registry, so the keys and the type of
 * each value are listed here; a web test checks this table against what every panel captures,
 * so the two cannot drift. The loader reports anything else as an error naming the lesson file.
 */
import { BENCH_SUITES, PANELS } from "./panels.ts";

/** How one preset value is checked; `describe` is what the error message says it must be. */
interface Rule {
  describe: string;
  ok(value: unknown): boolean;
}

const str = (max = 100_000): Rule => ({ describe: "a string", ok: (v) => typeof v === "string" && v.length <= max });
const bool: Rule = { describe: "true or false", ok: (v) => typeof v === "boolean" };
const int = (min: number, max: number): Rule => ({ describe: `a whole number from ${min} to ${max}`, ok: (v) => Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max });
const oneOf = (values: readonly (string | number)[]): Rule => ({ describe: `one of ${values.map((v) => JSON.stringify(v)).join(", ")}`, ok: (v) => values.includes(v as string | number) });
const strings: Rule = { describe: "a list of strings", ok: (v) => Array.isArray(v) && v.every((x) => typeof x === "string") };

const API_LEVELS = ["open", "hybrid", "opaque"] as const;

/**
 * Panel id -> key -> rule: every panel view state a lesson may preset. The ids are the side
 * panels' registry ids; `arena.step` is the number of trace events applied (0 = before the first).
 */
export const PANEL_PRESET_KEYS: Readonly<Record<string, Readonly<Record<string, Rule>>>> = {
  arena: {
    script: str(),
    goScript: str(),
    mode: oneOf(["design", "listing"]),
    source: oneOf(["script", "message"]),
    step: int(0, 1_000_000),
    speed: oneOf([0.25, 0.5, 1, 2, 4]),
  },
  layout: {
    type: { describe: "a message type name", ok: (v) => typeof v === "string" && /^[\w.]{1,500}$/.test(v) },
    left: oneOf(API_LEVELS),
    right: oneOf(API_LEVELS),
    decode: bool,
  },
  sizes: {
    level: int(0, 9),
    quality: int(0, 11),
    compared: {
      describe: 'a list of {"kind": "example", "id": ...}',
      ok: (v) => Array.isArray(v) && v.every((x) => typeof x === "object" && x !== null && (x as { kind?: unknown }).kind === "example" && typeof (x as { id?: unknown }).id === "string"),
    },
  },
  bench: { suite: oneOf(BENCH_SUITES), cases: strings, quick: bool },
  explain: { followsHover: bool },
  // The field tree's unfolded nodes, by key ("START:END:DEPTH:KIND", web/src/features/tree/flatten.ts).
  fields: { expanded: strings },
  evolve: {
    against: {
      describe: 'an object mapping .proto file names to paths under examples/ (the schema kept as v1)',
      ok: (v) => typeof v === "object" && v !== null && !Array.isArray(v) && Object.entries(v).every(([k, p]) => k.endsWith(".proto") && typeof p === "string" && p.startsWith("examples/")),
    },
    type: { describe: "a message type name", ok: (v) => typeof v === "string" && /^[\w.]{1,500}$/.test(v) },
    whatIf: { describe: 'null, or {"target": {"file", "message", "field"}, "change": {"kind", ...}}', ok: (v) => v === null || (typeof v === "object" && v !== null && "target" in v && "change" in v) },
  },
};

/** Lesson panel names that the side-panel registry spells differently. */
export const LESSON_PANEL_IDS: Readonly<Record<string, string>> = { tree: "fields" };

/** The registry id of a lesson panel name ("tree" -> "fields"). */
export function sidePanelId(lessonPanel: string): string {
  return LESSON_PANEL_IDS[lessonPanel] ?? lessonPanel;
}

/** Panels that are a side-panel tab (the editors, bytes and problems are always on screen). */
const SIDE_PANELS = new Set(["tree", "readings", "explain", "sizes", "arena", "layout", "bench", "lineup", "evolve"]);

const TOP_KEYS = new Set(["files", "active", "messageType", "editor", "panel", "selection", "wide", "panels", "veil"]);
const STEP_KEYS = new Set([...TOP_KEYS, "id", "label"]);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Checks one preset (the lesson's, or a step's) as written in the front matter. `where` names it
 * in messages ("presets", "steps[0] (first-growth)"); `lessonPanels` are the lesson's panels.
 * Returns the problems; an empty list means the value is a well-formed LessonPreset.
 */
export function presetProblems(value: unknown, where: string, lessonPanels: readonly string[], step = false): string[] {
  const out: string[] = [];
  if (!isObject(value)) return [`${where} must be an object`];
  for (const key of Object.keys(value)) if (!(step ? STEP_KEYS : TOP_KEYS).has(key)) out.push(`${where}: unknown key "${key}" (keys: ${[...(step ? STEP_KEYS : TOP_KEYS)].join(", ")})`);
  const v = value;
  if (v.files !== undefined && !(isObject(v.files) && Object.values(v.files).every((p) => typeof p === "string"))) out.push(`${where}.files must map file names to paths under examples/`);
  for (const key of ["active", "messageType", "editor"] as const) if (v[key] !== undefined && typeof v[key] !== "string") out.push(`${where}.${key} must be a string`);
  if (v.wide !== undefined && typeof v.wide !== "boolean") out.push(`${where}.wide must be true or false`);
  if (v.selection !== undefined) {
    const s = v.selection;
    if (!(Array.isArray(s) && s.length === 2 && s.every((n) => Number.isSafeInteger(n) && n >= 0) && s[0] < s[1])) out.push(`${where}.selection must be [start, end]: byte offsets with start < end`);
  }
  if (v.panel !== undefined) {
    if (typeof v.panel !== "string") out.push(`${where}.panel must be a panel name`);
    else if (!PANELS.includes(v.panel)) out.push(`${where}.panel: unknown panel "${v.panel}" (panels: ${PANELS.join(", ")})`);
    else if (!lessonPanels.includes(v.panel)) out.push(`${where}.panel "${v.panel}" is not one of the lesson's panels`);
    else if (!SIDE_PANELS.has(v.panel)) out.push(`${where}.panel "${v.panel}" is always on screen; name a side panel (${[...SIDE_PANELS].join(", ")})`);
  }
  if (v.veil !== undefined) {
    // What stays out of sight until a prediction is revealed: "bytes" (the hex view) or side panels.
    if (!isObject(v.veil) || !Object.values(v.veil).every((x) => typeof x === "string")) out.push(`${where}.veil must map "bytes" or a side panel to the name of a prediction in the prose`);
    else for (const target of Object.keys(v.veil)) if (target !== "bytes" && !SIDE_PANELS.has(target)) out.push(`${where}.veil: "${target}" is neither "bytes" nor a side panel (${[...SIDE_PANELS].join(", ")})`);
  }
  if (v.panels !== undefined) {
    if (!isObject(v.panels)) out.push(`${where}.panels must map panel names to their state`);
    else {
      for (const [id, state] of Object.entries(v.panels)) {
        const keys = PANEL_PRESET_KEYS[id];
        if (!keys) {
          out.push(`${where}.panels: unknown panel "${id}" (panels with state: ${Object.keys(PANEL_PRESET_KEYS).join(", ")})`);
          continue;
        }
        if (!lessonPanels.includes(id)) out.push(`${where}.panels.${id}: "${id}" is not one of the lesson's panels`);
        if (!isObject(state)) {
          out.push(`${where}.panels.${id} must be an object`);
          continue;
        }
        for (const [key, x] of Object.entries(state)) {
          const rule = keys[key];
          if (!rule) out.push(`${where}.panels.${id}: unknown key "${key}" (keys: ${Object.keys(keys).join(", ")})`);
          else if (!rule.ok(x)) out.push(`${where}.panels.${id}.${key} must be ${rule.describe}, not ${JSON.stringify(x)}`);
        }
      }
    }
  }
  return out;
}

/** The step ids the prose links to: `[label](#step-ID)`. */
export function stepLinks(prose: string): string[] {
  return [...prose.matchAll(/\]\(#step-([a-z0-9-]+)\)/g)].map((m) => m[1]!);
}
