/**
 * The schema's declarations for editor hovers: each with its fully-qualified name, what it is,
 * where it is and its doc comments. Positions are the parser's character offsets (not protoc's
 * tab-expanded columns), so an editor that counts a tab as one column still finds the innermost
 * declaration under the pointer.
 */
import type { DescEnum, DescField, DescFile, DescMessage, FileRegistry } from "@bufbuild/protobuf";
import type { ParsedFile } from "../schema/index.ts";
import { fieldTypeKeyword } from "../wire/wire-type.ts";
import type { SchemaSymbol, SymbolSpan } from "./types.ts";

function fieldType(field: DescField): string {
  switch (field.fieldKind) {
    case "map": {
      const value = field.mapKind === "message" ? field.message.typeName : field.mapKind === "enum" ? field.enum.typeName : fieldTypeKeyword(field.scalar);
      return `map<${fieldTypeKeyword(field.mapKey)}, ${value}>`;
    }
    case "list":
      return `repeated ${field.listKind === "message" ? field.message.typeName : field.listKind === "enum" ? field.enum.typeName : fieldTypeKeyword(field.proto.type)}`;
    case "message":
      return field.message.typeName;
    case "enum":
      return field.enum.typeName;
    default:
      return fieldTypeKeyword(field.proto.type) ?? "?";
  }
}

/** Every declaration of the workspace files in `registry`, placed by the parser's offsets. */
export function buildSymbols(registry: FileRegistry | undefined, parsed: readonly ParsedFile[]): SchemaSymbol[] {
  const out: SchemaSymbol[] = [];
  if (!registry) return out;
  const byName = new Map(parsed.map((p) => [p.name, p]));
  for (const file of registry.files) {
    const source = byName.get(file.proto.name);
    if (source) addFile(file, source, out);
  }
  return out;
}

function addFile(file: DescFile, source: ParsedFile, out: SchemaSymbol[]): void {
  const locations = new Map<string, { span: SymbolSpan | undefined; comments: string }>();
  for (const loc of source.locations) {
    const comments = [loc.leadingComments, loc.trailingComments].filter((c) => c && c.trim() !== "").join("\n").trim();
    const span = loc.end ? { file: source.name, from: loc.start.offset, to: loc.end.offset } : undefined;
    locations.set(loc.path.join("."), { span, comments });
  }
  const push = (path: number[], sym: Omit<SchemaSymbol, "span" | "comments">) => {
    const loc = locations.get(path.join("."));
    out.push({ ...sym, span: loc?.span, comments: loc?.comments ?? "" });
  };
  const scopeOf = (typeName: string) => typeName.slice(0, Math.max(0, typeName.lastIndexOf(".")));

  const addEnum = (e: DescEnum, path: number[]) => {
    push(path, { fqn: e.typeName, kind: "enum", detail: `enum ${e.name}` });
    const scope = scopeOf(e.typeName);
    e.values.forEach((v, k) =>
      push([...path, 2, k], {
        fqn: scope ? `${scope}.${v.name}` : v.name,
        kind: "enum value",
        detail: `${v.name} = ${v.number} in enum ${e.typeName} (enum values are scoped like C++: siblings of their enum, not children)`,
      }),
    );
  };
  const addMessage = (m: DescMessage, path: number[]) => {
    push(path, { fqn: m.typeName, kind: "message", detail: `message ${m.name}` });
    m.fields.forEach((f) => {
      const k = m.proto.field.indexOf(f.proto);
      push([...path, 2, k], { fqn: `${m.typeName}.${f.name}`, kind: "field", detail: `${fieldType(f)} ${f.name} = ${f.number}` });
    });
    m.nestedMessages.forEach((n) => addMessage(n, [...path, 3, m.proto.nestedType.indexOf(n.proto)]));
    m.nestedEnums.forEach((e) => addEnum(e, [...path, 4, m.proto.enumType.indexOf(e.proto)]));
  };
  file.messages.forEach((m) => addMessage(m, [4, file.proto.messageType.indexOf(m.proto)]));
  file.enums.forEach((e) => addEnum(e, [5, file.proto.enumType.indexOf(e.proto)]));
  file.services.forEach((s, i) => {
    push([6, i], { fqn: s.typeName, kind: "service", detail: `service ${s.name}` });
    s.methods.forEach((m, k) =>
      push([6, i, 2, k], { fqn: `${s.typeName}.${m.name}`, kind: "method", detail: `rpc ${m.name}(${m.input.typeName}) returns (${m.output.typeName})` }),
    );
  });
}

/**
 * The innermost declaration of `file` containing the character `offset`; when none contains it,
 * the declaration named `word` (the word under the pointer), if any.
 */
export function symbolAt(symbols: readonly SchemaSymbol[], file: string, offset: number, word?: string): SchemaSymbol | undefined {
  let best: SchemaSymbol | undefined;
  let bestSize = Infinity;
  for (const sym of symbols) {
    const s = sym.span;
    if (!s || s.file !== file || offset < s.from || offset > s.to) continue;
    if (s.to - s.from < bestSize) {
      best = sym;
      bestSize = s.to - s.from;
    }
  }
  if (best || !word) return best;
  return symbols.find((s) => s.fqn === word || s.fqn.endsWith(`.${word}`));
}
