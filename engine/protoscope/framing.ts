/**
 * Streams of messages: varint-delimited (each message preceded by its length as a varint, as
 * `writeDelimitedTo` writes them) and gRPC frames (a 5-byte header: a compressed flag byte and a
 * 4-byte big-endian length, then the message). Each message is annotated; a frame that runs past
 * the end of the input is reported with its byte offsets, and its bytes stay covered.
 */
import { annotateRange } from "../annotate/decode.ts";
import type { AnnotateOptions } from "../annotate/decode.ts";
import type { Annotation } from "../annotate/types.ts";
import type { Diagnostic, DiagnosticCode } from "../diagnostics.ts";
import { newVarintValue, readVarint } from "../annotate/numbers.ts";

/** A node while it is built: its children are an array it can add to. */
interface Built extends Annotation {
  children?: Annotation[];
}

export interface Frame {
  /** Byte range of the whole frame: prefix (or header) and message. */
  bytes: [start: number, end: number];
  /** Byte range of the message (cut at the end of the input when the frame is truncated). */
  message: [start: number, end: number];
  /** The length the prefix declares. */
  length: number;
  /** gRPC only: the compressed flag (the message bytes are then not decoded). */
  compressed?: boolean;
  /** The frame runs past the end of the input. */
  truncated: boolean;
}

export interface FramingResult {
  frames: Frame[];
  /**
   * One node per frame (kind "message", path [index]) whose children are the prefix or header
   * and the message's fields; every input byte is covered.
   */
  annotations: Annotation[];
  diagnostics: Diagnostic[];
}

/** Decodes a stream of varint-delimited messages. Never throws. */
export function decodeDelimited(bytes: Uint8Array, options: AnnotateOptions = {}): FramingResult {
  const out: FramingResult = { frames: [], annotations: [], diagnostics: [] };
  const v = newVarintValue();
  let pos = 0;
  while (pos < bytes.length) {
    const index = out.frames.length;
    const prefixEnd = readVarint(bytes, pos, bytes.length, v);
    if (prefixEnd < 0) {
      const overlong = bytes.length - pos >= 10;
      const message = overlong
        ? `frame ${index}: length prefix at byte ${pos} is longer than 10 bytes`
        : `frame ${index}: the input ends inside the length prefix at byte ${pos}`;
      lost(out, pos, bytes.length, index, overlong ? "wire/overlong-varint" : "wire/truncated", message);
      break;
    }
    const length = v.hi === 0 ? v.lo : Number.MAX_SAFE_INTEGER;
    const prefix: Built = { bytes: [pos, prefixEnd], kind: "length", path: [index], value: v.hi === 0 ? String(v.lo) : "(over 2^32)" };
    pos = frame(bytes, out, index, pos, prefixEnd, length, prefix, undefined, options);
  }
  return out;
}

/** gRPC's message header: a flag byte and a 4-byte big-endian length. */
const GRPC_HEADER = 5;

/** Decodes a stream of gRPC length-prefixed messages. Never throws. */
export function decodeGrpcFrames(bytes: Uint8Array, options: AnnotateOptions = {}): FramingResult {
  const out: FramingResult = { frames: [], annotations: [], diagnostics: [] };
  let pos = 0;
  while (pos < bytes.length) {
    const index = out.frames.length;
    if (bytes.length - pos < GRPC_HEADER) {
      lost(out, pos, bytes.length, index, "wire/truncated", `frame ${index}: the input ends inside the 5-byte header at byte ${pos}`);
      break;
    }
    const flag = bytes[pos]!;
    const length = ((bytes[pos + 1]! << 24) | (bytes[pos + 2]! << 16) | (bytes[pos + 3]! << 8) | bytes[pos + 4]!) >>> 0;
    if (flag > 1) {
      out.diagnostics.push({
        code: "grpc/bad-flag",
        severity: "warning",
        message: `frame ${index}: compressed flag is ${flag}, not 0 or 1`,
        span: { kind: "bytes", start: pos, end: pos + 1 },
      });
    }
    const header: Built = {
      bytes: [pos, pos + GRPC_HEADER],
      kind: "length",
      path: [index],
      value: String(length),
      children: [
        { bytes: [pos, pos + 1], kind: "raw", path: [index], value: flag === 0 ? "not compressed" : flag === 1 ? "compressed" : `flag ${flag}` },
        { bytes: [pos + 1, pos + GRPC_HEADER], kind: "length", path: [index], value: String(length) },
      ],
    };
    pos = frame(bytes, out, index, pos, pos + GRPC_HEADER, length, header, flag !== 0, options);
  }
  return out;
}

/** Records one frame whose message starts at `bodyStart`; returns where the next frame starts. */
function frame(
  bytes: Uint8Array,
  out: FramingResult,
  index: number,
  start: number,
  bodyStart: number,
  length: number,
  prefix: Built,
  compressed: boolean | undefined,
  options: AnnotateOptions,
): number {
  const available = bytes.length - bodyStart;
  const truncated = length > available;
  const end = truncated ? bytes.length : bodyStart + length;
  const record: Frame = { bytes: [start, end], message: [bodyStart, end], length, truncated };
  if (compressed !== undefined) record.compressed = compressed;
  out.frames.push(record);
  const node: Built = { bytes: [start, end], kind: "message", path: [index], children: [prefix] };
  out.annotations.push(node);
  if (truncated) {
    out.diagnostics.push({
      code: "wire/truncated",
      severity: "error",
      message: `frame ${index} at byte ${start}: length ${length} but only ${available} bytes left`,
      span: { kind: "bytes", start, end },
    });
    if (end > bodyStart) node.children!.push({ bytes: [bodyStart, end], kind: "raw", path: [index], value: `${available} of ${length} bytes` });
    return end;
  }
  if (compressed) {
    out.diagnostics.push({
      code: "grpc/compressed",
      severity: "info",
      message: `frame ${index}: the message is compressed (codec named by the grpc-encoding header); shown as bytes`,
      span: { kind: "bytes", start: bodyStart, end },
    });
    if (end > bodyStart) node.children!.push({ bytes: [bodyStart, end], kind: "bytes", path: [index] });
    return end;
  }
  const message = annotateRange(bytes, bodyStart, end, true, [index], options);
  node.children!.push(...message.annotations);
  out.diagnostics.push(...message.diagnostics);
  return end;
}

/** Bytes that cannot start a frame: one error node and a diagnostic. */
function lost(out: FramingResult, start: number, end: number, index: number, code: DiagnosticCode, message: string): void {
  out.diagnostics.push({ code, severity: "error", message, span: { kind: "bytes", start, end } });
  out.annotations.push({ bytes: [start, end], kind: "error", path: [index], value: message });
}
