/**
 * The fix the seed lesson teaches: prefix every value of an enum with the enum's name in
 * UPPER_SNAKE_CASE (buf's conversion: `HTTPStatus` → `HTTP_STATUS_`) and call the zero value
 * `..._UNSPECIFIED`, renaming every reference in the workspace (field defaults and custom option
 * values). The same edits resolve protoc's C++-scoping collision ("UNSPECIFIED" is already
 * defined in "myapi.v1"), because prefixed values can no longer meet in their shared scope.
 *
 * Renaming rules, chosen so the result passes ENUM_VALUE_PREFIX and ENUM_ZERO_VALUE_SUFFIX and
 * applying the fix twice changes nothing:
 * - a value that already starts with the prefix keeps its name;
 * - otherwise it becomes prefix + name in UPPER_SNAKE_CASE (`RED` → `STOPLIGHT_RED`,
 *   `fooBar` → `FOO2_BAR_FOO_BAR` in `Foo2Bar`);
 * - the first zero value not ending in `_UNSPECIFIED` becomes prefix + `UNSPECIFIED`, unless
 *   that name is taken in the enum, in which case it is only prefixed;
 * - a value whose new name is reserved in the enum keeps its old name.
 */
import type { Diagnostic, Fix, TextEdit } from "../../diagnostics.ts";
import { LineIndex } from "../../diagnostics.ts";
import { enumValuePrefix, toUpperSnakeCase } from "../lint/case.ts";
import { scanProto, type ScannedEnum, type ScannedFile } from "./scan.ts";

/** The zero-value suffix buf's ENUM_ZERO_VALUE_SUFFIX asks for unless configured otherwise. */
const ZERO_SUFFIX = "_UNSPECIFIED";

export interface PrefixFixOptions {
  /** The zero value's suffix (buf's `enum_zero_value_suffix`). Default "_UNSPECIFIED". */
  zeroSuffix?: string;
}

/** The scanned schema texts the fixes edit, keyed by file name. */
export interface Workspace {
  sources: Record<string, string>;
  files: Map<string, ScannedFile>;
  /** Line indexes for edit spans, built on first use per file. */
  lineIndexes: Map<string, LineIndex>;
}

export function scanWorkspace(sources: Record<string, string>): Workspace {
  const files = new Map<string, ScannedFile>();
  for (const [name, text] of Object.entries(sources)) files.set(name, scanProto(text));
  return { sources, files, lineIndexes: new Map() };
}

function lineIndex(ws: Workspace, file: string): LineIndex {
  let index = ws.lineIndexes.get(file);
  if (index === undefined) ws.lineIndexes.set(file, (index = new LineIndex(ws.sources[file] ?? "")));
  return index;
}

const asWorkspace = (w: Workspace | Record<string, string>): Workspace =>
  w.files instanceof Map && typeof w.sources === "object" ? (w as Workspace) : scanWorkspace(w as Record<string, string>);

interface Located {
  file: string;
  entry: ScannedEnum;
}

