/**
 * Hostile inputs: deep nesting, overlong varints, lengths past the end, and a 50 MB input. The
 * disassembler must return text (never throw, overflow the stack or hang), and the text must
 * still assemble back to the input. Deep nesting prints as protoscope prints it (checked against
 * the live binary), until that text would be enormous; so do unclosed and mismatched groups with a
 * schema, whose effect on protoscope's schema stack is reproduced.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createFileRegistry, fromBinary } from "@bufbuild/protobuf";
import { FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import { findTool, missingToolReason } from "../testing/tools.ts";
import { comparableWithProtoscope } from "../testing/protoscope-text.ts";
import { assemble } from "./assembler.ts";
import { FALLBACK_MAX_DEPTH, disassemble } from "./disassemble.ts";
import type { DisassembleOptions } from "./disassemble.ts";

/** `levels` messages nested in field 1, innermost `1: 1`; built back to front without recursion. */
function nestedMessages(levels: number): Uint8Array {
  const varintSize = (n: number) => (n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : 4);
  const sizes = [2];
  for (let i = 0; i < levels; i++) sizes.push(1 + varintSize(sizes[i]!) + sizes[i]!);
  const out = new Uint8Array(sizes[levels]!);
  let pos = 0;
  for (let i = levels; i >= 1; i--) {
    out[pos++] = 0x0a;
    let length = sizes[i - 1]!;
    while (length >= 0x80) {
      out[pos++] = (length & 0x7f) | 0x80;
      length >>>= 7;
    }
    out[pos++] = length;
  }
  out[pos] = 0x08;
  out[pos + 1] = 0x01;
  return out;
}

function varint(n: number): number[] {
  const out: number[] = [];
  for (; n >= 0x80; n = Math.floor(n / 0x80)) out.push((n % 0x80) | 0x80);
  out.push(n);
  return out;
}

/** How the groups of `nestedGroups` end. */
type GroupEnding = "closed" | "unclosed" | "mismatched-inner" | "mismatched-outer" | "half-closed" | "extra-end";

/**
 * `levels` groups nested, field numbers from `fieldOf(level)`, innermost `2: 5`, ended as
 * `ending` says: all closed; none; the innermost or the outermost by another number; the inner
 * half only; all, then one more end tag.
 */
function nestedGroups(levels: number, fieldOf: (level: number) => number, ending: GroupEnding): Uint8Array {
  const out: number[] = [];
  const end = (level: number, other = 0) => out.push(...varint(((fieldOf(level) + other) << 3) | 4));
  for (let i = 0; i < levels; i++) out.push(...varint((fieldOf(i) << 3) | 3));
  out.push(0x10, 0x05);
  if (ending === "closed" || ending === "extra-end") for (let i = levels - 1; i >= 0; i--) end(i);
  if (ending === "extra-end") out.push(...varint((9 << 3) | 4));
  if (ending === "mismatched-inner") for (let i = levels - 1; i >= 0; i--) end(i, i === levels - 1 ? 1 : 0);
  if (ending === "mismatched-outer") for (let i = levels - 1; i >= 0; i--) end(i, i === 0 ? 1 : 0);
  if (ending === "half-closed") for (let i = levels - 1; i >= levels >> 1; i--) end(i);
  return Uint8Array.from(out);
}

/**
 * `levels` times a message in field 1 (or the field of `tag`), each holding `before`, the next
 * level, then `after`; innermost `inner`. Built back to front without recursion or copying.
 */
function nestedPayloads(levels: number, before: number[], after: number[], inner: number[], tag = 0x0a): Uint8Array {
  const sizes = [inner.length];
  for (let i = 0; i < levels; i++) {
    const payload = before.length + sizes[i]! + after.length;
    sizes.push(1 + varint(payload).length + payload);
  }
  const out = new Uint8Array(sizes[levels]!);
  let front = 0;
  let back = out.length;
  for (let i = levels; i >= 1; i--) {
    for (const b of [tag, ...varint(before.length + sizes[i - 1]! + after.length), ...before]) out[front++] = b;
    back -= after.length;
    out.set(after, back);
  }
  out.set(inner, front);
  return out;
}

/** `levels` times: a message in field 1 holding a group in field 3 holding the next; innermost `2: 1`. */
function messagesAndGroups(levels: number): Uint8Array {
  return nestedPayloads(levels, [0x1b], [0x1c], [0x10, 0x01]);
}

