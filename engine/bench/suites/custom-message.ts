/**
 * A lesson's own message as a writer benchmark case: the bytes are read once into a list of
 * writer operations (tag, varint, fixed, bytes, nested message) and every writer replays that list,
 * so each one does the work an encoder for that message would do, fork/join included.
 *
 * A length-delimited field is replayed as a nested message when its payload reads as one (every
 * tag valid, every length in bounds, to its last byte), as protoscope's heuristic does; otherwise
 * as bytes. Groups are refused: the writers under test have no group API in common.
 */
import { Reader } from "../../wire/index.ts";
import type { PbfWriter } from "pbf";
import type { EsWriter, PbjsWriter } from "./writer-fixtures.ts";

export type WriteOp =
  | { tag: number; kind: "varint"; value: bigint }
  | { tag: number; kind: "i64"; value: bigint }
  | { tag: number; kind: "i32"; value: number }
  | { tag: number; kind: "bytes"; value: Uint8Array }
  | { tag: number; kind: "message"; ops: WriteOp[] };

/** Nested messages deeper than this are replayed as bytes. */
const MAX_DEPTH = 32;

/** Reads `bytes` into writer operations; throws with the offset when they are not a message. */
export function readOps(bytes: Uint8Array, depth = 0): WriteOp[] {
  const r = new Reader(bytes);
  const ops: WriteOp[] = [];
  while (!r.done) {
    const at = r.pos;
    const tag = r.uint32();
    const fieldNo = tag >>> 3;
    const wireType = tag & 7;
    if (fieldNo === 0) throw new Error(`custom message: field number 0 at byte ${at}`);
    switch (wireType) {
      case 0:
        ops.push({ tag, kind: "varint", value: r.uint64() });
        break;
      case 1:
        ops.push({ tag, kind: "i64", value: r.fixed64() });
        break;
      case 5:
        ops.push({ tag, kind: "i32", value: r.fixed32() });
        break;
      case 2: {
        const payload = r.bytes();
        let nested: WriteOp[] | undefined;
        if (payload.length > 0 && depth < MAX_DEPTH) {
          try {
            nested = readOps(payload, depth + 1);
          } catch {
            nested = undefined;
          }
        }
        ops.push(nested ? { tag, kind: "message", ops: nested } : { tag, kind: "bytes", value: payload });
        break;
      }
      default:
        throw new Error(`custom message: wire type ${wireType} at byte ${at} (groups are not supported in writer cases)`);
    }
  }
  return ops;
}

const TWO_32 = 2n ** 32n;

/** Replays the operations through a protobuf-es style writer. */
export function writeEs(w: EsWriter, ops: readonly WriteOp[]): void {
  for (const op of ops) {
    w.tag(op.tag >>> 3, op.tag & 7);
    switch (op.kind) {
      case "varint":
        if (op.value < TWO_32) w.uint32(Number(op.value));
        else w.uint64(op.value);
        break;
      case "i64":
        w.fixed64(op.value);
        break;
      case "i32":
        w.fixed32(op.value);
        break;
      case "bytes":
        w.bytes(op.value);
        break;
      case "message":
        w.fork();
        writeEs(w, op.ops);
        w.join();
        break;
    }
  }
}

/** protobufjs takes 64-bit values as Long-like `{ low, high }` objects. */
function longBits(value: bigint): { low: number; high: number; unsigned: boolean } {
  return { low: Number(value & 0xffffffffn) | 0, high: Number(value >> 32n) | 0, unsigned: true };
}

/** Replays the operations through a protobufjs writer (64-bit values converted once, up front). */
export function pbjsReplay(ops: readonly WriteOp[]): (w: PbjsWriter) => void {
  type Step = (w: PbjsWriter) => void;
  const steps: Step[] = ops.map((op): Step => {
    const tag = op.tag >>> 0;
    switch (op.kind) {
      case "varint": {
        if (op.value < TWO_32) {
          const v = Number(op.value);
          return (w) => void w.uint32(tag).uint32(v);
        }
        const v = longBits(op.value) as unknown as number;
        return (w) => void w.uint32(tag).uint64(v);
      }
      case "i64": {
        const v = longBits(op.value) as unknown as number;
        return (w) => void w.uint32(tag).fixed64(v);
      }
      case "i32": {
        const v = op.value;
        return (w) => void w.uint32(tag).fixed32(v);
      }
      case "bytes": {
        const v = op.value;
        return (w) => void w.uint32(tag).bytes(v);
      }
      case "message": {
        const inner = pbjsReplay(op.ops);
        return (w) => {
          w.uint32(tag).fork();
          inner(w);
          w.ldelim();
        };
      }
    }
  });
  return (w) => {
    for (const step of steps) step(w);
  };
}

/**
 * A 64-bit value as the JavaScript number pbf writes it as: itself below 2^63, else the signed
 * value (2^64 - 1 is -1, ten bytes either way). pbf cannot write a value that no number holds
 * exactly; such a message is refused rather than replayed as different bytes.
 */
function pbfNumber(value: bigint): number {
  const signed = BigInt.asIntN(64, value);
  const v = Number(signed);
  if (BigInt(v) !== signed) throw new Error(`custom message: pbf cannot write ${value} (it holds 64-bit integers as numbers, exact up to 2^53)`);
  return v;
}

/** Replays the operations through a pbf writer (64-bit values converted once, up front). */
export function pbfReplay(ops: readonly WriteOp[]): (w: PbfWriter) => void {
  type Step = (w: PbfWriter) => void;
  const steps: Step[] = ops.map((op): Step => {
    const no = op.tag >>> 3;
    const type = op.tag & 7;
    switch (op.kind) {
      case "varint": {
        const v = pbfNumber(op.value);
        return (w) => {
          w.writeTag(no, type);
          w.writeVarint(v);
        };
      }
      case "i64": {
        const v = pbfNumber(op.value);
        return (w) => w.writeFixed64Field(no, v);
      }
      case "i32": {
        const v = op.value;
        return (w) => w.writeFixed32Field(no, v);
      }
      case "bytes": {
        const v = op.value;
        return (w) => w.writeBytesField(no, v);
      }
      case "message": {
        const inner = pbfReplay(op.ops);
        const body = (_: undefined, pw: PbfWriter) => inner(pw);
        return (w) => w.writeMessage(no, body, undefined);
      }
    }
  });
  return (w) => {
    for (const step of steps) step(w);
  };
}