/** Old value name → new name for one enum (only values whose name changes). */
export function valueRenames(entry: ScannedEnum, zeroSuffix = ZERO_SUFFIX): Map<string, string> {
  const prefix = enumValuePrefix(entry.name);
  const renames = new Map<string, string>();
  const names = new Set(entry.values.map((v) => v.name));
  // Unprefixed values also get buf's UPPER_SNAKE_CASE (`fooBar` → `FOO_BAR`), unless two values
  // would then share a name (`A__B` and `A_B`): those keep their spelling after the prefix.
  const planned = entry.values.map((v) => (v.name.startsWith(prefix) ? v.name : prefix + toUpperSnakeCase(v.name)));
  const count = new Map<string, number>();
  for (const p of planned) count.set(p, (count.get(p) ?? 0) + 1);
  entry.values.forEach((v, i) => {
    if (count.get(planned[i]!)! > 1 && !v.name.startsWith(prefix)) planned[i] = prefix + v.name;
  });
  // A reserved name cannot be used (protoc: 'Enum value "X" is reserved.'): keep the old name.
  const reserved = new Set(entry.reservedNames);
  entry.values.forEach((v, i) => {
    if (reserved.has(planned[i]!)) planned[i] = v.name;
  });
  const zero = entry.values.findIndex((v) => v.number === 0);
  const zeroValue = entry.values[zero];
  if (zeroValue !== undefined && !planned[zero]!.endsWith(zeroSuffix)) {
    // The suffix's leading "_" is already the prefix's last character.
    const wanted = prefix.slice(0, -1) + (zeroSuffix.startsWith("_") ? zeroSuffix : "_" + zeroSuffix);
    const taken =
      planned.some((p, i) => i !== zero && p === wanted) || (names.has(wanted) && zeroValue.name !== wanted) || reserved.has(wanted);
    if (!taken) planned[zero] = wanted;
  }
  entry.values.forEach((v, i) => {
    if (planned[i] !== v.name) renames.set(v.name, planned[i]!);
  });
  return renames;
}

/** Does a field's written type name (`Speed`, `Outer.Speed`, `.pkg.Speed`) denote `entry`? */
function typeDenotes(typeName: string, entry: ScannedEnum): boolean {
  if (typeName.startsWith(".")) return typeName.slice(1) === entry.fullName;
  return entry.fullName === typeName || entry.fullName.endsWith("." + typeName);
}

function findEnum(ws: Workspace, file: string, offset: number): { located: Located; valueName?: string } | undefined {
  const scanned = ws.files.get(file);
  if (scanned === undefined) return undefined;
  for (const entry of scanned.enums) {
    if (offset >= entry.start && offset < entry.end) return { located: { file, entry } };
    for (const v of entry.values) {
      if (offset >= v.start && offset < v.end) return { located: { file, entry }, valueName: v.name };
    }
  }
  return undefined;
}

/** The edits that prefix the values of `targets` and update every reference in the workspace. */
export function prefixEdits(ws: Workspace, targets: Located[], options: PrefixFixOptions = {}): TextEdit[] {
  const plans = targets.map((t) => ({ ...t, renames: valueRenames(t.entry, options.zeroSuffix) })).filter((p) => p.renames.size > 0);
  const byFile = new Map<string, { start: number; end: number; newText: string }[]>();
  const add = (file: string, start: number, end: number, newText: string) => {
    const list = byFile.get(file) ?? [];
    if (!list.some((e) => e.start === start)) list.push({ start, end, newText });
    byFile.set(file, list);
  };
  for (const p of plans) {
    for (const v of p.entry.values) {
      const renamed = p.renames.get(v.name);
      if (renamed !== undefined) add(p.file, v.start, v.end, renamed);
    }
  }
  for (const [file, scanned] of ws.files) {
    for (const ref of scanned.references) {
      let owners: typeof plans;
      if (ref.kind === "default") {
        owners = ref.typeName === undefined ? [] : plans.filter((p) => typeDenotes(ref.typeName!, p.entry));
      } else {
        // An option value does not say its enum; rename only when one target owns the name.
        owners = plans.filter((p) => p.entry.values.some((v) => v.name === ref.name));
      }
      if (owners.length !== 1) continue;
      const renamed = owners[0]!.renames.get(ref.name);
      if (renamed !== undefined) add(file, ref.start, ref.end, renamed);
    }
  }
  const edits: TextEdit[] = [];
  for (const [file, list] of [...byFile].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const index = lineIndex(ws, file);
    for (const e of list.sort((a, b) => a.start - b.start)) edits.push({ span: index.span(e.start, e.end, file), newText: e.newText });
  }
  return edits;
}

