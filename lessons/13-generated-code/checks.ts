/**
 * generated-code: case-labels (the tag constants a generated decoder for Row switches on, graded
 * against the compiled schema) and pool-reuse (a later batch of a row stream, decoded by the pool
 * suite's generated-style decoder into the message the first batch warmed: no new objects).
 */
import { ScalarType, type DescField, type DescMessage } from "@bufbuild/protobuf";
import { answerLines, assembles, check, fail, pass, readFields } from "../../engine/lessons/index.ts";
import type { Attempt, LessonChecks } from "../../engine/lessons/index.ts";
import { decodeResponse, type PResponse, type Tally } from "../../engine/bench/suites/pool.ts";

const LABELS = "cases.txt";
const ROW = "wirelab.bench.v1.Row";
const FIRST = "first.protoscope";
const SECOND = "second.protoscope";

/** The wire type a field's values travel with (not counting the packed form of a repeated scalar). */
function wireType(f: DescField): number {
  const scalar = f.fieldKind === "scalar" || f.fieldKind === "list" ? (f.fieldKind === "list" ? f.scalar : f.scalar) : undefined;
  if (f.fieldKind === "enum" || (f.fieldKind === "list" && f.listKind === "enum")) return 0;
  if (scalar === undefined) return 2;
  switch (scalar) {
    case ScalarType.STRING:
    case ScalarType.BYTES:
      return 2;
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
    case ScalarType.DOUBLE:
      return 1;
    case ScalarType.FIXED32:
    case ScalarType.SFIXED32:
    case ScalarType.FLOAT:
      return 5;
    default:
      return 0;
  }
}

const WIRE = ["VARINT", "I64", "LEN", "SGROUP", "EGROUP", "I32"];

interface Label {
  value: number;
  field: DescField;
  why: string;
}

/** Every tag value a decoder for `m` must accept: one per field, two for a repeated number. */
function labels(m: DescMessage): Label[] {
  const out: Label[] = [];
  for (const f of m.fields) {
    const wt = wireType(f);
    out.push({ value: f.number * 8 + wt, field: f, why: `field ${f.number} \`${f.name}\` as ${WIRE[wt]}` });
    if (f.fieldKind === "list" && wt !== 2) out.push({ value: f.number * 8 + 2, field: f, why: `field ${f.number} \`${f.name}\` packed (LEN)` });
  }
  return out;
}