/** `levels` messages nested in field 1, the innermost empty, inside group 5. */
function emptyMessageInGroup(levels: number): Uint8Array {
  const messages = nestedPayloads(levels, [], [], []);
  const out = new Uint8Array(messages.length + 2);
  out[0] = 0x2b;
  out.set(messages, 1);
  out[out.length - 1] = 0x2c;
  return out;
}

function roundTrips(bytes: Uint8Array, text: string): void {
  const result = assemble(text, { annotations: false });
  expect(result.diagnostics).toEqual([]);
  // toEqual walks large arrays slowly; it only runs to show a difference.
  if (!Buffer.from(result.bytes).equals(bytes)) expect(result.bytes).toEqual(bytes);
}

describe("disassembling hostile input", () => {
  it("100 000 nested messages: all opened, as protoscope does, folded onto one line", () => {
    const bytes = nestedMessages(100_000);
    const started = performance.now();
    const text = disassemble(bytes);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(text).toBe("1: {".repeat(100_000) + "1: 1" + "}".repeat(100_000) + "\n");
    roundTrips(bytes, text);
  });

  it("100 000 nested messages with explicit length prefixes: one line, built in linear time", () => {
    // Each level folds its prefix onto the line of everything inside it; that line grows with
    // every level, and copying it to insert the space made this quadratic.
    const bytes = nestedMessages(100_000);
    const started = performance.now();
    const text = disassemble(bytes, { explicitLengthPrefixes: true });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(text.split("\n")).toHaveLength(2);
    expect(text.startsWith(`1:LEN ${bytes.length - 4} 1:LEN `)).toBe(true);
    expect(text.endsWith(" 1:LEN 2 1: 1\n")).toBe(true);
    roundTrips(bytes, text);
  });

  it("100 000 nested groups: all opened, as protoscope does, folded onto one line", () => {
    const bytes = new Uint8Array(200_000);
    bytes.fill(0x0b, 0, 100_000); // 1:SGROUP
    bytes.fill(0x0c, 100_000); // 1:EGROUP
    const text = disassemble(bytes);
    expect(text).toBe("1: !{".repeat(100_000) + "}".repeat(100_000) + "\n");
    roundTrips(bytes, text);
  });

  it("100 000 nested groups as SGROUP/EGROUP: too much indentation, so flat past the fallback depth", () => {
    // protoscope indents each level's tags once more: 10^10 bytes of text. Past the padding
    // budget the text is the one with a depth limit of FALLBACK_MAX_DEPTH.
    const bytes = new Uint8Array(200_000);
    bytes.fill(0x0b, 0, 100_000);
    bytes.fill(0x0c, 100_000);
    const started = performance.now();
    const text = disassemble(bytes, { explicitWireTypes: true });
    expect(performance.now() - started).toBeLessThan(10_000);
    const lines = text.split("\n");
    expect(lines[0]).toBe("1:SGROUP");
    const pad = " ".repeat(2 * FALLBACK_MAX_DEPTH);
    expect(lines[FALLBACK_MAX_DEPTH]).toBe(pad + "1:SGROUP");
    expect(lines[100_000]).toBe(pad + "1:EGROUP");
    expect(lines[lines.length - 2]).toBe("1:EGROUP");
    roundTrips(bytes, text);
    expect(disassemble(bytes, { explicitWireTypes: true, maxDepth: FALLBACK_MAX_DEPTH })).toBe(text);
  });

  it("250 000 nested groups as SGROUP/EGROUP: the fallback depth halves until the text is not enormous", () => {
    // With a depth limit of 100, the half million flat tags would still carry 200 spaces each
    // (100 MB); with 50, 100 each.
    const levels = 250_000;
    const bytes = new Uint8Array(2 * levels);
    bytes.fill(0x0b, 0, levels);
    bytes.fill(0x0c, levels);
    const started = performance.now();
    const text = disassemble(bytes, { noGroups: true });
    expect(performance.now() - started).toBeLessThan(15_000);
    const lines = text.split("\n");
    const half = FALLBACK_MAX_DEPTH / 2;
    expect(lines[half]).toBe(" ".repeat(2 * half) + "1:SGROUP");
    expect(lines[half + 1]).toBe(" ".repeat(2 * half) + "1:SGROUP");
    expect(lines[levels + 1]).toBe(" ".repeat(2 * half) + "1:EGROUP");
    expect(text === disassemble(bytes, { noGroups: true, maxDepth: half })).toBe(true);
  });

  it("100 000 levels of every shape and every flag: text in bounded time that assembles back", () => {
    const levels = 100_000;
    const shapes: [string, Uint8Array][] = [
      ...(["closed", "unclosed", "mismatched-inner", "mismatched-outer", "half-closed", "extra-end"] as const).map(
        (ending): [string, Uint8Array] => [`groups ${ending}`, nestedGroups(levels, (i) => (i % 7) + 1, ending)],
      ),
      ["groups with wide field numbers", nestedGroups(levels, (i) => ((i * 37) % 3000) + 1, "closed")],
      ["messages holding groups", messagesAndGroups(levels / 2)],
      ["empty messages in a group", emptyMessageInGroup(levels)],
    ];
    const flagSets: DisassembleOptions[] = [
      {},
      { explicitWireTypes: true },
      { noGroups: true },
      { explicitLengthPrefixes: true },
      { explicitWireTypes: true, explicitLengthPrefixes: true },
      { allFieldsAreMessages: true, noQuotedStrings: true },
    ];
    for (const [name, bytes] of shapes) {
      for (const options of flagSets) {
        const started = performance.now();
        const text = disassemble(bytes, options);
        expect(performance.now() - started, `${name} ${JSON.stringify(options)}`).toBeLessThan(10_000);
        roundTrips(bytes, text);
      }
    }
  }, 120_000);

  it("100 000 payloads in field 13 that fail to parse, each leaving a group's schema pushed: bounded time, assembles back", () => {
    // protoscope reads each as a message before printing it as hex; the groups left open there
    // leave their schema on the stack, which is replayed (once per payload, without recursion).
    const setPath = join(import.meta.dirname, "testdata", "disasm", "corpus.binpb");
    const message = createFileRegistry(fromBinary(FileDescriptorSetSchema, new Uint8Array(readFileSync(setPath)))).getMessage("wl.Everything")!;
    for (const after of [[0x00], []]) {
      const bytes = nestedPayloads(100_000, [0x6b], after, [0x08, 0x01], 0x6a);
      for (const options of [{ message }, { message, fieldNames: true, protoscopeUnknownFields: true, explicitWireTypes: true }]) {
        const started = performance.now();
        const text = disassemble(bytes, options);
        expect(performance.now() - started).toBeLessThan(10_000);
        roundTrips(bytes, text);
      }
    }
  }, 60_000);

  it("a varint of 11 bytes is not a field: the rest becomes hex", () => {
    const bytes = Uint8Array.from([0x08, 0x96, 0x01, 0x10, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]);
    expect(disassemble(bytes)).toBe("1: 150\n`10ffffffffffffffffffff01`\n");
  });

  it("a ten-byte varint whose last byte is above 1 overflows 64 bits: hex", () => {
    const bytes = Uint8Array.from([0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02]);
    expect(disassemble(bytes)).toBe("`08ffffffffffffffffff02`\n");
  });

  it("a length past the end: the field and the rest become hex", () => {
    const bytes = Uint8Array.from([0x08, 0x01, 0x0a, 0x05, 0x61, 0x62]);
    expect(disassemble(bytes)).toBe("1: 1\n`0a056162`\n");
  });

  it("a length prefix of 2^32 and more is past the end, not wrapped", () => {
    const bytes = Uint8Array.from([0x0a, 0x80, 0x80, 0x80, 0x80, 0x10, 0x61]);
    expect(disassemble(bytes)).toBe("`0a808080801061`\n");
  });

  it("50 MB of noise: text in bounded time, 40 bytes of hex a line", () => {
    const bytes = new Uint8Array(50 * 1024 * 1024);
    let x = 12345;
    for (let i = 0; i < bytes.length; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      bytes[i] = x >>> 24;
    }
    bytes[0] = 0x07; // wire type 7: not a field, so all of it is hex
    const started = performance.now();
    const text = disassemble(bytes);
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(text.length).toBe(bytes.length * 2 + Math.ceil(bytes.length / 40) * 3);
    expect(text.startsWith("`07")).toBe(true);
  });

  it("200 000 floats in a row (one long run of aligned # remarks) stay linear", () => {
    // protoscope rescans the rest of a run of remark lines for each line: quadratic here.
    const count = 200_000;
    const bytes = new Uint8Array(count * 5);
    const view = new DataView(bytes.buffer);
    for (let i = 0; i < count; i++) {
      bytes[i * 5] = 0x0d; // 1:I32
      view.setFloat32(i * 5 + 1, i === count - 1 ? 123456.5 : 1.5, true);
    }
    const started = performance.now();
    const text = disassemble(bytes);
    expect(performance.now() - started).toBeLessThan(20_000);
    const lines = text.split("\n");
    // Every remark aligns to the widest line of the run (the last one), as protoscope prints
    // the same run of 2000.
    expect(lines[0]).toBe("1: 1.5i32       # 0x3fc00000i32");
    expect(lines[count - 1]).toBe("1: 123456.5i32  # 0x47f12040i32");
    roundTrips(bytes, text);
  });
});

