/**
 * `decode`: a random schema and bytes -> the decoder line-up. The bytes are messages of the type
 * (written by @bufbuild/protobuf), edited, with the inputs decoders have got wrong spliced in (a
 * tenth varint byte above 1, zero-length and group unknown fields, mismatched group ends, 64-bit
 * extremes, invalid UTF-8, a length that is negative as an int64), and bytes of every other shape.
 *
 * Every input goes through the three decoders of the line-up (the engine's, which follows protoc's
 * parser, @bufbuild/protobuf and protobufjs); none may hang or throw anything but its own decode
 * error. On a sample, the engine's reading is compared with the real `protoc --decode` (36.2):
 * the same text, the same log lines, the same status; any difference is a mismatch (a Wirelab
 * bug). Where a peer reads the bytes otherwise than the engine (values, unknown fields, or one
 * refusing what the other reads) the engine's reading is protoc's, so the difference is a fact
 * about that peer: it is classed in one line (`classify`) and counted, not failed.
 */
import { spawnSync } from "node:child_process";
import fc from "fast-check";
import { fromBinary, ScalarType, toBinary, type DescMessage } from "@bufbuild/protobuf";
import { protobufjsRoot, runLineupDecoder, type LineupDecoder } from "../../engine/decode/lineup.ts";
import { parseLikeProtoc, protocDecode, type Unknown } from "../../engine/decode/protoc-text.ts";
import { arbMessage } from "../../engine/schema/textformat/random-messages.ts";
import { applyByteEdits, byteEdits, guard, hex, loadJson, saveJson, tagBytes, varint, type Finding, type Target } from "../core.ts";
import { anyBytes } from "../lib/bytes.ts";
import { messageOf } from "../lib/compiled.ts";
import { arbSchema } from "../lib/schema-gen.ts";
import { protoc36IncludeDir, tool, writeWorkspace } from "../tools.ts";

interface Input {
  files: Record<string, string>;
  type: string;
  bytes: Uint8Array;
}

/** Inputs that broke decoders before, as fields to splice into a message. */
const HOSTILE: fc.Arbitrary<number[]> = fc.tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 40 })).map(([field, kind, other]) => {
  switch (kind) {
    case 0: // a varint whose tenth byte is above 1 (bits past 64)
      return [...tagBytes(field, 0), 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f];
    case 1: // an eleven-byte varint
      return [...tagBytes(field, 0), 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00];
    case 2: // a zero-length field
      return [...tagBytes(field, 2), 0];
    case 3: // a group closed by another field's end
      return [...tagBytes(field, 3), ...tagBytes(other, 0), 1, ...tagBytes(field === other ? other + 1 : other, 4)];
    case 4: // an end group with no start
      return [...tagBytes(field, 4)];
    case 5: // 64-bit extremes
      return [...tagBytes(field, 0), ...varint(-1n), ...tagBytes(field, 0), ...varint(1n << 63n), ...tagBytes(field, 1), 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xef, 0x7f];
    case 6: // invalid UTF-8 (a lone continuation byte, an overlong NUL, a surrogate)
      return [...tagBytes(field, 2), 7, 0x61, 0x80, 0xc0, 0x80, 0xed, 0xa0, 0x80];
    case 7: // a length that is negative as an int64
      return [...tagBytes(field, 2), ...varint(-2n), 0x61];
    case 8: // an empty group
      return [...tagBytes(field, 3), ...tagBytes(field, 4)];
    default: // field number 0, and the largest
      return [...tagBytes(0, 0), 1, ...tagBytes(536870911, 0), 1];
  }
});

const arbInput: fc.Arbitrary<Input> = arbSchema(true).chain((schema) => {
  const files = { "main.proto": schema.text };
  return fc.constantFrom(...schema.messages).chain((type) => {
    const m = messageOf(files, type);
    if (!m) return fc.constant({ files, type, bytes: new Uint8Array() });
    const written = arbMessage(m.desc, 2).map((msg) => writeOrEmpty(m.desc, msg));
    const bytes = fc.oneof(
      { weight: 2, arbitrary: written },
      { weight: 3, arbitrary: fc.tuple(written, byteEdits()).map(([b, e]) => applyByteEdits(b, e)) },
      { weight: 3, arbitrary: fc.tuple(written, fc.array(HOSTILE, { minLength: 1, maxLength: 3 }), fc.nat()).map(([b, hostile, at]) => splice(b, hostile.flat(), at)) },
      { weight: 1, arbitrary: anyBytes([]) },
    );
    return bytes.map((b) => ({ files, type, bytes: b }));
  });
});

/** @bufbuild/protobuf refuses to write a proto2 message with a required field unset: nothing then. */
function writeOrEmpty(desc: DescMessage, msg: Parameters<typeof toBinary>[1]): Uint8Array {
  try {
    return toBinary(desc, msg);
  } catch {
    return new Uint8Array();
  }
}

