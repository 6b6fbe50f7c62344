import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cEscape, decodeStringLiteral, formatDouble, formatFloat, parseInteger } from "./literals.ts";

describe("parseInteger (protoc's ParseInteger)", () => {
  it("reads decimal, octal and hex, and refuses what exceeds the maximum", () => {
    expect(parseInteger("42", 100n)).toBe(42n);
    expect(parseInteger("017", 100n)).toBe(15n);
    expect(parseInteger("0x7F", 1000n)).toBe(127n);
    expect(parseInteger("0", 0n)).toBe(0n);
    expect(parseInteger("2147483648", 2147483647n)).toBeUndefined();
    expect(parseInteger("18446744073709551616", 18446744073709551615n)).toBeUndefined();
    expect(parseInteger("09", 100n)).toBeUndefined();
  });

  it("agrees with BigInt for every decimal in range", () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 18446744073709551615n }), (n) => parseInteger(n.toString(), 18446744073709551615n) === n));
  });
});

describe("string literals", () => {
  it("decode C escapes to bytes", () => {
    expect(Array.from(decodeStringLiteral('"a\\n\\t\\x41\\101\\0"'))).toEqual([97, 10, 9, 65, 65, 0]);
    expect(new TextDecoder().decode(decodeStringLiteral("'\\u00e9\\U0001F600'"))).toBe("é😀");
    expect(new TextDecoder().decode(decodeStringLiteral('"\\ud83d\\ude00"'))).toBe("😀");
    expect(new TextDecoder().decode(decodeStringLiteral('"naïve"'))).toBe("naïve");
  });

  it("are written back with protoc's CEscape", () => {
    expect(cEscape(new Uint8Array([0, 1, 255, 97, 34, 39, 92, 10, 13, 9]))).toBe("\\000\\001\\377a\\\"\\'\\\\\\n\\r\\t");
  });

  it("round-trip: decoding the C-escaped form of any bytes gives the bytes back", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
      expect(Array.from(decodeStringLiteral(`"${cEscape(bytes)}"`))).toEqual(Array.from(bytes));
    }));
  });
});

describe("formatDouble / formatFloat (protoc's SimpleDtoa / SimpleFtoa)", () => {
  it("writes what protoc writes", () => {
    expect(formatDouble(0.5)).toBe("0.5");
    expect(formatDouble(1e10)).toBe("10000000000");
    expect(formatDouble(1e20)).toBe("1e+20");
    expect(formatDouble(1e-7)).toBe("1e-07");
    expect(formatDouble(0.1)).toBe("0.1");
    expect(formatDouble(-Infinity)).toBe("-inf");
    expect(formatDouble(NaN)).toBe("nan");
    expect(formatFloat(Math.fround(1e10))).toBe("1e+10");
    expect(formatFloat(Math.fround(0.1))).toBe("0.1");
  });

  it("always round-trips", () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => Object.is(Number(formatDouble(x)), x) || (x === 0 && Number(formatDouble(x)) === 0)));
    fc.assert(fc.property(fc.float({ noNaN: true, noDefaultInfinity: true }), (x) => Math.fround(Number(formatFloat(x))) === x || x === 0));
  });
});
