/**
 * Moved to engine/annotate/numbers.ts: the byte-decoding layer that the annotation tree and the
 * disassembler share lives in engine/annotate, which never imports engine/protoscope. This
 * module only re-exports it for older imports.
 */
export * from "../annotate/numbers.ts";
