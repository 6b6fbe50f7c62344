/**
 * Small tools for writing checks: results, and a comparison of bytes that says what differs in
 * a learner's terms ("field 2's bytes read `Testing`; expected `testing`") instead of dumping hex.
 */
import type { Check, CheckResult } from "./types.ts";
import type { Annotation, AnnotationList } from "../annotate/types.ts";
import { Attempt } from "./attempt.ts";
import { hexBytes, printableText, readFields, type WireField } from "./wire-fields.ts";

export const pass = (message: string): CheckResult => ({ passed: true, message });
export const fail = (message: string): CheckResult => ({ passed: false, message });

export function check(name: string, run: (attempt: Attempt) => CheckResult): Check {
  return { name, run };
}

const WIRE_NAMES = ["a varint (VARINT)", "8 bytes (I64)", "a length-delimited record (LEN)", "a group start (SGROUP)", "a group end (EGROUP)", "4 bytes (I32)"];

export function wireTypeName(wireType: number): string {
  return WIRE_NAMES[wireType] ?? `wire type ${wireType}`;
}

/** "field 2 (LEN, 7 bytes: "testing")". */
export function describeField(f: WireField): string {
  if (f.wireType === 0) return `field ${f.field} = ${f.varint} (varint)`;
  if (f.wireType === 2) {
    const text = printableText(f.value);
    return `field ${f.field} (LEN, ${f.value.length} bytes${text !== undefined ? `: "${text}"` : `: ${hexBytes(f.value, 16)}`})`;
  }
  return `field ${f.field} (${wireTypeName(f.wireType)}: ${hexBytes(f.value)})`;
}

/**
 * Compares actual bytes with expected ones, top-level field by field; returns undefined when
 * they are equal, otherwise one sentence about the first difference.
 */
export function explainDifference(actual: Uint8Array, expected: Uint8Array): string | undefined {
  if (actual.length === expected.length && actual.every((b, i) => b === expected[i])) return undefined;
  if (actual.length === 0) return `there are no bytes yet; expected ${hexBytes(expected)}`;
  const a = readFields(actual);
  const e = readFields(expected);
  if (a.error && a.fields.length === 0) return `the bytes ${hexBytes(actual)} do not parse as a protobuf message: ${a.error.message}`;
  for (let i = 0; i < e.fields.length; i++) {
    const want = e.fields[i]!;
    const got = a.fields[i];
    const nth = i === 0 ? "the first field" : i === 1 ? "the second field" : `field record ${i + 1}`;
    if (!got) return `${describeField(want)} is missing${a.error ? ` (the bytes stop parsing at byte ${a.error.offset})` : ""}`;
    if (got.field !== want.field) return `${nth} is field ${got.field}; expected field ${want.field}`;
    if (got.wireType !== want.wireType) return `field ${want.field} is ${wireTypeName(got.wireType)}; expected ${wireTypeName(want.wireType)}`;
    if (want.wireType === 0 && got.varint !== want.varint) return `field ${want.field} holds ${got.varint}; expected ${want.varint}`;
    if (want.wireType === 0 && got.value.length !== want.value.length) return `field ${want.field}'s varint takes ${got.value.length} bytes (${hexBytes(got.value)}); the shortest form takes ${want.value.length}`;
    const same = got.value.length === want.value.length && got.value.every((b, k) => b === want.value[k]);
    if (!same) {
      const gt = printableText(got.value);
      const wt = printableText(want.value);
      if (gt !== undefined && wt !== undefined) return `field ${want.field}'s bytes read \`${gt}\`; expected \`${wt}\``;
      return `field ${want.field}'s bytes are ${hexBytes(got.value)}; expected ${hexBytes(want.value)}`;
    }
  }
  if (a.fields.length > e.fields.length || a.error) {
    const extra = actual.subarray(a.fields[e.fields.length]?.start ?? a.error?.offset ?? expected.length);
    return `after the expected fields come ${extra.length} more bytes (${hexBytes(extra, 16)}); remove them`;
  }
  return `the bytes are ${hexBytes(actual)}; expected ${hexBytes(expected)}`;
}

/** Parses "08 96 01" into bytes (for expected values written in hex). */
export function hex(text: string): Uint8Array {
  const digits = text.replace(/\s+/g, "");
  const out = new Uint8Array(digits.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(digits.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** A check that a protoscope file assembles, with the assembler's first error as the message. */
export function assembles(file: string): Check {
  return check("assembles", (a) => {
    const r = a.assemble(file);
    const err = Attempt.firstError(r.diagnostics);
    return err ? fail(`${file} does not assemble: ${err}`) : pass(`${file} assembles to ${r.bytes.length} bytes`);
  });
}

/** Every tag annotation in a tree, in order (the assembler and encoders mark each tag). */
export function walkTags(nodes: AnnotationList): Annotation[] {
  const out: Annotation[] = [];
  const visit = (list: AnnotationList) => {
    for (const n of list) {
      if (n.kind === "tag") out.push(n);
      if (n.children) visit(n.children);
    }
  };
  visit(nodes);
  return out;
}

/**
 * Field numbers of the unknown fields anywhere in a message @bufbuild/protobuf read (its
 * `$unknown` lists, nested messages and lists included), in the order met.
 */
export function unknownFieldNumbers(value: unknown, out: number[] = []): number[] {
  if (value === null || typeof value !== "object" || value instanceof Uint8Array) return out;
  const u = (value as { $unknown?: { no: number }[] }).$unknown;
  if (u) out.push(...u.map((x) => x.no));
  for (const [k, v] of Object.entries(value)) if (k !== "$unknown" && k !== "$typeName") (Array.isArray(v) ? v : [v]).forEach((x) => unknownFieldNumbers(x, out));
  return out;
}
