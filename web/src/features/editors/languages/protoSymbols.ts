// A table of the schema's declarations for the proto hover: each with its fully-qualified name,
// what it is, where it is (from the descriptor's source code info) and its doc comments.
import type { DescEnum, DescField, DescFile, DescMessage, FileRegistry } from "@bufbuild/protobuf";

export interface ProtoSymbol {
  /** Fully-qualified name as protoc resolves it (enum values are siblings of their enum: C++ scoping). */
  fqn: string;
  kind: "message" | "field" | "enum" | "enum value" | "service" | "method";
  /** One line: `uint32 request_size = 2`, `= 0`, ... */
  detail: string;
  /** 0-based [startLine, startCol, endLine, endCol], when the compiler recorded it. */
  span: [number, number, number, number] | undefined;
  comments: string;
}

// FieldDescriptorProto.Type numbers to their .proto spelling.
const SCALAR_NAMES: Record<number, string> = {
  1: "double", 2: "float", 3: "int64", 4: "uint64", 5: "int32", 6: "fixed64", 7: "fixed32", 8: "bool",
  9: "string", 10: "group", 11: "message", 12: "bytes", 13: "uint32", 14: "enum", 15: "sfixed32",
  16: "sfixed64", 17: "sint32", 18: "sint64",
};

function fieldType(field: DescField): string {
  switch (field.fieldKind) {
    case "map": {
      // ScalarType numbers are FieldDescriptorProto.Type numbers.
      const value = field.mapKind === "message" ? field.message.typeName : field.mapKind === "enum" ? field.enum.typeName : SCALAR_NAMES[field.scalar];
      return `map<${SCALAR_NAMES[field.mapKey]}, ${value}>`;
    }
    case "list":
      return `repeated ${field.listKind === "message" ? field.message.typeName : field.listKind === "enum" ? field.enum.typeName : SCALAR_NAMES[field.proto.type]}`;
    case "message":
      return field.message.typeName;
    case "enum":
      return field.enum.typeName;
    default:
      return SCALAR_NAMES[field.proto.type] ?? "?";
  }
}

export function buildSymbols(registry: FileRegistry | undefined): ProtoSymbol[] {
  const out: ProtoSymbol[] = [];
  if (!registry) return out;
  for (const file of registry.files) addFile(file, out);
  return out;
}

function addFile(file: DescFile, out: ProtoSymbol[]): void {
  const locations = new Map<string, { span: number[]; comments: string }>();
  for (const loc of file.proto.sourceCodeInfo?.location ?? []) {
    const comments = [loc.leadingComments, loc.trailingComments].filter((c) => c && c.trim() !== "").join("\n").trim();
    locations.set(loc.path.join("."), { span: loc.span, comments });
  }
  const push = (path: number[], sym: Omit<ProtoSymbol, "span" | "comments">) => {
    const loc = locations.get(path.join("."));
    const s = loc?.span;
    const span: ProtoSymbol["span"] = s && s.length >= 3 ? (s.length === 3 ? [s[0]!, s[1]!, s[0]!, s[2]!] : [s[0]!, s[1]!, s[2]!, s[3]!]) : undefined;
    out.push({ ...sym, span, comments: loc?.comments ?? "" });
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

/** The innermost declaration at a 0-based line/column, or by name when no spans were recorded. */
export function symbolAt(symbols: readonly ProtoSymbol[], line: number, column: number, word: string | undefined): ProtoSymbol | undefined {
  let best: ProtoSymbol | undefined;
  let bestSize = Infinity;
  for (const sym of symbols) {
    const s = sym.span;
    if (!s) continue;
    const inside = (line > s[0] || (line === s[0] && column >= s[1])) && (line < s[2] || (line === s[2] && column <= s[3]));
    if (!inside) continue;
    const size = (s[2] - s[0]) * 10_000 + (s[3] - s[1]);
    if (size < bestSize) {
      best = sym;
      bestSize = size;
    }
  }
  if (best) return best;
  // No recorded spans (or none here): fall back to the word under the cursor.
  if (!word) return undefined;
  return symbols.find((s) => s.fqn === word || s.fqn.endsWith(`.${word}`));
}
