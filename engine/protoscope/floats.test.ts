// Float literals: exact rounding. The hard cases are decimals at or a hair off the midpoint
// between two binary32 values (where rounding through binary64 first goes wrong) and hex floats
// (which JavaScript cannot parse). Checked against protoscope in one batch file per property,
// and against exact properties that need no tool.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { findTool, missingToolReason } from "../testing/tools.ts";
import { parseDecimalFloat, parseHexFloat } from "./floats.ts";
import { assemble } from "./index.ts";

/** The exact decimal expansion of a finite positive double, as "I.F". */
function exactDecimal(x: number): string {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let exponent = -1074;
  if (biased !== 0) {
    mantissa |= 1n << 52n;
    exponent = biased - 1075;
  }
  if (exponent >= 0) return (mantissa << BigInt(exponent)).toString() + ".0";
  const digits = (mantissa * 5n ** BigInt(-exponent)).toString().padStart(-exponent + 1, "0");
  const point = digits.length + exponent;
  return digits.slice(0, point) + "." + digits.slice(point);
}

/** The binary32 after f (f finite, positive). */
function nextFloat32(f: number): number {
  const bits = new Uint32Array(new Float32Array([f]).buffer)[0]!;
  return new Float32Array(new Uint32Array([bits + 1]).buffer)[0]!;
}

/** Decimals exactly on, just below and just above the midpoint after a binary32 value. */
function midpointLiterals(bits: number): string[] {
  const f = new Float32Array(new Uint32Array([bits]).buffer)[0]!;
  const g = nextFloat32(f);
  if (!Number.isFinite(g)) return [];
  const m = exactDecimal((f + g) / 2); // exact: binary32 midpoints are binary64 values
  const stem = m.endsWith("5") ? m.slice(0, -1) : m + "0";
  const last = m.endsWith("5") ? "5" : "0";
  const below = last === "5" ? stem + "4999999999" : null;
  return [m, stem + last + "000000001", ...(below ? [below] : [])];
}

const float32Bits = fc.oneof(
  fc.integer({ min: 1, max: 0x7f7ffffe }), // any positive finite binary32 (not the largest)
  fc.integer({ min: 1, max: 0x7fffff }), // subnormals
  fc.integer({ min: 0x4b000000, max: 0x4b800000 }), // around 2^23..2^24, where ulps reach 1
);

describe("float literals without a reference tool", () => {
  it("hex floats read back every binary64 exactly", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: 0 }), (x) => {
        if (x === 0) return;
        const hex = exactDecimal(x); // a sanity check of the helper too
        expect(Number(hex)).toBe(x);
        // x = m * 2^e with m < 2^53: write it as a hex float with an integer mantissa.
        let m = x;
        let e = 0;
        while (!Number.isInteger(m)) {
          m *= 2;
          e--;
        }
        expect(parseHexFloat(`0x${m.toString(16)}.0p${e}`, 64)).toBe(x);
      }),
    );
  });

  it("decimal binary32 rounding is exact at midpoints (ties to even, otherwise nearest)", () => {
    fc.assert(
      fc.property(float32Bits, (bits) => {
        const f = new Float32Array(new Uint32Array([bits]).buffer)[0]!;
        const g = nextFloat32(f);
        const [exact, above, below] = midpointLiterals(bits);
        if (exact === undefined) return;
        const even = (bits & 1) === 0 ? f : g;
        expect(parseDecimalFloat(exact, 32)).toBe(even);
        expect(parseDecimalFloat(above!, 32)).toBe(g);
        if (below !== undefined) expect(parseDecimalFloat(below, 32)).toBe(f);
      }),
    );
  });
});

const protoscope = findTool("protoscope");
if (!protoscope) console.warn(missingToolReason("protoscope"));

describe.skipIf(!protoscope)("float literals against protoscope -s (one batch file each)", () => {
  const dir = mkdtempSync(join(tmpdir(), "wirelab-floats-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function sameAsProtoscope(name: string, literals: string[]): void {
    const text = literals.join("\n") + "\n";
    const input = join(dir, `${name}.txt`);
    writeFileSync(input, text);
    const run = spawnSync(protoscope!, ["-s", "-o", join(dir, `${name}.pb`), input]);
    expect(run.status, String(run.stderr)).toBe(0);
    const want = readFileSync(join(dir, `${name}.pb`));
    const ours = assemble(text);
    expect(ours.diagnostics).toEqual([]);
    // Every literal here is 4 or 8 bytes: compare one at a time for a readable failure.
    const widths = literals.map((l) => (l.endsWith("i32") ? 4 : 8));
    let at = 0;
    literals.forEach((literal, i) => {
      const w = widths[i]!;
      expect(Buffer.from(ours.bytes.subarray(at, at + w)).toString("hex"), literal).toBe(want.subarray(at, at + w).toString("hex"));
      at += w;
    });
    expect(ours.bytes.length).toBe(want.length);
  }

  it("binary32 midpoints and their neighbours", () => {
    const literals = fc.sample(float32Bits, 300).flatMap((bits) => midpointLiterals(bits).map((m) => m + "i32"));
    sameAsProtoscope("midpoints", literals);
  });

  it("random decimal and hex floats of both widths", () => {
    const decimal = fc
      .tuple(fc.nat(99999999), fc.nat(99999999), fc.integer({ min: -330, max: 310 }), fc.constantFrom("", "i32", "i64"))
      .map(([i, f, e, w]) => `${i}.${f}e${e}${w}`)
      .filter((l) => {
        const v = Number(l.replace(/i(32|64)$/, ""));
        return l.endsWith("i32") ? Math.abs(v) < 3.4e38 : Number.isFinite(v);
      });
    const hex = fc
      .tuple(fc.nat(0xfffffff), fc.nat(0xfffffff), fc.integer({ min: -1100, max: 1000 }), fc.constantFrom("", "i32"))
      .map(([i, f, p, w]) => `0x${i.toString(16)}.${f.toString(16)}p${p}${w}`)
      .filter((l) => {
        const v = parseHexFloat(l.replace(/i(32|64)$/, ""), l.endsWith("i32") ? 32 : 64);
        return Number.isFinite(v);
      });
    sameAsProtoscope("random", [...fc.sample(decimal, 300), ...fc.sample(hex, 300)]);
  });
});
