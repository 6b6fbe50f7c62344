// Differential fuzzing against the real protoscope: random programs from a grammar (mostly valid,
// some deliberately broken) are assembled by ours and by `protoscope -s`, one file each in a
// temp dir. Valid for protoscope => same bytes from ours; rejected by protoscope => an error from
// ours. Programs come from fast-check with a seed printed on failure (FUZZ_SEED=... to replay).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { findTool, missingToolReason } from "../testing/tools.ts";
import { assemble } from "./index.ts";

const protoscope = findTool("protoscope");
if (!protoscope) console.warn(missingToolReason("protoscope"));

const pick = <T,>(...values: T[]) => fc.constantFrom(...values);

const digits = (min: number, max: number) => fc.string({ unit: pick(..."0123456789"), minLength: min, maxLength: max });
const hexDigits = (min: number, max: number) =>
  fc.string({ unit: pick(..."0123456789abcdefABCDEF"), minLength: min, maxLength: max });

const edgeIntegers = pick(
  "0", "1", "127", "128", "255", "16383", "16384", "2147483647", "2147483648", "4294967295", "4294967296",
  "9007199254740991", "9007199254740993", "9223372036854775807", "9223372036854775808",
  "18446744073709551615", "18446744073709551616", "0x7fffffff", "0xffffffff", "0x100000000",
  "0xffffffffffffffff", "0x10000000000000000", "00017", "0x0000000000000000001",
);
const magnitude = fc.oneof(
  { weight: 3, arbitrary: digits(1, 6) },
  { weight: 1, arbitrary: digits(7, 21) },
  { weight: 1, arbitrary: hexDigits(1, 17).map((h) => "0x" + h) },
  { weight: 2, arbitrary: edgeIntegers },
);
const sign = fc.oneof({ weight: 3, arbitrary: fc.constant("") }, { weight: 1, arbitrary: fc.constant("-") });
const integer = fc
  .tuple(sign, magnitude, pick("", "", "", "z", "i32", "i64"))
  .map(([s, m, suffix]) => s + m + suffix);

const wireType = fc.oneof(
  { weight: 6, arbitrary: fc.constant("") },
  { weight: 3, arbitrary: pick("VARINT", "I64", "LEN", "SGROUP", "EGROUP", "I32") },
  { weight: 2, arbitrary: pick("0", "1", "2", "3", "4", "5", "6", "7", "05") },
  { weight: 1, arbitrary: pick("8", "0x2", "LENGTH", "_", "99999999999999999999") },
);
const fieldNumber = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 40 }).map(String) },
  { weight: 1, arbitrary: pick("-1", "-2", "0x1f", "536870911", "2305843009213693951", "2305843009213693952", "3z", "-5z", "7i32") },
);
const tag = fc.tuple(fieldNumber, wireType).map(([n, t]) => `${n}:${t}`);

const exponent = fc.oneof(
  { weight: 3, arbitrary: fc.constant("") },
  { weight: 2, arbitrary: fc.tuple(pick("e", "E"), sign, digits(1, 3)).map(([e, s, d]) => e + s + d) },
);
const decimalFloat = fc
  .tuple(sign, digits(1, 12), digits(1, 25), exponent, pick("", "", "i32", "i64"))
  .map(([s, i, f, e, w]) => `${s}${i}.${f}${e}${w}`);
const hexFloat = fc
  .tuple(sign, hexDigits(1, 16), hexDigits(1, 16), fc.oneof(fc.constant(""), fc.tuple(pick("p", "P"), sign, digits(1, 4)).map((x) => x.join(""))), pick("", "i32", "i64"))
  .map(([s, i, f, p, w]) => `${s}0x${i}.${f}${p}${w}`);
const float = fc.oneof(decimalFloat, hexFloat, pick("inf32", "-inf32", "inf64", "-inf64"));

