/**
 * Encodes a parsed text-format message to the binary wire format with `GrowableWriter`, and
 * builds the annotation tree that maps every output byte back to the text that produced it.
 *
 * The bytes must equal what the reference tools write, and the tools differ in field order:
 *
 * - protoc (C++) parses into a message and serializes it: fields and extensions in field-number
 *   order, map entries in the order written (duplicates kept).
 * - buf (Go, deterministic): extensions first, then ordinary fields by number, then members of
 *   oneofs (by oneof, then number); map entries once per key (the last wins), sorted by key.
 *
 * Both omit an implicit-presence field holding its default, write explicit-presence fields that
 * were set, pack repeated scalars marked packed, and always write both key and value of a map
 * entry.
 */
import { ScalarType } from "@bufbuild/protobuf";
import type { Annotation, AnnotationKind, SourceRange } from "../../annotate/types.ts";
import { walkAnnotations } from "../../annotate/types.ts";
import { FieldType, GrowableWriter, WireType, varintSize32, wireTypeOfField } from "../../wire/index.ts";
import type { FieldInfo, MessageInfo } from "./fields.ts";
import { formatValue } from "./format.ts";
import { isDefault } from "./parser.ts";
import type { TextEntry, TextMessage, TextValue } from "./types.ts";

/** Whose serialization to reproduce; see the file comment. */
export type FieldOrder = "protoc" | "buf";

type Path = (string | number)[];

/** Entries of one field, in the order they will be written. */
interface FieldRun {
  field: FieldInfo;
  entries: TextEntry[];
}

/** An entry the encoder made up: a map entry's missing key or value, written as its default. */
const NO_SOURCE: SourceRange = { from: -1, to: -1 };

export function encodeTextMessage(message: TextMessage, order: FieldOrder): { bytes: Uint8Array; annotations: Annotation[] } {
  const encoder = new Encoder(order);
  const annotations = encoder.message(message, []);
  return { bytes: encoder.writer.finish({ copy: true }), annotations };
}

class Encoder {
  readonly writer = new GrowableWriter();

  constructor(private readonly order: FieldOrder) {}

  /** Writes the fields of one message; returns one node per field written (or per element). */
  message(message: TextMessage, path: Path): Annotation[] {
    const nodes: Annotation[] = [];
    for (const run of this.runs(message)) {
      const f = run.field;
      const fieldPath = [...path, f.isExtension ? `[${f.displayName}]` : f.name];
      if (!f.repeated) {
        const entry = run.entries[run.entries.length - 1]!;
        if (!f.explicitPresence && !f.oneof && !message.type.isMapEntry && isDefault(entry.value)) continue;
        // An Any's value is bytes: an empty packed message is an empty value, which is not written.
        if (f.anyValue && entry.value.kind === "message" && this.isEmpty(entry.value.value)) continue;
        nodes.push(this.entry(f, entry, fieldPath));
      } else if (f.packed) {
        nodes.push(this.packed(f, run.entries, fieldPath));
      } else {
        run.entries.forEach((entry, i) => nodes.push(this.entry(f, entry, [...fieldPath, i])));
      }
    }
    return nodes;
  }

  private isEmpty(message: TextMessage): boolean {
    const probe = new Encoder(this.order);
    probe.message(message, []);
    return probe.writer.length === 0;
  }

  /** Groups a message's entries by field and puts the fields in the reference tool's order. */
  private runs(message: TextMessage): FieldRun[] {
    const byNumber = new Map<number, FieldRun>();
    for (const entry of message.entries) {
      let run = byNumber.get(entry.field.number);
      if (!run) byNumber.set(entry.field.number, (run = { field: entry.field, entries: [] }));
      run.entries.push(entry);
    }
    if (message.type.isMapEntry) addMapEntryDefaults(message.type, byNumber);
    const runs = [...byNumber.values()];
    if (this.order === "protoc") {
      runs.sort((a, b) => a.field.number - b.field.number);
    } else {
      runs.sort(goFieldOrder);
      for (const run of runs) if (run.field.isMap) run.entries = goMapEntries(run.entries);
    }
    return runs;
  }