function title(targets: Located[], zeroSuffix = ZERO_SUFFIX): string {
  if (targets.length === 1) {
    const e = targets[0]!.entry;
    return `Prefix the values of ${e.name} with "${enumValuePrefix(e.name)}" (zero value ...${zeroSuffix})`;
  }
  const names = targets.map((t) => t.entry.name);
  return `Prefix the values of ${names.slice(0, -1).join(", ")} and ${names[names.length - 1]} with their enum names`;
}

/**
 * The prefix fix for the enum whose name (or one of whose value names) is at `at.offset` in
 * `at.file`; undefined when there is no such enum or nothing to change.
 */
export function enumPrefixFix(
  workspace: Workspace | Record<string, string>,
  at: { file: string; offset: number },
  options: PrefixFixOptions = {},
): Fix | undefined {
  const ws = asWorkspace(workspace);
  const found = findEnum(ws, at.file, at.offset);
  if (found === undefined) return undefined;
  const edits = prefixEdits(ws, [found.located], options);
  return edits.length === 0 ? undefined : { title: title([found.located], options.zeroSuffix), edits };
}

/**
 * Fixes for protoc's enum-scoping collision reported at `at` (the position of the clashing
 * value, e.g. Speed's UNSPECIFIED): first, prefix every enum in that scope that defines the
 * clashing name (Stoplight and Speed); second, prefix only the enum at `at`. Either leaves the
 * scope collision-free. When `at` is on a message, enum or service name that an earlier enum
 * value took, the fix prefixes that enum. Returns [] when no enum value is involved.
 */
export function fixesForEnumCollision(workspace: Workspace | Record<string, string>, at: { file: string; offset: number }): Fix[] {
  const ws = asWorkspace(workspace);
  const found = findEnum(ws, at.file, at.offset);
  let name: string;
  let scope: string;
  let own: Located | undefined;
  if (found !== undefined && found.valueName !== undefined) {
    name = found.valueName;
    scope = found.located.entry.scope;
    own = found.located;
  } else {
    // The clash may be reported on a message, enum or service declared after an enum value of
    // the same name (`enum Kind { CIRCLE = 0; }  message CIRCLE {}`): prefix that enum.
    const decl = ws.files.get(at.file)?.declarations.find((d) => at.offset >= d.start && at.offset < d.end);
    if (decl === undefined) return [];
    name = decl.name;
    scope = decl.scope;
  }
  const clashing: Located[] = [];
  for (const [file, scanned] of ws.files) {
    for (const entry of scanned.enums) {
      if (entry.scope === scope && entry.values.some((v) => v.name === name)) clashing.push({ file, entry });
    }
  }
  const fixes: Fix[] = [];
  if (clashing.length > 1 || (own === undefined && clashing.length === 1)) {
    const edits = prefixEdits(ws, clashing);
    if (edits.length > 0) fixes.push({ title: title(clashing), edits });
  }
  if (own !== undefined) {
    const edits = prefixEdits(ws, [own]);
    if (edits.length > 0) fixes.push({ title: title([own]), edits });
  }
  return fixes;
}

/** The code compile() gives protoc's `"X" is already defined in "pkg".` errors. */
export const ALREADY_DEFINED_CODE = "protoc/already-defined";

/**
 * For the compile pipeline and the editor: returns `diagnostics` with the enum-collision fixes
 * attached to every "already defined" error that sits on an enum value (other diagnostics are
 * returned unchanged; the inputs are not mutated).
 */
export function attachEnumCollisionFixes(workspace: Workspace | Record<string, string>, diagnostics: readonly Diagnostic[]): Diagnostic[] {
  let ws: Workspace | undefined;
  return diagnostics.map((d) => {
    if (d.code !== ALREADY_DEFINED_CODE || d.span.kind !== "text" || d.span.file === undefined || d.span.start.offset < 0) return d;
    ws ??= asWorkspace(workspace);
    const fixes = fixesForEnumCollision(ws, { file: d.span.file, offset: d.span.start.offset });
    return fixes.length === 0 ? d : { ...d, fixes: [...(d.fixes ?? []), ...fixes] };
  });
}
