/**
 * Live figures for the evolution lesson: two example schemas (v1, the writer's, and v2, the
 * reader's, compared as the same file name, as buf compares them), an example message written
 * with v1, and what engine/evolve says of them: what the v2 reader reads for one field, what
 * happened to it, buf's findings in one category, and the sizes. lessons/index.ts puts them in
 * the course's table.
 */
import { evolve, type EvolveResult } from "../evolve/evolve.ts";
import type { RecordView } from "../evolve/read-as.ts";
import { assemble } from "../protoscope/index.ts";
import type { Figure, FigureEnv } from "./figures.ts";

function text(env: FigureEnv, path: string | undefined): string {
  if (path === undefined) throw new Error("needs a path under examples/");
  const t = env.examples[path];
  if (t === undefined) throw new Error(`no such example file: ${path}`);
  return t;
}

function run(env: FigureEnv, v1: string | undefined, v2: string | undefined, type: string | undefined, input: string | undefined): EvolveResult {
  const bytes = input === undefined ? new Uint8Array(0) : assemble(text(env, input)).bytes;
  const r = evolve({ against: { "schema.proto": text(env, v1) }, current: { "schema.proto": text(env, v2) }, type: type ?? "", bytes });
  if (r.errors.length > 0) throw new Error(`${r.errors[0]!.side} does not compile: ${r.errors[0]!.diagnostics[0]?.message}`);
  return r;
}

/** The last top-level record of a field number (the one whose value a singular field keeps). */
function lastRecord(r: EvolveResult, field: string | undefined): RecordView {
  if (!r.view) throw new Error("the type is not in both versions");
  const n = Number(field);
  const rec = r.view.records.filter((x) => x.field === n).at(-1);
  if (!rec) throw new Error(`the message has no field ${field}`);
  return rec;
}

export const EVOLVE_FIGURES: Readonly<Record<string, Figure>> = {
  "evolve-read": {
    usage: "V1.proto V2.proto TYPE INPUT.protoscope FIELD: what a reader with V2 reads for the field's last record (its value as protoc --decode prints it)",
    compute: ([v1, v2, type, input, field], env) => {
      const r = run(env, v1, v2, type, input);
      if (!r.view!.ok) return "nothing: the message fails to parse";
      const rec = lastRecord(r, field);
      if (rec.reader.unknown) return `field ${rec.field} kept as an unknown field (${rec.reader.value ?? "a group"})`;
      return rec.reader.value ?? "a message";
    },
  },
  "evolve-findings": {
    usage: "V1.proto V2.proto CATEGORY: the rules buf breaking reports for V2 against V1 in one category (FILE, PACKAGE, WIRE_JSON, WIRE), or nothing",
    compute: ([v1, v2, category], env) => {
      const r = run(env, v1, v2, "", undefined);
      const c = r.categories.find((x) => x.category === category);
      if (!c) throw new Error(`the category is FILE, PACKAGE, WIRE_JSON or WIRE, got ${category ?? "nothing"}`);
      const rules = [...new Set(c.findings.map((f) => f.code))];
      return rules.length === 0 ? "nothing" : rules.join(" and ");
    },
  },
  "evolve-finding-count": {
    usage: "V1.proto V2.proto CATEGORY: how many findings buf breaking reports for V2 against V1 in one category",
    compute: ([v1, v2, category], env) => {
      const c = run(env, v1, v2, "", undefined).categories.find((x) => x.category === category);
      if (!c) throw new Error(`the category is FILE, PACKAGE, WIRE_JSON or WIRE, got ${category ?? "nothing"}`);
      return String(c.findings.length);
    },
  },
  "evolve-kept": {
    usage: "V1.proto V2.proto TYPE INPUT.protoscope FIELD: what a reader with V2 writes back for the field's last record: kept, changed or dropped",
    compute: ([v1, v2, type, input, field], env) => lastRecord(run(env, v1, v2, type, input), field).written,
  },
  "evolve-writes-back": {
    usage: "V1.proto V2.proto TYPE INPUT.protoscope: how many bytes a reader with V2 writes back after reading the message",
    compute: ([v1, v2, type, input], env) => {
      const r = run(env, v1, v2, type, input);
      if (r.sizes.readerWrites === undefined) throw new Error("the reader cannot parse the message");
      return String(r.sizes.readerWrites);
    },
  },
  "evolve-v2-size": {
    usage: "V1.proto V2.proto TYPE INPUT.protoscope: how many bytes a writer with V2 writes for the same data",
    compute: ([v1, v2, type, input], env) => {
      const r = run(env, v1, v2, type, input);
      if (r.sizes.v2Writes === undefined) throw new Error("the message does not parse with V1");
      return String(r.sizes.v2Writes);
    },
  },
};