const protoscope = findTool("protoscope");
if (!protoscope) console.warn(missingToolReason("protoscope"));

describe.skipIf(!protoscope)("deep nesting against protoscope", () => {
  const dir = mkdtempSync(join(tmpdir(), "wirelab-deep-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const setPath = join(import.meta.dirname, "testdata", "disasm", "corpus.binpb");
  const everything = createFileRegistry(fromBinary(FileDescriptorSetSchema, new Uint8Array(readFileSync(setPath)))).getMessage("wl.Everything")!;

  const flagSets: [string[], DisassembleOptions][] = [
    [[], {}],
    [["-explicit-wire-types"], { explicitWireTypes: true }],
    [["-no-groups"], { noGroups: true }],
    [["-explicit-length-prefixes"], { explicitLengthPrefixes: true }],
    [["-explicit-wire-types", "-explicit-length-prefixes"], { explicitWireTypes: true, explicitLengthPrefixes: true }],
    [["-all-fields-are-messages", "-no-quoted-strings"], { allFieldsAreMessages: true, noQuotedStrings: true }],
    [
      ["-descriptor-set", setPath, "-message-type", "wl.Everything", "-print-field-names", "-print-enum-names"],
      // protoscope reads an unknown field's payload with the enclosing message's schema.
      { message: everything, fieldNames: true, enumNames: true, protoscopeUnknownFields: true },
    ],
  ];

  /** Ours equals protoscope's for every flag set, but for DIFFERENCES.md's `N:SGRSGROUP` (item 1). */
  function sameAsProtoscope(name: string, bytes: Uint8Array, sets = flagSets): void {
    const input = join(dir, `${name}.pb`);
    writeFileSync(input, bytes);
    for (const [flags, options] of sets) {
      const run = spawnSync(protoscope!, [...flags, input], { maxBuffer: 1 << 28 });
      expect(run.status, String(run.stderr)).toBe(0);
      const [want, got] = comparableWithProtoscope(run.stdout.toString(), disassemble(bytes, options));
      if (got !== want) {
        // The first differing line, not megabytes of text.
        const w = want.split("\n");
        const g = got.split("\n");
        let i = 0;
        while (i < w.length && w[i] === g[i]) i++;
        expect(g[i], `${name} ${flags.join(" ")}: line ${i + 1}`).toBe(w[i]);
      }
    }
  }

  // Around the depth limit this disassembler once had (100), and well past it.
  const depths = [99, 100, 101, 200, 500, 1000];

  it.each(depths)("groups %i deep, field 1, closed, unclosed and mismatched", (levels) => {
    for (const ending of ["closed", "unclosed", "mismatched-inner", "mismatched-outer", "half-closed", "extra-end"] as const) {
      sameAsProtoscope(`groups-1-${ending}-${levels}`, nestedGroups(levels, () => 1, ending));
    }
  });

  it.each(depths)("groups %i deep, varied and multi-byte field numbers", (levels) => {
    sameAsProtoscope(`groups-varied-${levels}`, nestedGroups(levels, (i) => (i % 7) + 1, "closed"));
    sameAsProtoscope(`groups-wide-${levels}`, nestedGroups(levels, (i) => ((i * 37) % 3000) + 1, "mismatched-inner"));
    sameAsProtoscope(`groups-wide-half-${levels}`, nestedGroups(levels, (i) => ((i * 37) % 3000) + 1, "half-closed"));
  });

  it.each(depths)("messages %i deep, and messages and groups alternating", (levels) => {
    sameAsProtoscope(`messages-${levels}`, nestedMessages(levels));
    sameAsProtoscope(`messages-groups-${levels}`, messagesAndGroups(levels >> 1));
    sameAsProtoscope(`empty-message-in-group-${levels}`, emptyMessageInGroup(levels));
  });

  // With a schema, every flag that changes how groups and payloads print, with and without names.
  const schemaFlagSets: [string[], DisassembleOptions][] = [];
  for (const [flags, options] of flagSets.slice(0, 6)) {
    for (const [nameFlags, nameOptions] of [
      [[], {}],
      [["-print-field-names", "-print-enum-names"], { fieldNames: true, enumNames: true }],
    ] as [string[], DisassembleOptions][]) {
      schemaFlagSets.push([
        ["-descriptor-set", setPath, "-message-type", "wl.Everything", ...nameFlags, ...flags],
        { message: everything, protoscopeUnknownFields: true, ...nameOptions, ...options },
      ]);
    }
  }

  // protoscope's schema stack (writer.go, decodeField): a group's start tag pushes its field's
  // message (nil for a scalar field, the entry for a map field, nothing for an unknown field);
  // any end tag pops the innermost group of the payload and its schema, whatever its number (a
  // mismatched one resets the group to SGROUP); an end tag with no group open in the payload
  // pops nothing. A payload read as a message pushes its field's message and pops the top when
  // it ends, while its unclosed groups are reset without popping theirs, so their schemas stay;
  // and a payload is read as a message (then thrown away for text or hex) even when it fails.
  const schemaStackCases: [string, string][] = [
    ["map-group-closed", "11:SGROUP 1: 5 2: {1: 7} 11:EGROUP 3: {4}"],
    ["map-group-mismatched", "11:SGROUP 1: 5 99:EGROUP 3: {4} 11:EGROUP 2: 1"],
    ["map-group-unclosed", "11:SGROUP 1: 5 2: {1: 7}"],
    ["string-field-group", "14:SGROUP 1: 5 2: {`0102`} 14:EGROUP 3: {4} 15: 2"],
    ["string-field-group-mismatched", "14:SGROUP 1: 5 15:EGROUP 3: {4} 15: 2"],
    ["enum-field-group", "15:SGROUP 1: 5 15:EGROUP 15: 2"],
    ["message-field-group", '1:SGROUP 1: 5 5: 6 16: 2 14: {"hi"} 1:EGROUP 3: {4}'],
    ["group-field-group", '12:SGROUP 1: 5 2: {"x"} 12:EGROUP 12: {1: 3 2: {"y"}} 3: {4}'],
    ["group-field-mismatched", '12:SGROUP 1: 5 13:EGROUP 1: 5 2: {"y"} 3: {4}'],
    ["group-field-as-payload", '12: {1: 5 11:SGROUP 2: {"x"}} 1: 5 3: {4}'],
    ["unknown-field-group", '100:SGROUP 1: {14: {"a"}} 3: {4} 100:EGROUP 3: {4}'],
    ["unknown-field-group-mismatched", "100:SGROUP 3: {4} 101:EGROUP 3: {4}"],
    ["nested-groups-mismatched-inner", "13:SGROUP 11:SGROUP 1: 5 13:EGROUP 1: 5 13:EGROUP 3: {4}"],
    ["nested-groups-mismatched-outer", "13:SGROUP 11:SGROUP 1: 5 11:EGROUP 1: 5 14:EGROUP 3: {4}"],
    ["unclosed-at-the-end", "11:SGROUP 1: 5 1:SGROUP 5: 1"],
    ["long-form-end", "11:SGROUP 1: 5 long-form:1 11:EGROUP 3: {4}"],
    ["end-with-nothing-open", "5:EGROUP 3: {4} 11:EGROUP 3: {4}"],
    ["end-in-payload-with-nothing-open", "13: {11:EGROUP 3: {4}} 3: {4}"],
    ["end-in-payload-of-a-group-outside", "12:SGROUP 13: {12:EGROUP 3: {4}} 12:EGROUP 3: {4}"],
    ["unclosed-in-message", "13: {11:SGROUP 1: 5} 3: {4} 1: 5 2: {1: 7}"],
    ["two-unclosed-in-message", "13: {11:SGROUP 1:SGROUP 1: 5} 3: {4} 1: 5 5: 5 2: {1: 7}"],
    ["unclosed-in-unknown-message", "99: {11:SGROUP 1: 5} 3: {4} 1: 5 2: {1: 7}"],
    ["unclosed-in-failing", "13: {11:SGROUP 1: 5 `00`} 3: {4} 1: 5 2: {1: 7}"],
    ["two-unclosed-in-failing", "13: {11:SGROUP 2:SGROUP 1: 5 `00`} 3: {4} 1: 5 5: 5 2: {1: 7} 16: 1"],
    ["unclosed-scalar-in-failing", "13: {14:SGROUP 1: 5 `ff`} 3: {4} 1: 5 2: {1: 7}"],
    ["unclosed-in-failing-unknown", "99: {11:SGROUP 1: 5 `00`} 3: {4} 1: 5 2: {1: 7}"],
    ["closed-in-failing", "13: {11:SGROUP 1: 5 11:EGROUP `00`} 3: {4} 1: 5"],
    ["mismatched-in-failing", "13: {11:SGROUP 1: 5 12:EGROUP `00`} 3: {4} 1: 5"],
    ["failing-in-failing", "13: {13: {11:SGROUP 1: 5 `00`} 3: {4} `00`} 3: {4} 1: 5 2: {1: 7}"],
    ["failing-in-message", "13: {13: {11:SGROUP 1: 5 `00`} 3: {4} 1: 5} 3: {4} 1: 5 2: {1: 7}"],
    ["message-in-failing", "13: {13: {11:SGROUP 1: 5} 3: {4} `00`} 3: {4} 1: 5 2: {1: 7}"],
    ["three-deep-failing", "13: {13: {13: {11:SGROUP 1:SGROUP `00`} `00`} 11:SGROUP} 1: 5 16: 1 2: {1: 7} 3: {4} 15: 1"],
    ["failing-in-group-then-close", "12:SGROUP 13: {11:SGROUP `00`} 1: 5 12:EGROUP 1: 5 2: {1: 7} 3: {4}"],
    // The fuzz finding's shape (fuzz/corpus/disassemble/mismatched-end-group-schema.json).
    ["failing-in-map-group-then-mismatched", '11:SGROUP 2: {1:SGROUP 1: 5 `00`} 218055:EGROUP 3: {4} 16: 1 1: 5 11:EGROUP 9: {"alpha"}'],
    ["message-in-map-group", '11:SGROUP 2: {1:SGROUP 1: 5} 3: {4} 1: 5 11:EGROUP 9: {"alpha"} 3: {4}'],
    ["packed-and-strings-are-not-read", "3: {11:SGROUP} 2: {11:SGROUP `00`} 14: {11:SGROUP `00`} 1: 5"],
    ["text", '13: {"k+abc"} 3: {4} 1: 5'],
    ["many-after", '13: {1:SGROUP 1: 5 `00`} 13: {1:SGROUP} 1: 5 16: 2 14: {"x"} 15: 1 12:SGROUP 1: 1 12:EGROUP'],
  ];

  it.each(schemaStackCases)("groups and the schema stack: %s", (name, text) => {
    const assembled = assemble(text, { annotations: false });
    expect(assembled.diagnostics).toEqual([]);
    sameAsProtoscope(`schema-${name}`, assembled.bytes, schemaFlagSets);
    // Our default (an unknown field's payload without a schema) still assembles back.
    roundTrips(assembled.bytes, disassemble(assembled.bytes, { message: everything, fieldNames: true }));
  });

  it("payloads that fail to parse, each leaving a group's schema pushed, 500 deep", () => {
    sameAsProtoscope("schema-leaks-500", nestedPayloads(500, [0x6b], [0x00], [0x08, 0x01], 0x6a), schemaFlagSets);
    sameAsProtoscope("schema-leaks-message-500", nestedPayloads(500, [0x6b, 0x5b], [], [0x08, 0x01], 0x6a), schemaFlagSets);
  });

  it("2000 groups as SGROUP/EGROUP: 8 MB of indentation, still protoscope's text", () => {
    const bytes = nestedGroups(2000, () => 1, "closed");
    const input = join(dir, "groups-2000.pb");
    writeFileSync(input, bytes);
    const want = spawnSync(protoscope!, ["-explicit-wire-types", input], { maxBuffer: 1 << 28 }).stdout.toString();
    const got = disassemble(bytes, { explicitWireTypes: true });
    expect(got.length).toBe(want.length);
    expect(got === want).toBe(true);
  });
});
