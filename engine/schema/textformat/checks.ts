/**
 * Warnings about a parsed message that protoc prints but that do not stop it from encoding:
 * required fields left out, and string values that are not valid UTF-8.
 */
import { ScalarType } from "@bufbuild/protobuf";
import type { Diagnostic } from "../../diagnostics.ts";
import type { LineIndex } from "../../diagnostics.ts";
import { isValidUtf8 } from "./format.ts";
import type { TextMessage } from "./types.ts";

export function messageWarnings(top: TextMessage, lines: LineIndex): Diagnostic[] {
  const out: Diagnostic[] = [];
  const missing: string[] = [];
  // Depth-first with an explicit stack (the parser already capped the depth, but no recursion
  // is needed here). Paths are written as protoc writes them: `child.req`, `items[1].id`.
  const stack: { message: TextMessage; prefix: string }[] = [{ message: top, prefix: "" }];
  while (stack.length > 0) {
    const { message, prefix } = stack.pop()!;
    const present = new Set(message.entries.map((e) => e.field.number));
    for (const f of message.type.fields) {
      if (f.required && !present.has(f.number)) missing.push(prefix + f.name);
    }
    const counts = new Map<number, number>();
    const nested: { message: TextMessage; prefix: string }[] = [];
    for (const entry of message.entries) {
      const f = entry.field;
      const index = counts.get(f.number) ?? 0;
      counts.set(f.number, index + 1);
      const name = f.isExtension ? `(${f.displayName})` : f.name;
      if (entry.value.kind === "message") {
        nested.push({ message: entry.value.value, prefix: `${prefix}${name}${f.repeated ? `[${index}]` : ""}.` });
      } else if (entry.value.kind === "bytes" && f.scalar === ScalarType.STRING && f.utf8Validation && !isValidUtf8(entry.value.value)) {
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
    stack.push(...nested.reverse());
  }
  if (missing.length > 0) {
    out.push({
      code: "textformat/missing-required",
      severity: "warning",
      message: `Input message is missing required fields: ${missing.join(", ")}`,
      span: lines.span(0, 0),
    });
  }
  return out;
}

function fieldFullName(message: TextMessage, name: string, displayName: string, isExtension: boolean): string {
  return isExtension ? displayName : `${message.type.typeName}.${name}`;
}
