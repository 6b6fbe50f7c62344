/**
 * Bytes (and optionally a message type) to the annotation tree every view draws from. Every
 * byte of the input is covered: fields become nodes with their tag, length and value as
 * children; bytes that cannot be read become an `error` node with a diagnostic saying why
 * (`wire/truncated` when more input could complete them, other `wire/...` codes when no input
 * could).
 *
 * Without a schema, the guesses are the disassembler's (engine/protoscope/disassemble-*), so the
 * tree explains the same reading the protoscope text shows: a payload is a message when all of
 * it parses as fields, else text when it is mostly printable UTF-8, else bytes; a fixed-width
 * value is a float unless its exponent is extreme. With a schema, the field's declared type
 * decides (names, enum value names, zigzag, unsigned, bools, packed elements, maps, groups), and
 * fields the schema does not declare are marked `unknown`.
 *
 * Iterative (an explicit stack of open messages and groups), so nesting depth cannot overflow
 * the call stack; past `maxDepth` payloads are not opened.
 */
import type { DescMessage } from "@bufbuild/protobuf";
import type { ByteSpan, Diagnostic, DiagnosticCode } from "../diagnostics.ts";
import { fieldEnd, looksLikeText, scanFields, validUtf8Prefix } from "./heuristics.ts";
import {
  float32FromBits,
  float32Text,
  float64FromBits,
  formatFloat32,
  formatFloat64,
  formatHex64,
  formatInt64,
  formatUint64,
  formatZigzag64,
  newVarintValue,
  readVarint,
} from "./numbers.ts";
import { toHex } from "../wire/hex.ts";
import { fieldTypeOfKeyword, WireType, wireTypeOfField } from "../wire/wire-type.ts";
import { schemaOf } from "./schema-view.ts";
import type { FieldKind, SchemaField, SchemaMessage } from "./schema-view.ts";
import { fieldNumberOf, isFieldNumberTooLarge, MAX_FIELD_NUMBER } from "./types.ts";
import type { Annotation, AnnotationKind, FieldNumber, PathElement } from "./types.ts";

/** A node while the decoder builds it: its children are an array it can add to. */
interface Built extends Annotation {
  children?: Built[];
}

export interface AnnotateOptions {
  /** The message type of the bytes. Without it, fields are read with the disassembler's guesses. */
  message?: DescMessage;
  /**
   * Messages and groups nested deeper than this are not opened (their payload is shown as bytes,
   * with an info diagnostic). Default 100, protobuf's usual recursion limit.
   */
  maxDepth?: number;
  /**
   * Most nodes to build, default 2 000 000 (a few hundred MB of objects). Past it, what is left
   * of each open message becomes one `raw` node and a warning says so; every byte stays covered.
   */
  maxNodes?: number;
}

export interface AnnotateResult {
  annotations: Annotation[];
  diagnostics: Diagnostic[];
}

const DEFAULT_MAX_DEPTH = 100;
const DEFAULT_MAX_NODES = 2_000_000;
const decoder = new TextDecoder();

/** The wire type of one value of each kind (engine/wire's table, by the kind's keyword). */
const WIRE_TYPE_OF_KIND = new Map<FieldKind, number>();
const wireTypeOfKind = (kind: FieldKind): number => {
  let wt = WIRE_TYPE_OF_KIND.get(kind);
  if (wt === undefined) WIRE_TYPE_OF_KIND.set(kind, (wt = wireTypeOfField(fieldTypeOfKeyword(kind)!)));
  return wt;
};

/** The wire types a field of this kind may arrive with (packed repeated scalars also as LEN). */
function acceptsWireType(field: SchemaField, wireType: number): boolean {
  const expected = wireTypeOfKind(field.kind);
  if (wireType === expected) return true;
  // A packed run of varints, fixed32s or fixed64s.
  return field.repeated && wireType === WireType.LEN && (expected === WireType.Varint || expected === WireType.I32 || expected === WireType.I64);
}

