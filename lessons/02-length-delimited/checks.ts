/** length-delimited: a nested message, and a packed repeated field. */
import { assembles, check, explainDifference, fail, hex, pass, readPackedVarints } from "../../engine/lessons/index.ts";
import type { LessonChecks } from "../../engine/lessons/index.ts";

const FILE = "message.protoscope";
const WANT = [1n, 2n, 150n];

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
};

export default checks;
