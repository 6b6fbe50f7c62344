/**
 * How many heap objects `var m T; proto.Unmarshal(b, &m)` allocates in Go (protobuf-go v1.36.11,
 * Go 1.26, amd64), as `testing.AllocsPerRun` counts them, field by field. The model follows the
 * fast-path decoders of protobuf-go and the Go runtime:
 *
 * - the message itself (it escapes to the heap), and every sub-message the first time it appears;
 * - open API: a pointer per explicitly present scalar or enum (`new(int32)`), once per field;
 *   opaque API: none (the value sits in the struct, its presence in XXX_presence);
 * - `*string` fields (both APIs): `new(string)` once; every string: its bytes, except for the
 *   empty string and one-byte strings (the runtime hands those out from a static table);
 * - bytes: a copy when not empty;
 * - repeated fields: Go's `append` growth (double below 256 elements, then about 1.25x, rounded up
 *   to the allocator's size classes), except a packed run, which first grows the slice to hold
 *   exactly its elements (one allocation); repeated messages are `[]*T`, plus under opaque the
 *   `*[]*T` slice header once;
 * - a oneof: its wrapper struct whenever the set member changes;
 * - maps (reflect-based): the map and its first group (2), 3 more at the 9th entry, then per
 *   entry costs measured for string and int32 keys and string, int32 and message values; other
 *   kinds and maps past 9 entries are estimates, flagged `exact: false`;
 * - unknown fields: appended, tag then bytes, to `unknownFields` (a []byte that grows).
 */
import type { DescField, DescMessage } from "@bufbuild/protobuf";
import { ScalarType } from "@bufbuild/protobuf";
import { Reader, WireError, WireType, wireTypeOfField, zigzagDecode64 } from "../wire/index.ts";
import type { GoApiLevel } from "./struct.ts";
import { hasPresence } from "./struct.ts";

export interface AllocItem {
  /** Field path, e.g. `items[1].s`; empty for the message itself. */
  path: string;
  /** What was allocated, e.g. `*int32`, `string bytes`, `[]int32 growth to cap 8`. */
  what: string;
  count: number;
}

export interface DecodeAllocs {
  api: GoApiLevel;
  total: number;
  /** False when a rule used is an estimate rather than measured (see the notes). */
  exact: boolean;
  notes: string[];
  items: AllocItem[];
}

// ---- the Go runtime's allocation sizes (internal/runtime/gc/sizeclasses.go, Go 1.26) ----

const SIZE_CLASSES = [
  8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320, 352, 384, 416, 448, 480, 512, 576, 640, 704, 768, 896, 1024, 1152,
  1280, 1408, 1536, 1792, 2048, 2304, 2688, 3072, 3200, 3456, 4096, 4864, 5376, 6144, 6528, 6784, 6912, 8192, 9472, 9728, 10240, 10880, 12288, 13568, 14336,
  16384, 18432, 19072, 20480, 21760, 24576, 27264, 28672, 32768,
];
const MAX_SMALL = 32768;
const MALLOC_HEADER = 8;
const MIN_SIZE_FOR_MALLOC_HEADER = 512;
const PAGE = 8192;

/** The bytes mallocgc really reserves for a request (runtime.roundupsize). */
export function roundUpSize(size: number, noscan: boolean): number {
  if (size <= MAX_SMALL - MALLOC_HEADER) {
    const req = !noscan && size > MIN_SIZE_FOR_MALLOC_HEADER ? size + MALLOC_HEADER : size;
    const cls = SIZE_CLASSES.find((c) => c >= req)!;
    return cls - (req - size);
  }
  return Math.ceil(size / PAGE) * PAGE;
}

/** runtime.nextslicecap: the capacity append asks for before size-class rounding. */
export function nextSliceCap(newLen: number, oldCap: number): number {
  const doubled = oldCap * 2;
  if (newLen > doubled) return newLen;
  if (oldCap < 256) return doubled;
  let cap = oldCap;
  while (cap < newLen) cap += Math.floor((cap + 3 * 256) / 4);
  return cap;
}

interface Slice {
  len: number;
  cap: number;
}

/** Appends `add` elements; returns the new capacity when append had to allocate. */
function append(s: Slice, add: number, elemSize: number, noscan: boolean): number | undefined {
  const newLen = s.len + add;
  if (newLen <= s.cap) {
    s.len = newLen;
    return undefined;
  }
  const cap = Math.floor(roundUpSize(nextSliceCap(newLen, s.cap) * elemSize, noscan) / elemSize);
  s.len = newLen;
  s.cap = cap;
  return cap;
}

// ---- the model ----


