/**
 * varints: write-bytes (a fixed exercise workshop material refers to), small-negative, and two
 * readings: three fields without a schema, and one varint byte read as sint32 and int32.
 */
import { assembles, check, explainDifference, fail, fieldReadingChecks, hex, namedValueChecks, pass, walkTags } from "../../engine/lessons/index.ts";
import type { LessonChecks } from "../../engine/lessons/index.ts";
import { zigzagDecode64 } from "../../engine/wire/varint.ts";

const FILE = "message.protoscope";
const TARGET = hex("08 96 01 12 07 74 65 73 74 69 6e 67");

const checks: LessonChecks = {
  "write-bytes": [
    assembles(FILE),
    check("bytes", (a) => {
      const why = explainDifference(a.assemble(FILE).bytes, TARGET);
      return why ? fail(why) : pass("the bytes are exactly 08 96 01 12 07 74 65 73 74 69 6e 67");
    }),
    check("field-syntax", (a) => {
      const text = a.text(FILE);
      const tags = walkTags(a.assemble(FILE).annotations);
      for (const field of [1, 2]) {
        const ok = tags.some((t) => t.field === field && t.source !== undefined && new RegExp(`^${field}\\s*:`).test(text.slice(t.source.from, t.source.to)));
        if (!ok) return fail(`field ${field}'s tag is not written with field syntax: write \`${field}:\` and let the assembler compute the tag byte, instead of a hex literal or a bare number`);
      }
      return pass("both tags are written with field syntax (1: and 2:)");
    }),
  ],
  "small-negative": [
    assembles(FILE),
    check("reads-minus-2", (a) => {
      const f = a.fields(FILE).fields;
      if (f.length === 0) return fail("there is no field yet: write field 1");
      const one = f.find((x) => x.field === 1);
      if (!one) return fail(`the message has field ${f[0]!.field} but no field 1`);
      if (one.wireType !== 0) return fail("field 1 must be a varint (a sint32 is a zigzag-encoded varint)");
      const decoded = zigzagDecode64(one.varint!);
      if (decoded === -2n) return pass("field 1 reads -2 as a sint32");
      if (BigInt.asIntN(64, one.varint!) === -2n) {
        return fail(`field 1 holds -2 the way an int32 writes it: ${one.value.length} bytes of 64-bit two's complement, which a sint32 reader does not read as -2: a sint32 reader undoes zigzag, so write the zigzag form`);
      }
      return fail(`a sint32 reader reads field 1 as ${decoded}, not -2: it undoes zigzag on the varint ${one.varint}`);
    }),
    check("two-bytes", (a) => {
      const n = a.assemble(FILE).bytes.length;
      return n === 2 ? pass("the whole message takes two bytes") : fail(`the message takes ${n} bytes; a tag and a one-byte value make two`);
    }),
  ],
  "read-fields": fieldReadingChecks("answer.txt", "mystery.hex"),
  "read-zigzag": namedValueChecks("answer.txt", "reading.hex", "lesson.varints.v1.Reading", ["delta", "raw"]),
};

export default checks;
