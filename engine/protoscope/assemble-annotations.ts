/**
 * Builds the assembler's annotation tree (engine/annotate/types.ts) while it assembles.
 *
 * The assembler writes the payload of every `{}` first and inserts the length prefixes at the end
 * (see length-prefixes.ts), so while it runs it only knows "raw" offsets: positions in the output
 * without the prefixes. Each offset is recorded together with how many prefixes had been opened
 * when it was recorded; every one of those prefixes ends up before it in the output and no later
 * one does. Once all prefix sizes are known, `finish()` turns each (raw offset, prefix count) into
 * a real byte offset: raw + the total size of the first `count` prefixes.
 *
 * Node shapes (every output byte is covered by exactly one leaf):
 * - a tag and the value that follows it form one field node (`field`, `wireType`, the value's
 *   kind and reading) whose children are the tag and the value;
 * - a tag followed by `{...}`: a field node with children tag, length, then the nested nodes;
 *   its kind is "message" (has tags or braces inside), "packed" (only numbers), "string"/"bytes"
 *   (one string or hex literal);
 * - a tag followed by `!{...}`: a field node (kind "message", wire type 3) with children
 *   group-start tag, the nested nodes, group-end tag;
 * - a `{...}` without a tag: a node like the field node, without the tag;
 * - a tag followed by anything else (a string, another tag, `}`): a lone tag node.
 */
import { isFieldNumberTooLarge, tagFieldNumber } from "../annotate/types.ts";
import type { Annotation, AnnotationKind, FieldNumber, PathElement } from "../annotate/types.ts";

/** Readings longer than this are cut (with "…"), so an 8 MB string is not copied into its node. */
const MAX_READING = 120;

interface Container {
  node: Annotation;
  /** The node's index in the fix-up list. */
  index: number;
  /** The length node of a `{}` (its reading is known only at the close), or null for a group. */
  length: Annotation | null;
  path: PathElement[];
  tags: number;
  scalars: number;
  strings: number;
  nested: number;
  /** Kind and reading of the last string/hex child, for a `{"text"}` field. */
  stringKind: AnnotationKind;
  stringValue: string | undefined;
}

export class AnnotationBuilder {
  readonly roots: Annotation[] = [];
  private children: Annotation[] = this.roots;
  private path: PathElement[] = [];
  private readonly stack: Container[] = [];
  /** Nodes whose byte offsets still need fixing, and 4 numbers each: raw start, count, raw end, count. */
  private readonly pending: Annotation[] = [];
  private offsets = new Int32Array(4096);
  /** Numbers used in `offsets`. */
  private used = 0;
  private current: Container | null = null;
  private pathCache: PathElement[][] = [];
  private pathCacheOwner: PathElement[] | null = null;
  /**
   * Tags whose field number is above 536870911 (at most MAX_FIELD_WARNINGS): they assemble, as in
   * protoscope, but the assembler warns about them when it annotates (the IDE's mode).
   */
  readonly tooLargeFields: { field: FieldNumber; from: number; to: number }[] = [];

  /** Nodes made so far. */
  get count(): number {
    return this.pending.length;
  }

  /**
   * A leaf whose bytes are [rawStart, rawEnd) with `k0`/`k1` prefixes opened before each end.
   * Every node is made by one object literal with all its properties (V8 then keeps them in the
   * object itself, with no shape changes and no separate property store: the tree is most of the
   * memory an annotated assembly needs).
   */
  node(kind: AnnotationKind, rawStart: number, k0: number, rawEnd: number, k1: number, from: number, to: number, value: string): Annotation {
    const node: Annotation = { bytes: [rawStart, rawEnd], kind, source: { from, to }, path: this.path, value };
    this.register(node, rawStart, k0, rawEnd, k1);
    return node;
  }

  private register(node: Annotation, rawStart: number, k0: number, rawEnd: number, k1: number): void {
    this.pending.push(node);
    this.record(rawStart, k0, rawEnd, k1);
  }

