// The reader's view against today's protoc: random schemas (proto2, proto3, edition 2023), one
// random change each, a random message written with the first version; what readAs says the
// second version reads must be what `protoc --decode` (36.2) prints under it, value for value and
// unknown fields included, and what readAs says the reader writes back must be what protoc
// encodes from that text (when the text has no unknown fields, which its parser cannot read, and
// no NaN, whose payload bits text cannot carry).
// WIRELAB_PROPERTY_RUNS=N runs more cases (the note reports a long run).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { compile } from "../schema/index.ts";
import { findTool, missingToolReason } from "../testing/tools.ts";
import { randomChange, randomMessage, randomSchema, renderSchema, Rng } from "./random-change.ts";
import { readAs, type RecordView } from "./read-as.ts";
import { serializeParsed } from "./reencode.ts";

const protoc = findTool("protoc-36");
const RUNS = Number(process.env.WIRELAB_PROPERTY_RUNS ?? 150);
const dir = mkdtempSync(join(tmpdir(), "wirelab-readas-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function protocRun(args: string[], input: Uint8Array) {
  const r = spawnSync(protoc!, [`-I${dir}`, ...args], { input, maxBuffer: 1 << 24 });
  return { status: r.status, stdout: r.stdout.toString("utf8"), stdoutBytes: new Uint8Array(r.stdout), stderr: r.stderr.toString("utf8") };
}

/** The lines protoc prints for a record's final value at the top level: each entry lists the forms one line may take. */
function expectedLines(r: RecordView): string[][] {
  if (r.reader.unknown) {
    // An unknown LEN record prints as a block when its payload parses as fields; a group always does.
    if (r.wireType === 3) return [[`${r.field} {`]];
    return r.wireType === 2 ? [[`${r.field}: ${r.reader.value ?? ""}`, `${r.field} {`]] : [[`${r.field}: ${r.reader.value}`]];
  }
  if (r.outcome === "enum-closed-unknown") return [[`${r.field}: `]];
  if (r.reader.value === undefined) return [[`${r.reader.name} {`]];
  const v = r.reader.value;
  if (v.startsWith("[")) return v === "[]" ? [] : v.slice(1, -1).split(", ").map((x) => [`${r.reader.name}: ${x}`]);
  return [[`${r.reader.name}: ${v}`]];
}

const stats = { cases: 0, failures: 0, reencoded: 0, outcomes: new Map<string, number>(), changes: new Map<string, number>() };

function checkCase(seed: number): void {
  const rng = new Rng(seed);
  const v1 = randomSchema(rng);
  const { next: v2, change } = randomChange(v1, rng);
  const t1 = renderSchema(v1);
  const t2 = renderSchema(v2);
  const c1 = compile({ "v1.proto": t1 });
  const c2 = compile({ "v2.proto": t2 });
  const context = `seed ${seed}, change ${JSON.stringify(change)}\n--- v1\n${t1}--- v2\n${t2}`;
  expect(c1.diagnostics.filter((d) => d.severity === "error"), context).toEqual([]);
  expect(c2.diagnostics.filter((d) => d.severity === "error"), context).toEqual([]);
  const d1 = c1.registry!.getMessage("t.M")!;
  const d2 = c2.registry!.getMessage("t.M")!;
  const bytes = serializeParsed(randomMessage(d1, rng));
  writeFileSync(join(dir, "v1.proto"), t1);
  writeFileSync(join(dir, "v2.proto"), t2);

  // The writer's bytes read back under v1 as written (the generator's own sanity).
  const back = protocRun(["--decode=t.M", "v1.proto"], bytes);
  expect(back.status, `${context}\nv1 could not read its own bytes: ${back.stderr}`).toBe(0);

  const view = readAs(bytes, d1, d2, { writerRegistry: c1.registry, readerRegistry: c2.registry });
  const theirs = protocRun(["--decode=t.M", "v2.proto"], bytes);
  const where = `${context}\nbytes ${Buffer.from(bytes).toString("hex")}`;
  expect(view.ok, `${where}\nprotoc: ${theirs.stderr}`).toBe(theirs.status === 0);
  expect(view.text, where).toBe(theirs.status === 0 ? theirs.stdout : "");
  stats.cases++;
  stats.changes.set(change.kind, (stats.changes.get(change.kind) ?? 0) + 1);
  for (const r of view.records) stats.outcomes.set(r.outcome, (stats.outcomes.get(r.outcome) ?? 0) + 1);
  if (!view.ok) {
    // It names the record where protoc's parse gave up (protoc only says "Failed to parse input.").
    expect(theirs.stderr, where).toContain("Failed to parse input.");
    const failing = view.records.find((r) => r.outcome === "parse-failure");
    expect(failing, `${where}\nno record says where the parse fails`).toBeDefined();
    stats.failures++;
    return;
  }
  // Value for value: every record whose value the reader keeps appears in protoc's text.
  const top = theirs.stdout.split("\n").filter((l) => !l.startsWith(" "));
  for (const r of view.records) {
    if (r.written === "dropped" || r.outcome === "merged") continue;
    for (const forms of expectedLines(r)) {
      expect(
        top.some((l) => forms.some((form) => l.startsWith(form))),
        `${where}\nrecord ${JSON.stringify(r)}\nexpected a line starting ${forms.map((f) => JSON.stringify(f)).join(" or ")} in\n${theirs.stdout}`,
      ).toBe(true);
    }
  }
  // What the reader writes back: protoc encodes the same bytes from its own text.
  // (Not when a float is NaN: the text says "nan", and a NaN's payload bits do not survive text.)
  if (!/^\s*\d+[: ]/m.test(theirs.stdout) && !/: -?nan$/m.test(theirs.stdout)) {
    const enc = protocRun(["--encode=t.M", "v2.proto"], new TextEncoder().encode(theirs.stdout));
    expect(enc.status, `${where}\n${enc.stderr}`).toBe(0);
    expect(Buffer.from(view.reencoded!).toString("hex"), where).toBe(Buffer.from(enc.stdoutBytes).toString("hex"));
    stats.reencoded++;
  }
}

describe("the reader's view agrees with protoc 36.2 --decode", () => {
  it.skipIf(!protoc)(`${RUNS} random schema changes${protoc ? "" : ` (${missingToolReason("protoc-36")})`}`, () => {
    const version = spawnSync(protoc!, ["--version"], { encoding: "utf8" }).stdout.trim();
    expect(version).toBe("libprotoc 36.2");
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => checkCase(seed)),
      { numRuns: RUNS, seed: 20261126, endOnFailure: true },
    );
    // The generator reaches the outcomes the view distinguishes (a generator that drifted to
    // "same" everywhere would pass without testing anything).
    for (const o of ["same", "reinterpreted", "unknown-deleted", "unknown-wire-type", "truncated", "widened"]) expect(stats.outcomes.get(o) ?? 0, o).toBeGreaterThan(0);
    expect(stats.reencoded).toBeGreaterThan(RUNS / 4);
    if (process.env.WIRELAB_PROPERTY_RUNS) console.log(JSON.stringify({ ...stats, outcomes: Object.fromEntries(stats.outcomes), changes: Object.fromEntries(stats.changes) }));
  }, 600_000);
});
