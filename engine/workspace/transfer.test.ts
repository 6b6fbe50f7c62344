import { describe, expect, it } from "vitest";
import type { AnnotationList } from "../annotate/types.ts";
import { runWorkspace } from "./index.ts";
import type { Workspace } from "./types.ts";
import { LazyAnnotationList } from "../annotate/list.ts";
import type { AssembledTreeData } from "../protoscope/assemble-annotations.ts";
import { packResult, unpackResult } from "./transfer.ts";

/** Plain copies of a tree, every lazy `children` read. */
function materialize(nodes: AnnotationList): unknown[] {
  return [...nodes].map((n) => ({
    bytes: [...n.bytes],
    kind: n.kind,
    path: n.path,
    field: n.field,
    wireType: n.wireType,
    source: n.source,
    name: n.name,
    type: n.type,
    value: n.value,
    unknown: n.unknown,
    children: n.children === undefined ? undefined : materialize(n.children),
  }));
}

const schema = 'syntax = "proto3";\npackage t;\nmessage M { int32 a = 1; repeated string s = 2; M child = 3; }\n';
const protoscope = '1: 150\n2: {"x"} 2: {`ff00`}\n3: {1: -1 3: !{4: 2305843009213693951: 5}}\n9: oops\n5: 1.5i32';

function roundTrip(ws: Workspace) {
  const result = runWorkspace(ws);
  // What the Worker sends arrives as a structured clone, and so does the workspace it was sent.
  const packed = structuredClone(packResult(result, structuredClone(ws)));
  const arrived = unpackResult(packed, ws);
  return { result, packed, arrived };
}

describe("packResult", () => {
  it("sends the assembler's tree as its rows and text, and the page gets the same tree", () => {
    const ws: Workspace = { files: [{ kind: "protoscope", name: "m.protoscope", text: protoscope, messageType: "" }], active: "m.protoscope" };
    const { result, packed, arrived } = roundTrip(ws);
    // The text stays behind: the page sent it.
    expect(packed.annotations).toMatchObject({ textOf: "m.protoscope", assembled: { text: "" } });
    expect(materialize(arrived.annotations)).toEqual(materialize(result.annotations));
    expect(JSON.stringify(arrived.annotations)).toBe(JSON.stringify(result.annotations));
    // Including the recovered error's node and the exact big field number.
    expect(JSON.stringify(arrived.annotations)).toContain('"kind":"error"');
    expect(JSON.stringify(arrived.annotations)).toContain('"field":"2305843009213693951"');
  });

  it("sends one tree for a typed protoscope input: the decoder's names with the assembler's links", () => {
    const { result, packed, arrived } = roundTrip({
      files: [
        { kind: "proto", name: "t.proto", text: schema },
        { kind: "protoscope", name: "m.protoscope", text: "1: 150 2: {\"x\"} 3: {1: 2}", messageType: "t.M" },
      ],
      active: "m.protoscope",
    });
    expect("assembled" in packed.annotations).toBe(false);
    expect(arrived.annotations.at(0)).toMatchObject({ name: "a", source: { from: 0, to: 6 } });
    expect(materialize(arrived.annotations)).toEqual(materialize(result.annotations));
  });

  it("sends the top-level rows the Worker found, so the page makes a long top level without walking the tree", () => {
    const text = Array.from({ length: 300 }, (_, i) => (i % 2 ? `1: ${i}` : `2: {"s${i}" 3: ${i}}`)).join("\n");
    const ws: Workspace = { files: [{ kind: "protoscope", name: "m.protoscope", text, messageType: "" }], active: "m.protoscope" };
    const result = runWorkspace(ws);
    const packed = packResult(result, ws);
    const tree = packed.annotations as { assembled: AssembledTreeData };
    expect(tree.assembled.roots).toBeInstanceOf(Int32Array);
    expect(tree.assembled.roots.length).toBe(300);
    // Each column fills its own buffer, so the Worker can move it to the page rather than copy it
    // (web/src/features/runner/worker/commands.test.ts checks the Worker does).
    for (const column of [tree.assembled.rows, tree.assembled.roots]) {
      expect(column.byteOffset).toBe(0);
      expect(column.byteLength).toBe(column.buffer.byteLength);
    }
    const arrived = unpackResult(structuredClone(packed), ws);
    expect(arrived.annotations).toBeInstanceOf(LazyAnnotationList);
    expect(materialize(arrived.annotations)).toEqual(materialize(result.annotations));
  });

  it("says so when the page no longer has the text the rows point into", () => {
    const ws: Workspace = { files: [{ kind: "protoscope", name: "m.protoscope", text: protoscope, messageType: "" }], active: "m.protoscope" };
    const packed = structuredClone(packResult(runWorkspace(ws), ws));
    expect(() => unpackResult(packed, { files: [], active: "" })).toThrow("the engine's answer reads the text of m.protoscope, which is not in the workspace it was sent");
  });
});
