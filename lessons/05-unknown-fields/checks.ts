/**
 * unknown-fields: skip (which top-level records a v1 reader does not know, graded against the
 * bytes and the schema), reserve (a deleted field's number and name reserved, graded on the
 * compiled descriptor), and numbers (one-byte tags for the hot fields and the largest number for
 * a rare one, graded on the compiled descriptor; protoc's own errors name the limits).
 */
import type { DescMessage } from "@bufbuild/protobuf";
import { Attempt, answerLines, check, fail, pass, readFieldLine, readFields, wireTypeName } from "../../engine/lessons/index.ts";
import type { CheckResult, LessonChecks } from "../../engine/lessons/index.ts";
import { encodeVarint64 } from "../../engine/wire/varint.ts";

function compiled(a: Attempt, type: string): { m?: DescMessage; problem?: string } {
  const err = Attempt.firstError(a.schema().compileDiagnostics);
  if (err) return { problem: `protoc reports: ${err}` };
  const m = a.messageType(type);
  return m ? { m } : { problem: `the schema has no message ${type}: keep its package and name` };
}

const compiles = check("compiles", (a) => {
  const err = Attempt.firstError(a.schema().compileDiagnostics);
  return err ? fail(`protoc reports: ${err}`) : pass("the schema compiles with no error");
});

const skip = check("unknown-records", (a): CheckResult => {
  const { m, problem } = compiled(a, "lesson.unknown.v1.User");
  if (!m) return fail(problem!);
  const known = new Set(m.fields.map((f) => f.number));
  const want = readFields(a.bytes("skip.hex")).fields.filter((f) => !known.has(f.field));
  const said = answerLines(a.text("answer.txt")).map(readFieldLine).filter((l) => l.field !== undefined);
  if (said.length === 0) return fail("answer.txt lists no field yet: one line per unknown field, `field NUMBER: WIRE-TYPE`");
  for (const [i, l] of said.entries()) {
    const n = Number(l.field);
    if (known.has(n)) return fail(`answer.txt:${l.line}: field ${n} is one user_v1.proto declares: list only the fields it does not know`);
    const w = want[i];
    if (!w) return fail(`answer.txt:${l.line}: the bytes hold only ${want.length} unknown records; field ${n} is not one of them. Skipping a record means skipping all of its value, nested tags included`);
    if (w.field !== n) {
      const elsewhere = want.findIndex((x) => x.field === n);
      return fail(
        elsewhere >= 0
          ? `answer.txt:${l.line}: field ${n} is unknown, but it is not the ${ordinal(i + 1)} unknown record: list them in the order they come`
          : `answer.txt:${l.line}: there is no top-level field ${n} in the bytes: the ${ordinal(i + 1)} unknown record is another. Skip each value whole (a LEN payload may look like tags inside; a tag of field 16 or more takes two bytes)`,
      );
    }
    if (l.wireType === undefined) return fail(`answer.txt:${l.line}: write field ${n}'s wire type after the number, e.g. \`field ${n}: LEN\``);
    if (l.wireType !== w.wireType) return fail(`answer.txt:${l.line}: field ${n} is not ${wireTypeName(l.wireType)}: read the low three bits of its tag`);
  }
  if (said.length < want.length) return fail(`answer.txt lists ${said.length} unknown record${said.length === 1 ? "" : "s"}; the bytes hold ${want.length}: keep skipping to the end of the bytes`);
  return pass(`every unknown record, in order: ${want.map((f) => `${f.field} (${wireTypeName(f.wireType)})`).join(", ")}`);
});

function ordinal(n: number): string {
  return ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"][n - 1] ?? `${n}th`;
}

const KEPT = [
  { name: "name", number: 1 },
  { name: "id", number: 2 },
  { name: "active", number: 4 },
];

const keepsFields = check("same-fields", (a): CheckResult => {
  const { m, problem } = compiled(a, "lesson.unknown.v1.Account");
  if (!m) return fail(problem!);
  for (const k of KEPT) {
    const f = m.fields.find((x) => x.name === k.name);
    if (!f) return fail(`Account has no field \`${k.name}\` any more: keep the fields that remain`);
    if (f.number !== k.number) return fail(`\`${k.name}\` is now field ${f.number}; it was ${k.number}`);
  }
  const extra = m.fields.find((f) => !KEPT.some((k) => k.name === f.name));
  if (extra) return fail(`\`${extra.name}\` (${extra.number}) is a field again: the deleted field stays deleted${extra.number === 3 ? ", and its number must never come back" : ""}`);
  return pass("name (1), id (2) and active (4), as before");
});

const reserved = check("reserved", (a): CheckResult => {
  const { m, problem } = compiled(a, "lesson.unknown.v1.Account");
  if (!m) return fail(problem!);
  const proto = m.proto;
  const number = proto.reservedRange.some((r) => r.start <= 3 && 3 < r.end);
  const name = proto.reservedName.includes("email");
  if (!number && !name) return fail("nothing reserves field 3 or the name email yet: a new field could take either");
  if (!number) return fail("the name email is reserved, but the number 3 is not: a new field numbered 3 would read old emails");
  if (!name) return fail("the number 3 is reserved, but the name email is not: a new field called email would read old JSON and text format");
  return pass("both the number 3 and the name email are reserved: protoc refuses any field that uses them");
});

const HOT = ["device_id", "timestamp_ms", "temperature", "battery"];

const numbers = check("numbers", (a): CheckResult => {
  const { m, problem } = compiled(a, "lesson.unknown.v1.Telemetry");
  if (!m) return fail(problem!);
  for (const name of [...HOT, "firmware", "debug_dump"]) if (!m.fields.some((f) => f.name === name)) return fail(`Telemetry has no field \`${name}\` any more: keep every field`);
  for (const name of HOT) {
    const f = m.fields.find((x) => x.name === name)!;
    const tag = encodeVarint64(BigInt(f.number) << 3n).length;
    if (tag > 1) return fail(`\`${name}\` is field ${f.number}: its tag takes ${tag} bytes in every sample`);
  }
  const dump = m.fields.find((x) => x.name === "debug_dump")!;
  if (dump.number !== 536870911) return fail(`\`debug_dump\` is field ${dump.number}; a larger field number is allowed`);
  return pass("the four fields of every sample have one-byte tags, and debug_dump has the largest number there is");
});

const checks: LessonChecks = {
  skip: [skip],
  reserve: [compiles, keepsFields, reserved],
  numbers: [compiles, numbers],
};

export default checks;
