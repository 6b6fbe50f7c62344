import { fromBinary, toBinary } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { benchSchema, logEntryInit, make, rowsResponseInit } from "../bench/suites/bench-data.ts";
import { canonical, Decoder, Encoder } from "./index.ts";

const { logEntry, rowsResponse } = benchSchema();

/** Objects reachable from a decoded message, counted as the decoder counts them (views behind strings included). */
function walk(v: unknown): number {
  if (typeof v === "string") return v === "" ? 0 : 2;
  if (typeof v === "bigint") return 1;
  if (v instanceof Uint8Array) return v.length === 0 ? 0 : 1;
  if (Array.isArray(v)) return 1 + v.reduce((n: number, x) => n + walk(x), 0);
  if (v && typeof v === "object") return 1 + Object.entries(v).reduce((n, [k, x]) => (k.startsWith("$") ? n : n + walk(x)), 0);
  return 0;
}

describe("engine codec", () => {
  for (const [name, desc, init] of [
    ["LogEntry", logEntry, logEntryInit()],
    ["RowsResponse", rowsResponse, rowsResponseInit(20)],
  ] as const) {
    it(`${name}: encodes byte for byte as @bufbuild/protobuf, and decodes (eager and lazy) to what it reads`, () => {
      const message = make(desc, init);
      const bytes = toBinary(desc, message);
      expect(new Encoder().encode(desc, message as never)).toEqual(bytes);
      const expected = canonical(desc, fromBinary(desc, bytes) as never);
      expect(canonical(desc, new Decoder().decode(desc, bytes))).toBe(expected);
      expect(canonical(desc, new Decoder().decode(desc, bytes, true))).toBe(expected);
    });
  }

  it("counts every object an eager decode leaves, plus the reader and the views strings are decoded from", () => {
    const bytes = toBinary(logEntry, make(logEntry, logEntryInit()));
    const d = new Decoder();
    const m = d.decode(logEntry, bytes);
    expect(d.counts.objects).toBe(walk(m) + 2);
    expect(d.counts.objects).toBeGreaterThan(100);
  });

  it("a lazy decode leaves submessages undecoded until they are read", () => {
    const bytes = toBinary(logEntry, make(logEntry, logEntryInit()));
    const d = new Decoder();
    const m = d.decode(logEntry, bytes, true);
    // The entry, its backend_server string and view, its timestamp bigint, and the reader (2).
    expect(d.counts.objects).toBe(6);
    expect(m.backendServer).toBe("backend-42.eu-west.example.net");
    const request = m.request as Record<string, unknown>;
    expect(d.counts.objects).toBeGreaterThan(8);
    expect(request.method).toBe("GET");
    expect(m.request).toBe(request);
  });

  it("rejects a submessage that runs past its end", () => {
    const bytes = Uint8Array.of(0x22, 0x05, 0x0a, 0x09, 0x41);
    expect(() => new Decoder().decode(logEntry, bytes)).toThrow();
  });
});
