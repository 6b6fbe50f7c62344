/**
 * malformed: first-bad-byte (where a reader gives up, graded against the engine's wire reader),
 * overlong (a ten-byte varint every decoder of the line-up reads as 1), and divergence (bytes
 * protobufjs reads and @bufbuild/protobuf refuses, graded by running the line-up).
 */
import { Attempt, answerLines, assembles, check, fail, pass, readFields, readInteger } from "../../engine/lessons/index.ts";
import type { CheckResult, LessonChecks } from "../../engine/lessons/index.ts";
import { lineup, type Lineup } from "../../engine/decode/lineup.ts";

const TYPE = "lesson.malformed.v1.Reading";

function runLineup(a: Attempt, file: string): { result?: Lineup; problem?: string } {
  const err = Attempt.firstError(a.schema().compileDiagnostics);
  if (err) return { problem: `reading.proto does not compile: ${err}` };
  const desc = a.messageType(TYPE);
  if (!desc) return { problem: `the schema has no message ${TYPE}` };
  return { result: lineup(desc, a.assemble(file).bytes, { "reading.proto": a.text("reading.proto") }) };
}

const say = (r: Lineup) => r.decoders.map((d) => `${d.name} ${d.ok ? "reads it" : `throws (${d.error})`}`).join("; ");

const firstBadByte = check("offset", (a): CheckResult => {
  const error = readFields(a.bytes("broken.hex")).error;
  if (!error) return fail("broken.hex reads to its end (a bug in the lesson)");
  const line = answerLines(a.text("answer.txt")).find((l) => /^offset\s*[:=]/i.test(l.text));
  const value = line ? readInteger(line.text.replace(/^offset\s*[:=]\s*/i, "")) : undefined;
  if (!line || value === undefined) return fail("answer.txt has no offset yet: write `offset: N`");
  if (Number(value) === error.offset) return pass(`byte ${error.offset}: ${error.message.replace(/ \(at byte \d+\)$/, "")}`);
  return fail(`answer.txt:${line.line}: byte ${value} is not where a reader gives up: walk the records from byte 0, each tag, then its value, and find the first value that promises more than the bytes hold`);
});

const tenBytes = check("ten-bytes", (a): CheckResult => {
  const read = a.fields("overlong.protoscope");
  const f = read.fields.find((x) => x.field === 1);
  if (!f && read.error) return fail(`a reader gives up at byte ${read.error.offset}: ${read.error.message.replace(/ \(at byte \d+\)$/, "")}`);
  if (!f) return fail("there is no field 1 yet");
  if (f.wireType !== 0) return fail("field 1 (id) is an int32: write it as a varint");
  return f.value.length === 10 ? pass("field 1's varint takes ten bytes") : fail(`field 1's varint takes ${f.value.length} byte${f.value.length === 1 ? "" : "s"}; write it in ten`);
});

const allReadOne = check("all-read-1", (a): CheckResult => {
  const { result, problem } = runLineup(a, "overlong.protoscope");
  if (!result) return fail(problem!);
  const wrong = result.decoders.find((d) => !d.ok || d.fields.find((f) => f.number === 1)?.value !== "1");
  if (wrong) return fail(`not every decoder reads id 1: ${say(result)}${wrong.ok ? `; ${wrong.name} reads id as ${wrong.fields.find((f) => f.number === 1)?.value ?? "unset"}` : ""}`);
  return pass("the engine, @bufbuild/protobuf and protobufjs all read id 1");
});

const diverges = check("protobufjs-reads-bufbuild-refuses", (a): CheckResult => {
  const { result, problem } = runLineup(a, "diverge.protoscope");
  if (!result) return fail(problem!);
  const bufbuild = result.decoders.find((d) => d.name === "@bufbuild/protobuf")!;
  const pbjs = result.decoders.find((d) => d.name === "protobufjs")!;
  if (pbjs.ok && !bufbuild.ok) return pass(`protobufjs reads them, @bufbuild/protobuf throws: ${bufbuild.error}`);
  return fail(`the line-up says: ${say(result)}`);
});

const checks: LessonChecks = {
  "first-bad-byte": [firstBadByte],
  overlong: [assembles("overlong.protoscope"), tenBytes, allReadOne],
  divergence: [assembles("diverge.protoscope"), diverges],
};

export default checks;
