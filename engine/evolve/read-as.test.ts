import { describe, expect, it } from "vitest";
import { assemble } from "../protoscope/assembler.ts";
import { compile } from "../schema/index.ts";
import { readAs, type ReaderView } from "./read-as.ts";
import { convertParsed, serializeParsed } from "./reencode.ts";
import { parseLikeProtoc } from "../decode/protoc-text.ts";

const P3 = (body: string) => `syntax = "proto3";\npackage t;\n${body}\n`;
const P2 = (body: string) => `syntax = "proto2";\npackage t;\n${body}\n`;

function view(v1: string, v2: string, protoscope: string): ReaderView {
  const a = compile({ "m.proto": v1 });
  const b = compile({ "m.proto": v2 });
  expect(a.diagnostics.concat(b.diagnostics).filter((d) => d.severity === "error")).toEqual([]);
  return readAs(assemble(protoscope).bytes, a.registry!.getMessage("t.M")!, b.registry!.getMessage("t.M")!);
}

const hex = (b: Uint8Array | undefined) => (b ? Buffer.from(b).toString("hex") : undefined);

// Each row: the change, v1, v2, the bytes (protoscope), then per record [outcome, reader value, written],
// what protoc --decode prints under v2, and the bytes the reader writes back.
const CASES: [string, string, string, string, [string, string | undefined, string][], string, string | undefined][] = [
  ["int32 → int64 sign-extends", P3("message M { int32 a = 1; }"), P3("message M { int64 a = 1; }"), "1: -2", [["sign-extended", "-2", "kept"]], "a: -2\n", "08feffffffffffffffff01"],
  ["int64 → int32 truncates", P3("message M { int64 a = 1; }"), P3("message M { int32 a = 1; }"), "1: 5000000000", [["truncated", "705032704", "changed"]], "a: 705032704\n", "0880e497d002"],
  ["int32 → sint32 reinterprets", P3("message M { int32 a = 1; }"), P3("message M { sint32 a = 1; }"), "1: -2", [["reinterpreted", "2147483647", "changed"]], "a: 2147483647\n", "08feffffff0f"],
  ["a deleted field is unknown", P3("message M { int32 a = 1; string b = 2; }"), P3("message M { int32 a = 1; }"), '1: 3 2: {"x"}', [["same", "3", "kept"], ["unknown-deleted", '"x"', "kept"]], 'a: 3\n2: "x"\n', "0803120178"],
  ["another wire type is unknown", P3("message M { int32 a = 1; }"), P3("message M { fixed32 a = 1; }"), "1: 3", [["unknown-wire-type", "3", "kept"]], "1: 3\n", "0803"],
  ["an open enum keeps the number", P3("enum E { E_0 = 0; E_1 = 1; E_2 = 2; } message M { E e = 1; }"), P3("enum E { E_0 = 0; E_1 = 1; } message M { E e = 1; }"), "1: 2", [["enum-open-unknown", "2", "kept"]], "e: 2\n", "0802"],
  ["a closed enum moves it to unknown fields", P2("enum E { E_0 = 0; E_1 = 1; E_2 = 2; } message M { optional E e = 1; }"), P2("enum E { E_0 = 0; E_1 = 1; } message M { optional E e = 1; }"), "1: 2", [["enum-closed-unknown", "2", "kept"]], "1: 2\n", "0802"],
  ["presence is lost", P3("message M { optional int32 a = 1; }"), P3("message M { int32 a = 1; }"), "1: 0", [["presence-lost", "0", "dropped"]], "", ""],
  ["the last one wins", P3("message M { repeated int32 a = 1 [packed = false]; }"), P3("message M { int32 a = 1; }"), "1: 1 1: 2 1: 3", [["overwritten", "1", "dropped"], ["overwritten", "2", "dropped"], ["same", "3", "kept"]], "a: 3\n", "0803"],
  ["invalid UTF-8 fails the parse", P3("message M { int32 n = 2; bytes a = 1; }"), P3("message M { int32 n = 2; string a = 1; }"), "2: 5 1: {`ff`}", [["same", "5", "dropped"], ["parse-failure", '"\\377"', "dropped"]], "", undefined],
  ["a rename changes nothing on the wire", P3("message M { int32 a = 1; }"), P3("message M { int32 b = 1; }"), "1: 7", [["renamed", "7", "kept"]], "b: 7\n", "0807"],
  ["a oneof keeps its last member", P3("message M { int32 a = 1; string b = 2; }"), P3("message M { oneof o { int32 a = 1; string b = 2; } }"), '1: 1 2: {"z"}', [["oneof-cleared", "1", "dropped"], ["same", '"z"', "kept"]], 'b: "z"\n', "12017a"],
  ["packed read by an expanded field", P3("message M { repeated int32 a = 1; }"), P3("message M { repeated int32 a = 1 [packed = false]; }"), "1: {1 2 3}", [["same", "[1, 2, 3]", "changed"]], "a: 1\na: 2\na: 3\n", "080108020803"],
  ["a list's last element, empty, read by a field without presence", P3("message M { repeated bytes a = 1; }"), P3("message M { bytes a = 1; }"), '1: {"x"} 1: {""}', [["overwritten", '"x"', "dropped"], ["presence-lost", '""', "dropped"]], "", ""],
  ["one value read by a repeated field", P3("message M { int32 a = 1; }"), P3("message M { repeated int32 a = 1; }"), "1: 5", [["widened", "5", "changed"]], "a: 5\n", "0a0105"],
];

