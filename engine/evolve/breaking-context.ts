/**
 * What a breaking rule sees and how it reports: both sides of the comparison, buf's ways of
 * finding an element's source location (with its fallbacks: a map entry points at its map field,
 * an unset option at its element), and `report`, which turns locations into the span buf prints
 * in the current file and the matching span in the old one.
 */
import type { Diagnostic, TextSpan } from "../diagnostics.ts";
import { noSpan } from "../diagnostics.ts";
import { SourcePositions } from "../schema/lint/positions.ts";
import { T, type Enm, type Fld, type Loc, type Msg, type Mth, type Side, type SideFile, type Svc } from "./breaking-model.ts";

/** A finding: buf's rule id as `code`, buf's message, buf's position; `against` is the old version's. */
export interface BreakingFinding extends Diagnostic {
  /** Where the same element is in the old version, when buf knows (the UI links both). */
  against?: TextSpan;
}

/** Where a finding is: a location, else (buf prints 1:1) a file path of that side, else nowhere. */
export interface Where {
  loc?: Loc | undefined;
  path?: string | undefined;
}

export interface BreakingContext {
  current: Side;
  against: Side;
  /**
   * Reports `message` for `rule` at `at` in the current version (buf's position) and `was` in the
   * old one. Only enabled rules report; a rule may call it freely.
   */
  report(rule: string, at: Where, was: Where, message: string): void;
}

// ------------------------------------------------------------------ locations, as bufprotosource finds them

/** The location of `path` in `file`, if the file records one. */
export function at(file: SideFile, path: readonly number[]): Loc | undefined {
  return file.span(path) === undefined ? undefined : { file, path };
}

/** The first location given (buf's withBackupLocation). */
export function firstOf(...locs: (Loc | undefined)[]): Loc | undefined {
  for (const l of locs) if (l !== undefined) return l;
  return undefined;
}