/** Bytes of one element of a repeated scalar's Go slice. */
function elemSize(f: DescField & { fieldKind: "list" }): { size: number; noscan: boolean } {
  if (f.listKind === "enum") return { size: 4, noscan: true };
  if (f.listKind === "message") return { size: 8, noscan: false };
  switch (f.scalar) {
    case ScalarType.BOOL:
      return { size: 1, noscan: true };
    case ScalarType.STRING:
      return { size: 16, noscan: false };
    case ScalarType.BYTES:
      return { size: 24, noscan: false };
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
    case ScalarType.DOUBLE:
      return { size: 8, noscan: true };
    default:
      return { size: 4, noscan: true };
  }
}

const goScalarName: Partial<Record<ScalarType, string>> = {
  [ScalarType.BOOL]: "bool",
  [ScalarType.INT32]: "int32",
  [ScalarType.SINT32]: "int32",
  [ScalarType.SFIXED32]: "int32",
  [ScalarType.UINT32]: "uint32",
  [ScalarType.FIXED32]: "uint32",
  [ScalarType.INT64]: "int64",
  [ScalarType.SINT64]: "int64",
  [ScalarType.SFIXED64]: "int64",
  [ScalarType.UINT64]: "uint64",
  [ScalarType.FIXED64]: "uint64",
  [ScalarType.FLOAT]: "float32",
  [ScalarType.DOUBLE]: "float64",
};

interface MsgState {
  pointers: Set<number>;
  children: Map<number, MsgState>;
  lists: Map<number, Slice>;
  listHeaders: Set<number>;
  oneofs: Map<string, { field: number; child?: MsgState }>;
  maps: Map<number, number>;
  unknown: Slice;
}

const newState = (): MsgState => ({ pointers: new Set(), children: new Map(), lists: new Map(), listHeaders: new Set(), oneofs: new Map(), maps: new Map(), unknown: { len: 0, cap: 0 } });

/** Go's string(b): no allocation for the empty and the one-byte strings. */
const stringAllocs = (len: number) => (len >= 2 ? 1 : 0);

class Model {
  readonly items: AllocItem[] = [];
  readonly notes = new Set<string>();
  exact = true;
  constructor(readonly api: GoApiLevel) {}

  add(path: string, what: string, count = 1) {
    if (count > 0) this.items.push({ path, what, count });
  }

  estimate(note: string) {
    this.exact = false;
    this.notes.add(note);
  }

  /** Decodes one message's bytes (all `c` holds, or a group up to its end tag) into `st`. */
  message(msg: DescMessage, st: MsgState, c: Reader, path: string, group?: number): void {
    const opaque = this.api === "opaque";
    const counts = new Map<number, number>();
    while (!c.done) {
      const at = c.pos;
      const [no, wireType] = c.tag();
      if (wireType === WireType.EndGroup) {
        if (group === no) return;
        throw new WireError("wire/group-mismatch", group === undefined ? `end group (field ${no}) without a start group` : `end group for field ${no} closes the group of field ${group}`, at);
      }
      const f = msg.fields.find((x) => x.number === no);
      const valueStart = c.pos;
      if (!f || !this.wireTypeFits(f, wireType)) {
        c.skip(wireType, no);
        const grew1 = append(st.unknown, valueStart - at, 1, true);
        if (grew1 !== undefined) this.add(path ? `${path}.unknownFields` : "unknownFields", `[]byte growth to cap ${grew1}`);
        const grew2 = append(st.unknown, c.pos - valueStart, 1, true);
        if (grew2 !== undefined) this.add(path ? `${path}.unknownFields` : "unknownFields", `[]byte growth to cap ${grew2}`);
        continue;
      }
      const n = counts.get(no) ?? 0;
      counts.set(no, n + 1);
      const p = path ? `${path}.${f.name}` : f.name;

      if (f.fieldKind === "map") {
        this.mapEntry(f, st, c.sub(), p);
        continue;
      }
      if (f.fieldKind === "list") {
        this.listValue(f, st, c, wireType, p, opaque);
        continue;
      }
      // Singular: scalar, enum or message, maybe in a oneof.
      if (f.oneof) {
        const cur = st.oneofs.get(f.oneof.name);
        let child = cur?.field === no ? cur.child : undefined;
        if (cur?.field !== no) {
          this.add(p, `oneof wrapper ${goOneofWrapper(f)}`);
          child = undefined;
        }
        if (f.fieldKind === "message") {
          if (!child) {
            child = newState();
            this.add(p, `*${f.message.name} message`);
          }
          this.subMessage(f, child, c, wireType, p);
        } else this.scalarValue(f, c, wireType, p);
        st.oneofs.set(f.oneof.name, { field: no, child });
        continue;
      }
      if (f.fieldKind === "message") {
        let child = st.children.get(no);
        if (!child) {
          child = newState();
          st.children.set(no, child);
          this.add(p, `*${f.message.name} message`);
        }
        this.subMessage(f, child, c, wireType, p);
        continue;
      }
      const isString = f.fieldKind === "scalar" && f.scalar === ScalarType.STRING;
      const isBytes = f.fieldKind === "scalar" && f.scalar === ScalarType.BYTES;
      const pointer = !isBytes && hasPresence(f) && (!opaque || isString);
      if (pointer && !st.pointers.has(no)) {
        st.pointers.add(no);
        this.add(p, `*${isString ? "string" : f.fieldKind === "enum" ? f.enum.name : goScalarName[f.scalar]}`);
      }
      this.scalarValue(f, c, wireType, p);
    }
    if (group !== undefined) throw new WireError("wire/truncated", `group (field ${group}) has no end group`, c.pos);
  }

