/**
 * Protoscope: a text language for protobuf wire bytes. The assembler turns text into bytes (with
 * an annotation tree over them); the lexer gives editors tokens to colour.
 */
export { assemble, type AssembleOptions, type AssembleResult } from "./assembler.ts";
export { createAssemblyMemo, type AssemblyMemo } from "./assembly-memo.ts";
export { tokenize, type Token, type TokenClass } from "./lexer.ts";
export { AssembleErrorCode } from "./errors.ts";
export { disassemble, disassembleToUtf8, type DisassembleOptions } from "./disassemble.ts";
export { readings, type Reading, type ReadingKind } from "./readings.ts";
export { decodeDelimited, decodeGrpcFrames, type Frame, type FramingResult } from "./framing.ts";
