import { describe, expect, it } from "vitest";
import type { Annotation } from "../annotate/types.ts";
import { decodeDelimited, decodeGrpcFrames } from "./framing.ts";

/** Leaves in order tile the whole input. */
function expectCovers(nodes: readonly Annotation[], length: number): void {
  let at = 0;
  const stack = [...nodes].reverse();
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.children && n.children.length > 0) stack.push(...[...n.children].reverse());
    else {
      expect(n.bytes[0]).toBe(at);
      at = n.bytes[1];
    }
  }
  expect(at).toBe(length);
}

describe("decodeDelimited", () => {
  it("splits varint-delimited messages and annotates each", () => {
    // [2] 08 01 | [0] | [3] 12 01 61
    const bytes = Uint8Array.from([0x02, 0x08, 0x01, 0x00, 0x03, 0x12, 0x01, 0x61]);
    const { frames, annotations, diagnostics } = decodeDelimited(bytes);
    expect(diagnostics).toEqual([]);
    expect(frames).toEqual([
      { bytes: [0, 3], message: [1, 3], length: 2, truncated: false },
      { bytes: [3, 4], message: [4, 4], length: 0, truncated: false },
      { bytes: [4, 8], message: [5, 8], length: 3, truncated: false },
    ]);
    expect([...annotations.at(0)!.children!].map((n) => [n.kind, n.path, n.value])).toEqual([
      ["length", [0], "2"],
      ["varint", [0, 1], "1"],
    ]);
    expect(annotations.at(2)!.children!.at(1)).toMatchObject({ kind: "string", path: [2, 2], value: "a" });
    expectCovers(annotations, bytes.length);
  });

  it("reports a truncated last frame with its offsets", () => {
    const bytes = Uint8Array.from([0x02, 0x08, 0x01, 0x05, 0x08, 0x01]);
    const { frames, annotations, diagnostics } = decodeDelimited(bytes);
    expect(frames[1]).toEqual({ bytes: [3, 6], message: [4, 6], length: 5, truncated: true });
    expect(diagnostics).toEqual([
      { code: "wire/truncated", severity: "error", message: "frame 1 at byte 3: length 5 but only 2 bytes left", span: { kind: "bytes", start: 3, end: 6 } },
    ]);
    expectCovers(annotations, bytes.length);
  });

  it("a message that breaks inside its frame is broken input, not truncated", () => {
    const bytes = Uint8Array.from([0x02, 0x08, 0x96, 0x00]);
    const { diagnostics, annotations } = decodeDelimited(bytes);
    expect(diagnostics).toMatchObject([{ code: "wire/value-past-end", span: { start: 1, end: 3 } }]);
    expectCovers(annotations, bytes.length);
  });

  it("a prefix cut by the end of the input", () => {
    const { diagnostics, annotations } = decodeDelimited(Uint8Array.from([0x00, 0x96]));
    expect(diagnostics).toMatchObject([{ code: "wire/truncated", span: { start: 1, end: 2 } }]);
    expectCovers(annotations, 2);
  });
});

describe("decodeGrpcFrames", () => {
  it("reads the 5-byte header and the message", () => {
    const bytes = Uint8Array.from([0, 0, 0, 0, 2, 0x08, 0x01, 1, 0, 0, 0, 1, 0xff]);
    const { frames, annotations, diagnostics } = decodeGrpcFrames(bytes);
    expect(frames).toEqual([
      { bytes: [0, 7], message: [5, 7], length: 2, compressed: false, truncated: false },
      { bytes: [7, 13], message: [12, 13], length: 1, compressed: true, truncated: false },
    ]);
    expect(diagnostics).toMatchObject([{ code: "grpc/compressed", severity: "info", span: { start: 12, end: 13 } }]);
    expect([...annotations.at(0)!.children!.at(0)!.children!].map((n) => n.value)).toEqual(["not compressed", "2"]);
    expectCovers(annotations, bytes.length);
  });

  it("reports truncated headers and frames with byte offsets", () => {
    const short = decodeGrpcFrames(Uint8Array.from([0, 0, 0, 0, 0, 0, 0]));
    expect(short.diagnostics).toMatchObject([{ code: "wire/truncated", span: { start: 5, end: 7 } }]);
    expectCovers(short.annotations, 7);
    const cut = decodeGrpcFrames(Uint8Array.from([0, 0, 0, 0, 9, 0x08, 0x01]));
    expect(cut.frames[0]).toMatchObject({ truncated: true, length: 9, bytes: [0, 7] });
    expect(cut.diagnostics).toMatchObject([{ code: "wire/truncated", message: "frame 0 at byte 0: length 9 but only 2 bytes left" }]);
    expectCovers(cut.annotations, 7);
  });

  it("a flag other than 0 or 1 is a warning", () => {
    const { diagnostics } = decodeGrpcFrames(Uint8Array.from([7, 0, 0, 0, 0]));
    expect(diagnostics).toMatchObject([{ code: "grpc/bad-flag", span: { start: 0, end: 1 } }, { code: "grpc/compressed" }]);
  });
});
