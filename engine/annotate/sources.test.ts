// One tree per result: a typed protoscope input and a bytes input (linked to its disassembly) give
// one tree, the schema's reading with the text's source ranges. Checked over every example and
// lesson directory with a schema and a text-format message (its bytes, read as bytes and as the
// disassembly typed in again), over every protoscope file's bytes read with no type, and on
// inputs written unlike the schema reads them.
import { readdirSync, readFileSync, statSync } from "node:fs";
import type { DescMessage } from "@bufbuild/protobuf";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { annotateBytes } from "./decode.ts";
import { attachSources } from "./sources.ts";
import { walkAnnotations, type Annotation, type AnnotationList } from "./types.ts";
import { assemble } from "../protoscope/index.ts";
import { runWorkspace } from "../workspace/run.ts";
import { compileSchema } from "../workspace/schema.ts";
import type { Workspace, WorkspaceFile } from "../workspace/types.ts";

const ROOT = join(import.meta.dirname, "..", "..");

/** Directories with .proto files and a text-format message naming its type. */
function corpus(): { dir: string; protos: WorkspaceFile[]; text: string; type: string }[] {
  const out: { dir: string; protos: WorkspaceFile[]; text: string; type: string }[] = [];
  const walk = (dir: string) => {
    const names = readdirSync(dir).sort();
    const protos: WorkspaceFile[] = names.filter((n) => n.endsWith(".proto")).map((n) => ({ kind: "proto", name: n, text: readFileSync(join(dir, n), "utf8") }));
    for (const n of names) {
      const path = join(dir, n);
      if (statSync(path).isDirectory()) walk(path);
      else if (n.endsWith(".txtpb") && protos.length > 0) {
        const text = readFileSync(path, "utf8");
        const type = /^# proto-message: (\S+)/m.exec(text)?.[1];
        if (type) out.push({ dir: `${dir.slice(ROOT.length + 1)}/${n}`, protos, text, type });
      }
    }
  };
  walk(join(ROOT, "examples"));
  walk(join(ROOT, "lessons"));
  return out;
}

/** Every protoscope file of the examples and lessons. */
function protoscopeFiles(): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const n of readdirSync(dir).sort()) {
      const path = join(dir, n);
      if (statSync(path).isDirectory()) walk(path);
      else if (n.endsWith(".protoscope")) out.push({ path: path.slice(ROOT.length + 1), text: readFileSync(path, "utf8") });
    }
  };
  walk(join(ROOT, "examples"));
  walk(join(ROOT, "lessons"));
  return out;
}

const unlinked = (nodes: AnnotationList): unknown => JSON.parse(JSON.stringify([...nodes], (k, v: unknown) => (k === "source" ? undefined : v)));

/** Every node, depth first, with its depth. */
function nodes(list: AnnotationList): { node: Annotation; depth: number }[] {
  const out: { node: Annotation; depth: number }[] = [];
  walkAnnotations(list, (node, depth) => void out.push({ node, depth }));
  return out;
}

/**
 * The one tree `tree` against the text's tree `text` over the same bytes:
 * - it is the decoder's tree, node for node, but for source ranges;
 * - every range starts where one of the text's nodes starts and ends where one ends;
 * - every token of the text still links to its bytes: the deepest node whose range holds the
 *   token's (what a cursor on it selects) overlaps the token's bytes.
 */
function checkOneTree(tree: AnnotationList, text: AnnotationList, decoded: AnnotationList, where: string): number {
  expect(unlinked(tree), where).toEqual(unlinked(decoded));
  const all = nodes(text);
  const froms = new Set(all.flatMap(({ node }) => (node.source ? [node.source.from] : [])));
  const tos = new Set(all.flatMap(({ node }) => (node.source ? [node.source.to] : [])));
  const linked = nodes(tree).filter(({ node }) => node.source);
  for (const { node } of linked) {
    expect(froms.has(node.source!.from) && tos.has(node.source!.to), `${where}: ${JSON.stringify(node.source)}`).toBe(true);
  }
  let tokens = 0;
  for (const { node: token } of all) {
    if (token.children?.length || !token.source || token.bytes[0] === token.bytes[1]) continue;
    const s = token.source;
    let best: { node: Annotation; depth: number } | undefined;
    for (const c of nodes(tree)) {
      if (c.node.source && c.node.source.from <= s.from && s.to <= c.node.source.to && (!best || c.depth > best.depth)) best = c;
    }
    expect(best, `${where}: no node links ${JSON.stringify(s)}`).toBeDefined();
    expect(best!.node.bytes[0] < token.bytes[1] && token.bytes[0] < best!.node.bytes[1], `${where}: ${JSON.stringify(s)} selects ${best!.node.bytes}, not ${token.bytes}`).toBe(true);
    tokens++;
  }
  return tokens;
}

