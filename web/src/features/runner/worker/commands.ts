// Every command the engine Worker answers: plain synchronous engine code, nothing
// Worker-specific. The page runs the same table when it cannot start a Worker.
import { createWorkspaceCache, runWorkspace, workspaceSchema } from "../../../../../engine/workspace/index.ts";
import { layoutsOf, type WorkspaceLayouts } from "../../../../../engine/layout/index.ts";
import type { Workspace } from "../../../../../engine/workspace/types.ts";
import { transfer, transferablesOf } from "../../../rpc/protocol.ts";
import { encodeShareHash, type ShareOptions } from "../../share/shareLink.ts";
import type { ViewState } from "../../view/viewTypes.ts";
import { packResult } from "../../../../../engine/workspace/transfer.ts";

/** A command table with its own schema cache (one per Worker, or one for the page's fallback). */
export function createEngineCommands() {
  // An editor's cache: a keystroke re-assembles only what follows the last unchanged checkpoint.
  const cache = createWorkspaceCache({ incremental: true });
  return {
    /** The whole engine run for a workspace; its fresh buffers move to the page. */
    run: (ws: Workspace) => {
      const packed = packResult(runWorkspace(ws, cache), ws);
      return transfer(packed, transferablesOf(packed));
    },
    /**
     * The Layout panel's Go structs of a type (and the allocations of decoding `bytes`), from the
     * schema this Worker keeps compiled for its runs: `workspace` needs only the .proto files.
     */
    layouts: (input: { workspace: Workspace; type: string | undefined; bytes: Uint8Array | undefined }): WorkspaceLayouts => {
      // No schema (no .proto text): layoutsOf answers with no types.
      const schema = workspaceSchema(input.workspace, cache) ?? { registry: undefined, diagnostics: [] };
      const protos = new Set(input.workspace.files.filter((f) => f.kind === "proto").map((f) => f.name));
      return layoutsOf(schema, protos, input.type, input.bytes);
    },
    /** A share link / autosave record; compressing megabytes is worth moving off the page. */
    encodeShare: (input: { workspace: Workspace; view?: ViewState; options?: ShareOptions }): string =>
      encodeShareHash(input.workspace, input.view, input.options),
  };
}

export type EngineCommands = ReturnType<typeof createEngineCommands>;
