/**
 * compression: pick the smallest raw encoding of 0..19, and find values where fixed32 beats
 * varints. Both read the learner's bytes in any of the four encodings and compare sizes the
 * engine computes.
 */
import { answerLines, assembles, check, fail, pass, readFields, readInteger, readPackedFixed32, readPackedVarints } from "../../engine/lessons/index.ts";
import type { Attempt, CheckResult, LessonChecks, WireField } from "../../engine/lessons/index.ts";
import { encodeVarint64 } from "../../engine/wire/varint.ts";

const FILE = "message.protoscope";

interface Decoded {
  values: number[];
  /** Which of the four encodings, when the message uses exactly one. */
  encoding?: string;
  problem?: string;
}

/** Reads a Foo: field 1 int32 varints, field 2 sfixed32, each expanded or packed. */
function readFoo(a: Attempt): Decoded {
  return readFooFields(a.fields(FILE).fields);
}

function readFooFields(fields: WireField[]): Decoded {
  const values: number[] = [];
  const kinds = new Set<string>();
  for (const f of fields) {
    if (f.field === 1 && f.wireType === 0) {
      values.push(Number(BigInt.asIntN(32, f.varint!)));
      kinds.add("repeated varint");
    } else if (f.field === 1 && f.wireType === 2) {
      const v = readPackedVarints(f.value);
      if (!v) return { values, problem: "field 1's LEN payload is not a run of varints" };
      values.push(...v.map((x) => Number(BigInt.asIntN(32, x))));
      kinds.add("packed varint");
    } else if (f.field === 2 && f.wireType === 5) {
      values.push(new DataView(f.value.buffer, f.value.byteOffset, 4).getInt32(0, true));
      kinds.add("repeated fixed32");
    } else if (f.field === 2 && f.wireType === 2) {
      const v = readPackedFixed32(f.value);
      if (!v) return { values, problem: "field 2's LEN payload is not a whole number of 4-byte values" };
      values.push(...v);
      kinds.add("packed fixed32");
    } else return { values, problem: `field ${f.field} with wire type ${f.wireType} is not part of Foo (field 1: int32 varints, field 2: sfixed32)` };
  }
  return { values, ...(kinds.size === 1 ? { encoding: [...kinds][0]! } : {}) };
}

const varintBytes = (v: number) => encodeVarint64(BigInt.asUintN(64, BigInt(v))).length;
/** Size of one packed record holding `payload` bytes in field 1 or 2. */
const packedSize = (payload: number) => 1 + varintBytes(payload) + payload;

function sizes(values: number[]): Record<string, number> {
  const varints = values.reduce((n, v) => n + varintBytes(v), 0);
  return {
    "repeated varint": values.length + varints,
    "packed varint": values.length === 0 ? 0 : packedSize(varints),
    "repeated fixed32": values.length * 5,
    "packed fixed32": values.length === 0 ? 0 : packedSize(4 * values.length),
  };
}

const expected = Array.from({ length: 20 }, (_, i) => i);

/** The encodings' names, as a learner may write them. */
const ENCODINGS = ["repeated varint", "packed varint", "repeated fixed32", "packed fixed32"];

function encodingNamed(text: string): string | undefined {
  const t = text.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim().replace(/\bexpanded\b/, "repeated").replace(/\bvarints\b/, "varint").replace(/\bsfixed32\b/, "fixed32");
  return ENCODINGS.find((e) => t === e || t === `${e}s`);
}

/** The given Foo as the engine reads it: its encoding and values (readFoo over the .hex file). */
function readGiven(a: Attempt): Decoded {
  const fields = readFields(a.bytes("values.hex")).fields;
  return readFooFields(fields);
}