/** An open message (a LEN payload or the whole input) or group. */
interface Container {
  /** The field node (null for the whole input). */
  node: Built | null;
  /** Where new nodes go. */
  children: Built[];
  /** Where the enclosing payload ends. */
  end: number;
  /**
   * Whether `end` comes from a length prefix (inside a payload) rather than from the end of the
   * input: running past it is then broken input, not input that more bytes could complete.
   */
  bounded: boolean;
  /**
   * Opened as a message by guess (no schema said so): its oddities, such as unmatched group
   * tags, are part of a guessed reading, not problems of the input, so they are not reported.
   */
  guessed: boolean;
  /** For groups: the field number (as halves); -1 for messages. */
  groupLo: number;
  groupHi: number;
  schema: SchemaMessage | undefined;
  path: PathElement[];
  /** Occurrences so far of each repeated field, for path indexes. */
  counts: Map<FieldNumber, number> | null;
}

class Annotator {
  private readonly diagnostics: Diagnostic[] = [];
  private readonly stack: Container[] = [];
  private readonly varint = newVarintValue();
  private nodes = 0;
  private overBudget = false;
  private toldTooDeep = false;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly maxDepth: number,
    private readonly maxNodes: number,
  ) {}

  run(schema: SchemaMessage | undefined, start: number, end: number, bounded: boolean, path: PathElement[]): AnnotateResult {
    const top: Container = { node: null, children: [], end, bounded, guessed: false, groupLo: -1, groupHi: -1, schema, path, counts: null };
    this.stack.push(top);
    let pos = start;
    while (this.stack.length > 0) {
      const c = this.stack[this.stack.length - 1]!;
      if (this.overBudget && pos < c.end) {
        this.add(c, { bytes: [pos, c.end], kind: "raw", path: c.path });
        pos = c.end;
      }
      if (pos >= c.end) {
        this.close(c);
        continue;
      }
      pos = this.field(c, pos);
    }
    return { annotations: top.children, diagnostics: this.diagnostics };
  }

  private report(code: DiagnosticCode, severity: Diagnostic["severity"], message: string, start: number, end: number): void {
    const span: ByteSpan = { kind: "bytes", start, end };
    this.diagnostics.push({ code, severity, message, span });
  }

  private add(c: Container, node: Built): Built {
    c.children.push(node);
    this.nodes++;
    if (node.children) this.nodes += node.children.length;
    if (this.nodes > this.maxNodes && !this.overBudget) {
      this.overBudget = true;
      this.report(
        "annotate/too-many-nodes",
        "warning",
        `more than ${this.maxNodes} annotations: the rest of the input is shown as raw bytes`,
        node.bytes[1],
        this.bytes.length,
      );
    }
    return node;
  }

  /** Closes the innermost container at its end: a message is complete, a group never closed. */
  private close(c: Container): void {
    this.stack.pop();
    if (c.groupLo !== -1 && !this.overBudget) {
      if (!c.guessed) this.report("wire/group-mismatch", "warning", `group ${this.numberText(c.groupLo, c.groupHi)} has no end-group tag`, c.node!.bytes[0], c.end);
      this.flattenGroup(c);
      return;
    }
    if (c.node) c.node.bytes[1] = c.end;
  }

  /**
   * A group that did not close properly becomes a lone group-start node followed by its
   * contents, as protoscope shows it (`N:SGROUP` and the fields after it at the same level).
   */
  private flattenGroup(c: Container): void {
    const parent = this.stack[this.stack.length - 1]!;
    const node = c.node!;
    const index = parent.children.lastIndexOf(node);
    const tag = node.children![0]!;
    const lone: Built = { ...tag, kind: "group-start", path: node.path };
    if (node.name !== undefined) lone.name = node.name;
    if (node.type !== undefined) lone.type = node.type;
    if (node.unknown) lone.unknown = true;
    parent.children.splice(index, 1, lone, ...node.children!.slice(1));
  }

  private numberText(lo: number, hi: number): string {
    return formatUint64(lo, hi);
  }

  /** Reads one field at `pos` in container `c`; returns where the next starts. */
  private field(c: Container, pos: number): number {
    const bytes = this.bytes;
    const end = c.end;
    const next = fieldEnd(bytes, pos, end, false);
    if (next < 0) return this.unreadable(c, pos);
    const tagEnd = readVarint(bytes, pos, end, this.varint);
    const { lo, hi } = this.varint;
    const wireType = lo & 7;
    const numLo = ((lo >>> 3) | (hi << 29)) >>> 0;
    const numHi = hi >>> 3;
    const number = fieldNumberOf(numLo, numHi);
    if (wireType !== 4 && isFieldNumberTooLarge(number)) {
      this.report(
        "wire/field-number-out-of-range",
        "warning",
        `field number ${number} is above ${MAX_FIELD_NUMBER}, the largest protobuf allows: the bytes decode, but no protobuf parser accepts this field`,
        pos,
        tagEnd,
      );
    }

    // An end-group tag belongs to the enclosing message, not to the group's type.
    let fd = wireType === 4 || numHi !== 0 ? undefined : c.schema?.field(numLo);
    let unknown = c.schema !== undefined && fd === undefined && wireType !== 4;
    if (fd && !acceptsWireType(fd, wireType)) {
      this.report(
        "wire/wire-type-mismatch",
        "info",
        `field ${fd.name} (${number}) is declared ${fd.typeName} but arrived with wire type ${wireType}; read as an unknown field`,
        pos,
        next,
      );
      fd = undefined;
      unknown = true;
    }

    // Path: the field's name (or number), and an index for each element of a repeated field.
    const path = [...c.path, fd ? fd.name : number];
    if (fd?.repeated && wireType !== 2) path.push(this.nextIndex(c, number));
    else if (fd?.repeated && wireType === 2 && (fd.kind === "message" || fd.kind === "string" || fd.kind === "bytes")) {
      path.push(this.nextIndex(c, number));
    }

    const tag: Built = { bytes: [pos, tagEnd], kind: wireType === 3 ? "group-start" : wireType === 4 ? "group-end" : "tag", field: number, wireType, path };
    const node: Built = { bytes: [pos, next], kind: "varint", field: number, wireType, path, children: [tag] };
    if (fd) {
      node.name = fd.name;
      node.type = fd.typeName;
    }
    if (unknown) node.unknown = true;

    switch (wireType) {
      case 0:
        this.varintValue(node, tagEnd, next, fd);
        break;
      case 1:
      case 5:
        this.fixedValue(node, tagEnd, wireType, fd);
        break;
      case 2:
        return this.delimited(c, node, tagEnd, next, fd, number);
      case 3:
        return this.startGroup(c, node, numLo, numHi, next, fd);
      case 4:
        return this.endGroup(c, tag, numLo, numHi, next);
    }
    this.add(c, node);
    return next;
  }

  private nextIndex(c: Container, number: FieldNumber): number {
    if (!c.counts) c.counts = new Map();
    const n = c.counts.get(number) ?? 0;
    c.counts.set(number, n + 1);
    return n;
  }

  /** The rest of the container cannot be read: one error node and a diagnostic saying why. */
  private unreadable(c: Container, pos: number): number {
    const bytes = this.bytes;
    const end = c.end;
    const v = this.varint;
    let code: DiagnosticCode;
    let message: string;
    let p = readVarint(bytes, pos, end, v);
    if (p < 0) {
      [code, message] = this.varintProblem(pos, end, "tag");
    } else if (v.hi === 0 && v.lo < 8) {
      code = "wire/bad-wire-type";
      message = "field number 0 is not valid";
    } else {
      const wireType = v.lo & 7;
      if (wireType > 5) {
        code = "wire/bad-wire-type";
        message = `wire type ${wireType} is not valid`;
      } else if (wireType === 0) {
        [code, message] = this.varintProblem(p, end, "varint");
      } else if (wireType === 1 || wireType === 5) {
        const need = wireType === 1 ? 8 : 4;
        code = "wire/truncated";
        message = `a ${need * 8}-bit value needs ${need} bytes, ${end - p} left`;
      } else {
        const lengthAt = p;
        p = readVarint(bytes, p, end, v);
        if (p < 0) [code, message] = this.varintProblem(lengthAt, end, "length prefix");
        else {
          const length = formatUint64(v.lo, v.hi);
          // Past the end of the whole input: more bytes could complete it. Past the end of an
          // enclosing message: no input can.
          code = c.bounded ? "wire/length-past-end" : "wire/truncated";
          message = `length ${length} runs past the end (${end - p} bytes left)`;
        }
      }
    }
    if (code === "wire/truncated" && c.bounded) {
      // Only the end of the whole input can be cured by more input; running past the end of an
      // enclosing payload cannot.
      code = "wire/value-past-end";
      message += " (at the end of the enclosing message)";
    }
    this.report(code, "error", message, pos, end);
    this.add(c, { bytes: [pos, end], kind: "error", path: c.path, value: message });
    return end;
  }

  private varintProblem(pos: number, end: number, what: string): [DiagnosticCode, string] {
    const bytes = this.bytes;
    let i = pos;
    while (i < end && i - pos < 10 && (bytes[i]! & 0x80) !== 0) i++;
    if (i - pos >= 10 || (i - pos === 9 && i < end && bytes[i]! > 1)) {
      return ["wire/overlong-varint", `${what}: a varint longer than 64 bits`];
    }
    return ["wire/truncated", `${what}: the input ends inside a varint`];
  }

  private varintValue(node: Built, from: number, to: number, fd: SchemaField | undefined): void {
    readVarint(this.bytes, from, to, this.varint);
    const { lo, hi } = this.varint;
    let kind: AnnotationKind = "varint";
    let value: string;
    switch (fd?.kind) {
      case "bool":
        value = hi === 0 && lo <= 1 ? (lo === 1 ? "true" : "false") : `true (${formatUint64(lo, hi)})`;
        break;
      case "uint32":
        value = String(lo);
        break;
      case "uint64":
        value = formatUint64(lo, hi);
        break;
      case "sint32":
        kind = "zigzag";
        value = formatZigzag64(lo, 0);
        break;
      case "sint64":
        kind = "zigzag";
        value = formatZigzag64(lo, hi);
        break;
      case "int32":
        value = String(lo | 0);
        break;
      case "enum": {
        const n = lo | 0;
        const name = fd.enum?.names.get(n);
        value = name !== undefined ? `${name} (${n})` : String(n);
        break;
      }
      default:
        value = formatInt64(lo, hi);
    }
    node.kind = kind;
    node.value = value;
    node.children!.push({ bytes: [from, to], kind, path: node.path, value });
  }

  private fixedValue(node: Built, from: number, wireType: number, fd: SchemaField | undefined): void {
    const b = this.bytes;
    const u32 = (at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
    let kind: AnnotationKind;
    let value: string;
    if (wireType === 5) {
      const bits = u32(from);
      const k = fd?.kind;
      if (k === "fixed32" || k === "uint32" || k === "uint64" || k === "fixed64") [kind, value] = ["i32", String(bits)];
      else if (k === "sfixed32" || k === "int32" || k === "int64" || k === "sint32" || k === "sint64" || k === "sfixed64") [kind, value] = ["i32", String(bits | 0)];
      else if (k === "float" || k === "double") [kind, value] = ["float", float32Text(bits)];
      else [kind, value] = guessFloat32(bits);
    } else {
      const lo = u32(from);
      const hi = u32(from + 4);
      const k = fd?.kind;
      if (k === "fixed64" || k === "uint64" || k === "uint32" || k === "fixed32") [kind, value] = ["i64", formatUint64(lo, hi)];
      else if (k === "sfixed64" || k === "int64" || k === "int32" || k === "sint32" || k === "sint64" || k === "sfixed32") [kind, value] = ["i64", formatInt64(lo, hi)];
      else if (k === "double" || k === "float") [kind, value] = ["double", String(float64FromBits(lo, hi))];
      else [kind, value] = guessFloat64(lo, hi);
    }
    node.kind = kind;
    node.value = value;
    node.children!.push({ bytes: [from, from + (wireType === 5 ? 4 : 8)], kind, path: node.path, value });
  }

  private lengthNode(node: Built, from: number, payloadStart: number, length: number): void {
    node.children!.push({ bytes: [from, payloadStart], kind: "length", path: node.path, value: String(length) });
  }

  private delimited(c: Container, node: Built, tagEnd: number, next: number, fd: SchemaField | undefined, number: FieldNumber): number {
    const bytes = this.bytes;
    const payloadStart = readVarint(bytes, tagEnd, next, this.varint);
    const length = next - payloadStart;
    this.lengthNode(node, tagEnd, payloadStart, length);
    const kind = fd?.kind;
    const tooDeep = this.stack.length > this.maxDepth;
    if (kind === "message" || kind === "group" || (kind === undefined && scanFields(bytes, payloadStart, next, false) === next)) {
      if (!tooDeep) {
        node.kind = "message";
        this.add(c, node);
        this.stack.push({
          node,
          children: node.children!,
          end: next,
          bounded: true,
          guessed: c.guessed || fd === undefined,
          groupLo: -1,
          groupHi: -1,
          schema: fd ? fd.message : undefined,
          path: node.path,
          counts: null,
        });
        return payloadStart;
      }
      this.tooDeep(payloadStart, next);
    }
    if (kind !== undefined && kind !== "string" && kind !== "bytes" && kind !== "message" && kind !== "group") {
      this.packed(c, node, payloadStart, next, fd!, number);
    } else if (kind === "string" || (kind === undefined && looksLikeText(bytes, payloadStart, next))) {
      const valid = validUtf8Prefix(bytes, payloadStart, next);
      if (valid !== next) this.report("wire/invalid-utf8", "warning", `string field ${fd?.name ?? ""} is not valid UTF-8`, valid, next);
      const value = decoder.decode(bytes.subarray(payloadStart, next));
      node.kind = "string";
      node.value = value;
      node.children!.push({ bytes: [payloadStart, next], kind: "string", path: node.path, value });
    } else {
      const value = toHex(bytes.subarray(payloadStart, next), "");
      node.kind = "bytes";
      node.value = value;
      node.children!.push({ bytes: [payloadStart, next], kind: "bytes", path: node.path, value });
    }
    this.add(c, node);
    return next;
  }

  private tooDeep(start: number, end: number): void {
    if (this.toldTooDeep) return;
    this.toldTooDeep = true;
    this.report("wire/nesting-too-deep", "info", `nested more than ${this.maxDepth} levels deep: not opened`, start, end);
  }

  /** A packed repeated scalar: one child per element, an error node for a broken tail. */
  private packed(c: Container, node: Built, from: number, to: number, fd: SchemaField, number: FieldNumber): void {
    node.kind = "packed";
    const kind = fd.kind;
    const wt = wireTypeOfKind(kind);
    const width = wt === WireType.I32 ? 4 : wt === WireType.I64 ? 8 : 0;
    let pos = from;
    let index = 0;
    const values: string[] = [];
    while (pos < to) {
      // Elements are numbered on from any earlier elements of the same field (packed or not).
      const elementPath = [...node.path, this.nextIndex(c, number)];
      const element: Built = { bytes: [pos, pos], kind: "varint", field: node.field!, wireType: width === 0 ? 0 : width === 4 ? 5 : 1, path: elementPath, children: [] };
      let next: number;
      if (width === 0) {
        next = readVarint(this.bytes, pos, to, this.varint);
        if (next < 0) break;
        this.varintValue(element, pos, next, fd);
      } else {
        if (to - pos < width) break;
        next = pos + width;
        this.fixedValue(element, pos, width === 4 ? 5 : 1, fd);
      }
      element.bytes[1] = next;
      // The element's one child repeats it; keep the element as the leaf.
      delete element.children;
      node.children!.push(element);
      if (values.length < 16) values.push(element.value!);
      index++;
      pos = next;
    }
    if (pos < to) {
      const message = width === 0 ? "packed varints: the payload ends inside a varint" : `packed ${width * 8}-bit values: ${to - pos} bytes left over`;
      // The payload's length is fixed, so this is broken input, not input cut short.
      this.report("wire/value-past-end", "error", message, pos, to);
      node.children!.push({ bytes: [pos, to], kind: "error", path: node.path, value: message });
    }
    node.value = `[${values.join(", ")}${index > values.length ? ", …" : ""}] (${index})`;
  }

  private startGroup(c: Container, node: Built, lo: number, hi: number, next: number, fd: SchemaField | undefined): number {
    if (this.stack.length > this.maxDepth) {
      this.tooDeep(node.bytes[0], next);
      const lone: Built = { ...node.children![0]!, kind: "group-start" };
      if (node.name !== undefined) lone.name = node.name;
      this.add(c, lone);
      return next;
    }
    node.kind = "message";
    this.add(c, node);
    this.stack.push({
      node,
      children: node.children!,
      end: c.end,
      bounded: c.bounded,
      guessed: c.guessed,
      groupLo: lo,
      groupHi: hi,
      schema: fd?.kind === "group" ? fd.message : undefined,
      path: node.path,
      counts: null,
    });
    return next;
  }

  private endGroup(c: Container, tag: Built, lo: number, hi: number, next: number): number {
    if (c.groupLo === lo && c.groupHi === hi) {
      // The group's own end: it closes the group node.
      tag.path = c.path;
      c.children.push(tag);
      this.nodes++;
      c.node!.bytes[1] = next;
      this.stack.pop();
      return next;
    }
    const lone: Built = { ...tag, path: c.groupLo !== -1 ? this.stack[this.stack.length - 2]!.path.concat(tag.field!) : tag.path };
    if (c.groupLo !== -1) {
      // Another number: like protoscope, the innermost group is given up on (it becomes a lone
      // start tag with its fields after it) and this end tag stands alone.
      if (!c.guessed) this.report(
        "wire/group-mismatch",
        "warning",
        `end-group tag for field ${tag.field} inside group ${this.numberText(c.groupLo, c.groupHi)}`,
        tag.bytes[0],
        next,
      );
      this.stack.pop();
      this.flattenGroup(c);
      this.add(this.stack[this.stack.length - 1]!, lone);
    } else {
      if (!c.guessed) this.report("wire/group-mismatch", "warning", `end-group tag for field ${tag.field} without a start`, tag.bytes[0], next);
      this.add(c, lone);
    }
    return next;
  }
}