/** Inserts `field` at a field boundary of `bytes` (the start, the end, or after a top-level field the engine could read). */
function splice(bytes: Uint8Array, field: number[], at: number): Uint8Array {
  const cut = at % 2 === 0 ? 0 : bytes.length;
  return Uint8Array.from([...bytes.subarray(0, cut), ...field, ...bytes.subarray(cut)]);
}

// ---- How a peer's reading differs from protoc's ------------------------------------------------

/** protobufjs parses the .proto text itself; whether it can, once per schema. */
const pbjsSchema = new Map<string, string | undefined>();
function protobufjsRefusesSchema(files: Record<string, string>): string | undefined {
  const key = JSON.stringify(files);
  if (!pbjsSchema.has(key)) {
    let why: string | undefined;
    try {
      // The line-up's own Root (parsed once per schema), resolved: what protobufjs refuses.
      protobufjsRoot(files).resolveAll();
    } catch (e) {
      why = e instanceof Error ? e.message : String(e);
    }
    if (pbjsSchema.size > 500) pbjsSchema.clear();
    pbjsSchema.set(key, why);
  }
  return pbjsSchema.get(key);
}

const norm = (s: string) => s.replace(/'[^']*'/g, "'…'").replace(/"[^"]*"/g, '"…"').replace(/\d+/g, "N").slice(0, 120);

/** A scalar type's family, for classing differences (the peers treat each family alike). */
function family(t: number | undefined): string {
  switch (t) {
    case ScalarType.INT64: case ScalarType.UINT64: case ScalarType.SINT64: case ScalarType.FIXED64: case ScalarType.SFIXED64:
      return "64-bit integer";
    case ScalarType.INT32: case ScalarType.UINT32: case ScalarType.SINT32: case ScalarType.FIXED32: case ScalarType.SFIXED32:
      return "32-bit integer";
    case ScalarType.FLOAT: case ScalarType.DOUBLE:
      return "float";
    case ScalarType.BOOL:
      return "bool";
    case ScalarType.STRING:
      return "string";
    case ScalarType.BYTES:
      return "bytes";
    default:
      return "?";
  }
}

/** What kind of field a line-up field number is (for classing a difference in values). */
function kindOf(desc: DescMessage, no: number): string {
  const f = desc.fields.find((x) => x.number === no);
  if (!f) return "unknown field";
  switch (f.fieldKind) {
    case "map":
      return `a map with ${family(f.mapKey)} keys`;
    case "list":
      return `a repeated ${f.listKind === "scalar" ? family(f.scalar) : f.listKind}${f.packed ? " (packed)" : ""}`;
    case "scalar":
      return `a ${family(f.scalar)}`;
    default:
      return `a ${f.fieldKind}`;
  }
}

/** One line that names how `peer` differs from the engine (whose reading is protoc's). */
function classify(desc: DescMessage, name: string, ours: LineupDecoder, peer: LineupDecoder, ourError: string | undefined): string {
  if (ours.ok && !peer.ok) return `${name} refuses what protoc reads: ${norm(peer.error ?? "")}`;
  if (!ours.ok && peer.ok) return `${name} reads what protoc refuses (${norm(ourError ?? ours.error ?? "")})`;
  if (!ours.ok && !peer.ok) return `${name} and protoc both refuse`; // not a difference (filtered out by the caller)
  const a = new Map(ours.fields.map((f) => [f.number, f.value]));
  const b = new Map(peer.fields.map((f) => [f.number, f.value]));
  const numbers = [...new Set([...a.keys(), ...b.keys()])].sort((x, y) => x - y);
  const first = numbers.find((n) => a.get(n) !== b.get(n))!;
  const what = !a.has(first) ? "sets a field protoc leaves unset" : !b.has(first) ? "leaves unset a field protoc sets" : "reads another value";
  return `${name} ${what}: ${kindOf(desc, first)}`;
}

let run = 0;