/** The numbers of cases.txt: decimal or 0x hex, separated by spaces, commas or new lines; # comments. */
function numbers(text: string): { values: number[]; bad?: string } {
  const values: number[] = [];
  for (const token of text.replace(/#[^\n]*/g, " ").split(/[\s,]+/).filter(Boolean)) {
    if (/^\d+$/.test(token)) values.push(Number(token));
    else if (/^0x[0-9a-f]+$/i.test(token)) values.push(parseInt(token.slice(2), 16));
    else return { values, bad: token };
  }
  return { values };
}

function rowType(a: Attempt): DescMessage | undefined {
  return a.messageType(ROW);
}

/** Decodes with the pool suite's decoder; a malformed message is reported, not thrown. */
function decode(bytes: Uint8Array, into: PResponse, pooled: boolean, t: Tally): string | undefined {
  try {
    decodeResponse(bytes, into, pooled, t);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

const fresh = (): PResponse => ({ fields: [], rows: [], gtid: "", throttled: false });

/** Checks one decoded row: cells, and lengths that add up to the values buffer. */
function rowProblem(r: PResponse["rows"][number], i: number): string | undefined {
  if (r.lengths.length === 0) return `row ${i + 1} has no cells: give it \`lengths\` (field 1) and \`values\` (field 2)`;
  const bad = r.lengths.find((n) => n < -1);
  if (bad !== undefined) return `row ${i + 1} has a length of ${bad}; a cell is -1 (NULL) or its size in bytes`;
  const sum = r.lengths.reduce((s, n) => s + Math.max(n, 0), 0);
  if (sum !== r.size) return `row ${i + 1}'s lengths add up to ${sum} bytes but its values hold ${r.size}: each length is one cell's share of \`values\``;
  return undefined;
}

const checks: LessonChecks = {
  "case-labels": [
    check("numbers", (a) => {
      const { values, bad } = numbers(a.text(LABELS));
      if (bad !== undefined) return fail(`\`${bad}\` is not a number: write each case label as a decimal number (or 0x hex), separated by spaces, commas or new lines`);
      if (values.length === 0) return fail(`${LABELS} has no numbers yet`);
      return pass(`${values.length} case label${values.length === 1 ? "" : "s"}`);
    }),
    check("labels", (a) => {
      const m = rowType(a);
      if (!m) return fail(`the schema does not define ${ROW}`);
      const want = labels(m);
      const { values } = numbers(a.text(LABELS));
      for (const v of values) {
        if (want.some((l) => l.value === v)) continue;
        const field = m.fields.find((f) => f.number === v >> 3);
        const wt = v & 7;
        if (!field) return fail(`${v} is field ${v >> 3} with wire type ${wt} (${WIRE[wt] ?? "invalid"}), but Row has no field ${v >> 3}: a tag is field_number << 3 | wire_type`);
        return fail(`${v} is field ${field.number} \`${field.name}\` with wire type ${wt} (${WIRE[wt] ?? "invalid"}), which is not how \`${field.name}\` travels`);
      }
      const missing = want.filter((l) => !values.includes(l.value));
      if (missing.length > 0) {
        const m0 = missing[0]!;
        const sameField = want.some((l) => l.field === m0.field && values.includes(l.value));
        if (sameField) return fail(`a case is missing for ${m0.field.name}: a parser must accept a repeated number both packed (one LEN record) and unpacked (one record per value), whichever the writer chose`);
        return fail(`no case matches field ${m0.field.number} \`${m0.field.name}\`: what is its wire type?`);
      }
      const dup = values.find((v, i) => values.indexOf(v) !== i);
      if (dup !== undefined) return fail(`${dup} is listed twice: a switch has one case per value`);
      return pass(`the switch needs exactly ${want.map((l) => `${l.value} (${l.why})`).join(", ")}`);
    }),
  ],
  "read-tags": [
    check("fields", (a) => {
      const m = a.messageType("wirelab.bench.v1.RowsResponse");
      if (!m) return fail("rows.proto does not define RowsResponse (a bug in the lesson)");
      const order = readFields(a.bytes("batch2.hex")).fields.map((f) => m.fields.find((x) => x.number === f.field)?.name ?? `field ${f.field}`);
      const said = answerLines(a.text("answer.txt")).map((l) => ({ line: l.line, name: l.text.replace(/^\d+\s*[:=.)-]?\s*/, "").trim() }));
      if (said.length === 0) return fail("answer.txt names no field yet");
      const unknown = said.find((x) => !m.fields.some((f) => f.name === x.name));
      if (unknown) return fail(`answer.txt:${unknown.line}: \`${unknown.name}\` is not a field of RowsResponse: use the names rows.proto declares`);
      for (let i = 0; i < order.length; i++) {
        const x = said[i];
        if (!x) return fail(`answer.txt lists ${said.length} field${said.length === 1 ? "" : "s"}, but the bytes hold more: after each value, the next byte is another tag`);
        if (x.name !== order[i]) return fail(`answer.txt:${x.line}: the ${i + 1}${i === 0 ? "st" : i === 1 ? "nd" : i === 2 ? "rd" : "th"} tag is not \`${x.name}\`'s: shift the tag right by three bits for the field number, and skip each value by its wire type (and length)`);
      }
      if (said.length > order.length) return fail(`answer.txt lists ${said.length} fields, more than the bytes hold: a LEN value's bytes are its payload, not more tags`);
      return pass(`the decoder meets ${order.join(", ")}`);
    }),
  ],
  "pool-reuse": [
    assembles(SECOND),
    check("rows", (a) => {
      const r = a.assemble(SECOND);
      if (r.bytes.length === 0) return fail(`${SECOND} has no bytes yet`);
      const m = fresh();
      const err = decode(r.bytes, m, false, { objects: 0 });
      if (err) return fail(`${SECOND} does not decode as a RowsResponse: ${err}`);
      if (m.rows.length < 2) return fail(`the batch has ${m.rows.length} row${m.rows.length === 1 ? "" : "s"}; send at least two (field 2)`);
      for (let i = 0; i < m.rows.length; i++) {
        const p = rowProblem(m.rows[i]!, i);
        if (p) return fail(p);
      }
      return pass(`${m.rows.length} rows whose lengths match their values`);
    }),
    check("no-new-objects", (a) => {
      const first = a.assemble(FIRST).bytes;
      const second = a.assemble(SECOND).bytes;
      const pooled = fresh();
      if (decode(first, pooled, true, { objects: 0 })) return fail("the first batch does not decode (a bug in the lesson)");
      const kept = pooled.rows.map((r) => r.values.length);
      const t: Tally = { objects: 0 };
      if (decode(second, pooled, true, t)) return fail(`${SECOND} does not decode as a RowsResponse`);
      const base: Tally = { objects: 0 };
      decode(new Uint8Array(0), fresh(), true, base);
      const extra = t.objects - base.objects;
      const freshCount: Tally = { objects: 0 };
      const plain = fresh();
      decode(second, plain, false, freshCount);
      if (extra === 0) return pass(`decoding it into the warm pool created no object besides the reader (into fresh objects: ${freshCount.objects})`);
      const why: string[] = [];
      if (plain.fields.length > 0) why.push(`it resends ${plain.fields.length} column description${plain.fields.length === 1 ? "" : "s"} (field 1), whose names are new strings on every decode; the stream sends them once, in its first batch`);
      if (plain.gtid !== "") why.push("its gtid (field 3) is a string, made anew on every decode");
      if (plain.rows.length > kept.length) why.push(`it has ${plain.rows.length} rows but the pool kept ${kept.length} from the first batch, so ${plain.rows.length - kept.length} row${plain.rows.length - kept.length === 1 ? " is" : "s are"} new`);
      plain.rows.forEach((r, i) => {
        if (i < kept.length && r.size > kept[i]!) why.push(`row ${i + 1}'s values take ${r.size} bytes; the pool kept a ${kept[i]}-byte buffer for it, so a new one is allocated`);
        if (r.size > 64) why.push(`row ${i + 1}'s values are over 64 bytes, and copying that many needs a view of the input (an object)`);
      });
      if (why.length === 0) why.push("it holds fields the decoder does not know (each is skipped with a new object)");
      return fail(`decoding it into the warm pool created ${extra} new object${extra === 1 ? "" : "s"}: ${why.join("; ")}`);
    }),
  ],
};

export default checks;
