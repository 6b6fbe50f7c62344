import { describe, expect, it } from "vitest";
import type { Annotation } from "../../../../../engine/annotate/types.ts";
import { runWorkspace } from "../../../../../engine/workspace/index.ts";
import type { Workspace } from "../../../../../engine/workspace/types.ts";
import { packResult, unpackResult } from "./packResult.ts";

/** Plain copies of a tree, every lazy `children` read. */
function materialize(nodes: readonly Annotation[]): unknown[] {
  return nodes.map((n) => ({
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
  // What the Worker sends arrives as a structured clone.
  const arrived = unpackResult(structuredClone(packResult(result)));
  return { result, arrived };
}

describe("packResult", () => {
  it("sends the assembler's tree as its rows and text, and the page gets the same tree", () => {
    const { result, arrived } = roundTrip({ files: [{ kind: "protoscope", name: "m.protoscope", text: protoscope, messageType: "" }], active: "m.protoscope" });
    expect(arrived.annotations).toBe(arrived.sourceAnnotations);
    expect(materialize(arrived.annotations)).toEqual(materialize(result.annotations));
    expect(JSON.stringify(arrived.annotations)).toBe(JSON.stringify(result.annotations));
    // Including the recovered error's node and the exact big field number.
    expect(JSON.stringify(arrived.annotations)).toContain('"kind":"error"');
    expect(JSON.stringify(arrived.annotations)).toContain('"field":"2305843009213693951"');
  });

  it("sends the decoder's named tree packed and the assembler's links as rows", () => {
    const { result, arrived } = roundTrip({
      files: [
        { kind: "proto", name: "t.proto", text: schema },
        { kind: "protoscope", name: "m.protoscope", text: "1: 150 2: {\"x\"} 3: {1: 2}", messageType: "t.M" },
      ],
      active: "m.protoscope",
    });
    expect(result.annotations).not.toBe(result.sourceAnnotations);
    expect(arrived.annotations[0]!.name).toBe("a");
    expect(materialize(arrived.annotations)).toEqual(materialize(result.annotations));
    expect(materialize(arrived.sourceAnnotations)).toEqual(materialize(result.sourceAnnotations));
  });
});