  /** Appends one node's four fix-up numbers (offsets stay below 2^31: the output is capped at 256 MiB). */
  private record(rawStart: number, k0: number, rawEnd: number, k1: number): void {
    let o = this.offsets;
    const at = this.used;
    if (at + 4 > o.length) {
      const bigger = new Int32Array(o.length * 2);
      bigger.set(o);
      this.offsets = o = bigger;
    }
    o[at] = rawStart;
    o[at + 1] = k0;
    o[at + 2] = rawEnd;
    o[at + 3] = k1;
    this.used = at + 4;
  }

  /** Adds a finished node to the open container and counts what it is. */
  add(node: Annotation): void {
    this.children.push(node);
    const c = this.current;
    if (c === null) return;
    switch (node.kind) {
      case "string":
      case "bytes":
        c.strings++;
        c.stringKind = node.kind;
        c.stringValue = node.value;
        break;
      case "tag":
      case "group-start":
      case "group-end":
        c.tags++;
        break;
      case "message":
      case "packed":
        c.nested++;
        break;
      default:
        if (node.field !== undefined) c.tags++;
        else c.scalars++;
    }
  }

  /** A tag node (kind chosen from its wire type) for the tag value with halves lo, hi. */
  tag(lo: number, hi: number, rawStart: number, rawEnd: number, k: number, from: number, to: number): Annotation {
    const wireType = lo & 7;
    const kind: AnnotationKind = wireType === 3 ? "group-start" : wireType === 4 ? "group-end" : "tag";
    // hi * 2^29 + lo / 8 is exact below 2^53; past that the number is kept as exact text.
    const field = hi < 0x1000000 ? hi * 0x20000000 + (lo >>> 3) : tagFieldNumber(lo, hi);
    if (isFieldNumberTooLarge(field) && kind !== "group-end" && this.tooLargeFields.length < MAX_FIELD_WARNINGS) {
      this.tooLargeFields.push({ field, from, to });
    }
    const node: Annotation = {
      bytes: [rawStart, rawEnd],
      kind,
      source: { from, to },
      path: this.fieldPath(field),
      value: tagReading(field, wireType),
      field,
      wireType,
    };
    this.register(node, rawStart, k, rawEnd, k);
    return node;
  }

  /**
   * The path of `field` inside the open container. Sibling fields with the same number share one
   * array (paths are read-only), which saves an allocation per repeated field.
   */
  private fieldPath(field: FieldNumber): PathElement[] {
    if (this.pathCacheOwner !== this.path) {
      this.pathCacheOwner = this.path;
      this.pathCache = [];
    }
    if (typeof field === "number" && field < PATH_CACHE_FIELDS) return (this.pathCache[field] ??= extend(this.path, field));
    return extend(this.path, field);
  }

  /** The end tag of the innermost group: a tag node on the group's own path. */
  groupEnd(lo: number, hi: number, rawStart: number, rawEnd: number, k: number, from: number, to: number): Annotation {
    const node = this.tag(lo, hi, rawStart, rawEnd, k, from, to);
    node.path = this.path;
    return node;
  }

  /** Makes `tag` and `value`, the last two nodes made, the children of one field node and adds it. */
  addField(tag: Annotation, value: Annotation): void {
    const node: Annotation = {
      bytes: [0, 0],
      kind: value.kind,
      source: { from: tag.source!.from, to: value.source!.to },
      path: tag.path,
      value: value.value!,
      field: tag.field!,
      wireType: tag.wireType!,
      children: [tag, value],
    };
    value.path = tag.path;
    const j = this.pending.length - 1;
    const i = j - 1;
    this.pending.push(node);
    const o = this.offsets;
    this.record(o[i * 4]!, o[i * 4 + 1]!, o[j * 4 + 2]!, o[j * 4 + 3]!);
    this.add(node);
  }

