/**
 * evolution: what-v2-reads (what a v2 reader reads from a row written with v1, graded against the
 * engine's reader, which agrees with protoc --decode), widen-safely (a v2 schema graded by
 * behaviour: buf breaking's WIRE findings against v1, and the v2 reader's view of rows the
 * checker writes with v1), poison-row (a row v1 stores and v2 cannot parse). Every exercise's v1
 * is the schema kept in the Evolve panel (`against` in lesson.md), read here as `a.against`.
 */
import { Attempt, answerLines, check, fail, pass, readInteger } from "../../engine/lessons/index.ts";
import type { CheckResult, LessonChecks } from "../../engine/lessons/index.ts";
import { evolve, type EvolveResult } from "../../engine/evolve/evolve.ts";
import { convertParsed, serializeParsed } from "../../engine/evolve/reencode.ts";
import { parseLikeProtoc, type Parsed, type Scalar } from "../../engine/decode/protoc-text.ts";
import { typeLabel, type RecordView } from "../../engine/evolve/read-as.ts";
import { compile } from "../../engine/schema/index.ts";

const TYPE = "lesson.evolve.v1.User";

function protos(a: Attempt): Record<string, string> {
  return Object.fromEntries(Object.entries(a.files).filter(([name]) => name.endsWith(".proto")));
}

function run(a: Attempt, bytes: Uint8Array): EvolveResult {
  return evolve({ against: { ...a.against }, current: protos(a), type: TYPE, bytes });
}

// ---- what-v2-reads ------------------------------------------------------------------------------