const stringChar = fc.oneof(
  { weight: 10, arbitrary: pick(..."abcxyz 019#{}!:`'") },
  { weight: 2, arbitrary: pick("é", "日", "😀", "\n", "\t") },
  { weight: 4, arbitrary: pick("\\n", '\\"', "\\\\", "\\x00", "\\xff", "\\x7F", "\\0", "\\12", "\\377", "\\1234", "\\08") },
  { weight: 1, arbitrary: pick("\\400", "\\q", "\\u0041", "\\x4", "\\xg0") },
);
const quoted = fc.array(stringChar, { maxLength: 12 }).map((cs) => `"${cs.join("")}"`);
const hexLiteral = fc.oneof(
  { weight: 8, arbitrary: fc.array(hexDigits(2, 2), { maxLength: 8 }).map((bs) => "`" + bs.join("") + "`") },
  { weight: 1, arbitrary: pick("`abc`", "`0g`", "`00 11`") },
);

const scalar = fc.oneof(
  { weight: 6, arbitrary: integer },
  { weight: 3, arbitrary: float },
  { weight: 2, arbitrary: quoted },
  { weight: 1, arbitrary: hexLiteral },
  { weight: 1, arbitrary: pick("true", "false") },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 12 }).map((n) => `long-form:${n}`) },
  { weight: 1, arbitrary: pick("hello", "1e5", "+1", ".5", "!", "}", "{", "!{", "#comment\n", "1::", "[") },
);

/** What separates tokens: any of protoscope's four whitespace characters, or a comment. */
const separator = fc.oneof(
  { weight: 6, arbitrary: fc.constant(" ") },
  { weight: 2, arbitrary: pick("\n", "\t", "\r\n", "  \t") },
  { weight: 1, arbitrary: pick(" # a comment { } \"\n", "#\n") },
);

const program: fc.Arbitrary<string> = fc.letrec<{ items: string[]; item: string }>((tie) => ({
  item: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { weight: 8, arbitrary: fc.tuple(tag, scalar).map(([t, v]) => `${t} ${v}`) },
    { weight: 4, arbitrary: scalar },
    { weight: 2, arbitrary: fc.tuple(tag, tie("items")).map(([t, body]) => `${t} {${body.join(" ")}}`) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 0, max: 30 }), tie("items"), pick("", "", "long-form:2 "))
        .map(([n, body, lf]) => `${n}: !{${body.join(" ")} ${lf}}`),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.integer({ min: 0, max: 11 }), tie("items")).map(([n, body]) => `long-form:${n} {${body.join("\n")}}`),
    },
  ),
  items: fc.array(fc.tuple(tie("item"), separator), { maxLength: 6 }).map((pairs) => pairs.map(([item, sep]) => item + sep)),
})).items.map((items) => items.join(""));

const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() ^ (Math.random() * 0x7fffffff);
// FUZZ_PROGRAMS=5000 for a longer local hunt; CI keeps it to a few seconds.
const PROGRAMS = Number(process.env.FUZZ_PROGRAMS ?? 300);

describe.skipIf(!protoscope)("differential fuzz against protoscope -s", () => {
  const dir = mkdtempSync(join(tmpdir(), "wirelab-fuzz-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(`agrees on ${PROGRAMS} random programs (seed ${seed})`, () => {
    const programs = fc.sample(program, { numRuns: PROGRAMS, seed });
    let accepted = 0;
    const mismatches: string[] = [];
    programs.forEach((text, i) => {
      const input = join(dir, `p${i}.txt`);
      const output = join(dir, `p${i}.pb`);
      writeFileSync(input, text);
      const run = spawnSync(protoscope!, ["-s", "-o", output, input]);
      const ours = assemble(text);
      if (run.status === 0) {
        accepted++;
        const want = Buffer.from(readFileSync(output)).toString("hex");
        const got = Buffer.from(ours.bytes).toString("hex");
        // Warnings (a field number past 536870911) are fine: protoscope accepts those too.
        if (ours.diagnostics.some((d) => d.severity === "error") || got !== want) {
          mismatches.push(`${JSON.stringify(text)}\n  protoscope: ${want}\n  ours:       ${got} ${ours.diagnostics.map((d) => d.message).join("; ")}`);
        }
      } else if (ours.diagnostics.every((d) => d.severity !== "error")) {
        mismatches.push(`${JSON.stringify(text)}\n  protoscope rejected it (${String(run.stderr).split("\n")[0]}), ours accepted it`);
      }
    });
    expect(mismatches.slice(0, 5), `seed ${seed}: ${mismatches.length} mismatches`).toEqual([]);
    // The generator must produce a good share of valid programs, or the test checks little.
    expect(accepted).toBeGreaterThan(PROGRAMS / 4);
  });
});
