/**
 * varints: write-bytes (a fixed exercise workshop material refers to) and small-negative.
 * Both grade what the learner's protoscope assembles to, and how its tags were written.
 */
import { assembles, check, explainDifference, fail, hex, pass, walkTags } from "../../engine/lessons/index.ts";
import type { LessonChecks } from "../../engine/lessons/index.ts";

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
      const v = one.varint!;
      const decoded = (v >> 1n) ^ -(v & 1n);
      if (decoded === -2n) return pass("field 1 reads -2 as a sint32 (zigzag 3)");
      if (BigInt.asIntN(64, v) === -2n) return fail(`field 1 holds -2 the way an int32 writes it: ${one.value.length} bytes of 64-bit two's complement, which a sint32 reader does not read as -2. Use zigzag: \`-2z\``);
      return fail(`field 1 reads ${decoded} as a sint32 (the varint ${v}); expected -2`);
    }),
    check("two-bytes", (a) => {
      const n = a.assemble(FILE).bytes.length;
      return n === 2 ? pass("the whole message takes two bytes") : fail(`the message takes ${n} bytes; a tag and a one-byte zigzag varint make two`);
    }),
  ],
};

export default checks;
