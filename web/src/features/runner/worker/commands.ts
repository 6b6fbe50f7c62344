// Every command the engine Worker answers: plain synchronous engine code, nothing
// Worker-specific. The page runs the same table when it cannot start a Worker.
import { createWorkspaceCache, runWorkspace } from "../../../../../engine/workspace/index.ts";
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
    /** A share link / autosave record; compressing megabytes is worth moving off the page. */
    encodeShare: (input: { workspace: Workspace; view?: ViewState; options?: ShareOptions }): string =>
      encodeShareHash(input.workspace, input.view, input.options),
  };
}

export type EngineCommands = ReturnType<typeof createEngineCommands>;