/** Schemaless fixed32: a float unless it is NaN or its exponent is extreme (then an integer). */
function guessFloat32(bits: number): [AnnotationKind, string] {
  const f = float32FromBits(bits);
  if (f !== f) return ["i32", `0x${bits.toString(16)}`];
  if (f === Infinity || f === -Infinity || formatFloat32(bits, false) !== "") return ["float", float32Text(bits)];
  return ["i32", String(bits | 0)];
}

function guessFloat64(lo: number, hi: number): [AnnotationKind, string] {
  const f = float64FromBits(lo, hi);
  if (f !== f) return ["i64", `0x${formatHex64(lo, hi)}`];
  if (f === Infinity || f === -Infinity || formatFloat64(lo, hi, false) !== "") return ["double", String(f)];
  return ["i64", formatInt64(lo, hi)];
}

/**
 * Annotates bytes: one node per field, covering every byte, with diagnostics for what cannot be
 * read. Never throws.
 */
export function annotateBytes(bytes: Uint8Array, options: AnnotateOptions = {}): AnnotateResult {
  return annotateRange(bytes, 0, bytes.length, false, [], options);
}

/**
 * Annotates the message in bytes [start, end) with offsets into `bytes` and paths under `path`.
 * `bounded`: the end comes from a length (a frame's prefix), so running past it is broken input
 * (`wire/length-past-end`, `wire/value-past-end`) rather than `wire/truncated`.
 */
export function annotateRange(
  bytes: Uint8Array,
  start: number,
  end: number,
  bounded: boolean,
  path: PathElement[],
  options: AnnotateOptions = {},
): AnnotateResult {
  const annotator = new Annotator(bytes, options.maxDepth ?? DEFAULT_MAX_DEPTH, options.maxNodes ?? DEFAULT_MAX_NODES);
  return annotator.run(options.message ? schemaOf(options.message) : undefined, start, end, bounded, path);
}