export const target: Target<Input> = {
  name: "decode",
  about: "random schema + hostile bytes -> the engine's decode against @bufbuild/protobuf and protobufjs (every difference a known one) and protoc --decode on a sample",
  ext: "json",
  tools: ["protoc-36", "protoc-36-include"],
  arbitrary: () => arbInput,
  check(input, ctx) {
    const findings: Finding[] = [];
    const m = messageOf(input.files, input.type);
    if (!m) return findings;
    const { desc, registry } = m;
    const ours = guard("the engine's decoder", () => runLineupDecoder("wirelab", desc, input.bytes, input.files), findings);
    const parsed = guard("parseLikeProtoc", () => parseLikeProtoc(desc, input.bytes, registry), findings);
    if (!ours || !parsed) return findings;
    // The line-up catches whatever a decoder throws and shows it as that decoder's error: for the
    // engine's own, anything but a parse failure is a bug hidden in plain sight.
    if (!ours.ok && parsed.parsed) findings.push({ kind: "crash", summary: `the line-up's engine reading failed where the parse did not: ${norm(ours.error ?? "")}`, detail: ours.error });
    for (const name of ["@bufbuild/protobuf", "protobufjs"] as const) {
      if (name === "protobufjs") {
        const why = protobufjsRefusesSchema(input.files);
        if (why !== undefined) {
          findings.push({ kind: "difference", summary: `protobufjs cannot parse the schema: ${why.replace(/ \(line \d+\)/, "")}` });
          continue;
        }
      }
      const peer = guard(name, () => runLineupDecoder(name, desc, input.bytes, input.files), findings);
      if (!peer) continue;
      if (ours.ok === peer.ok && (!ours.ok || JSON.stringify(ours.fields) === JSON.stringify(peer.fields))) continue;
      const show = (d: LineupDecoder) => (d.ok ? d.fields.map((f) => `${f.number}: ${f.value}`).join(", ").slice(0, 300) : `error: ${d.error}`);
      findings.push({ kind: "difference", summary: classify(desc, name, ours, peer, parsed.error), detail: `protoc (ours): ${show(ours)}\n${name}: ${show(peer)}\nbytes: ${hex(input.bytes).slice(0, 400)}` });
    }
    // Unknown fields: the same numbers and wire types, in order, as @bufbuild/protobuf keeps them.
    if (ours.ok && parsed.parsed) {
      const bufbuild = (() => {
        try {
          return fromBinary(desc, input.bytes) as { $unknown?: { no: number; wireType: number }[] };
        } catch {
          return undefined;
        }
      })();
      if (bufbuild) {
        const wt = (u: Unknown) => ({ varint: 0, i64: 1, len: 2, group: 3, i32: 5 })[u.kind];
        const ourUnknown = parsed.parsed.unknown.map((u) => `${u.no}:${wt(u)}`).join(" ");
        const theirUnknown = (bufbuild.$unknown ?? []).map((u) => `${u.no}:${u.wireType}`).join(" ");
        if (ourUnknown !== theirUnknown) {
          findings.push({ kind: "difference", summary: "@bufbuild/protobuf keeps other unknown fields than protoc", detail: `ours: ${ourUnknown}\n@bufbuild/protobuf: ${theirUnknown}\nbytes: ${hex(input.bytes).slice(0, 400)}` });
        }
      }
    }
    const protoc = tool("protoc-36");
    const wkt = protoc36IncludeDir();
    if (!ctx.oracle || !protoc || !wkt) return findings;
    const dir = writeWorkspace(`d${run++ % 2}`, input.files);
    const theirs = ctx.outside(() => spawnSync(protoc, ["-I.", `-I${wkt}`, `--decode=${input.type}`, ...Object.keys(input.files)], { cwd: dir, input: input.bytes }));
    const clock = { now: new Date(2026, 0, 1), thread: 0 };
    const mine = guard("protocDecode", () => protocDecode(desc, input.bytes, registry, clock), findings);
    if (!mine) return findings;
    const stderr = theirs.stderr.toString("utf8").replace(/^([EWIF])\d{4} \d{2}:\d{2}:\d{2}\.\d{6} +\d+ /gm, "$10101 00:00:00.000000       0 ");
    const want = { status: theirs.status, stdout: theirs.stdout.toString("utf8"), stderr };
    const got = { status: mine.ok ? 0 : 1, stdout: mine.text, stderr: mine.stderr };
    if (want.status !== got.status) findings.push({ kind: "mismatch", summary: `decode: protoc --decode ${want.status === 0 ? "reads" : "refuses"} what we ${got.status === 0 ? "read" : "refuse"}`, detail: `protoc: ${want.stderr.slice(0, 300)}\nours: ${got.stderr.slice(0, 300)}\nbytes: ${hex(input.bytes).slice(0, 400)}` });
    else if (want.stdout !== got.stdout) findings.push({ kind: "mismatch", summary: "decode: the text differs from protoc --decode's", detail: diffLine(want.stdout, got.stdout) + `\nbytes: ${hex(input.bytes).slice(0, 400)}` });
    else if (want.stderr !== got.stderr) findings.push({ kind: "mismatch", summary: "decode: the log differs from protoc --decode's", detail: diffLine(want.stderr, got.stderr) });
    return findings;
  },
  save: saveJson,
  load: (b) => loadJson<Input>(b),
};

function diffLine(want: string, got: string): string {
  const w = want.split("\n");
  const g = got.split("\n");
  let i = 0;
  while (i < w.length && w[i] === g[i]) i++;
  return `line ${i + 1}\nprotoc: ${JSON.stringify(w[i])}\nours:   ${JSON.stringify(g[i])}`;
}