  wireTypeFits(f: DescField, wireType: number): boolean {
    const kind = f.fieldKind === "list" ? (f.listKind === "scalar" ? f.scalar : f.listKind === "enum" ? ScalarType.INT32 : undefined) : f.fieldKind === "scalar" ? f.scalar : f.fieldKind === "enum" ? ScalarType.INT32 : undefined;
    if (f.fieldKind === "map") return wireType === WireType.LEN;
    // A message: as a LEN or as a group (protobuf-go reads either).
    if (kind === undefined) return wireType === WireType.LEN || wireType === WireType.StartGroup;
    const expected = wireTypeOfField(kind);
    if (f.fieldKind === "list" && wireType === WireType.LEN && expected !== WireType.LEN) return true;
    return wireType === expected;
  }

  /** A scalar's value: reads it and counts the allocations of strings and bytes. */
  scalarValue(f: DescField, c: Reader, wireType: number, p: string) {
    if (wireType === WireType.LEN) {
      const len = c.bytes().length;
      if (f.fieldKind === "scalar" && f.scalar === ScalarType.STRING) this.add(p, "string bytes", stringAllocs(len));
      else if (len > 0) this.add(p, "[]byte copy");
      return;
    }
    c.skip(wireType, f.number);
  }

  subMessage(f: DescField & { message: DescMessage }, child: MsgState, c: Reader, wireType: number, p: string) {
    if (wireType === WireType.StartGroup) {
      // A group runs in the enclosing message's bytes, up to its end tag.
      const g = c.within(c.pos, c.len);
      this.message(f.message, child, g, p, f.number);
      c.pos = g.pos;
      return;
    }
    this.message(f.message, child, c.sub(), p);
  }

  listValue(f: DescField & { fieldKind: "list" }, st: MsgState, c: Reader, wireType: number, p: string, opaque: boolean) {
    let list = st.lists.get(f.number);
    if (!list) {
      list = { len: 0, cap: 0 };
      st.lists.set(f.number, list);
    }
    const { size, noscan } = elemSize(f);
    const goElem = f.listKind === "message" ? `*${f.message.name}` : f.listKind === "enum" ? f.enum.name : f.scalar === ScalarType.STRING ? "string" : f.scalar === ScalarType.BYTES ? "[]byte" : goScalarName[f.scalar]!;
    const growth = (cap: number | undefined) => {
      if (cap !== undefined) this.add(p, `[]${goElem} growth to cap ${cap}`);
    };
    if (f.listKind === "message") {
      if (opaque && !st.listHeaders.has(f.number)) {
        st.listHeaders.add(f.number);
        this.add(p, `*[]*${f.message.name} slice header`);
      }
      const index = list.len;
      growth(append(list, 1, size, noscan));
      const child = newState();
      this.add(`${p}[${index}]`, `*${f.message.name} message`);
      this.subMessage(f, child, c, wireType, `${p}[${index}]`);
      return;
    }
    if (f.listKind === "scalar" && (f.scalar === ScalarType.STRING || f.scalar === ScalarType.BYTES)) {
      const index = list.len;
      const len = c.bytes().length;
      growth(append(list, 1, size, noscan));
      if (f.scalar === ScalarType.STRING) this.add(`${p}[${index}]`, "string bytes", stringAllocs(len));
      else if (len > 0) this.add(`${p}[${index}]`, "[]byte copy");
      return;
    }
    if (wireType === 2) {
      // A packed run: protobuf-go counts its elements and grows the slice to fit them exactly.
      const run = c.bytes();
      const wt = wireTypeOfField(f.listKind === "enum" ? ScalarType.INT32 : f.scalar);
      let count: number;
      if (wt === WireType.I32) count = Math.floor(run.length / 4);
      else if (wt === WireType.I64) count = Math.floor(run.length / 8);
      else {
        count = 0;
        for (const b of run) if (b < 0x80) count++;
      }
      if (count > 0 && list.cap - list.len < count) {
        list.cap = list.len + count;
        this.add(p, `[]${goElem} sized to ${list.cap} for a packed run`);
      }
      list.len += count;
      return;
    }
    c.skip(wireType, f.number);
    growth(append(list, 1, size, noscan));
  }

