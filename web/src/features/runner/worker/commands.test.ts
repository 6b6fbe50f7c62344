// The engine Worker's run command moves the result's packed columns to the page rather than
// copying them (engine/workspace/transfer.ts packs them, each in a buffer of its own).
import { describe, expect, it } from "vitest";
import type { AssembledTreeData } from "../../../../../engine/protoscope/assemble-annotations.ts";
import type { PackedWorkspaceResult } from "../../../../../engine/workspace/transfer.ts";
import type { Workspace } from "../../../../../engine/workspace/types.ts";
import { isTransfer } from "../../../rpc/protocol.ts";
import { createEngineCommands } from "./commands.ts";

describe("the engine Worker's run", () => {
  it("transfers the assembler's rows and top-level rows", () => {
    const text = Array.from({ length: 300 }, (_, i) => (i % 2 ? `1: ${i}` : `2: {"s${i}" 3: ${i}}`)).join("\n");
    const ws: Workspace = { files: [{ kind: "protoscope", name: "m.protoscope", text, messageType: "" }], active: "m.protoscope" };
    const out = createEngineCommands().run(ws);
    expect(isTransfer(out)).toBe(true);
    const tree = (out.value as PackedWorkspaceResult).annotations as { assembled: AssembledTreeData };
    expect(out.transferables).toEqual(expect.arrayContaining([tree.assembled.rows.buffer, tree.assembled.roots.buffer]));
  });
});

describe("the engine Worker's layouts", () => {
  const proto = (text: string): Workspace => ({ files: [{ kind: "proto", name: "m.proto", text }], active: "m.proto" });

  it("lays out from the schema its runs keep compiled, and answers no types without one", () => {
    const commands = createEngineCommands();
    const blank = commands.layouts({ workspace: proto("  \n"), type: "M", bytes: undefined });
    expect(blank).toEqual({ type: "M", types: [], declared: undefined, levels: [], diagnostics: [] });
    const laid = commands.layouts({ workspace: proto('syntax = "proto3";\nmessage M { int32 a = 1; }\nmessage N { string s = 1; }\n'), type: "N", bytes: undefined });
    expect(laid.types).toEqual(["M", "N"]);
    expect(laid.type).toBe("N");
    expect(laid.levels.map((l) => l.layout.api)).toEqual(["open", "hybrid", "opaque"]);
    const broken = commands.layouts({ workspace: proto("message {"), type: undefined, bytes: undefined });
    expect(broken.types).toEqual([]);
    expect(broken.diagnostics.length).toBeGreaterThan(0);
  });
});
