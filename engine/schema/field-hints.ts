/**
 * Two reports protoc makes after cross-linking: "Suggested field numbers for pkg.Msg: ..." for
 * top-level messages that had a numbering error, and clashes between generated map entry types
 * and other declarations (checked only when the file already has errors, as protoc does).
 */
import type { DescriptorProto } from "@bufbuild/protobuf/wkt";
import type { FileBuilder } from "./linker.ts";
import { FIRST_RESERVED, LAST_RESERVED, join } from "./names.ts";
import { MAX_FIELD_NUMBER } from "./parser.ts";

// ---------------------------------------------------------------- hints, map conflicts

export function suggestFieldNumbers(b: FileBuilder): void {
  for (const m of b.file.proto.messageType) {
    const hints = b.hints.get(m);
    if (!hints) continue;
    let toSuggest = Math.min(3, hints.fieldsToSuggest);
    if (toSuggest <= 0) continue;
    const used: Array<{ from: number; to: number }> = [];
    const addOrdinal = (n: number) => {
      if (n <= 0 || n > MAX_FIELD_NUMBER) return;
      const last = used[used.length - 1];
      if (last && n === last.to) last.to = n + 1;
      else used.push({ from: n, to: n + 1 });
    };
    const addRange = (from: number, to: number) => {
      const clamp = (v: number) => Math.max(0, Math.min(MAX_FIELD_NUMBER + 1, v));
      from = clamp(from);
      to = clamp(to);
      if (from < to) used.push({ from, to });
    };
    for (const f of m.field) addOrdinal(f.number);
    for (const f of m.extension) addOrdinal(f.number);
    for (const r of m.reservedRange) addRange(r.start, r.end);
    for (const r of m.extensionRange) addRange(r.start, r.end);
    used.push({ from: MAX_FIELD_NUMBER, to: MAX_FIELD_NUMBER + 1 });
    used.push({ from: FIRST_RESERVED, to: LAST_RESERVED });
    used.sort((a, b) => a.from - b.from || a.to - b.to);
    let current = 1;
    const ids: number[] = [];
    for (const r of used) {
      while (current < r.from && toSuggest > 0) {
        ids.push(current++);
        toSuggest--;
      }
      if (toSuggest === 0) break;
      current = Math.max(current, r.to);
    }
    if (hints.firstReason) {
      b.error(
        hints.firstReason.proto,
        hints.firstReason.kind,
        `Suggested field numbers for ${b.fullNames.get(m)}: ${ids.join(", ")}`,
        "protoc/suggested-numbers",
      );
    }
  }
}

export function detectMapConflicts(b: FileBuilder, m: DescriptorProto, scope: string): void {
  const full = join(scope, m.name);
  const seen = new Map<string, DescriptorProto>();
  for (const n of m.nestedType) {
    const prev = seen.get(n.name);
    if (prev) {
      if (prev.options?.mapEntry || n.options?.mapEntry) {
        b.error(m, "NAME", `Expanded map entry type ${n.name} conflicts with an existing nested message type.`, "protoc/map-conflict");
        break;
      }
    } else seen.set(n.name, n);
    detectMapConflicts(b, n, full);
  }
  const check = (name: string, what: string) => {
    const t = seen.get(name);
    if (t && t.options?.mapEntry) b.error(m, "NAME", `Expanded map entry type ${t.name} conflicts with an existing ${what}.`, "protoc/map-conflict");
  };
  for (const f of m.field) check(f.name, "field");
  for (const e of m.enumType) check(e.name, "enum type");
  for (const o of m.oneofDecl) check(o.name, "oneof type");
}
