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