describe("readAs: what the next reader makes of the bytes", () => {
  for (const [name, v1, v2, scope, records, text, reencoded] of CASES) {
    it(name, () => {
      const v = view(v1, v2, scope);
      expect(v.records.map((r) => [r.outcome, r.reader.value, r.written])).toEqual(records);
      expect(v.text).toBe(text);
      expect(hex(v.reencoded)).toBe(reencoded);
      for (const r of v.records) expect(r.says.length).toBeGreaterThan(20);
    });
  }

  it("says where a parse fails, and why", () => {
    const v = view(P3("message M { int32 n = 2; bytes a = 1; }"), P3("message M { int32 n = 2; string a = 1; }"), "2: 5 1: {`ff`}");
    expect(v.ok).toBe(false);
    expect(v.failure).toEqual({ offset: 2, reason: "a string field holds bytes that are not UTF-8" });
    expect(v.records[1]!.bytes).toEqual([2, 5]);
    // The record before it would read fine, but nothing of a message that fails is read.
    expect(v.records[0]).toMatchObject({ outcome: "same", unread: true, written: "dropped" });
    expect(v.records[0]!.says).toMatch(/^Not read: the message fails to parse at byte 2\. Had it parsed: n reads 5/);
  });

  it("says when a number now belongs to another field, and when a value only fits", () => {
    const reused = view(P3("message M { optional int32 login_count = 6; }"), P3("message M { int64 email_id = 6; }"), "6: 5");
    expect(reused.records[0]).toMatchObject({ outcome: "number-reused", reader: { name: "email_id", value: "5" } });
    const narrowed = view(P3("message M { uint64 id = 1; }"), P3("message M { int32 id = 1; }"), "1: 5");
    expect(narrowed.records[0]!.outcome).toBe("narrowed");
    const cut = view(P3("message M { uint64 id = 1; }"), P3("message M { int32 id = 1; }"), "1: 5000000000");
    expect(cut.records[0]!.outcome).toBe("truncated");
  });

  it("judges the fields of a nested message", () => {
    const v = view(P3("message S { int32 x = 1; } message M { S s = 1; }"), P3("message S { sint32 x = 1; } message M { S s = 1; }"), "1: {1: 4}");
    expect(v.records[0]!.outcome).toBe("nested");
    expect(v.records[0]!.children!.map((c) => [c.outcome, c.writer.value, c.reader.value, c.path])).toEqual([["reinterpreted", "4", "2", ["s", "x"]]]);
    expect(v.counts).toEqual({ nested: 1, reinterpreted: 1 });
  });

  it("keeps names, types and byte ranges of both sides", () => {
    const v = view(P3("message M { int64 big = 3; }"), P3("message M { int32 small = 3; }"), "3: 5000000000");
    expect(v.records[0]).toMatchObject({ bytes: [0, 6], field: 3, wireType: 0, path: ["small"], writer: { name: "big", type: "int64", value: "5000000000" }, reader: { name: "small", type: "int32", value: "705032704" } });
  });
});

describe("convertParsed: the same data written with the new schema", () => {
  it("re-encodes an int32 as sint32 and shrinks a negative number", () => {
    const a = compile({ "m.proto": P3("message M { int32 a = 1; repeated int32 r = 2; }") });
    const b = compile({ "m.proto": P3("message M { sint32 a = 1; repeated fixed32 r = 2; }") });
    const bytes = assemble("1: -2 2: {1 2}").bytes;
    const parsed = parseLikeProtoc(a.registry!.getMessage("t.M")!, bytes).parsed!;
    const out = serializeParsed(convertParsed(parsed, b.registry!.getMessage("t.M")!));
    expect(hex(out)).toBe("0803" + "1208" + "01000000" + "02000000");
  });
});
