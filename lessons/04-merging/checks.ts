/**
 * merging: patch (bytes appended to a stored message, graded by what @bufbuild/protobuf reads from
 * the two together), read-history (what three appended writes add up to, graded against the same
 * reader), and mixed-list (one repeated field written packed and expanded in one message).
 */
import { fromBinary, toJson, type DescMessage, type JsonObject, type JsonValue } from "@bufbuild/protobuf";
import { Attempt, answerLines, assembles, check, fail, pass, readString } from "../../engine/lessons/index.ts";
import type { CheckResult, LessonChecks } from "../../engine/lessons/index.ts";

const PROFILE = "lesson.merging.v1.Profile";

function profile(a: Attempt): { m?: DescMessage; problem?: string } {
  const err = Attempt.firstError(a.schema().compileDiagnostics);
  if (err) return { problem: `profile.proto does not compile: ${err}` };
  const m = a.messageType(PROFILE);
  return m ? { m } : { problem: `the schema has no message ${PROFILE}` };
}

/** What a reader with the schema reads from the bytes, as ProtoJSON; a problem when it cannot. */
function read(m: DescMessage, bytes: Uint8Array): { json?: JsonObject; problem?: string } {
  try {
    return { json: toJson(m, fromBinary(m, bytes)) as JsonObject };
  } catch (e) {
    return { problem: `a reader with profile.proto cannot read the bytes: ${(e as Error).message}` };
  }
}

const show = (v: JsonValue | undefined) => (v === undefined ? "unset" : JSON.stringify(v));

/** The first path where two ProtoJSON values differ ("address.city"), with both values. */
function firstDifference(got: JsonValue | undefined, want: JsonValue | undefined, path = ""): { path: string; got?: JsonValue; want?: JsonValue } | undefined {
  if (JSON.stringify(got) === JSON.stringify(want)) return undefined;
  const isObj = (v: JsonValue | undefined): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);
  if (isObj(got) && isObj(want)) {
    for (const k of new Set([...Object.keys(want), ...Object.keys(got)])) {
      const d = firstDifference(got[k], want[k], path ? `${path}.${k}` : k);
      if (d) return d;
    }
  }
  return { path, got, want };
}

const patchReads = check("reads-as-wanted", (a): CheckResult => {
  const { m, problem } = profile(a);
  if (!m) return fail(problem!);
  const stored = a.bytes("stored.hex");
  const patch = a.assemble("patch.protoscope").bytes;
  const both = new Uint8Array(stored.length + patch.length);
  both.set(stored);
  both.set(patch, stored.length);
  const before = read(m, stored);
  const after = read(m, both);
  if (!after.json) return fail(after.problem!);
  const want = structuredClone(before.json!) as JsonObject;
  want.score = 99;
  want.tags = [...((want.tags as string[] | undefined) ?? []), "gold"];
  want.address = { ...((want.address as JsonObject | undefined) ?? {}), city: "Trondheim" };
  const d = firstDifference(after.json, want);
  if (!d) return pass("stored + patch reads as stored, with score 99, the tag gold added and the city Trondheim");
  const why =
    d.path === "tags" && Array.isArray(d.got) && d.got.length > (want.tags as string[]).length
      ? ": a list appends every element it reads, so a patch carries only the new ones"
      : d.path.startsWith("address.") && d.path !== "address.city"
        ? ": the patch's address is merged into the stored one field by field, so leave out what should stay"
        : "";
  return fail(`stored + patch reads ${d.path || "the message"} as ${show(d.got)}; it should read ${show(d.want)}${why}`);
});

const patchIsSmall = check("only-changes", (a): CheckResult => {
  const { m } = profile(a);
  if (!m) return fail("profile.proto must compile first");
  const patch = read(m, a.assemble("patch.protoscope").bytes);
  if (!patch.json) return fail(patch.problem!);
  if (a.assemble("patch.protoscope").bytes.length === 0) return fail("the patch is empty: appending nothing changes nothing");
  const extra = Object.keys(patch.json).filter((k) => !["score", "tags", "address"].includes(k));
  if (extra.length > 0) return fail(`the patch also writes ${extra.join(", ")}: a patch carries what changes, nothing more`);
  return pass("the patch writes only score, tags and address");
});

/** answer.txt's lines `key: value`, keys lower-cased. */
function answers(a: Attempt): Map<string, { line: number; value: string }> {
  const out = new Map<string, { line: number; value: string }>();
  for (const l of answerLines(a.text("answer.txt"))) {
    const x = /^([A-Za-z_.]+)\s*[:=]\s*(.*)$/.exec(l.text);
    if (x) out.set(x[1]!.toLowerCase(), { line: l.line, value: x[2]!.trim() });
  }
  return out;
}