/** `key: value` lines, a list `[a, b]` spread over one line each, strings compared without their quotes. */
function readLines(text: string): { line: number; key: string; value: string }[] {
  const out: { line: number; key: string; value: string }[] = [];
  for (const l of answerLines(text)) {
    const m = /^([\w.]+)\s*[:=]\s*(.*)$/.exec(l.text);
    if (!m) {
      out.push({ line: l.line, key: "", value: l.text });
      continue;
    }
    const value = m[2]!.trim();
    // A list: [2, 5], or 2, 5 (a comma outside quotes).
    const listed = /^\[.*\]$/.test(value) ? value.slice(1, -1) : !/^["']/.test(value) && value.includes(",") && !/^-?\d{1,3}(,\d{3})+$/.test(value) ? value : undefined;
    const items = listed !== undefined ? listed.split(",").map((v) => v.trim()).filter((v) => v !== "") : [value];
    for (const v of items) out.push({ line: l.line, key: m[1]!, value: v });
  }
  return out;
}

const unquote = (v: string) => (/^".*"$/.test(v) || /^'.*'$/.test(v) ? v.slice(1, -1) : v);
function sameValue(said: string, printed: string): boolean {
  if (unquote(said) === unquote(printed)) return true;
  const a = readInteger(said);
  const b = readInteger(printed);
  return a !== undefined && b !== undefined && a === b;
}

/** Why a learner's value for a record may be off, in words that do not give the value. */
function why(r: RecordView | undefined): string {
  switch (r?.outcome) {
    case "reinterpreted":
      return `v1 wrote it as ${r.writer.type}, v2 reads the same bytes as ${r.reader.type}: read them the way ${r.reader.type} does`;
    case "enum-open-unknown":
      return `v2's enum no longer names that number, and a proto3 enum is open: it keeps what it cannot name`;
    case "truncated":
      return `v2's type is narrower than what v1 wrote`;
    default:
      return "read the record again with v2's declaration";
  }
}

const whatV2Reads = check("v2-reads", (a): CheckResult => {
  const r = run(a, a.bytes("stored.hex"));
  if (r.errors.length > 0 || !r.view) throw new Error(`the exercise's schemas do not compile: ${r.errors[0]?.diagnostics[0]?.message ?? "no User"}`);
  const expected = readLines(r.view.text);
  const said = readLines(a.text("answer.txt"));
  if (said.length === 0) return fail("answer.txt has no line yet: one line per value v2 reads, `name: value`");
  const byKey = (key: string) => r.view!.records.filter((x) => String(x.field) === key || x.reader.name === key);
  const left = [...expected];
  for (const s of said) {
    if (s.key === "") return fail(`answer.txt:${s.line}: write \`name: value\` (or \`NUMBER: value\` for a field v2 keeps by number)`);
    const sameKey = left.filter((e) => e.key === s.key);
    if (sameKey.length === 0) {
      const rec = r.view.records.find((x) => x.writer.name === s.key);
      if (expected.some((e) => e.key === s.key)) return fail(`answer.txt:${s.line}: v2 reads fewer values for ${s.key} than you list`);
      if (rec?.reader.unknown) return fail(`answer.txt:${s.line}: v2 does not declare ${s.key}: a reader prints a field it does not know by its number`);
      if (rec) return fail(`answer.txt:${s.line}: v2 does not read a value for ${s.key}`);
      const named = r.view.records.find((x) => String(x.field) === s.key && x.reader.name !== undefined && !x.reader.unknown);
      if (named) return fail(`answer.txt:${s.line}: v2 declares field ${s.key}: protoc prints it by its name in v2, ${named.reader.name}`);
      return fail(`answer.txt:${s.line}: v2 reads nothing called ${s.key} from these bytes`);
    }
    const match = sameKey.find((e) => sameValue(s.value, e.value));
    if (!match) return fail(`answer.txt:${s.line}: v2 does not read ${s.value} for ${s.key}: ${why(byKey(s.key).at(-1))}`);
    left.splice(left.indexOf(match), 1);
  }
  if (left.length > 0) {
    const missing = left[0]!;
    const numbered = /^\d+$/.test(missing.key);
    return fail(
      numbered
        ? `answer.txt lists ${said.length} values; v2 reads ${expected.length}: one record it does not declare is still kept, and printed by number`
        : `answer.txt has ${said.length} values; v2 reads ${expected.length}: ${missing.key} is missing${expected.filter((e) => e.key === missing.key).length > 1 ? " a value" : ""}`,
    );
  }
  return pass(`every value v2 reads, as protoc --decode prints it (${expected.length} lines)`);
});

// ---- widen-safely -----------------------------------------------------------------------------

const compiles = check("compiles", (a) => {
  const err = Attempt.firstError(a.schema().compileDiagnostics);
  return err ? fail(`protoc reports: ${err}`) : pass("the schema compiles with no error");
});

const asks = check("does-what-product-asks", (a): CheckResult => {
  const m = a.messageType(TYPE);
  if (!m) return fail(`the schema has no message ${TYPE}: keep its package and name`);
  const balance = m.fields.find((f) => f.name === "balance_cents");
  if (!balance) return fail("User has no balance_cents any more: product asked to widen it, not to remove it");
  const scalar = balance.fieldKind === "scalar" ? balance.scalar : undefined;
  // int64, uint64, fixed64, sfixed64, sint64 (ScalarType numbers).
  if (scalar === undefined || ![3, 4, 6, 16, 18].includes(scalar)) return fail("balance_cents still holds 32 bits at most: amounts past 2^31 cents do not fit");
  if (m.fields.some((f) => f.name === "login_count")) return fail("login_count is still a field: product wants it gone");
  // Only the three changes asked for: every other field as v1 declares it.
  const v1 = compile({ ...a.against }).registry?.getMessage(TYPE);
  for (const old of v1?.fields ?? []) {
    if (old.name === "balance_cents" || old.name === "login_count") continue;
    const now = m.fields.find((f) => f.name === old.name);
    if (!now) return fail(`${old.name} is gone: product asked for three changes, and this is not one of them`);
    const was = typeLabel(old);
    const is = typeLabel(now);
    if (now.number !== old.number || was !== is) return fail(`${old.name} was \`${was} ${old.name} = ${old.number}\`, now \`${is} ${now.name} = ${now.number}\`: product asked for three changes, and this is not one of them`);
  }
  const email = m.fields.find((f) => f.name === "email");
  if (!email) return fail("there is no field email yet");
  if (email.fieldKind !== "scalar" || email.scalar !== 9) return fail("email is not a singular string field");
  return pass("balance_cents is 64 bits wide, login_count is gone, email is a string, and the other fields are as they were");
});

const wire = check("buf-wire", (a): CheckResult => {
  const r = run(a, new Uint8Array(0));
  if (r.errors.length > 0) return fail(`the schema does not compile: ${r.errors[0]!.diagnostics[0]?.message ?? ""}`);
  const findings = r.categories.find((c) => c.category === "WIRE")!.findings;
  if (findings.length > 0) {
    const f = findings[0]!;
    const at = f.span.kind === "text" ? `user.proto:${f.span.start.line}:${f.span.start.column}: ` : "";
    return fail(`buf breaking (WIRE) reports ${findings.length === 1 ? "" : `${findings.length} findings, first `}${f.code}: ${at}${f.message}`);
  }
  return pass("buf breaking's WIRE category finds nothing against v1");
});

/** Rows the checker writes with v1, reaching each field's edges (ids past 2^63, negative badges, ...). */
function checkerRows(v1: ReturnType<typeof compile>): Uint8Array[] {
  const desc = v1.registry?.getMessage(TYPE);
  if (!desc) return [];
  const le = (n: bigint): Scalar => ({ kind: "varint", v: BigInt.asUintN(64, n) });
  const rows: Parsed[] = [];
  const balances = [-250n, 0n, 1n, -1n, 2147483647n, -2147483648n];
  const ids = [1042n, 18446744073709551615n, 4294967297n, 9223372036854775808n, 7n, 2147483648n];
  balances.forEach((b, i) => {
    const p: Parsed = { desc, values: new Map(), extensions: new Map(), unknown: [] };
    p.values.set(1, [le(ids[i]!)]);
    p.values.set(2, [{ kind: "len", v: new TextEncoder().encode(["Ada", "Lin", "", "Oda", "Kim", "Bo"][i]!) }]);
    if (b !== 0n) p.values.set(3, [le(BigInt.asIntN(32, b))]);
    p.values.set(4, [le(BigInt(i)), le(BigInt.asIntN(32, -7n - BigInt(i)))]);
    p.values.set(5, [le(BigInt(i % 4))]);
    // login_count: explicitly 0 in some rows, unset in one, large in another.
    if (i !== 2) p.values.set(6, [le(i === 4 ? 2147483647n : i % 2 === 0 ? 0n : -5n)]);
    p.values.set(7, [{ kind: "len", v: Uint8Array.of(0x6e, 0x6f, i) }]);
    rows.push(p);
  });
  return rows.map((p) => serializeParsed(p));
}

const READS_THE_SAME = new Set(["same", "renamed", "sign-extended", "widened"]);

const readsTheSame = check("rows-read-the-same", (a): CheckResult => {
  const v1 = compile({ ...a.against });
  const rows = checkerRows(v1);
  if (rows.length === 0) throw new Error("the exercise's v1 does not compile");
  const writer = v1.registry!.getMessage(TYPE)!;
  for (const bytes of rows) {
    const r = run(a, bytes);
    if (r.errors.length > 0 || !r.view) return fail("the schema does not compile, or has no User");
    const row = parseLikeProtoc(writer, bytes).parsed!;
    const name = new TextDecoder().decode((row.values.get(2)?.[0] as { v: Uint8Array } | undefined)?.v ?? new Uint8Array(0));
    if (!r.view.ok) return fail(`v2 cannot parse the stored row of "${name}" at all`);
    for (const rec of r.view.records) {
      // The deleted field: kept as unknown and written back is what a deletion does.
      if (rec.field === 6 && (rec.outcome === "unknown-deleted" || rec.outcome === "unknown-wire-type")) {
        if (rec.outcome === "unknown-wire-type") return fail(`a stored row's login_count (field 6) now arrives at ${rec.reader.name ?? "a field"} of another type: field 6 must not be reused`);
        continue;
      }
      if (!READS_THE_SAME.has(rec.outcome)) {
        return fail(`the stored row of "${name}" does not read the same: v1 wrote ${rec.writer.name ?? `field ${rec.field}`} = ${rec.writer.value ?? "a message"}, v2 reads ${rec.reader.unknown ? "an unknown field" : `${rec.reader.name} = ${rec.reader.value ?? "a message"}`} (${rec.outcome.replace(/-/g, " ")})`);
      }
    }
    // A v2 writer writes these rows back so v1 reads them as before (what a mixed fleet needs).
    const back = parseLikeProtoc(writer, serializeParsed(convertParsed(parseLikeProtoc(a.messageType(TYPE)!, bytes).parsed!, writer)));
    if (!back.parsed) return fail(`a row written back by v2 does not parse with v1`);
  }
  return pass(`${rows.length} rows written with v1, at each field's edges, read the same under your v2`);
});

// ---- poison-row ---------------------------------------------------------------------------------

const poison = check("v2-cannot-parse", (a): CheckResult => {
  const err = a.assemble("row.protoscope").diagnostics.find((d) => d.severity === "error");
  if (err) return fail(`row.protoscope does not assemble: ${err.message}`);
  const bytes = a.bytes("row.protoscope");
  const v1 = compile({ ...a.against });
  const writer = v1.registry!.getMessage(TYPE)!;
  const stored = parseLikeProtoc(writer, bytes);
  if (!stored.parsed) return fail("v1 cannot parse this row either: the v1 service would never have stored it");
  const r = run(a, bytes);
  if (r.errors.length > 0 || !r.view) throw new Error("the exercise's v2 does not compile");
  if (r.view.ok) return fail("v2 still reads this row: every record parses under v2's declarations");
  const failing = r.view.records.find((x) => x.outcome === "parse-failure");
  return pass(`v1 stores it; v2 gives up at byte ${r.view.failure!.offset}${failing?.reader.name ? ` (${failing.reader.name})` : ""}: ${r.view.failure!.reason}`);
});

const checks: LessonChecks = {
  "what-v2-reads": [whatV2Reads],
  "widen-safely": [compiles, asks, wire, readsTheSame],
  "poison-row": [poison],
};

export default checks;