  private entry(f: FieldInfo, entry: TextEntry, path: Path): Annotation {
    const w = this.writer;
    const start = w.length;
    const value = entry.value;
    const node: Annotation = {
      bytes: [start, start],
      kind: "raw",
      field: f.number,
      path,
      name: f.displayName,
      type: f.typeName,
    };
    if (entry.source !== NO_SOURCE) node.source = { from: entry.name.from, to: entry.source.to };
    const tag = (wireType: number, kind: AnnotationKind = "tag"): Annotation => {
      const from = w.length;
      w.tag(f.number, wireType);
      const t: Annotation = { bytes: [from, w.length], kind, field: f.number, wireType, path };
      if (entry.source !== NO_SOURCE) t.source = entry.name;
      return t;
    };
    if (value.kind === "message" && f.delimited) {
      node.kind = "message";
      node.wireType = WireType.StartGroup;
      const open = tag(WireType.StartGroup, "group-start");
      const children = this.message(value.value, path);
      const close = tag(WireType.EndGroup, "group-end");
      // The end-group tag stands for the closing brace.
      const to = value.value.source.to;
      if (close.source) close.source = { from: to - 1, to };
      node.children = [open, ...children, close];
    } else if (value.kind === "message") {
      node.kind = "message";
      node.wireType = WireType.LEN;
      const t = tag(WireType.LEN);
      const { length, children } = this.lengthDelimited(path, () => this.message(value.value, path));
      // The length measures the message: it points at the braces and what they hold.
      if (entry.source !== NO_SOURCE) length.source = value.value.source;
      node.children = [t, length, ...children];
    } else if (value.kind === "bytes") {
      const isString = f.scalar === ScalarType.STRING;
      node.kind = isString ? "string" : "bytes";
      node.wireType = WireType.LEN;
      const t = tag(WireType.LEN);
      const lengthFrom = w.length;
      w.bytes(value.value);
      const dataFrom = lengthFrom + varintSize32(value.value.length);
      const length: Annotation = { bytes: [lengthFrom, dataFrom], kind: "length", path, value: String(value.value.length) };
      if (entry.source !== NO_SOURCE) length.source = entry.source;
      const data = this.valueNode(f, value, entry.source, path, [dataFrom, w.length]);
      node.value = data.value;
      node.children = [t, length, data];
    } else {
      const wireType = wireTypeOfField(f.scalar ?? FieldType.ENUM);
      node.wireType = wireType;
      const t = tag(wireType);
      const data = this.scalar(f, value, entry.source, path);
      node.kind = data.kind;
      node.value = data.value;
      node.children = [t, data];
    }
    node.bytes[1] = w.length;
    return node;
  }

  /** A packed repeated field: one tag, one length, then the values back to back. */
  private packed(f: FieldInfo, entries: TextEntry[], path: Path): Annotation {
    const w = this.writer;
    const start = w.length;
    const first = entries[0]!;
    w.tag(f.number, WireType.LEN);
    const t: Annotation = { bytes: [start, w.length], kind: "tag", field: f.number, wireType: WireType.LEN, path, source: first.name };
    const { length, children } = this.lengthDelimited(path, () => entries.map((e, i) => this.scalar(f, e.value, e.source, [...path, i])));
    const last = entries[entries.length - 1]!;
    // The length measures the values: from the first to the last.
    length.source = { from: first.source.from, to: last.source.to };
    return {
      bytes: [start, w.length],
      kind: "packed",
      field: f.number,
      wireType: WireType.LEN,
      path,
      name: f.displayName,
      type: f.typeName,
      source: { from: first.name.from, to: last.source.to },
      children: [t, length, ...children],
    };
  }

  /**
   * Writes a length-prefixed payload with fork()/join(). join() shifts the payload right when
   * its length needs more than the one byte fork() reserved, so the payload's annotations,
   * recorded before the shift, are moved by the same amount.
   */
  private lengthDelimited(path: Path, write: () => Annotation[]): { length: Annotation; children: Annotation[] } {
    const w = this.writer;
    const lengthFrom = w.length;
    w.fork();
    const children = write();
    const before = w.length;
    w.join();
    const shift = w.length - before;
    if (shift !== 0) {
      walkAnnotations(children, (n) => {
        n.bytes = [n.bytes[0] + shift, n.bytes[1] + shift];
      });
    }
    const payloadFrom = lengthFrom + 1 + shift;
    return {
      length: { bytes: [lengthFrom, payloadFrom], kind: "length", path, value: String(w.length - payloadFrom) },
      children,
    };
  }

  /** Writes one scalar or enum value (no tag) and returns its node. */
  private scalar(f: FieldInfo, value: TextValue, source: SourceRange, path: Path): Annotation {
    const w = this.writer;
    const from = w.length;
    let kind: AnnotationKind = "varint";
    if (value.kind === "enum") {
      w.int32(value.value);
    } else if (value.kind === "bool") {
      w.bool(value.value);
    } else if (value.kind === "float") {
      kind = f.scalar === ScalarType.FLOAT ? "float" : "double";
      if (Number.isNaN(value.value)) w.raw(nanBytes(kind, value.negative, this.order));
      else if (kind === "float") w.float(value.value);
      else w.double(value.value);
    } else if (value.kind === "int") {
      const v = value.value;
      switch (f.scalar) {
        case ScalarType.INT32:
          w.int32(Number(v));
          break;
        case ScalarType.UINT32:
          w.uint32(Number(v));
          break;
        case ScalarType.SINT32:
          w.sint32(Number(v));
          kind = "zigzag";
          break;
        case ScalarType.INT64:
          w.int64(v);
          break;
        case ScalarType.UINT64:
          w.uint64(v);
          break;
        case ScalarType.SINT64:
          w.sint64(v);
          kind = "zigzag";
          break;
        case ScalarType.FIXED32:
          w.fixed32(Number(v));
          kind = "i32";
          break;
        case ScalarType.SFIXED32:
          w.sfixed32(Number(v));
          kind = "i32";
          break;
        case ScalarType.FIXED64:
          w.fixed64(v);
          kind = "i64";
          break;
        case ScalarType.SFIXED64:
          w.sfixed64(v);
          kind = "i64";
          break;
        default:
          throw new Error(`integer value for ${f.typeName} field ${f.name}`);
      }
    }
    return this.valueNode(f, value, source, path, [from, w.length], kind);
  }

