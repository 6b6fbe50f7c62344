/**
 * A descriptor-walking decoder with an optional lazy mode, and a count of the objects it creates.
 *
 * Eager mode decodes everything, as `proto.Unmarshal` does by default. Lazy mode decodes a
 * message's scalars at once but keeps each singular submessage field as a pair of offsets into
 * the input; the field is decoded on first access (a getter on the message's class), as Go's
 * Opaque API does for `[lazy = true]` fields. A consumer that reads only top-level fields never
 * pays for the subtree.
 *
 * Messages are instances of one class per message type (made once per `Decoder`, a cache the
 * caller owns), with fields named by `localName` as in @bufbuild/protobuf; 64-bit integers are
 * bigints; bytes are views into the input; absent repeated fields are empty arrays.
 *
 * Object counting: `counts.objects` grows by one for every JavaScript heap object the decoder
 * creates: the message, each array, each bigint, each string and the view it is decoded from,
 * each bytes view, and a Reader with its DataView (2) per input or lazily decoded submessage.
 * Numbers and booleans are not objects. The count is kept by the code, not measured by the VM
 * (JavaScript has no allocation counter); a test checks it against a walk of the result.
 */
import type { DescField, DescMessage } from "@bufbuild/protobuf";
import { Reader } from "../wire/index.ts";

/** Where the decoder adds the objects it creates. */
export interface ObjectCounts {
  objects: number;
}

type Msg = Record<string, unknown>;

/** Storage key for a lazy field's [start, end) offsets and for the input they refer to. */
const START = (name: string) => `$${name}$start`;
const END = (name: string) => `$${name}$end`;
const INPUT = "$input";

const utf8 = new TextDecoder();

const enum ST {
  DOUBLE = 1, FLOAT = 2, INT64 = 3, UINT64 = 4, INT32 = 5, FIXED64 = 6, FIXED32 = 7, BOOL = 8,
  STRING = 9, BYTES = 12, UINT32 = 13, SFIXED32 = 15, SFIXED64 = 16, SINT32 = 17, SINT64 = 18,
}

interface TypeInfo {
  desc: DescMessage;
  /** Objects a fresh instance holds besides itself: its empty arrays. */
  owned: number;
  byNumber: Map<number, DescField>;
  eager: new () => Msg;
  lazy: new () => Msg;
}

export class Decoder {
  private readonly types = new Map<DescMessage, TypeInfo>();
  /** Counts of objects created, added to by every decode. */
  readonly counts: ObjectCounts = { objects: 0 };

  /** Decodes `bytes` as `desc`; `lazy` defers singular submessage fields to their first access. */
  decode(desc: DescMessage, bytes: Uint8Array, lazy = false): Msg {
    const r = new Reader(bytes);
    this.counts.objects += 2;
    return this.readMessage(this.info(desc), r, bytes.length, bytes, lazy);
  }

  private info(desc: DescMessage): TypeInfo {
    let info = this.types.get(desc);
    if (info) return info;
    const fields = desc.fields;
    const defaults = (m: Msg) => {
      for (const f of fields) m[f.localName] = defaultValue(f);
    };
    const eager = class {
      constructor() {
        defaults(this as unknown as Msg);
      }
    } as unknown as new () => Msg;
    const lazyFields = fields.filter((f) => f.fieldKind === "message" && !f.oneof);
    const decodeLazily = (child: DescMessage, r: Reader, end: number, input: Uint8Array) => this.readMessage(this.info(child), r, end, input, true);
    const counts = this.counts;
    const lazy = class {
      constructor() {
        const m = this as unknown as Msg;
        for (const f of fields) {
          if (lazyFields.includes(f)) {
            m[START(f.localName)] = -1;
            m[END(f.localName)] = -1;
            m["$" + f.localName] = undefined;
          } else m[f.localName] = defaultValue(f);
        }
        m[INPUT] = undefined;
      }
    } as unknown as new () => Msg;
    for (const f of lazyFields) {
      const name = f.localName;
      const child = (f as DescField & { message: DescMessage }).message;
      Object.defineProperty(lazy.prototype, name, {
        enumerable: true,
        get(this: Msg) {
          const start = this[START(name)] as number;
          if (start >= 0) {
            const input = this[INPUT] as Uint8Array;
            const end = this[END(name)] as number;
            const r = new Reader(input);
            counts.objects += 2;
            r.pos = start;
            r.len = end;
            this["$" + name] = decodeLazily(child, r, end, input);
            this[START(name)] = -1;
          }
          return this["$" + name];
        },
        set(this: Msg, v: unknown) {
          this["$" + name] = v;
          this[START(name)] = -1;
        },
      });
    }
    info = { desc, owned: fields.filter((f) => f.fieldKind === "list" || f.fieldKind === "map").length, byNumber: new Map(fields.map((f) => [f.number, f])), eager, lazy };
    this.types.set(desc, info);
    return info;
  }

