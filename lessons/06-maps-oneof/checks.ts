/**
 * maps-oneof: no-map-syntax (a list of entry messages that reads a map's bytes entry by entry,
 * graded by @bufbuild/protobuf reading and writing back the given bytes), read-board (the map and
 * the oneof a reader keeps, graded against the same reader), and sorted (map entries in a
 * deterministic writer's order).
 */
import { fromBinary, toBinary, toJson, type DescMessage, type JsonObject, type JsonValue } from "@bufbuild/protobuf";
import { Attempt, answerLines, assembles, check, explainDifference, fail, pass, readFields, readString, unknownFieldNumbers } from "../../engine/lessons/index.ts";
import type { CheckResult, LessonChecks } from "../../engine/lessons/index.ts";

function compiled(a: Attempt, type: string): { m?: DescMessage; problem?: string } {
  const err = Attempt.firstError(a.schema().compileDiagnostics);
  if (err) return { problem: `protoc reports: ${err}` };
  const m = a.messageType(type);
  return m ? { m } : { problem: `the schema has no message ${type} yet` };
}

/** The entries the bytes hold, in order: key and value of each field 1 record (value 0 when absent). */
function entriesOnTheWire(bytes: Uint8Array): { key: string; value: number }[] {
  return readFields(bytes)
    .fields.filter((f) => f.field === 1 && f.wireType === 2)
    .map((f) => {
      const inner = readFields(f.value).fields;
      const key = inner.filter((x) => x.field === 1).pop();
      const value = inner.filter((x) => x.field === 2).pop();
      return { key: key ? new TextDecoder().decode(key.value) : "", value: value?.varint !== undefined ? Number(BigInt.asIntN(32, value.varint)) : 0 };
    });
}

const noMapSyntax = check("no-map-syntax", (a): CheckResult => {
  const { m, problem } = compiled(a, "lesson.maps.v1.ScoreList");
  if (!m) return fail(problem!);
  const map = m.fields.find((f) => f.fieldKind === "map");
  if (map) return fail(`\`${map.name}\` is declared with the map syntax, which the old generator cannot parse: declare the entries yourself`);
  return pass("ScoreList declares no map field");
});

const readsEntries = check("reads-entries", (a): CheckResult => {
  const { m, problem } = compiled(a, "lesson.maps.v1.ScoreList");
  if (!m) return fail(problem!);
  const bytes = a.bytes("scores.hex");
  let read;
  try {
    read = fromBinary(m, bytes);
  } catch (e) {
    return fail(`ScoreList cannot read scores.hex: ${(e as Error).message}`);
  }
  const unknown = unknownFieldNumbers(read);
  if (unknown.length > 0) return fail(`reading scores.hex as ScoreList leaves field${new Set(unknown).size === 1 ? "" : "s"} ${[...new Set(unknown)].join(", ")} unknown somewhere: every record must land in a declared field`);
  const list = m.fields.find((f) => f.number === 1);
  if (!list || list.fieldKind !== "list" || list.listKind !== "message") return fail("field 1 must be a list of entry messages: a map is a repeated field on the wire, one message per entry");
  const entry = list.message;
  const key = entry.fields.find((f) => f.number === 1);
  const value = entry.fields.find((f) => f.number === 2);
  if (!key || !value) return fail(`the entry message ${entry.name} needs the key as field 1 and the value as field 2`);
  const json = toJson(m, read, { alwaysEmitImplicit: true }) as JsonObject;
  const got = ((json[list.jsonName] as JsonObject[] | undefined) ?? []).map((e) => `${String(e[key.jsonName] ?? "")}=${String(e[value.jsonName] ?? 0)}`);
  const want = entriesOnTheWire(bytes).map((e) => `${e.key}=${e.value}`);
  if (got.join(", ") !== want.join(", ")) return fail(`ScoreList reads the entries as ${got.join(", ")}; the bytes hold ${want.join(", ")}: check the key's and value's types`);
  return pass(`every entry read, in order: ${want.join(", ")}`);
});

const writesSame = check("same-bytes", (a): CheckResult => {
  const { m } = compiled(a, "lesson.maps.v1.ScoreList");
  if (!m) return fail("the schema must compile first");
  const bytes = a.bytes("scores.hex");
  let out: Uint8Array;
  try {
    out = toBinary(m, fromBinary(m, bytes, { readUnknownFields: false }));
  } catch (e) {
    return fail(`ScoreList cannot read scores.hex: ${(e as Error).message}`);
  }
  const why = explainDifference(out, bytes);
  return why ? fail(`written back, ScoreList's bytes differ from scores.hex: ${why}`) : pass("written back, the bytes are exactly scores.hex");
});

