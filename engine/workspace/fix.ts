/**
 * Fixes over the whole workspace. A schema fix is a set of text edits in `.proto` files; when it
 * renames enum values (buf's ENUM_VALUE_PREFIX fix, the C++-scoping collision fix), the
 * text-format messages of the workspace that use the old names must follow, or they stop
 * encoding. `completeFix` adds those edits (`light: RED` -> `light: STOPLIGHT_RED`), so the
 * messages encode to the same bytes after the fix as before.
 */
import type { DescField, DescMessage, FileRegistry } from "@bufbuild/protobuf";
import { LineIndex, type Fix, type TextEdit } from "../diagnostics.ts";
import { compile } from "../schema/index.ts";
import { applyEdits } from "../schema/fix/apply.ts";
import { scanProto } from "../schema/fix/scan.ts";
import { Tokenizer } from "../schema/textformat/tokenizer.ts";
import type { Workspace } from "./types.ts";

/** Applies edits (each naming its file in `span.file`; edits without one go to `defaultFile`). */
export function applyWorkspaceEdits(ws: Workspace, edits: readonly TextEdit[], defaultFile?: string): Workspace {
  const byFile = new Map<string, TextEdit[]>();
  for (const e of edits) {
    const file = e.span.file ?? defaultFile;
    if (file === undefined) throw new RangeError("edit has no file and no default file was given");
    byFile.set(file, [...(byFile.get(file) ?? []), e]);
  }
  for (const name of byFile.keys()) {
    const f = ws.files.find((x) => x.name === name);
    if (!f || f.kind === "bytes") throw new RangeError(`edit for a file the workspace has no text for: ${JSON.stringify(name)}`);
  }
  return {
    ...ws,
    files: ws.files.map((f) => {
      const list = byFile.get(f.name);
      return list && f.kind !== "bytes" ? { ...f, text: applyEdits(f.text, list) } : f;
    }),
  };
}

/** `fix` plus the edits that keep the workspace's text-format messages using the renamed enum values. */
export function completeFix(ws: Workspace, fix: Fix, defaultFile?: string): Fix {
  const after = applyWorkspaceEdits(ws, fix.edits, defaultFile);
  const renames = enumRenames(ws, after);
  if (renames.size === 0) return fix;
  const sources: Record<string, string> = {};
  for (const f of after.files) if (f.kind === "proto") sources[f.name] = f.text;
  const registry = compile(sources).registry;
  if (!registry) return fix;
  const extra: TextEdit[] = [];
  const edited = new Set(fix.edits.map((e) => e.span.file ?? defaultFile));
  for (const f of ws.files) {
    if (f.kind !== "textformat" || edited.has(f.name)) continue;
    const type = registry.getMessage(f.messageType);
    if (!type) continue;
    const index = new LineIndex(f.text);
    for (const r of renamedValues(f.text, type, registry, renames)) extra.push({ span: index.span(r.from, r.to, f.name), newText: r.newText });
  }
  return extra.length === 0 ? fix : { title: fix.title, edits: [...fix.edits, ...extra] };
}

/** Applies `fix` to the whole workspace (see `completeFix`). */
export function applyFixToWorkspace(ws: Workspace, fix: Fix, defaultFile?: string): Workspace {
  return applyWorkspaceEdits(ws, completeFix(ws, fix, defaultFile).edits, defaultFile);
}

/** Enum full name -> (old value name -> new value name), for the values the edit renamed. */
function enumRenames(before: Workspace, after: Workspace): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const f of before.files) {
    if (f.kind !== "proto") continue;
    const g = after.files.find((x) => x.name === f.name);
    if (!g || g.kind !== "proto" || g.text === f.text) continue;
    const old = scanProto(f.text).enums;
    const now = new Map(scanProto(g.text).enums.map((e) => [e.fullName, e]));
    for (const e of old) {
      const n = now.get(e.fullName);
      // A value rename keeps the enum's values in place: pair them by position and number.
      if (!n || n.values.length !== e.values.length) continue;
      const map = new Map<string, string>();
      e.values.forEach((v, i) => {
        const w = n.values[i]!;
        if (w.number === v.number && w.name !== v.name) map.set(v.name, w.name);
      });
      if (map.size > 0) out.set(e.fullName.replace(/^\./, ""), map);
    }
  }
  return out;
}

