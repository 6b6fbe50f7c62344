// The layouts of the chosen type, computed by the engine Worker from the schema it keeps compiled
// for its runs (no Worker of its own, no second compile); a newer request (the learner typed)
// supersedes an older one still running.
import { useEffect, useState } from "react";
import type { WorkspaceLayouts } from "../../../../engine/layout/index.ts";
import type { Workspace } from "../../../../engine/workspace/types.ts";
import { RpcError } from "../../rpc/index.ts";
import { currentEngineClient } from "../runner/runner.ts";

let running: AbortController | undefined;

export type LayoutsState = { status: "idle" | "computing" } | { status: "done"; answer: WorkspaceLayouts } | { status: "error"; error: string };

export function useLayouts(files: Record<string, string>, type: string | undefined, bytes: Uint8Array | undefined): LayoutsState {
  const [state, setState] = useState<LayoutsState>({ status: "idle" });
  useEffect(() => {
    const names = Object.keys(files);
    const client = currentEngineClient();
    if (names.length === 0 || !client) {
      setState({ status: "idle" });
      return;
    }
    running?.abort();
    const controller = new AbortController();
    running = controller;
    setState((s) => (s.status === "done" ? s : { status: "computing" }));
    // Only the .proto files: the Worker's schema cache compares them, and nothing else is needed.
    const workspace: Workspace = { files: names.map((name) => ({ kind: "proto", name, text: files[name]! })), active: names[0]! };
    client
      .call("layouts", { workspace, type, bytes: bytes?.slice() }, { signal: controller.signal })
      .then((answer) => {
        if (!controller.signal.aborted) setState({ status: "done", answer });
      })
      .catch((e: unknown) => {
        if (e instanceof RpcError && (e.code === "rpc/cancelled" || e.code === "rpc/worker-restarted")) return;
        setState({ status: "error", error: e instanceof Error ? e.message : String(e) });
      });
    return () => controller.abort();
  }, [files, type, bytes]);
  return state;
}
