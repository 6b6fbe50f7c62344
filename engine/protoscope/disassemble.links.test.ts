// The disassembler's recorded links are the links the assembler finds in the same text: for every
// example and lesson file's bytes (with no type, and typed where a schema and message are at hand)
// and for generated inputs, the recorded tree equals the assembler's tree of the printed text, node
// for node (byte range and source range), or the recording says it was lost (groups, long forms).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RangeTree } from "../annotate/sources.ts";
import { assembledRanges } from "./assemble-annotations.ts";
import { assemble } from "./assembler.ts";
import { disassemble, disassembleLinked, type DisassembleOptions } from "./disassemble.ts";
import { runWorkspace } from "../workspace/run.ts";
import { compileSchema } from "../workspace/schema.ts";

const ROOT = join(import.meta.dirname, "..", "..");

interface Node {
  bytes: [number, number];
  source: [number, number];
  children: Node[];
}

function plain(t: RangeTree, id = t.root): Node[] {
  return Array.from(t.children(id), (c) => ({ bytes: [t.start(c), t.end(c)], source: [t.from(c), t.to(c)], children: plain(t, c) }));
}

/** Checks the recording against the assembler; returns whether there was one. */
function check(bytes: Uint8Array, options: DisassembleOptions, where: string): boolean {
  const { text, links } = disassembleLinked(bytes, options);
  expect(text, where).toBe(disassemble(bytes, options));
  if (!links) return false;
  const again = assemble(text);
  expect(again.bytes, where).toEqual(bytes);
  expect(plain(links), where).toEqual(plain(assembledRanges(again.annotations)!));
  return true;
}

function files(ext: string): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const n of readdirSync(dir).sort()) {
      const path = join(dir, n);
      if (statSync(path).isDirectory()) walk(path);
      else if (n.endsWith(ext)) out.push({ path: path.slice(ROOT.length + 1), text: readFileSync(path, "utf8") });
    }
  };
  walk(join(ROOT, "examples"));
  walk(join(ROOT, "lessons"));
  return out;
}

describe("the disassembler's recorded links", () => {
  it("are the assembler's for every protoscope file's bytes, read with no type", () => {
    let recorded = 0;
    const all = files(".protoscope");
    for (const f of all) {
      const bytes = assemble(f.text, { recover: true }).bytes;
      if (check(bytes, { fieldNames: true, enumNames: true }, f.path)) recorded++;
    }
    expect(all.length).toBeGreaterThan(40);
    expect(recorded).toBeGreaterThan(all.length * 0.8);
  });

  it("are the assembler's for every text-format example's bytes, read with its type (field and enum names as remarks)", () => {
    let n = 0;
    for (const f of files(".txtpb")) {
      const type = /^# proto-message: (\S+)/m.exec(f.text)?.[1];
      const dir = join(ROOT, f.path, "..");
      const protos = readdirSync(dir).filter((x) => x.endsWith(".proto"));
      if (!type || protos.length === 0) continue;
      const sources = Object.fromEntries(protos.map((p) => [p, readFileSync(join(dir, p), "utf8")]));
      const bytes = runWorkspace({ files: [...protos.map((p) => ({ kind: "proto" as const, name: p, text: sources[p]! })), { kind: "textformat", name: "m.txtpb", text: f.text, messageType: type }], active: "m.txtpb" }).bytes;
      const message = compileSchema(sources, {}).registry!.getMessage(type)!;
      expect(check(bytes, { fieldNames: true, enumNames: true, message }, f.path), f.path).toBe(true);
      n++;
    }
    expect(n).toBeGreaterThanOrEqual(7);
  });

  it("follow folds, packed columns, long strings and hex, and text that is not ASCII", () => {
    const cases = [
      '1: 150 2: {"abc"} 3: {1: 7 2: {"x"}}',
      "4: {1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 300 70000}",
      `5: {"${"é".repeat(50)}${"a".repeat(90)}🎉 \\x01"}`,
      "6: {`" + "ff".repeat(100) + "`}",
      "7: 1.5 8: 2.5i32 9: {}",
      "`ffff`",
      '1: {1: {1: {1: {1: {"deep"}}}}}',
    ];
    for (const c of cases) expect(check(assemble(c).bytes, { fieldNames: true }, c), c).toBe(true);
  });

  it("say they are lost where the printing replaces text (groups, long-form varints)", () => {
    expect(disassembleLinked(assemble("1: !{2: 3}").bytes).links).toBeUndefined();
    expect(disassembleLinked(assemble("1: long-form:2 3").bytes).links).toBeUndefined();
  });

  it("are the assembler's for arbitrary bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        check(bytes, {}, Buffer.from(bytes).toString("hex"));
      }),
      { numRuns: 400, seed: 7 },
    );
  });
});