const list = (text: string) =>
  text
    .replace(/^\[|\]$/g, "")
    .split(/\s*,\s*|\s+/)
    .filter(Boolean)
    .map((x) => readString(x));

const readHistory = check("values", (a): CheckResult => {
  const { m, problem } = profile(a);
  if (!m) return fail(problem!);
  const r = read(m, a.bytes("history.hex"));
  if (!r.json) return fail(r.problem!);
  const json = r.json;
  const address = (json.address as JsonObject | undefined) ?? {};
  const contactField = m.oneofs.find((o) => o.name === "contact")!.fields.find((f) => json[f.jsonName] !== undefined);
  const said = answers(a);
  const asked: { key: string; want: string | string[]; compare: (v: string) => boolean }[] = [
    { key: "name", want: String(json.name ?? ""), compare: (v) => readString(v) === String(json.name ?? "") },
    { key: "score", want: String(json.score ?? 0), compare: (v) => v.trim() === String(json.score ?? 0) },
    { key: "tags", want: (json.tags as string[]) ?? [], compare: (v) => JSON.stringify(list(v)) === JSON.stringify(json.tags ?? []) },
    { key: "badges", want: ((json.badges as number[]) ?? []).map(String), compare: (v) => JSON.stringify(list(v)) === JSON.stringify(((json.badges as number[]) ?? []).map(String)) },
    { key: "city", want: String(address.city ?? ""), compare: (v) => readString(v) === String(address.city ?? "") },
    { key: "street", want: String(address.street ?? ""), compare: (v) => readString(v) === String(address.street ?? "") },
    {
      key: "contact",
      want: contactField ? `${contactField.name} ${String(json[contactField.jsonName])}` : "none",
      compare: (v) => {
        const x = /^([a-z_]+)\s*[:=]?\s*(.*)$/i.exec(v.trim());
        return !!contactField && !!x && x[1]!.toLowerCase() === contactField.name && readString(x[2]!) === String(json[contactField.jsonName]);
      },
    },
  ];
  for (const q of asked) {
    const s = said.get(q.key) ?? said.get(`address.${q.key}`);
    if (!s || s.value === "") return fail(`answer.txt has nothing for \`${q.key}\` yet`);
    if (q.compare(s.value)) continue;
    const hint: Record<string, string> = {
      name: "a later string replaces an earlier one",
      score: "a later number replaces an earlier one",
      tags: "every element read is appended, in the order read",
      badges: "packed records and lone varints of field 7 all add to one list, in the order read",
      city: "the addresses merge field by field; a later city replaces an earlier one",
      street: "the addresses merge field by field; a later address that leaves the street out keeps the earlier street",
      contact: "write the member's name and its value, e.g. `contact: email a@b.c`; only the last member of the oneof read survives",
    };
    return fail(`answer.txt:${s.line}: ${q.key} is not \`${s.value}\` after the three writes: ${hint[q.key]}`);
  }
  return pass("the name, score, lists, address and contact are what the reader ends up with");
});

const mixedReads = check("reads-1-2-150-3", (a): CheckResult => {
  const { m, problem } = profile(a);
  if (!m) return fail(problem!);
  const r = read(m, a.assemble("badges.protoscope").bytes);
  if (!r.json) return fail(r.problem!);
  const got = (r.json.badges as number[] | undefined) ?? [];
  return JSON.stringify(got) === "[1,2,150,3]" ? pass("badges read 1, 2, 150, 3") : fail(`badges read [${got.join(", ")}]; they should read [1, 2, 150, 3]`);
});

const mixedForms = check("packed-then-expanded", (a): CheckResult => {
  const records = a.fields("badges.protoscope").fields.filter((f) => f.field === 7);
  const forms = records.map((f) => (f.wireType === 2 ? "packed" : f.wireType === 0 ? "expanded" : "other"));
  if (forms.length === 2 && forms[0] === "packed" && forms[1] === "expanded") return pass("one packed record (1, 2, 150), then one expanded record (3)");
  return fail(`field 7 is written as ${forms.length} record${forms.length === 1 ? "" : "s"} (${forms.join(", ") || "none"}); write one packed record, then one expanded record`);
});

const checks: LessonChecks = {
  patch: [assembles("patch.protoscope"), patchReads, patchIsSmall],
  "read-history": [readHistory],
  "mixed-list": [assembles("badges.protoscope"), mixedReads, mixedForms],
};

export default checks;
