/**
 * presence: zero-on-the-wire (give a field explicit presence so its zero is written, graded by
 * what the engine encodes the given text to), set-or-not (which fields a sender set, graded
 * against the bytes and each field's presence in the schema), and smallest-request (a proto2
 * message that leans on declared defaults, graded by what @bufbuild/protobuf reads and by every
 * written field being worth its bytes).
 */
import { fromBinary, type DescField, type DescMessage } from "@bufbuild/protobuf";
import { Attempt, answerLines, check, fail, pass, readFields } from "../../engine/lessons/index.ts";
import type { Check, CheckResult, LessonChecks } from "../../engine/lessons/index.ts";

const SETTINGS = "lesson.presence.v1.Settings";
const PROFILE = "lesson.presence.v1.Profile";
const REQUEST = "lesson.presence.v1.Request";
/** FeatureSet.FieldPresence: EXPLICIT = 1, IMPLICIT = 2, LEGACY_REQUIRED = 3. */
const IMPLICIT = 2;
const LEGACY_REQUIRED = 3;

function messageOf(a: Attempt, type: string): { m?: DescMessage; problem?: string } {
  const err = Attempt.firstError(a.schema().compileDiagnostics);
  if (err) return { problem: `the schema does not compile: ${err}` };
  const m = a.messageType(type);
  return m ? { m } : { problem: `the schema has no message ${type}: keep its package and name` };
}

function compiles(): Check {
  return check("compiles", (a) => {
    const err = Attempt.firstError(a.schema().compileDiagnostics);
    return err ? fail(`protoc reports: ${err}`) : pass("the schema compiles with no error");
  });
}

/** Settings keeps `int32 volume = 1` and `string theme = 2`, both singular. */
const sameFields = check("same-fields", (a) => {
  const { m, problem } = messageOf(a, SETTINGS);
  if (!m) return fail(problem!);
  const want = [
    { name: "volume", number: 1, scalar: "int32" },
    { name: "theme", number: 2, scalar: "string" },
  ];
  for (const w of want) {
    const f = m.fields.find((x) => x.name === w.name);
    if (!f) return fail(`Settings has no field \`${w.name}\` any more: keep both fields`);
    if (f.number !== w.number) return fail(`\`${w.name}\` is now field ${f.number}; it was ${w.number}, and the speaker reads by number`);
    if (f.fieldKind === "list") return fail(`\`${w.name}\` is now repeated: a list has no presence at all, and the speaker expects one value`);
    if (f.fieldKind === "message") return fail(`\`${w.name}\` is now a message (${f.message.typeName}): that changes its type on the wire; keep it a ${w.scalar}`);
    if (f.fieldKind !== "scalar" || scalarName(f) !== w.scalar) return fail(`\`${w.name}\` is now ${describeType(f)}; keep it a ${w.scalar}`);
  }
  if (m.fields.length > 2) return fail(`Settings has ${m.fields.length} fields now: keep just volume and theme`);
  return pass("volume (1, int32) and theme (2, string), as before");
});

const zeroWritten = check("zero-written", (a) => {
  const r = a.encode("mute.txtpb", SETTINGS);
  if (r.problem) return fail(r.problem);
  const err = Attempt.firstError(r.diagnostics);
  if (err) return fail(`mute.txtpb does not encode: ${err}`);
  const volume = readFields(r.bytes).fields.find((f) => f.field === 1);
  if (!volume) return fail("the bytes still have no field 1: `volume: 0` is not written, so the speaker cannot tell muted from not sent");
  if (volume.wireType !== 0 || volume.varint !== 0n) return fail(`field 1 is on the wire, but not as the varint 0`);
  return pass("field 1 is on the wire as 08 00: the speaker sees volume 0, set");
});

/** protoc's name of a scalar field's type ("int32", "string"). */
function scalarName(f: DescField): string {
  const names: Record<number, string> = { 1: "double", 2: "float", 3: "int64", 4: "uint64", 5: "int32", 6: "fixed64", 7: "fixed32", 8: "bool", 9: "string", 12: "bytes", 13: "uint32", 15: "sfixed32", 16: "sfixed64", 17: "sint32", 18: "sint64" };
  return f.fieldKind === "scalar" ? (names[f.scalar] ?? "a scalar") : f.fieldKind;
}

function describeType(f: DescField): string {
  if (f.fieldKind === "enum") return `an enum (${f.enum.typeName})`;
  if (f.fieldKind === "map") return "a map";
  return `a ${scalarName(f)}`;
}