  mapEntry(f: DescField & { fieldKind: "map" }, st: MsgState, c: Reader, p: string) {
    const entries = st.maps.get(f.number) ?? 0;
    if (entries === 0) this.add(p, "map and its first group", 2);
    st.maps.set(f.number, entries + 1);
    // Go's swiss map keeps up to 8 entries in one group; the 9th turns it into a table
    // (directory, table, groups): 3 more objects, measured. Later growth is not modelled.
    if (entries === 8) this.add(p, "map grows from one group into a table", 3);
    if (entries + 1 > 9) this.estimate("maps past 9 entries grow further: not modelled, counted as if they did not");
    // The entry's key (field 1) and value (field 2).
    let key: { len?: number; num?: bigint } = {};
    let value: { len?: number; num?: bigint; start?: number; end?: number; wireType?: number } = {};
    while (!c.done) {
      const [no, wt] = c.tag();
      const at = c.pos;
      if (wt === WireType.LEN) {
        const payload = c.bytes();
        if (no === 1) key = { len: payload.length };
        else if (no === 2) value = { len: payload.length, start: c.pos - payload.length, end: c.pos, wireType: wt };
      } else if (wt === WireType.Varint && (no === 1 || no === 2)) {
        const v = c.uint64();
        if (no === 1) key = { num: v };
        else value = { num: v };
      } else {
        c.skip(wt, no);
        if (no === 1) key = {};
        else if (no === 2) value = { start: at, end: c.pos, wireType: wt };
      }
    }
    const entry = `${p}[entry ${entries}]`;
    // Key: converted to a reflect.Value and an interface for SetMapIndex.
    if (f.mapKey === ScalarType.STRING) {
      this.add(entry, "key: string header boxed for reflect", 2);
      this.add(entry, "key: string bytes", stringAllocs(key.len ?? 0));
    } else {
      if (f.mapKey !== ScalarType.INT32) this.estimate(`map keys of type ${goScalarName[f.mapKey]} are estimated like int32 keys`);
      this.add(entry, "key: integer boxed for reflect");
      if (!smallGoInt(key.num ?? 0n, f.mapKey)) this.add(entry, "key: integer outside 0..255 boxed");
    }
    if (f.mapKind === "message") {
      const child = newState();
      this.add(entry, `value: *${f.message.name} message`);
      if (value.start !== undefined && value.wireType === WireType.LEN) this.message(f.message, child, c.within(value.start, value.end!), `${entry}.value`);
    } else if (f.mapKind === "scalar" && f.scalar === ScalarType.STRING) {
      this.add(entry, "value: string header boxed for reflect", 2);
      this.add(entry, "value: string bytes", stringAllocs(value.len ?? 0));
    } else {
      if (!(f.mapKind === "scalar" && f.scalar === ScalarType.INT32)) this.estimate("map values other than string, int32 and messages are estimated like int32 values");
      this.add(entry, "value: boxed for reflect");
      if (!smallGoInt(value.num ?? 0n, f.mapKind === "scalar" ? f.scalar : ScalarType.INT32)) this.add(entry, "value: integer outside 0..255 boxed");
    }
  }
}

/** Whether Go boxes this integer without allocating (runtime.staticuint64s covers 0..255). */
function smallGoInt(raw: bigint, kind: ScalarType): boolean {
  let v = raw;
  if (kind === ScalarType.SINT32 || kind === ScalarType.SINT64) v = zigzagDecode64(raw);
  if (kind === ScalarType.INT32 || kind === ScalarType.SINT32 || kind === ScalarType.SFIXED32 || kind === ScalarType.UINT32 || kind === ScalarType.FIXED32) v = v & 0xffffffffn;
  return v >= 0n && v < 256n;
}

function goOneofWrapper(f: DescField): string {
  return f.name;
}

/** The heap objects decoding `bytes` as `message` allocates in Go under `api`. */
export function decodeAllocs(message: DescMessage, bytes: Uint8Array, api: GoApiLevel): DecodeAllocs {
  const model = new Model(api);
  model.add("", `the ${message.name} struct itself`);
  // Go's default recursion limit (protowire's 10,000) is far deeper than the page's stack allows.
  model.message(message, newState(), new Reader(bytes, { maxDepth: 1000 }), "");
  const total = model.items.reduce((n, i) => n + i.count, 0);
  return { api, total, exact: model.exact, notes: [...model.notes], items: model.items };
}