const checks: LessonChecks = {
  "smallest-raw": [
    assembles(FILE),
    check("values", (a): CheckResult => {
      const d = readFoo(a);
      if (d.problem) return fail(d.problem);
      return d.values.join(",") === expected.join(",") ? pass("the message holds 0 to 19, in order") : fail(`the message holds [${d.values.join(", ")}]; expected the integers 0 to 19 in order`);
    }),
    check("smallest", (a) => {
      const d = readFoo(a);
      const size = a.assemble(FILE).bytes.length;
      const all = sizes(expected);
      const best = Math.min(...Object.values(all));
      if (size <= best) return pass(`${size} bytes: the smallest of the four (${Object.entries(all).map(([k, v]) => `${k} ${v}`).join(", ")})`);
      return fail(`${d.encoding ? `as ${d.encoding}, ` : ""}the message takes ${size} bytes, and another of the four encodings takes fewer: count a tag per value against one tag and length for all, and four bytes a value against one`);
    }),
  ],
  "fixed-wins": [
    assembles(FILE),
    check("packed-fixed32", (a) => {
      const records = a.fields(FILE).fields;
      if (records.length !== 1 || records[0]!.field !== 2 || records[0]!.wireType !== 2) return fail(`write one packed record in field 2 (\`2: {...}\` with i32 values); the message has ${records.length} record${records.length === 1 ? "" : "s"}`);
      const v = readFoo(a);
      if (v.problem) return fail(v.problem);
      return v.values.length >= 5 ? pass(`field 2 holds ${v.values.length} packed fixed32 values`) : fail(`field 2 holds ${v.values.length} values; write at least five`);
    }),
    check("smaller-than-varints", (a) => {
      const v = readFoo(a);
      if (v.values.length === 0) return fail("there are no values yet");
      const s = sizes(v.values);
      const fixed = s["packed fixed32"]!;
      const varint = s["packed varint"]!;
      return fixed < varint
        ? pass(`packed fixed32 takes ${fixed} bytes; the same values as packed varints would take ${varint}`)
        : fail(`as packed varints these ${v.values.length} values would take ${varint} bytes, no more than your ${fixed} as fixed32: varints win. Pick values whose varints need more than four bytes`);
    }),
  ],
  "read-encoding": [
    check("encoding", (a) => {
      const given = readGiven(a);
      const line = answerLines(a.text("answer.txt")).find((l) => /^encoding\s*[:=]/i.test(l.text));
      const said = line?.text.replace(/^encoding\s*[:=]\s*/i, "") ?? "";
      if (said === "") return fail("answer.txt has no encoding yet: write `encoding: ` and one of repeated varint, packed varint, repeated fixed32, packed fixed32");
      const named = encodingNamed(said);
      if (!named) return fail(`answer.txt:${line!.line}: \`${said}\` is not one of repeated varint, packed varint, repeated fixed32, packed fixed32`);
      if (named !== given.encoding) {
        const part = named.split(" ");
        const wrongKind = !given.encoding?.endsWith(part[1]!);
        return fail(`answer.txt:${line!.line}: it is not ${named}: ${wrongKind ? "the tag's field number says which field, and so varints or fixed32 (foo.proto)" : "the tag's wire type says whether the values are packed in one LEN record or tagged one by one"}`);
      }
      return pass(`${named}: the tag says so`);
    }),
    check("values", (a) => {
      const given = readGiven(a);
      const line = answerLines(a.text("answer.txt")).find((l) => /^values\s*[:=]/i.test(l.text));
      const said = (line?.text.replace(/^values\s*[:=]\s*/i, "") ?? "").split(/[\s,;]+/).filter((x) => x !== "");
      if (said.length === 0) return fail("answer.txt has no values yet: write `values: ` and the numbers, in order");
      const numbers = said.map((x) => readInteger(x));
      const bad = said.find((_, i) => numbers[i] === undefined);
      if (bad !== undefined) return fail(`answer.txt:${line!.line}: \`${bad}\` is not a number`);
      if (numbers.length !== given.values.length) return fail(`answer.txt:${line!.line}: ${numbers.length} values, but the payload holds ${numbers.length < given.values.length ? "more" : "fewer"}: its length says how many bytes, and each value takes four`);
      const wrong = given.values.findIndex((v, i) => BigInt(v) !== numbers[i]);
      if (wrong >= 0) return fail(`answer.txt:${line!.line}: value ${wrong + 1} is not ${said[wrong]}: each value is four bytes, little-endian (the first byte is the lowest)`);
      return pass(`${given.values.length} values, each right`);
    }),
  ],
};

export default checks;