/** The words a learner may use for each answer. */
const WORDS: { state: "set" | "unset" | "cannot tell"; re: RegExp }[] = [
  { state: "cannot tell", re: /^(cannot tell|can'?t tell|can ?not tell|unknown|either|not sure|maybe|undecidable|\?)$/ },
  { state: "unset", re: /^(unset|not set|absent|no|never set|not present)$/ },
  { state: "set", re: /^(set|present|yes|sent)$/ },
];

/** What the bytes say about each field: set when its tag is there; else unset or cannot tell, by presence. */
function truth(m: DescMessage, bytes: Uint8Array): Map<string, "set" | "unset" | "cannot tell"> {
  const numbers = new Set(readFields(bytes).fields.map((f) => f.field));
  const out = new Map<string, "set" | "unset" | "cannot tell">();
  for (const f of m.fields) out.set(f.name, numbers.has(f.number) ? "set" : f.presence === IMPLICIT ? "cannot tell" : "unset");
  return out;
}

const setOrNot = check("states", (a): CheckResult => {
  const { m, problem } = messageOf(a, PROFILE);
  if (!m) return fail(problem!);
  const want = truth(m, a.bytes("profile.hex"));
  const said = new Map<string, { line: number; state?: string; raw: string }>();
  for (const l of answerLines(a.text("answer.txt"))) {
    const x = /^([A-Za-z_]\w*)\s*[:=]\s*(.*)$/.exec(l.text);
    if (!x) continue;
    const raw = x[2]!.trim().toLowerCase().replace(/[.!]+$/, "");
    said.set(x[1]!, { line: l.line, raw, state: WORDS.find((w) => w.re.test(raw))?.state });
  }
  for (const f of m.fields) {
    const s = said.get(f.name);
    if (!s || s.raw === "") return fail(`answer.txt says nothing about \`${f.name}\` yet: write \`${f.name}: set\`, \`unset\` or \`cannot tell\``);
    if (!s.state) return fail(`answer.txt:${s.line}: \`${s.raw}\` is not one of set, unset, cannot tell`);
    const w = want.get(f.name)!;
    if (s.state === w) continue;
    if (w === "set") return fail(`answer.txt:${s.line}: \`${f.name}\` is not ${s.state}: field ${f.number}'s tag is in the bytes, so the sender wrote it, whatever its value`);
    if (w === "unset") return fail(`answer.txt:${s.line}: \`${f.name}\` is not ${s.state}: its tag is not in the bytes, and it has explicit presence, so a set value would have been written even if it were zero`);
    return fail(`answer.txt:${s.line}: \`${f.name}\` is not ${s.state}: its tag is not in the bytes, but it has implicit presence, so the sender may have set it to its zero value (never written) or never touched it`);
  }
  return pass(`every field right: ${m.fields.map((f) => `${f.name} ${want.get(f.name)}`).join(", ")}`);
});

const WANT_REQUEST: Record<string, unknown> = { path: "/health", retries: 3, timeoutMs: 250, verbose: false };

const requestReads = check("reads", (a) => {
  const r = a.encode("request.txtpb", REQUEST);
  if (r.problem) return fail(r.problem);
  const err = Attempt.firstError(r.diagnostics.filter((d) => d.severity === "error"));
  if (err) return fail(`request.txtpb does not encode: ${err}`);
  const m = a.messageType(REQUEST)!;
  const read = fromBinary(m, r.bytes) as unknown as Record<string, unknown>;
  for (const f of m.fields) {
    const want = WANT_REQUEST[f.localName];
    if (read[f.localName] !== want) return fail(`a reader reads ${f.name} as ${JSON.stringify(read[f.localName])}; the request needs ${JSON.stringify(want)}`);
  }
  return pass("a reader reads path /health, retries 3, timeout_ms 250, verbose false");
});

const noWastedField = check("smallest", (a) => {
  const r = a.encode("request.txtpb", REQUEST);
  if (r.problem || r.diagnostics.some((d) => d.severity === "error")) return fail("request.txtpb must encode first");
  const m = a.messageType(REQUEST)!;
  for (const w of readFields(r.bytes).fields) {
    const f = m.fields.find((x) => x.number === w.field);
    if (!f || f.fieldKind !== "scalar" || f.presence === LEGACY_REQUIRED) continue;
    const value = (fromBinary(m, r.bytes) as unknown as Record<string, unknown>)[f.localName];
    const fallback = (fromBinary(m, new Uint8Array(0)) as unknown as Record<string, unknown>)[f.localName];
    if (value === fallback) {
      return fail(`${f.name} is on the wire (${w.end - w.start} bytes) with ${JSON.stringify(value)}, the value a proto2 reader reads when the field is absent: leave it out`);
    }
  }
  return pass(`${r.bytes.length} bytes: every field written is one the reader could not have defaulted`);
});

const checks: LessonChecks = {
  "zero-on-the-wire": [compiles(), sameFields, zeroWritten],
  "set-or-not": [setOrNot],
  "smallest-request": [requestReads, noWastedField],
};

export default checks;
