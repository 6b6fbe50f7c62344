import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { runPipeline, type PipelineInput } from "./pipeline.ts";
import { EMPTY_WORKSPACE } from "../workspace/types.ts";

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join(" ");
const dir = "examples/ide/05-log-entry";
const logSchema = readFileSync(`${dir}/schema.proto`, "utf8");
const base: PipelineInput = { ...EMPTY_WORKSPACE };

describe("runPipeline", () => {
  it("assembles protoscope, with links from bytes to the text", () => {
    const r = runPipeline({ ...base, protoscope: "1: 150" });
    expect(hex(r.bytes)).toBe("08 96 01");
    expect(r.sourceEditor).toBe("protoscope");
    expect(r.sourceAnnotations).toBe(r.annotations);
    expect(r.diagnostics.protoscope).toEqual([]);
  });

  it("keeps the bytes before and after a protoscope error, the error marked in the tree", () => {
    const r = runPipeline({ ...base, protoscope: "1: 150\n2: oops\n3: 5" });
    expect(hex(r.bytes)).toBe("08 96 01 10 18 05");
    expect(r.diagnostics.protoscope.map((d) => d.code)).toEqual(["protoscope/unknown-symbol"]);
    const error = r.annotations.find((n) => n.kind === "error");
    expect(error?.bytes).toEqual([3, 3]);
    expect(error?.source).toEqual({ from: 10, to: 14 });
  });

  it("names the tree from the schema when a type is chosen, keeping the assembler's links", () => {
    const r = runPipeline({ ...base, schema: logSchema, messageType: "log.LogEntry", protoscope: "2: 150" });
    expect(r.messageTypes).toEqual(["log.LogEntry"]);
    expect(r.annotations[0]?.name).toBe("request_size");
    expect(r.sourceAnnotations[0]?.source).toEqual({ from: 0, to: 6 });
  });

  it("encodes text format against the chosen type", () => {
    const r = runPipeline({ ...base, mode: "textformat", schema: logSchema, messageType: "log.LogEntry", message: "request_size: 150" });
    expect(hex(r.bytes)).toBe("10 96 01");
    expect(r.sourceEditor).toBe("message");
  });

  it("says what text format needs when there is no type", () => {
    const r = runPipeline({ ...base, mode: "textformat", schema: logSchema, message: "request_size: 150" });
    expect(r.bytes.length).toBe(0);
    expect(r.diagnostics.message).toMatchObject([{ code: "web/no-message-type", message: "Choose the message type to encode." }]);
  });

  it("disassembles raw bytes with names, and links the disassembly back to the bytes", () => {
    const bytes = Uint8Array.of(0x10, 0x96, 0x01);
    const r = runPipeline({ ...base, mode: "bytes", bytes, schema: logSchema, messageType: "log.LogEntry" });
    expect(r.bytes).toBe(bytes);
    expect(r.disassembly).toMatch(/2: 150\s+#\s*request_size/);
    expect(r.sourceEditor).toBe("protoscope");
    expect(r.annotations[0]?.name).toBe("request_size");
  });

  it("reports schema errors with protoc's words and still assembles the bytes", () => {
    const r = runPipeline({ ...base, schema: "syntax = \"proto3\";\nmessage A { int32 a = 1; int32 b = 1; }\n", protoscope: "1: 1" });
    expect(hex(r.bytes)).toBe("08 01");
    // protoc 3.21: dup.proto:2:36: Field number 1 has already been used in "A" by field "a".
    expect(r.diagnostics.schema).toMatchObject([
      { severity: "error", message: 'Field number 1 has already been used in "A" by field "a".', span: { start: { line: 2, column: 36 } } },
    ]);
  });
});