/** `a` is `b` or inside it. */
function within(a: readonly number[], b: readonly number[]): boolean {
  if (a.length < b.length) return false;
  for (let i = 0; i < b.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * An option's location as buf looks it up: the exact path (options path, option field, then
 * `extra`, e.g. a feature's field), else the deepest recorded ancestor at least as deep as the
 * option field, unless a recorded location inside the path comes first.
 */
export function optionAt(file: SideFile, optionsPath: readonly number[], field: number, extra: readonly number[] = []): Loc | undefined {
  const path = [...optionsPath, field, ...extra];
  const exact = at(file, path);
  if (exact !== undefined) return exact;
  const minLength = optionsPath.length + 1;
  let best: readonly number[] | undefined;
  for (const p of file.locationPaths()) {
    if (p.length >= minLength && within(path, p) && p.length > (best?.length ?? 0)) best = p;
    else if (within(p, path)) return { file, path: p };
  }
  return best === undefined ? undefined : { file, path: best };
}

/** A map entry message has no location of its own: buf points at its map field's type. */
function mapEntryAt(m: Msg): Loc | undefined {
  if (!m.isMapEntry || m.parent === undefined) return undefined;
  const field = m.parent.fields.find((f) => f.typeName === m.fullName);
  return field === undefined ? undefined : fieldPartAt(field, 6);
}

export const messageAt = (m: Msg): Loc | undefined => at(m.file, m.path) ?? mapEntryAt(m);

/** A field's own location, else (fields of map entries) the map field's type. */
export const fieldAt = (f: Fld): Loc | undefined => at(f.file, f.path) ?? (f.message === undefined ? undefined : mapEntryAt(f.message));

/**
 * Part of a field declaration (1 name, 5 type, 6 type name), with the map entry fallback. A
 * group's type name is, for buf's compiler, the `group` keyword, which protoc records as its type.
 */
export function fieldPartAt(f: Fld, part: 1 | 5 | 6): Loc | undefined {
  const own = part === 6 && f.proto.type === T.GROUP ? (at(f.file, [...f.path, 5]) ?? at(f.file, [...f.path, 6])) : at(f.file, [...f.path, part]);
  return own ?? (f.message === undefined ? undefined : mapEntryAt(f.message));
}

/**
 * A field's default value. protoc records only the value; buf's compiler the whole
 * `default = value`, which the reported span then starts from (found in the text, when known).
 */
export function fieldDefaultAt(f: Fld): Loc | undefined {
  const loc = at(f.file, [...f.path, 7]);
  return loc === undefined ? undefined : { ...loc, defaultOption: true };
}

/** FieldDescriptorProto.options (8) option `field` (e.g. 6 jstype, 1 ctype), no fallback. */
export const fieldOptionAt = (f: Fld, field: number): Loc | undefined => at(f.file, [...f.path, 8, field]);

/** A feature set on the field itself: FieldOptions.features (21), then `extra`. */
export const fieldFeatureAt = (f: Fld, ...extra: number[]): Loc | undefined => optionAt(f.file, [...f.path, 8], 21, extra);

export const enumAt = (e: Enm): Loc | undefined => at(e.file, e.path);
/** A feature set on the enum itself: EnumOptions.features (7), then `extra`. */
export const enumFeatureAt = (e: Enm, ...extra: number[]): Loc | undefined => optionAt(e.file, [...e.path, 3], 7, extra);
/** A feature set on the message itself: MessageOptions.features (12), then `extra`. */
export const messageFeatureAt = (m: Msg, ...extra: number[]): Loc | undefined => optionAt(m.file, [...m.path, 7], 12, extra);

export const serviceAt = (s: Svc): Loc | undefined => at(s.file, s.path);
export const methodAt = (m: Mth, ...part: number[]): Loc | undefined => at(m.service.file, [...m.path, ...part]);

/**
 * Where buf points for an element deleted from a file: the nearest enclosing message that still
 * exists (looked up by nested name in `messages`), else the file itself (printed 1:1).
 */
export function deletedElementAt(file: SideFile, nestedName: string, messages: ReadonlyMap<string, Msg>): Where {
  const parts = nestedName.split(".");
  for (let i = parts.length - 1; i > 0; i--) {
    const m = messages.get(parts.slice(0, i).join("."));
    if (m !== undefined) return { loc: messageAt(m), path: m.file.path };
  }
  return { path: file.path };
}

// ------------------------------------------------------------------ reporting

/** The offset of `default` in `default = <value at offset>`, looking back over blanks; or undefined. */
function defaultKeyword(text: string | undefined, offset: number): number | undefined {
  if (text === undefined || offset < 0) return undefined;
  let i = offset - 1;
  while (i >= 0 && /\s/.test(text[i]!)) i--;
  if (text[i] !== "=") return undefined;
  i--;
  while (i >= 0 && /\s/.test(text[i]!)) i--;
  const start = i - "default".length + 1;
  return start >= 0 && text.slice(start, i + 1) === "default" ? start : undefined;
}

/** Turns locations into spans (one SourcePositions per file, made when first needed). */
class Spans {
  private readonly cache = new Map<string, SourcePositions>();

  constructor(private readonly side: Side) {}

  private positions(path: string): SourcePositions {
    let p = this.cache.get(path);
    if (p === undefined) {
      p = new SourcePositions(this.side.sources?.[path]);
      this.cache.set(path, p);
    }
    return p;
  }

  /** buf's span for a place: a location's span, else 1:1 of the file; undefined with neither. */
  text(where: Where): TextSpan | undefined {
    const loc = where.loc;
    if (loc !== undefined) {
      const positions = this.positions(loc.file.path);
      const span = positions.span(loc.file.span(loc.path)!, loc.file.path);
      if (loc.defaultOption === true) {
        const start = defaultKeyword(positions.text, span.start.offset);
        if (start !== undefined) span.start = positions.atOffset(start);
      }
      return span;
    }
    if (where.path !== undefined) return this.positions(where.path).fileStart(where.path);
    return undefined;
  }
}

export interface ReportOptions {
  enabled: ReadonlySet<string>;
  /** Drop findings in (or against) files that are not the module's (buf's --exclude-imports). */
  excludeImports: boolean;
}

/** A context whose reports collect into `out`. */
export function makeContext(current: Side, against: Side, options: ReportOptions, out: BreakingFinding[]): BreakingContext {
  const spans = new Spans(current);
  const oldSpans = new Spans(against);
  const isImport = (side: Side, where: Where): boolean => {
    const path = where.loc?.file.path ?? where.path;
    return path !== undefined && side.byPath.get(path)?.inModule === false;
  };
  return {
    current,
    against,
    report(rule, where, was, message) {
      if (!options.enabled.has(rule)) return;
      if (options.excludeImports && (isImport(current, where) || isImport(against, was))) return;
      const span = spans.text(where);
      // A rule id of BREAKING_RULES (diagnostic-codes.test.ts checks every one).
      const finding: BreakingFinding = { code: rule as Uppercase<string>, severity: "warning", message, span: span ?? noSpan() };
      const againstSpan = oldSpans.text(was);
      if (againstSpan !== undefined) finding.against = againstSpan;
      out.push(finding);
    },
  };
}

/** Go's string order (UTF-8 bytes, i.e. code points), not JavaScript's UTF-16 order. */
function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

/** The keys buf sorts and deduplicates findings by. */
function sortKey(f: BreakingFinding): [string, number, number, number, number] {
  const s = f.span;
  if (s.kind !== "text") return ["", 0, 0, 0, 0];
  return [s.file ?? "", s.start.line, s.start.column, s.end.line, s.end.column];
}

/**
 * buf's order: findings without a file first, then by path, start line and column, rule id,
 * message, end line and column; exact duplicates (same place, rule and message) dropped.
 */
export function sortFindings(findings: BreakingFinding[]): BreakingFinding[] {
  const keyed = findings.map((f, i) => ({ f, i, k: sortKey(f) }));
  keyed.sort((a, b) => {
    const [pa, la, ca, ela, eca] = a.k;
    const [pb, lb, cb, elb, ecb] = b.k;
    if (pa !== pb) return compareStrings(pa, pb);
    if (la !== lb) return la - lb;
    if (ca !== cb) return ca - cb;
    if (a.f.code !== b.f.code) return a.f.code < b.f.code ? -1 : 1;
    if (a.f.message !== b.f.message) return compareStrings(a.f.message, b.f.message);
    if (ela !== elb) return ela - elb;
    if (eca !== ecb) return eca - ecb;
    return a.i - b.i;
  });
  const out: BreakingFinding[] = [];
  let last = "";
  for (const { f, k } of keyed) {
    const id = `${k.join("\u0000")}\u0000${f.code}\u0000${f.message}`;
    if (id === last) continue;
    last = id;
    out.push(f);
  }
  return out;
}

// ------------------------------------------------------------------ rules

/** buf's breaking categories this engine implements (buf's CSR category is not among them). */
export type BreakingCategory = "FILE" | "PACKAGE" | "WIRE_JSON" | "WIRE";

export interface BreakingRule {
  id: string;
  /** The categories buf lists the rule in (of FILE, PACKAGE, WIRE_JSON, WIRE). */
  categories: readonly BreakingCategory[];
  /** buf's own description (`buf config ls-breaking-rules`). */
  purpose: string;
  check(ctx: BreakingContext): void;
}

/** The category sets buf's rule table uses. */
export const FILE_ONLY: readonly BreakingCategory[] = ["FILE"];
export const PACKAGE_ONLY: readonly BreakingCategory[] = ["PACKAGE"];
export const FILE_PACKAGE: readonly BreakingCategory[] = ["FILE", "PACKAGE"];
export const FILE_PACKAGE_WIRE_JSON: readonly BreakingCategory[] = ["FILE", "PACKAGE", "WIRE_JSON"];
export const ALL_FOUR: readonly BreakingCategory[] = ["FILE", "PACKAGE", "WIRE_JSON", "WIRE"];
export const WIRE_JSON_ONLY: readonly BreakingCategory[] = ["WIRE_JSON"];
export const WIRE_JSON_WIRE: readonly BreakingCategory[] = ["WIRE_JSON", "WIRE"];
export const WIRE_ONLY: readonly BreakingCategory[] = ["WIRE"];

/** Pairs made once per run and shared by the rules that walk them. */
const pairCache = new WeakMap<BreakingContext, Map<string, unknown>>();

/** `make()` computed once per context under `key`. */
export function once<V>(ctx: BreakingContext, key: string, make: () => V): V {
  let cache = pairCache.get(ctx);
  if (cache === undefined) pairCache.set(ctx, (cache = new Map()));
  if (!cache.has(key)) cache.set(key, make());
  return cache.get(key) as V;
}

/** [current, previous] for each previous element still there under the same key. */
function pairs<E>(previous: Iterable<[string, E]>, current: ReadonlyMap<string, E>): [E, E][] {
  const out: [E, E][] = [];
  for (const [key, prev] of previous) {
    const cur = current.get(key);
    if (cur !== undefined) out.push([cur, prev]);
  }
  return out;
}

/** Each previous file that still exists (same path) with its current version. */
export const filePairs = (ctx: BreakingContext): [SideFile, SideFile][] => once(ctx, "files", () => pairs(ctx.against.byPath, ctx.current.byPath));

/** Each previous message that still exists (same full name) with its current version. */
export const messagePairs = (ctx: BreakingContext): [Msg, Msg][] => once(ctx, "messages", () => pairs(ctx.against.messages, ctx.current.messages));

export const enumPairs = (ctx: BreakingContext): [Enm, Enm][] => once(ctx, "enums", () => pairs(ctx.against.enums, ctx.current.enums));

export const servicePairs = (ctx: BreakingContext): [Svc, Svc][] => once(ctx, "services", () => pairs(ctx.against.services, ctx.current.services));

/** A map from each element's key to the first element with it. */
export function indexBy<E, K>(elements: Iterable<E>, key: (e: E) => K): Map<K, E> {
  const out = new Map<K, E>();
  for (const e of elements) {
    const k = key(e);
    if (!out.has(k)) out.set(k, e);
  }
  return out;
}

/** Go's %q for names and values. */
export { goQuote as q } from "./go-format.ts";
