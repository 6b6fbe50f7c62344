/**
 * A small, forgiving scan of .proto text that finds what the enum fixes need to edit: each
 * enum with its values (name spans and numbers), and every place a value is named elsewhere:
 * field defaults (`[default = RED]`, with the field's type so the value's enum is known) and
 * option values (`option (o) = RED;`, `[(o) = RED]`, `{ color: RED }`).
 *
 * It works on text, not descriptors, on purpose: the enum-collision fix must work on a schema
 * protoc rejects, where no descriptors exist. It never throws; on broken text it finds less.
 */

export interface Token {
  kind: "ident" | "number" | "string" | "punct";
  text: string;
  start: number;
  end: number;
}

export interface ScannedValue {
  name: string;
  start: number;
  end: number;
  /** The value's number, undefined when it is not a readable integer literal. */
  number: number | undefined;
}

export interface ScannedEnum {
  name: string;
  /** Offsets of the enum's name token. */
  start: number;
  end: number;
  /** The scope the enum and (C++ rules) its values live in: package plus enclosing messages. */
  scope: string;
  fullName: string;
  values: ScannedValue[];
  /** Names given in `reserved "A", "B";` (or edition 2023's `reserved A, B;`). */
  reservedNames: string[];
}

export interface ScannedReference {
  kind: "default" | "option";
  name: string;
  start: number;
  end: number;
  /** For defaults: the field's type as written (e.g. "Speed", ".pkg.Speed"). */
  typeName?: string;
}

/** A named declaration (message, enum, service) that an enum value can collide with. */
export interface ScannedDeclaration {
  name: string;
  start: number;
  end: number;
  scope: string;
}

export interface ScannedFile {
  package: string;
  enums: ScannedEnum[];
  declarations: ScannedDeclaration[];
  references: ScannedReference[];
}

const isIdentStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isIdentPart = (c: number) => isIdentStart(c) || (c >= 48 && c <= 57);
const isDigit = (c: number) => c >= 48 && c <= 57;

/** Splits text into tokens, skipping whitespace and comments. */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 11 || c === 12) {
      i++;
    } else if (c === 47 && text.charCodeAt(i + 1) === 47) {
      while (i < n && text.charCodeAt(i) !== 10) i++;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const close = text.indexOf("*/", i + 2);
      i = close < 0 ? n : close + 2;
    } else if (isIdentStart(c)) {
      const start = i;
      while (i < n && isIdentPart(text.charCodeAt(i))) i++;
      out.push({ kind: "ident", text: text.slice(start, i), start, end: i });
    } else if (isDigit(c) || (c === 46 && isDigit(text.charCodeAt(i + 1)))) {
      const start = i;
      while (i < n) {
        const d = text.charCodeAt(i);
        const prev = text.charCodeAt(i - 1);
        const signAfterExponent = (d === 43 || d === 45) && (prev === 101 || prev === 69) && !/^0[xX]/.test(text.slice(start, i));
        if (isIdentPart(d) || d === 46 || signAfterExponent) i++;
        else break;
      }
      out.push({ kind: "number", text: text.slice(start, i), start, end: i });
    } else if (c === 34 || c === 39) {
      const start = i++;
      while (i < n && text.charCodeAt(i) !== c && text.charCodeAt(i) !== 10) i += text.charCodeAt(i) === 92 ? 2 : 1;
      i = Math.min(n, i + 1);
      out.push({ kind: "string", text: text.slice(start, i), start, end: i });
    } else {
      out.push({ kind: "punct", text: text[i]!, start: i, end: i + 1 });
      i++;
    }
  }
  return out;
}

/** Reads protobuf's integer literals: decimal, 0x hex, 0 octal. */
export function parseIntLiteral(text: string): number | undefined {
  if (/^0[xX][0-9a-fA-F]+$/.test(text)) return parseInt(text.slice(2), 16);
  if (/^0[0-7]+$/.test(text)) return parseInt(text.slice(1), 8);
  if (/^(0|[1-9][0-9]*)$/.test(text)) return parseInt(text, 10);
  return undefined;
}

type Frame =
  | { kind: "message"; name: string }
  | { kind: "enum"; entry: ScannedEnum }
  | { kind: "block" }
  | { kind: "aggregate" };

const LABELS = new Set(["optional", "required", "repeated"]);

