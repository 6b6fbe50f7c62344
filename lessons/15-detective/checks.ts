/**
 * detective: three mysteries, each bytes and a story, graded by behaviour with @bufbuild/protobuf
 * as the reader: the learner's `Mystery` (any package, syntax, edition or field names) must read
 * every record into a declared field, give the story's values, and write the same bytes back.
 */
import { fromBinary, toBinary, type DescField, type DescMessage } from "@bufbuild/protobuf";
import { Attempt, check, explainDifference, fail, pass, unknownFieldNumbers } from "../../engine/lessons/index.ts";
import type { Check, CheckResult, LessonChecks } from "../../engine/lessons/index.ts";

/** A value the story gives: a scalar, or a list of them (compared in order). */
type StoryValue = string | number | boolean | (string | number)[];

interface Mystery {
  bytes: string;
  /** The story's values, each with how to say it in the learner's terms. */
  values: { value: StoryValue; says: string }[];
}

const MYSTERIES: Record<string, Mystery> = {
  "mystery-user": {
    bytes: "mystery-user.hex",
    values: [
      { value: "Ann", says: "the name Ann" },
      { value: 42, says: "the age 42" },
      { value: -3, says: "the score change −3" },
    ],
  },
  "mystery-order": {
    bytes: "mystery-order.hex",
    values: [
      { value: 7, says: "the order number 7" },
      { value: "Storgata 1", says: "the street Storgata 1" },
      { value: "Oslo", says: "the city Oslo" },
      { value: "0155", says: "the postcode 0155" },
      { value: ["book", "pen"], says: "the items book and pen, in order" },
      { value: true, says: "the gift mark" },
    ],
  },
  "mystery-sensor": {
    bytes: "mystery-sensor.hex",
    values: [
      { value: "kitchen", says: "the place, kitchen" },
      { value: [1, 2, 300], says: "the samples 1, 2 and 300, in order" },
      { value: 21.5, says: "the temperature 21.5" },
      { value: 1734307200123, says: "the time 1734307200123" },
    ],
  },
};

/** The learner's message named Mystery, in whatever package. */
function mystery(a: Attempt): { m?: DescMessage; problem?: string } {
  const s = a.schema();
  const err = Attempt.firstError(s.compileDiagnostics);
  if (err) return { problem: `protoc reports: ${err}` };
  const found: DescMessage[] = [];
  for (const file of s.registry?.files ?? []) {
    const walk = (ms: readonly DescMessage[]) => {
      for (const m of ms) {
        if (m.name === "Mystery") found.push(m);
        walk(m.nestedMessages);
      }
    };
    walk(file.messages);
  }
  if (found.length === 0) return { problem: "mystery.proto declares no message Mystery yet" };
  if (found.length > 1) return { problem: `there are ${found.length} messages called Mystery: keep one` };
  return { m: found[0] };
}

/** Every leaf value of a read message, with the field it came from; lists stay whole. */
function leaves(m: DescMessage, msg: Record<string, unknown>, path = ""): { path: string; field: DescField; value: StoryValue }[] {
  const out: { path: string; field: DescField; value: StoryValue }[] = [];
  const norm = (v: unknown): string | number | boolean => (typeof v === "bigint" ? Number(v) : v instanceof Uint8Array ? new TextDecoder().decode(v) : (v as string | number | boolean));
  for (const f of m.fields) {
    const here = path ? `${path}.${f.name}` : f.name;
    let v: unknown = msg[f.localName];
    if (f.oneof) {
      const o = msg[f.oneof.localName] as { case?: string; value?: unknown } | undefined;
      v = o?.case === f.localName ? o.value : undefined;
    }
    if (v === undefined) continue;
    if (f.fieldKind === "message") out.push(...leaves(f.message, v as Record<string, unknown>, here));
    else if (f.fieldKind === "list" && f.listKind === "message") (v as Record<string, unknown>[]).forEach((x, i) => out.push(...leaves(f.message, x, `${here}[${i}]`)));
    else if (f.fieldKind === "list") out.push({ path: here, field: f, value: (v as unknown[]).map((x) => norm(x) as string | number) });
    else if (f.fieldKind === "map") continue;
    else out.push({ path: here, field: f, value: norm(v) });
  }
  return out;
}

function same(a: StoryValue, b: StoryValue): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]!));
  if (typeof a === "number" && typeof b === "number") return Math.abs(a - b) <= Math.abs(b) * 1e-6;
  return a === b;
}

function read(a: Attempt, m: DescMessage, file: string): { msg?: Record<string, unknown>; problem?: string } {
  try {
    return { msg: fromBinary(m, a.bytes(file)) as unknown as Record<string, unknown> };
  } catch (e) {
    return { problem: `Mystery cannot read ${file}: ${(e as Error).message}` };
  }
}

function checksFor(id: string): Check[] {
  const spec = MYSTERIES[id]!;
  const nothingUnknown = check("nothing-unknown", (a): CheckResult => {
    const { m, problem } = mystery(a);
    if (!m) return fail(problem!);
    const r = read(a, m, spec.bytes);
    if (!r.msg) return fail(r.problem!);
    const unknown = [...new Set(unknownFieldNumbers(r.msg))];
    if (unknown.length > 0) return fail(`field${unknown.length === 1 ? "" : "s"} ${unknown.join(", ")} ${unknown.length === 1 ? "is" : "are"} left unknown: declare ${unknown.length === 1 ? "it" : "them"}, at the level ${unknown.length === 1 ? "it comes" : "they come"} in`);
    return pass("every record lands in a declared field");
  });
  const story = check("story", (a): CheckResult => {
    const { m, problem } = mystery(a);
    if (!m) return fail(problem!);
    const r = read(a, m, spec.bytes);
    if (!r.msg) return fail(r.problem!);
    const got = leaves(m, r.msg);
    for (const want of spec.values) {
      if (got.some((g) => same(g.value, want.value))) continue;
      return fail(`no field reads ${want.says}; the values read are ${got.map((g) => `${g.path} = ${JSON.stringify(g.value)}`).join(", ") || "none"}`);
    }
    return pass(`the values are the story's: ${spec.values.map((v) => v.says).join(", ")}`);
  });
  const roundTrip = check("round-trip", (a): CheckResult => {
    const { m, problem } = mystery(a);
    if (!m) return fail(problem!);
    const r = read(a, m, spec.bytes);
    if (!r.msg) return fail(r.problem!);
    const back = toBinary(m, r.msg as never, { writeUnknownFields: false });
    const why = explainDifference(back, a.bytes(spec.bytes));
    return why ? fail(`written back, the bytes differ from ${spec.bytes}: ${why}`) : pass(`written back, the bytes are exactly ${spec.bytes}`);
  });
  return [nothingUnknown, story, roundTrip];
}

const checks: LessonChecks = Object.fromEntries(Object.keys(MYSTERIES).map((id) => [id, checksFor(id)]));

export default checks;