  /**
   * Opens a container for `{` (with its length node) or `!{` (length null), optionally led by a
   * tag; later nodes go inside it until close().
   */
  open(tag: Annotation | null, length: Annotation | null, rawStart: number, k: number, from: number): void {
    const children: Annotation[] = [];
    const node: Annotation = tag
      ? { bytes: [rawStart, rawStart], kind: "message", source: { from, to: from }, path: tag.path, field: tag.field!, wireType: tag.wireType!, children }
      : { bytes: [rawStart, rawStart], kind: "message", source: { from, to: from }, path: this.path, children };
    this.register(node, rawStart, k, rawStart, k);
    const index = this.pending.length - 1;
    if (tag) children.push(tag);
    if (length) {
      length.path = node.path;
      children.push(length);
    }
    this.add(node);
    const container: Container = {
      node,
      index,
      length,
      path: node.path,
      tags: 0,
      scalars: 0,
      strings: 0,
      nested: 0,
      stringKind: "bytes",
      stringValue: undefined,
    };
    this.stack.push(container);
    this.current = container;
    this.children = children;
    this.path = node.path;
  }

  /** Closes the innermost container at raw offset `rawEnd` (with `k` prefixes opened), source end `to`. */
  close(rawEnd: number, k: number, to: number, lengthValue: number): void {
    const c = this.stack.pop()!;
    const node = c.node;
    const i = c.index;
    this.offsets[i * 4 + 2] = rawEnd;
    this.offsets[i * 4 + 3] = k;
    node.source!.to = to;
    if (c.length) {
      c.length.value = String(lengthValue);
      if (c.tags > 0 || c.nested > 0) node.kind = "message";
      else if (c.strings === 1 && c.scalars === 0) {
        node.kind = c.stringKind;
        if (c.stringValue !== undefined) node.value = c.stringValue;
      } else if (c.scalars > 0 && c.strings === 0) node.kind = "packed";
      else if (c.strings > 0) node.kind = "bytes";
    }
    const parent = this.stack[this.stack.length - 1] ?? null;
    this.current = parent;
    this.children = parent ? parent.node.children! : this.roots;
    this.path = parent ? parent.path : [];
  }

  /** Fixes every node's byte range once `prefixBefore[k]` (total prefix bytes of the first k) is known. */
  finish(prefixBefore: ArrayLike<number>): Annotation[] {
    const pending = this.pending;
    const offsets = this.offsets;
    for (let i = 0; i < pending.length; i++) {
      const o = i * 4;
      const bytes = pending[i]!.bytes;
      // `| 0` keeps them small integers (outputs stay under 2^31): a double stored into the
      // array would make V8 reallocate its backing store as doubles, for every node.
      bytes[0] = (offsets[o]! + prefixBefore[offsets[o + 1]!]!) | 0;
      bytes[1] = (offsets[o + 2]! + prefixBefore[offsets[o + 3]!]!) | 0;
    }
    return this.roots;
  }
}

/**
 * Longest path kept in full. Deeper paths keep their last MAX_PATH - 1 entries after a "…":
 * every node holds its own path array, so full paths in 100 000 nested messages would need
 * 5 * 10^9 entries. (Protobuf parsers stop at 100 levels of nesting anyway.)
 */
export const MAX_PATH = 100;

function extend(path: PathElement[], field: FieldNumber): PathElement[] {
  if (path.length < MAX_PATH) return [...path, field];
  return ["…", ...path.slice(path.length - MAX_PATH + 2), field];
}

/** Most "field number out of range" warnings one assembly reports. */
const MAX_FIELD_WARNINGS = 100;

const WIRE_TYPE_NAMES = ["VARINT", "I64", "LEN", "SGROUP", "EGROUP", "I32"];

/** Field numbers below this get shared path arrays and cached tag readings. */
const PATH_CACHE_FIELDS = 1024;
const tagReadings: string[] = [];

/** "1:LEN": a tag's reading, made once per small field number and wire type. */
function tagReading(field: FieldNumber, wireType: number): string {
  const make = () => `${field}:${WIRE_TYPE_NAMES[wireType] ?? wireType}`;
  if (typeof field !== "number" || field >= PATH_CACHE_FIELDS) return make();
  return (tagReadings[field * 8 + wireType] ??= make());
}

/** Cuts a reading to MAX_READING characters. */
export function clip(text: string): string {
  return text.length > MAX_READING ? text.slice(0, MAX_READING) + "…" : text;
}