function scoreboard(a: Attempt, bytes: Uint8Array): { json?: JsonObject; m?: DescMessage; problem?: string } {
  const { m, problem } = compiled(a, "lesson.maps.v1.Scoreboard");
  if (!m) return { problem };
  try {
    return { json: toJson(m, fromBinary(m, bytes), { alwaysEmitImplicit: true }) as JsonObject, m };
  } catch (e) {
    return { problem: `a reader cannot read the bytes: ${(e as Error).message}` };
  }
}

const readBoard = check("values", (a): CheckResult => {
  const { json, m, problem } = scoreboard(a, a.bytes("board.hex"));
  if (!json || !m) return fail(problem!);
  const scores = (json.scores as Record<string, JsonValue>) ?? {};
  const member = m.oneofs[0]!.fields.find((f) => json[f.jsonName] !== undefined);
  const lines = answerLines(a.text("answer.txt"))
    .map((l) => ({ l, x: /^([A-Za-z_]\w*)\s*[:=]\s*(.*)$/.exec(l.text) }))
    .filter((e) => e.x);
  const winner = lines.find((e) => e.x![1]!.toLowerCase() === "winner");
  const players = lines.filter((e) => e.x![1]!.toLowerCase() !== "winner");
  if (players.length === 0) return fail("answer.txt lists no player yet: one line per player, `NAME: SCORE`");
  for (const { l, x } of players) {
    const name = x![1]!;
    if (!(name in scores)) return fail(`answer.txt:${l.line}: ${name} is not in the map a reader ends up with`);
    if (x![2]!.trim() !== String(scores[name])) {
      return fail(`answer.txt:${l.line}: ${name}'s score is not ${x![2]!.trim() || "empty"}: a later entry with the same key replaces the value, and an entry with no value field holds 0`);
    }
  }
  const missing = Object.keys(scores).filter((k) => !players.some((p) => p.x![1] === k));
  if (missing.length > 0) return fail(`the map holds ${Object.keys(scores).length} players; answer.txt names ${players.length}: read every entry`);
  if (!winner) return fail("answer.txt has no `winner:` line yet: write the member and its value, e.g. `winner: team 2`");
  const w = /^([a-z_]+)\s*[:=]?\s*(.*)$/i.exec(winner.x![2]!.trim());
  const right = !!member && !!w && w[1]!.toLowerCase() === member.name && readString(w[2]!) === String(json[member.jsonName]);
  if (!right) return fail(`answer.txt:${winner.l.line}: the winner is not \`${winner.x![2]!.trim()}\`: of the oneof's members, only the last one read is kept, with its value`);
  return pass("the map and the winner are what a reader keeps");
});

const WANT = { zoe: 1, ann: 2, bo: 3 };

const sortedMap = check("scores", (a): CheckResult => {
  const { json, problem } = scoreboard(a, a.assemble("sorted.protoscope").bytes);
  if (!json) return fail(problem!);
  const scores = (json.scores as Record<string, JsonValue>) ?? {};
  const got = Object.entries(scores)
    .map(([k, v]) => `${k} ${String(v)}`)
    .sort()
    .join(", ");
  const want = Object.entries(WANT)
    .map(([k, v]) => `${k} ${v}`)
    .sort()
    .join(", ");
  return got === want ? pass("the map reads zoe 1, ann 2, bo 3") : fail(`the map reads ${got || "empty"}; it should read ${want}`);
});

const sortedOrder = check("sorted", (a): CheckResult => {
  const entries = entriesOnTheWire(a.assemble("sorted.protoscope").bytes);
  const keys = entries.map((e) => e.key);
  if (new Set(keys).size !== keys.length) return fail("a key is written twice: a deterministic writer writes each key once");
  const sorted = [...keys].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  return keys.join(",") === sorted.join(",") ? pass(`the entries come sorted by key: ${keys.join(", ")}`) : fail(`the entries come in the order ${keys.join(", ")}; a deterministic writer sorts them by key`);
});

const checks: LessonChecks = {
  "no-map-syntax": [noMapSyntax, readsEntries, writesSame],
  "read-board": [readBoard],
  sorted: [assembles("sorted.protoscope"), sortedMap, sortedOrder],
};

export default checks;
