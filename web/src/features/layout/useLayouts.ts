// The layouts of the chosen type, computed in the Layout Worker through the app's one RPC; a
// newer request (the learner typed) cancels an older one still running.
import { useEffect, useState } from "react";
import type { WorkspaceLayouts } from "../../../../engine/layout/index.ts";
import { createRpcClient, RpcError, type RpcClient } from "../../rpc/index.ts";
import type { layoutCommands } from "./commands.ts";
import LayoutWorker from "./layout.worker.ts?worker";

let rpc: RpcClient<typeof layoutCommands> | undefined;
let running: AbortController | undefined;

function client(): RpcClient<typeof layoutCommands> {
  rpc ??= createRpcClient<typeof layoutCommands>({
    name: "layout",
    createWorker: () => (typeof Worker === "undefined" ? undefined : new LayoutWorker()),
    fallback: async () => (await import("./commands.ts")).layoutCommands,
    timeoutMs: 30_000,
  });
  return rpc;
}

export type LayoutsState = { status: "idle" | "computing" } | { status: "done"; answer: WorkspaceLayouts } | { status: "error"; error: string };

export function useLayouts(files: Record<string, string>, type: string | undefined, bytes: Uint8Array | undefined): LayoutsState {
  const [state, setState] = useState<LayoutsState>({ status: "idle" });
  useEffect(() => {
    if (Object.keys(files).length === 0) {
      setState({ status: "idle" });
      return;
    }
    running?.abort();
    const controller = new AbortController();
    running = controller;
    setState((s) => (s.status === "done" ? s : { status: "computing" }));
    client()
      .call("layouts", { files, type, bytes: bytes?.slice() }, { signal: controller.signal })
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