/** What a field name leads to in text format: an enum to rename values of, or a message to walk. */
interface Target {
  enumName?: string;
  message?: DescMessage;
  /** A map field: its entries are messages with `key` and `value`. */
  map?: DescField;
}

function targetOf(field: DescField): Target {
  switch (field.fieldKind) {
    case "enum":
      return { enumName: field.enum.typeName };
    case "message":
      return { message: field.message };
    case "list":
      return field.listKind === "enum" ? { enumName: field.enum.typeName } : field.listKind === "message" ? { message: field.message } : {};
    case "map":
      return { map: field };
    default:
      return {};
  }
}

function lookup(scope: Target, name: string, registry: FileRegistry): Target {
  if (scope.map) {
    const f = scope.map;
    if (f.fieldKind !== "map" || name !== "value") return {};
    return f.mapKind === "enum" ? { enumName: f.enum.typeName } : f.mapKind === "message" ? { message: f.message } : {};
  }
  const m = scope.message;
  if (!m) return {};
  if (name.startsWith("[")) {
    const inner = name.slice(1, -1).replace(/\s+/g, "");
    const slash = inner.lastIndexOf("/");
    if (slash >= 0) {
      const any = registry.getMessage(inner.slice(slash + 1));
      return any ? { message: any } : {};
    }
    const ext = registry.getExtension(inner);
    return ext ? targetOf(ext as unknown as DescField) : {};
  }
  // A group is written with its type's name (`MyGroup { ... }`); other fields with their own.
  const field = m.fields.find((f) => f.name === name) ?? m.fields.find((f) => f.proto.type === 10 && f.fieldKind === "message" && f.message.name === name);
  return field ? targetOf(field) : {};
}

/** Walks a text-format message and lists every enum value name the renames change. */
function renamedValues(
  text: string,
  type: DescMessage,
  registry: FileRegistry,
  renames: Map<string, Map<string, string>>,
): { from: number; to: number; newText: string }[] {
  const tok = new Tokenizer(text);
  const out: { from: number; to: number; newText: string }[] = [];
  const is = (s: string) => tok.current.type === "symbol" && tok.current.text === s;
  const more = () => !tok.error && tok.current.type !== "end";

  const scalar = (target: Target) => {
    if (is("-")) tok.next();
    const t = tok.next();
    if (t.type === "identifier" && target.enumName) {
      const renamed = renames.get(target.enumName)?.get(t.text);
      if (renamed !== undefined) out.push({ from: t.from, to: t.to, newText: renamed });
    }
    while (t.type === "string" && tok.current.type === "string") tok.next();
  };
  const value = (target: Target, depth: number) => {
    if (is("{") || is("<")) {
      const close = is("{") ? "}" : ">";
      tok.next();
      message(target, close, depth + 1);
    } else {
      scalar(target);
    }
  };
  const message = (scope: Target, close: string | undefined, depth: number) => {
    while (more() && depth < 200) {
      if (close !== undefined && is(close)) {
        tok.next();
        return;
      }
      let name: string;
      if (is("[")) {
        const from = tok.next().from;
        while (more() && !is("]")) tok.next();
        name = text.slice(from, tok.next().to);
      } else if (tok.current.type === "identifier") {
        name = tok.next().text;
      } else {
        tok.next(); // not a field: skip it (the encoder reports it)
        continue;
      }
      const target = lookup(scope, name, registry);
      if (is(":")) tok.next();
      if (is("[")) {
        tok.next();
        while (more() && !is("]")) {
          value(target, depth);
          if (is(",")) tok.next();
        }
        tok.next();
      } else {
        value(target, depth);
      }
      if (is(",") || is(";")) tok.next();
    }
  };
  message({ message: type }, undefined, 0);
  return out;
}