  private readMessage(info: TypeInfo, r: Reader, end: number, input: Uint8Array, lazy: boolean): Msg {
    const m = lazy ? new info.lazy() : new info.eager();
    this.counts.objects += 1 + info.owned;
    if (lazy) m[INPUT] = input;
    while (r.pos < end) {
      const tag = r.uint32();
      const field = info.byNumber.get(tag >>> 3);
      const wireType = tag & 7;
      if (!field) {
        r.skip(wireType, tag >>> 3);
        this.counts.objects++; // skip() returns a view of what it skipped
        continue;
      }
      switch (field.fieldKind) {
        case "scalar": {
          const v = this.readScalar(r, field.scalar);
          if (field.oneof) {
            m[field.oneof.localName] = { case: field.localName, value: v };
            this.counts.objects++;
          } else m[field.localName] = v;
          break;
        }
        case "enum":
          m[field.localName] = r.int32();
          break;
        case "message": {
          const length = r.length();
          const stop = r.pos + length;
          if (lazy && !field.oneof) {
            m[START(field.localName)] = r.pos;
            m[END(field.localName)] = stop;
            r.pos = stop;
          } else {
            const child = this.readMessage(this.info(field.message), narrowed(r, stop), stop, input, lazy);
            r.len = end;
            if (field.oneof) {
              m[field.oneof.localName] = { case: field.localName, value: child };
              this.counts.objects++;
            } else m[field.localName] = child;
          }
          break;
        }
        case "list": {
          const list = m[field.localName] as unknown[];
          if (field.listKind === "message") {
            const length = r.length();
            const stop = r.pos + length;
            list.push(this.readMessage(this.info(field.message), narrowed(r, stop), stop, input, lazy));
            r.len = end;
          } else {
            const scalar: number = field.listKind === "scalar" ? field.scalar : ST.INT32;
            const packed = wireType === 2 && scalar !== ST.STRING && scalar !== ST.BYTES;
            if (packed) {
              const stop = r.length() + r.pos;
              while (r.pos < stop) list.push(this.readScalar(r, scalar));
            } else list.push(this.readScalar(r, scalar));
          }
          break;
        }
        case "map":
          throw new Error(`${info.desc.typeName}.${field.name}: map fields are not supported by this decoder`);
      }
    }
    if (r.pos !== end) throw new Error(`${info.desc.typeName}: message runs past its end`);
    return m;
  }

  private readScalar(r: Reader, t: number): unknown {
    switch (t) {
      case ST.DOUBLE: return r.double();
      case ST.FLOAT: return r.float();
      case ST.INT32: return r.int32();
      case ST.UINT32: return r.uint32();
      case ST.SINT32: return r.sint32();
      case ST.FIXED32: return r.fixed32();
      case ST.SFIXED32: return r.sfixed32();
      case ST.BOOL: return r.bool();
      case ST.INT64: this.counts.objects++; return r.int64();
      case ST.UINT64: this.counts.objects++; return r.uint64();
      case ST.SINT64: this.counts.objects++; return r.sint64();
      case ST.FIXED64: this.counts.objects++; return r.fixed64();
      case ST.SFIXED64: this.counts.objects++; return r.sfixed64();
      case ST.STRING: {
        const n = r.length();
        const start = r.pos;
        r.pos = start + n;
        if (n === 0) return "";
        this.counts.objects += 2;
        return utf8.decode(r.buf.subarray(start, start + n));
      }
      case ST.BYTES: this.counts.objects++; return r.bytes();
    }
    throw new Error(`unknown scalar type ${t}`);
  }
}

/** Narrows the reader to [pos, stop) for a submessage (the caller restores `len`). */
function narrowed(r: Reader, stop: number): Reader {
  r.len = stop;
  return r;
}

function defaultValue(f: DescField): unknown {
  if (f.oneof) return undefined;
  switch (f.fieldKind) {
    case "list":
      return [];
    case "message":
      return undefined;
    case "enum":
      return 0;
    case "map":
      return {};
    case "scalar":
      switch (f.scalar as number) {
        case ST.STRING: return "";
        case ST.BOOL: return false;
        case ST.BYTES: return EMPTY;
        case ST.INT64: case ST.UINT64: case ST.SINT64: case ST.FIXED64: case ST.SFIXED64: return 0n;
        default: return 0;
      }
  }
}

const EMPTY = new Uint8Array(0);