export function scanProto(text: string): ScannedFile {
  const tokens = tokenize(text);
  const result: ScannedFile = { package: "", enums: [], declarations: [], references: [] };
  const frames: Frame[] = [];
  let statement: Token[] = [];
  let brackets = 0;

  // The dotted names of the enclosing messages, one entry per frame, kept alongside `frames` so
  // that finding the current scope costs the same at any depth (rebuilding it from every frame
  // made deeply nested files quadratic).
  const nested: string[] = [];
  const push = (frame: Frame) => {
    const outer = nested[nested.length - 1] ?? "";
    nested.push(frame.kind === "message" && frame.name !== "" ? (outer === "" ? frame.name : `${outer}.${frame.name}`) : outer);
    frames.push(frame);
  };
  const pop = () => {
    nested.pop();
    frames.pop();
  };
  const scope = () => {
    const names = nested[nested.length - 1] ?? "";
    return result.package === "" ? names : names === "" ? result.package : `${result.package}.${names}`;
  };
  const top = () => frames[frames.length - 1];
  const inAggregate = () => top()?.kind === "aggregate";

  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    const prev = tokens[k - 1];
    const next = tokens[k + 1];

    if (inAggregate()) {
      if (t.text === "{" && t.kind === "punct") push({ kind: "aggregate" });
      else if (t.text === "}" && t.kind === "punct") pop();
      else if (t.kind === "ident" && prev !== undefined && (prev.text === ":" || prev.text === "," || prev.text === "[")) {
        // A value inside an option's message literal (`color: RED`, `colors: [RED, GREEN]`).
        if (next?.text !== ":" && next?.text !== "{") result.references.push({ kind: "option", name: t.text, start: t.start, end: t.end });
      }
      continue;
    }

    if (t.kind === "punct" && t.text === "[") brackets++;
    else if (t.kind === "punct" && t.text === "]") brackets = Math.max(0, brackets - 1);

    if (t.kind === "punct" && t.text === "{") {
      if (brackets > 0 || (statement.some((s) => s.text === "=" && s.kind === "punct") && !isGroup(statement))) {
        // `option (o) = { ... }` or `[(o) = { ... }]`: a message literal.
        push({ kind: "aggregate" });
        continue;
      }
      push(openFrame(statement, scope(), result));
      statement = [];
      continue;
    }
    if (t.kind === "punct" && t.text === "}") {
      pop();
      statement = [];
      brackets = 0;
      continue;
    }
    if (t.kind === "punct" && t.text === ";" && brackets === 0) {
      if (statement[0]?.text === "package" && frames.length === 0) {
        result.package = statement.slice(1).map((s) => s.text).join("");
      }
      const frame = top();
      if (frame?.kind === "enum" && statement[0]?.text === "reserved") {
        for (const r of statement.slice(1)) {
          if (r.kind === "string") frame.entry.reservedNames.push(r.text.slice(1, -1));
          else if (r.kind === "ident" && r.text !== "to" && r.text !== "max") frame.entry.reservedNames.push(r.text);
        }
      }
      statement = [];
      continue;
    }

    const frame = top();
    // An enum value: `NAME = [-]NUMBER` at the start of a statement inside an enum.
    if (frame?.kind === "enum" && statement.length === 0 && t.kind === "ident" && next?.text === "=") {
      let numberToken = tokens[k + 2];
      let sign = 1;
      if (numberToken?.text === "-") {
        sign = -1;
        numberToken = tokens[k + 3];
      }
      const parsed = numberToken?.kind === "number" ? parseIntLiteral(numberToken.text) : undefined;
      frame.entry.values.push({ name: t.text, start: t.start, end: t.end, number: parsed === undefined ? undefined : sign * parsed });
    }

    // Identifiers right after "=" inside options name enum values. Only `default` and custom
    // (parenthesized) options can name a schema's own enum values; built-in options such as
    // `optimize_for = SPEED` or `features.enum_type = CLOSED` name descriptor.proto's.
    if (t.kind === "ident" && prev?.text === "=" && prev.kind === "punct" && (brackets > 0 || statement[0]?.text === "option")) {
      const optionName = optionNameBefore(tokens, k - 1);
      if (brackets > 0 && optionName === "default") {
        result.references.push({ kind: "default", name: t.text, start: t.start, end: t.end, typeName: fieldType(statement) });
      } else if (optionName.includes("(")) {
        result.references.push({ kind: "option", name: t.text, start: t.start, end: t.end });
      }
    }
    statement.push(t);
  }
  return result;
}

/** `optional group Result = 1 {` declares a nested message named Result. */
function isGroup(statement: Token[]): boolean {
  return statement.some((s, i) => s.text === "group" && statement[i + 1]?.kind === "ident" && statement[i + 2]?.text === "=");
}

function openFrame(statement: Token[], scope: string, result: ScannedFile): Frame {
  const head = statement[0]?.text;
  const name = statement[1];
  if ((head === "message" || head === "enum" || head === "service") && name?.kind === "ident") {
    result.declarations.push({ name: name.text, start: name.start, end: name.end, scope });
  }
  if (head === "message" && name?.kind === "ident") return { kind: "message", name: name.text };
  if (head === "enum" && name?.kind === "ident") {
    const entry: ScannedEnum = {
      name: name.text,
      start: name.start,
      end: name.end,
      scope,
      fullName: scope === "" ? name.text : `${scope}.${name.text}`,
      values: [],
      reservedNames: [],
    };
    result.enums.push(entry);
    return { kind: "enum", entry };
  }
  const group = statement.findIndex((s, i) => s.text === "group" && statement[i + 1]?.kind === "ident");
  if (group >= 0) return { kind: "message", name: statement[group + 1]!.text };
  return { kind: "block" };
}

/** The option name before the "=" at `eq`, as written: "default", "(my.opt).sub", ... */
function optionNameBefore(tokens: Token[], eq: number): string {
  let j = eq - 1;
  while (j >= 0) {
    const t = tokens[j]!;
    if (t.kind === "punct" && (t.text === "[" || t.text === "," || t.text === ";" || t.text === "{" || t.text === "}")) break;
    if (t.kind === "ident" && t.text === "option" && tokens[j + 1]?.text !== "=") break;
    j--;
  }
  return tokens
    .slice(j + 1, eq)
    .map((t) => t.text)
    .join("");
}

/** The type of the field a statement declares: `optional .pkg.Speed speed = 1` → ".pkg.Speed". */
function fieldType(statement: Token[]): string | undefined {
  const eq = statement.findIndex((s) => s.text === "=" && s.kind === "punct");
  if (eq < 2) return undefined;
  let start = 0;
  if (LABELS.has(statement[0]!.text)) start = 1;
  const typeTokens = statement.slice(start, eq - 1);
  return typeTokens.length === 0 ? undefined : typeTokens.map((s) => s.text).join("");
}
