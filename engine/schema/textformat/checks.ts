/**
 * Warnings about a parsed message that protoc prints but that do not stop it from encoding:
 * required fields left out, and string values that are not valid UTF-8.
 */
import { ScalarType } from "@bufbuild/protobuf";
import type { Diagnostic } from "../../diagnostics.ts";
import type { LineIndex } from "../../diagnostics.ts";
import { noSpan } from "../../diagnostics.ts";
import { isValidUtf8 } from "./format.ts";
import type { TextEntry, TextMessage } from "./types.ts";

export function messageWarnings(top: TextMessage, lines: LineIndex): Diagnostic[] {
  const out: Diagnostic[] = [];
  const missing: string[] = [];
  findMissingRequired(top, "", missing);
  if (missing.length > 0) {
    out.push({
      code: "textformat/missing-required",
      severity: "warning",
      message: `Input message is missing required fields: ${missing.join(", ")}`,
      // protoc names no position: the message as a whole lacks them.
      span: noSpan(),
    });
  }
  // Depth-first with an explicit stack; the order of these warnings does not matter.
  const stack: TextMessage[] = [top];
  while (stack.length > 0) {
    const message = stack.pop()!;
    for (const entry of message.entries) {
      const f = entry.field;
      if (entry.value.kind === "message") stack.push(entry.value.value);
      else if (entry.value.kind === "bytes" && f.scalar === ScalarType.STRING && f.utf8Validation && !isValidUtf8(entry.value.value)) {
        out.push({
          code: "textformat/invalid-utf8",
          severity: "warning",
          message:
            `String field '${fieldFullName(message, f.name, f.displayName, f.isExtension)}' contains invalid UTF-8 data when serializing a protocol buffer. ` +
            "Use the 'bytes' type if you intend to send raw bytes.",
          span: lines.span(entry.source.from, entry.source.to),
        });
      }
    }
  }
  return out;
}

/**
 * Lists required fields left out, as protoc's `InitializationErrorString` does: this message's
 * own missing fields in declaration order, then those of its sub-messages by field number, with
 * paths like `child.id`, `item[2].item_id`, `(pkg.ext).id`. Recursion is bounded by the parser's
 * depth limit.
 */
function findMissingRequired(message: TextMessage, prefix: string, out: string[]): void {
  if (message.type.fields.some((f) => f.required)) {
    const present = new Set(message.entries.map((e) => e.field.number));
    for (const f of message.type.fields) {
      if (f.required && !present.has(f.number)) out.push(prefix + f.name);
    }
  }
  // Sub-messages grouped by field, fields by number; within a field, in the order written.
  const byNumber = new Map<number, TextMessage[]>();
  const fields = new Map<number, TextEntry["field"]>();
  for (const e of message.entries) {
    if (e.value.kind !== "message") continue;
    let list = byNumber.get(e.field.number);
    if (!list) byNumber.set(e.field.number, (list = []));
    list.push(e.value.value);
    fields.set(e.field.number, e.field);
  }
  for (const n of [...byNumber.keys()].sort((a, b) => a - b)) {
    const f = fields.get(n)!;
    const name = f.isExtension ? `(${f.displayName})` : f.name;
    byNumber.get(n)!.forEach((sub, i) => findMissingRequired(sub, `${prefix}${name}${f.repeated ? `[${i}]` : ""}.`, out));
  }
}

function fieldFullName(message: TextMessage, name: string, displayName: string, isExtension: boolean): string {
  return isExtension ? displayName : `${message.type.typeName}.${name}`;
}
