/**
 * A descriptor-walking encoder: writes a message object shaped as @bufbuild/protobuf's (fields by
 * `localName`, bigints for 64-bit integers, oneofs as `{ case, value }`) by looking at its
 * descriptor field by field, through the engine's GrowableWriter. Implicit-presence fields at
 * their zero value are skipped, repeated scalars are packed where the descriptor says so, and
 * fields are written in field-number order, as protoc and @bufbuild/protobuf write them.
 */
import type { DescField, DescMessage } from "@bufbuild/protobuf";
import { FieldType as ST, GrowableWriter, WireType, wireTypeOfField as wireTypeOf } from "../wire/index.ts";

type Msg = Record<string, unknown>;

const { Varint: VARINT, LEN } = WireType;

function writeScalar(w: GrowableWriter, t: number, v: unknown): void {
  switch (t) {
    case ST.DOUBLE: w.double(v as number); break;
    case ST.FLOAT: w.float(v as number); break;
    case ST.INT32: w.int32(v as number); break;
    case ST.UINT32: w.uint32(v as number); break;
    case ST.SINT32: w.sint32(v as number); break;
    case ST.FIXED32: w.fixed32(v as number); break;
    case ST.SFIXED32: w.sfixed32(v as number); break;
    case ST.BOOL: w.bool(v as boolean); break;
    case ST.INT64: w.int64(v as bigint); break;
    case ST.UINT64: w.uint64(v as bigint); break;
    case ST.SINT64: w.sint64(v as bigint); break;
    case ST.FIXED64: w.fixed64(v as bigint); break;
    case ST.SFIXED64: w.sfixed64(v as bigint); break;
    case ST.STRING: w.string(v as string); break;
    case ST.BYTES: w.bytes(v as Uint8Array); break;
    default: throw new Error(`unknown scalar type ${t}`);
  }
}

function isZero(t: number, v: unknown): boolean {
  switch (t) {
    case ST.STRING: return v === "";
    case ST.BYTES: return (v as Uint8Array).length === 0;
    case ST.BOOL: return v === false;
    default: return v === 0 || v === 0n;
  }
}

/** Fields in number order, computed once per message type (a cache the caller owns). */
export class Encoder {
  private readonly order = new Map<DescMessage, DescField[]>();

  /** Encodes `message` as `desc` into `w` (which the caller finishes). */
  write(desc: DescMessage, message: Msg, w: GrowableWriter): GrowableWriter {
    for (const f of this.fields(desc)) this.writeField(f, message, w);
    return w;
  }

  /** Encodes `message` into a fresh buffer of its own. */
  encode(desc: DescMessage, message: Msg, w = new GrowableWriter()): Uint8Array {
    return this.write(desc, message, w).finish();
  }

  private fields(desc: DescMessage): DescField[] {
    let f = this.order.get(desc);
    if (!f) {
      f = [...desc.fields].sort((a, b) => a.number - b.number);
      this.order.set(desc, f);
    }
    return f;
  }

  private writeField(f: DescField, m: Msg, w: GrowableWriter): void {
    let value: unknown;
    if (f.oneof) {
      const o = m[f.oneof.localName] as { case?: string; value?: unknown } | undefined;
      if (!o || o.case !== f.localName) return;
      value = o.value;
    } else value = m[f.localName];
    if (value === undefined) return;
    const explicit = f.oneof !== undefined || f.presence !== 2; // 2 = IMPLICIT
    switch (f.fieldKind) {
      case "scalar":
        if (!explicit && isZero(f.scalar, value)) return;
        writeScalar(w.tag(f.number, wireTypeOf(f.scalar)), f.scalar, value);
        return;
      case "enum":
        if (!explicit && value === 0) return;
        w.tag(f.number, VARINT).int32(value as number);
        return;
      case "message":
        w.tag(f.number, LEN).fork();
        this.write(f.message, value as Msg, w);
        w.join();
        return;
      case "list": {
        const list = value as unknown[];
        if (list.length === 0) return;
        if (f.listKind === "message") {
          for (const item of list) {
            w.tag(f.number, LEN).fork();
            this.write(f.message, item as Msg, w);
            w.join();
          }
          return;
        }
        const t: number = f.listKind === "scalar" ? f.scalar : ST.INT32;
        if (f.packed) {
          w.tag(f.number, LEN).fork();
          for (const item of list) writeScalar(w, t, item);
          w.join();
        } else {
          const wt = wireTypeOf(t);
          for (const item of list) writeScalar(w.tag(f.number, wt), t, item);
        }
        return;
      }
      case "map":
        throw new Error(`${f.parent.typeName}.${f.name}: map fields are not supported by this encoder`);
    }
  }
}
