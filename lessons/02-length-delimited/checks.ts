/**
 * length-delimited: a nested message, a packed repeated field, which readings a LEN payload
 * allows (graded against the engine's readings), and a nested message read field by field.
 */
import { assembles, check, explainDifference, fail, fieldReadingChecks, hex, pass, readFields, readPackedVarints, readWords } from "../../engine/lessons/index.ts";
import type { LessonChecks } from "../../engine/lessons/index.ts";
import { readings, type ReadingKind } from "../../engine/protoscope/readings.ts";

const FILE = "message.protoscope";
const WANT = [1n, 2n, 150n];

/** The readings the exercise asks about, and the words a learner may use for each. */
const ASKED: { kind: ReadingKind; label: string; words: RegExp }[] = [
  { kind: "string", label: "string", words: /^(string|utf-?8|text)$/ },
  { kind: "message", label: "message", words: /^(message|submessage|nested|nested-message)$/ },
  { kind: "packed-varint", label: "packed varints", words: /^(packed-?varints?|varints?)$/ },
  { kind: "packed-fixed32", label: "packed fixed32", words: /^(packed-?fixed32s?|fixed32s?|i32)$/ },
];

/** The reading kinds an answer names ("packed varints" is one name in two words). */
function namedKinds(answer: string): { kinds: Set<ReadingKind>; unknown: string[] } {
  const words = readWords(answer.replace(/packed\s+/gi, "packed-").replace(/nested\s+message/gi, "nested-message"));
  const kinds = new Set<ReadingKind>();
  const unknown: string[] = [];
  for (const w of words) {
    if (w === "packed") continue;
    const asked = ASKED.find((a) => a.words.test(w));
    if (asked) kinds.add(asked.kind);
    else unknown.push(w);
  }
  return { kinds, unknown };
}

const checks: LessonChecks = {
  nested: [
    assembles(FILE),
    check("bytes", (a) => {
      const why = explainDifference(a.assemble(FILE).bytes, hex("1a 03 08 96 01"));
      return why ? fail(why) : pass("the bytes are exactly 1a 03 08 96 01: field 3, length 3, and the inner 1: 150");
    }),
  ],
  packed: [
    assembles(FILE),
    check("values", (a) => {
      const values: bigint[] = [];
      for (const f of a.fields(FILE).fields) {
        if (f.field !== 4) return fail(`the message has field ${f.field}; only field 4 belongs here`);
        if (f.wireType === 0) values.push(f.varint!);
        else if (f.wireType === 2) {
          const packed = readPackedVarints(f.value);
          if (!packed) return fail("field 4's LEN payload is not a run of varints");
          values.push(...packed);
        } else return fail("field 4 holds int32 values: varints, expanded or packed");
      }
      const got = values.join(", ");
      return got === WANT.join(", ") ? pass("field 4 reads 1, 2, 150") : fail(`field 4 reads [${got}]; expected [1, 2, 150]`);
    }),
    check("packed-record", (a) => {
      const records = a.fields(FILE).fields.filter((f) => f.field === 4);
      if (records.length === 1 && records[0]!.wireType === 2) return pass("one LEN record holds all the values: packed");
      if (records.every((r) => r.wireType === 0) && records.length > 1) return fail(`field 4 appears ${records.length} times as separate varints: that is the expanded form, a tag per value. Pack the values into one LEN record`);
      return fail(`field 4 should be one LEN record; it is ${records.length} records`);
    }),
  ],
  "read-readings": [
    check("readings", (a) => {
      const bytes = a.bytes("payload.hex");
      const field = readFields(bytes).fields[0];
      if (!field || field.wireType !== 2) return fail("payload.hex does not start with a LEN field (a bug in the lesson)");
      const start = field.end - field.value.length;
      const engine = readings(bytes, start, field.end, 2);
      const valid = new Set(ASKED.filter((x) => engine.find((r) => r.kind === x.kind)?.valid).map((x) => x.kind));
      const { kinds, unknown } = namedKinds(a.text("answer.txt").replace(/#.*$/gm, ""));
      if (kinds.size === 0 && unknown.length === 0) return fail("answer.txt names no reading yet: write the valid ones, e.g. `string, message`");
      if (unknown.length > 0) return fail(`answer.txt names ${unknown.map((u) => `\`${u}\``).join(", ")}: choose from string, message, packed varints, packed fixed32`);
      for (const x of ASKED) {
        if (kinds.has(x.kind) && !valid.has(x.kind)) {
          const r = engine.find((e) => e.kind === x.kind);
          return fail(`${x.label} is not a valid reading of the payload${r?.reason ? `: ${r.reason}` : ""}`);
        }
      }
      const missing = ASKED.filter((x) => valid.has(x.kind) && !kinds.has(x.kind));
      if (missing.length > 0) return fail(`every reading you name holds, but ${missing.length === 1 ? "another one holds" : `${missing.length} others hold`} too: try each against all of the payload's bytes`);
      return pass(`exactly the valid readings: ${ASKED.filter((x) => valid.has(x.kind)).map((x) => x.label).join(", ")}`);
    }),
  ],
  "read-nested": fieldReadingChecks("answer.txt", "order.hex", { inside: 3 }),
};

export default checks;