  private valueNode(
    f: FieldInfo,
    value: TextValue,
    source: SourceRange,
    path: Path,
    bytes: [number, number],
    kind?: AnnotationKind,
  ): Annotation {
    const isString = f.scalar === ScalarType.STRING;
    const node: Annotation = {
      bytes,
      kind: kind ?? (isString ? "string" : "bytes"),
      path,
      type: f.typeName,
      value: formatValue(value, f.scalar === ScalarType.FLOAT, isString),
    };
    if (source !== NO_SOURCE) node.source = source;
    return node;
  }
}

/**
 * The bytes of a NaN. A JS number cannot carry a NaN's sign or payload, so they are written
 * directly: C++'s quiet NaN (sign from `-nan`), or for buf Go's math.NaN(), whose payload is 1.
 */
function nanBytes(kind: AnnotationKind, negative: boolean, order: FieldOrder): Uint8Array {
  const top = negative ? 0xff : 0x7f;
  if (kind === "float") return Uint8Array.of(0, 0, 0xc0, top);
  return Uint8Array.of(order === "buf" ? 1 : 0, 0, 0, 0, 0, 0, 0xf8, top);
}

/** A map entry always carries both key and value; a missing one is written as its default. */
function addMapEntryDefaults(type: MessageInfo, byNumber: Map<number, FieldRun>): void {
  for (const f of type.fields) {
    if (byNumber.has(f.number)) continue;
    byNumber.set(f.number, { field: f, entries: [{ field: f, name: NO_SOURCE, source: NO_SOURCE, value: defaultValue(f) }] });
  }
}

function defaultValue(f: FieldInfo): TextValue {
  if (f.kind === "message") return { kind: "message", value: { type: f.message!(), entries: [], source: NO_SOURCE } };
  if (f.kind === "enum") {
    const first = f.enum!.values[0];
    return { kind: "enum", value: first?.number ?? 0, name: first?.name };
  }
  switch (f.scalar) {
    case ScalarType.BOOL:
      return { kind: "bool", value: false };
    case ScalarType.STRING:
    case ScalarType.BYTES:
      return { kind: "bytes", value: new Uint8Array(0) };
    case ScalarType.FLOAT:
    case ScalarType.DOUBLE:
      return { kind: "float", value: 0, negative: false };
    default:
      return { kind: "int", value: 0n };
  }
}

/** Go's deterministic field order (protobuf-go's `order.LegacyFieldOrder`). */
function goFieldOrder(a: FieldRun, b: FieldRun): number {
  const x = a.field;
  const y = b.field;
  if (x.isExtension !== y.isExtension) return x.isExtension ? -1 : 1;
  if (!!x.oneof !== !!y.oneof) return x.oneof ? 1 : -1;
  if (x.oneof && y.oneof && x.oneof.index !== y.oneof.index) return x.oneof.index - y.oneof.index;
  return x.number - y.number;
}

/** Map entries as Go writes them: one per key, the last one written wins, sorted by key. */
function goMapEntries(entries: TextEntry[]): TextEntry[] {
  const byKey = new Map<string, { key: TextValue; entry: TextEntry }>();
  for (const entry of entries) {
    if (entry.value.kind !== "message") continue;
    const keyEntry = entry.value.value.entries.filter((e) => e.field.number === 1).pop();
    const key = keyEntry?.value ?? defaultValue(entry.value.value.type.fields[0]!);
    byKey.set(keyString(key), { key, entry });
  }
  return [...byKey.values()].sort((a, b) => compareKeys(a.key, b.key)).map((x) => x.entry);
}

function keyString(key: TextValue): string {
  if (key.kind === "bytes") return "b" + Array.from(key.value).join(",");
  if (key.kind === "int" || key.kind === "bool") return "v" + String(key.value);
  return "?";
}

/** Orders map keys as Go's mapsort does: false before true, numbers by value, strings by bytes. */
function compareKeys(a: TextValue, b: TextValue): number {
  if (a.kind === "bytes" && b.kind === "bytes") {
    const x = a.value;
    const y = b.value;
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
    return x.length - y.length;
  }
  const num = (k: TextValue): bigint => (k.kind === "int" ? k.value : k.kind === "bool" && k.value ? 1n : 0n);
  const x = num(a);
  const y = num(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