describe("one tree per result", () => {
  const cases = corpus();

  it("covers the corpus", () => {
    expect(cases.length).toBeGreaterThanOrEqual(7);
    expect(scopes.length).toBeGreaterThanOrEqual(40);
  });

  const scopes = protoscopeFiles();
  it.each(scopes.map((c) => [c.path, c] as const))("%s: its bytes with no type, linked into their disassembly", (where, c) => {
    const bytes = assemble(c.text, { recover: true }).bytes;
    const r = runWorkspace({ files: [{ kind: "bytes", name: "m.bin", bytes, messageType: "" }], active: "m.bin" });
    expect(r.sourceFile, where).toBe("m.bin");
    checkOneTree(r.annotations, assemble(r.disassembly!).annotations, annotateBytes(bytes).annotations, where);
  });

  it.each(cases.map((c) => [c.dir, c] as const))("%s: as bytes, and its disassembly typed in again", (where, c) => {
    const encoded = runWorkspace({ files: [...c.protos, { kind: "textformat", name: "m.txtpb", text: c.text, messageType: c.type }], active: "m.txtpb" });
    expect(encoded.bytes.length, where).toBeGreaterThan(0);
    const message = () => {
      const ws: Workspace = { files: [...c.protos, { kind: "bytes", name: "m.bin", bytes: encoded.bytes, messageType: c.type }], active: "m.bin" };
      return runWorkspace(ws);
    };

    // Bytes: the decoded tree, linked into the disassembly shown.
    const asBytes = message();
    expect(asBytes.sourceFile, where).toBe("m.bin");
    const shown = assemble(asBytes.disassembly!);
    const decodedFresh = () => annotateBytes(encoded.bytes, { message: messageOf(c) }).annotations;
    expect(checkOneTree(asBytes.annotations, shown.annotations, decodedFresh(), `${where} (bytes)`), where).toBeGreaterThan(0);

    // The disassembly typed in as protoscope with the type chosen: one tree again.
    const typed = runWorkspace({ files: [...c.protos, { kind: "protoscope", name: "m.protoscope", text: asBytes.disassembly!, messageType: c.type }], active: "m.protoscope" });
    expect(typed.sourceFile, where).toBe("m.protoscope");
    expect(checkOneTree(typed.annotations, shown.annotations, decodedFresh(), `${where} (protoscope)`), where).toBeGreaterThan(0);
  });

  it("links text written unlike the schema reads it: split strings, hex literals, a message read as a string", () => {
    const proto = 'syntax = "proto3";\nmessage M { int32 a = 1; string s = 2; N n = 3; string t = 4; }\nmessage N { int32 x = 1; }\n';
    const run = (text: string) => runWorkspace({ files: [{ kind: "proto", name: "m.proto", text: proto }, { kind: "protoscope", name: "in", text, messageType: "M" }], active: "in" });
    const check = (text: string) => {
      const r = run(text);
      expect(r.diagnostics["in"]).toEqual([]);
      checkOneTree(r.annotations, assemble(text).annotations, annotateBytes(r.bytes, { message: messageOfProto(proto) }).annotations, text);
      return r.annotations;
    };
    // Two string literals make one string: it links to both.
    const split = check('2: {"ab" "c"}');
    expect(split.at(0)).toMatchObject({ name: "s", source: { from: 0, to: 13 } });
    expect(split.at(0)!.children!.at(2)).toMatchObject({ kind: "string", value: "abc", source: { from: 4, to: 12 } });
    // A field read out of a hex literal links to the literal; its tag and value have no range of their own.
    const hex = check("3: {`0807`}");
    const x = hex.at(0)!.children!.at(2)!;
    expect(x).toMatchObject({ name: "x", value: "7", source: { from: 4, to: 10 } });
    expect([...x.children!].map((n) => n.source)).toEqual([undefined, undefined]);
    // Written as a message, read as a string: the string links to the whole block.
    const other = check("4: {1: 104 1: 105}");
    expect(other.at(0)!.children!.at(2)).toMatchObject({ kind: "string", source: { from: 4, to: 17 } });
    // The assembler's own tree, with no type: unchanged.
    const untyped = runWorkspace({ files: [{ kind: "protoscope", name: "in", text: '2: {"ab" "c"}', messageType: "" }], active: "in" });
    expect(untyped.annotations.at(0)!.name).toBeUndefined();
  });

  it("leaves a tree over other bytes unlinked rather than linking it wrongly", () => {
    const decoded = annotateBytes(new Uint8Array([8, 1, 16, 2])).annotations;
    const text = assemble("1: 1").annotations;
    attachSources(decoded, text);
    expect(decoded[0]!.source).toEqual(text.at(0)!.source);
    expect(decoded[1]!.source).toBeUndefined();
  });
});


function messageOf(c: { protos: WorkspaceFile[]; type: string }): DescMessage {
  const sources: Record<string, string> = {};
  for (const f of c.protos) if (f.kind === "proto") sources[f.name] = f.text;
  return compileSchema(sources, {}).registry!.getMessage(c.type)!;
}

function messageOfProto(proto: string): DescMessage {
  return compileSchema({ "m.proto": proto }, {}).registry!.getMessage("M")!;
}
