/**
 * Go identifiers as protoc-gen-go derives them from proto names: CamelCase words, nested types
 * joined with `_` (`Shape.Point` is `Shape_Point`), a oneof's interface `isShape_Size`.
 */
import type { DescEnum, DescField, DescMessage, DescOneof } from "@bufbuild/protobuf";

const isLower = (c: string) => c >= "a" && c <= "z";
const isDigit = (c: string) => c >= "0" && c <= "9";

/**
 * protoc-gen-go's CamelCase: `_x` and `.x` join the word with x upper-cased, a leading `_`
 * becomes `X`, a `.` before anything else becomes `_`, digits stay, a run of lower-case
 * letters continues the current word.
 */
export function goCamelCase(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    const next = s[i + 1];
    if (c === "." && next !== undefined && isLower(next)) continue;
    if (c === ".") out += "_";
    else if (c === "_" && (i === 0 || s[i - 1] === ".")) out += "X";
    else if (c === "_" && next !== undefined && isLower(next)) continue;
    else if (isDigit(c)) out += c;
    else {
      out += isLower(c) ? c.toUpperCase() : c;
      while (i + 1 < s.length && isLower(s[i + 1]!)) out += s[++i]!;
    }
  }
  return out;
}

/** The Go name of a message or enum type within its package. */
export function goIdent(d: DescMessage | DescEnum): string {
  const pkg = d.file.proto.package;
  const rel = pkg && d.typeName.startsWith(pkg + ".") ? d.typeName.slice(pkg.length + 1) : d.typeName;
  return goCamelCase(rel);
}

/** The Go name of a field's struct member (before any `xxx_hidden_` prefix). */
export function goFieldName(f: DescField): string {
  return goCamelCase(f.name);
}

export function goOneofName(o: DescOneof): string {
  return goCamelCase(o.name);
}
