import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { assemble } from "../protoscope/assembler.ts";
import { breakingFromSources } from "./breaking.ts";
import { CATEGORIES, evolve, type EvolveInput } from "./evolve.ts";

const dir = join(import.meta.dirname, "../../examples/lessons/evolution");
const ex = (f: string) => readFileSync(join(dir, f), "utf8");
const bytes = assemble(ex("stored.protoscope")).bytes;
const input = (v2: string, extra: Partial<EvolveInput> = {}): EvolveInput => ({ against: { "user.proto": ex("user.proto") }, current: { "user.proto": ex(v2) }, type: "lesson.evolve.v1.User", bytes, ...extra });
const counts = (r: ReturnType<typeof evolve>) => Object.fromEntries(r.categories.map((c) => [c.category, c.findings.map((f) => f.code)]));

describe("evolve: the Evolve panel's one call", () => {
  it("int32 -> sint32: the reader reinterprets, every category objects", () => {
    const r = evolve(input("user_sint32.proto"));
    expect(r.errors).toEqual([]);
    expect(r.view!.records.find((x) => x.field === 3)).toMatchObject({ outcome: "reinterpreted", reader: { value: "2147483523" } });
    expect(counts(r)).toEqual({ FILE: ["FIELD_SAME_TYPE"], PACKAGE: ["FIELD_SAME_TYPE"], WIRE_JSON: ["FIELD_WIRE_JSON_COMPATIBLE_TYPE"], WIRE: ["FIELD_WIRE_COMPATIBLE_TYPE"] });
    expect(r.sizes).toEqual({ written: bytes.length, readerWrites: bytes.length - 5, v2Writes: bytes.length - 8 });
    // Each finding points at the field in both versions.
    const f = r.categories[3]!.findings[0]!;
    expect(f.span).toMatchObject({ kind: "text", file: "user.proto", start: { line: 10 } });
    expect(f.against).toMatchObject({ kind: "text", file: "user.proto", start: { line: 10 } });
  });

  it("int32 -> int64: the same value; only the generated-code categories object", () => {
    const r = evolve(input("user_int64.proto"));
    expect(r.view!.records.find((x) => x.field === 3)!.outcome).toBe("sign-extended");
    expect(counts(r)).toEqual({ FILE: ["FIELD_SAME_TYPE"], PACKAGE: ["FIELD_SAME_TYPE"], WIRE_JSON: ["FIELD_WIRE_JSON_COMPATIBLE_TYPE"], WIRE: [] });
  });

  it("tries a what-if change on v2 and reports it beside the current state", () => {
    const r = evolve(input("user.proto", { whatIf: { target: { file: "user.proto", message: "User", field: 6 }, change: { kind: "delete", reserve: "number" } } }));
    expect(counts(r)).toEqual({ FILE: [], PACKAGE: [], WIRE_JSON: [], WIRE: [] });
    expect(r.whatIf!.label).toBe("delete, reserve 6");
    expect(r.whatIf!.text).toContain("  reserved 6;\n");
    expect(r.whatIf!.view!.records.find((x) => x.field === 6)!.outcome).toBe("unknown-deleted");
    expect(Object.fromEntries(r.whatIf!.categories.map((c) => [c.category, c.findings.map((f) => f.code)]))).toEqual({ FILE: ["FIELD_NO_DELETE"], PACKAGE: ["FIELD_NO_DELETE"], WIRE_JSON: ["FIELD_NO_DELETE_UNLESS_NAME_RESERVED"], WIRE: [] });
    expect(r.fields.map((f) => f.name)).toEqual(["id", "name", "balance_cents", "badges", "tier", "login_count", "note"]);
  });

  it("says which version does not compile, and shows nothing else", () => {
    const r = evolve({ ...input("user.proto"), current: { "user.proto": "syntax = \"proto3\";\nmessage {" } });
    expect(r.errors.map((e) => e.side)).toEqual(["v2"]);
    expect(r.view).toBeUndefined();
    expect(r.categories).toEqual([]);
  });
});

describe("evolve splits one run of the four categories the way buf runs each alone", () => {
  const cases = join(import.meta.dirname, "testdata/breaking");
  const read = (d: string): Record<string, string> => {
    const out: Record<string, string> = {};
    const walk = (rel: string) => {
      for (const name of readdirSync(join(d, rel))) {
        const p = rel ? `${rel}/${name}` : name;
        if (statSync(join(d, p)).isDirectory()) walk(p);
        else if (name.endsWith(".proto")) out[p] = readFileSync(join(d, p), "utf8");
      }
    };
    walk("");
    return out;
  };
  for (const name of readdirSync(cases).filter((n) => statSync(join(cases, n)).isDirectory())) {
    it(name, () => {
      const against = read(join(cases, name, "old"));
      const current = read(join(cases, name, "new"));
      const r = evolve({ against, current, type: "", bytes: new Uint8Array(0) });
      if (r.errors.length > 0) return expect(breakingFromSources(against, current).findings).toEqual([]);
      for (const c of CATEGORIES) {
        const alone = breakingFromSources(against, current, { use: [c] }).findings;
        expect(r.categories.find((x) => x.category === c)!.findings.map((f) => [f.code, f.message]), c).toEqual(alone.map((f) => [f.code, f.message]));
      }
    });
  }
});
