// Sizes for one or several payloads, recomputed when the bytes or the settings change; stale
// answers (overtaken by a newer request) are dropped.
import { useEffect, useState } from "react";
import type { CompressSettings } from "../../../../engine/compress/index.ts";
import type { SizesAnswer } from "./protocol.ts";
import { requestSizes } from "./sizesClient.ts";

export type SizesState =
  | { status: "measuring"; answer?: undefined; error?: undefined }
  | { status: "ready"; answer: SizesAnswer; error?: undefined }
  | { status: "error"; answer?: undefined; error: string };

export interface Payload {
  /** Stable id: an example's id, or "pinned-N". */
  id: string;
  label: string;
  bytes: Uint8Array;
  /** The post's figures, when the payload is one of its examples. */
  post?: { raw: number; gzip?: number; zlib?: number; brotli: number };
}

/** Sizes of each payload, keyed by payload id. */
export function useManySizes(payloads: readonly Payload[], settings: CompressSettings): Record<string, SizesState> {
  const [states, setStates] = useState<Record<string, SizesState>>({});
  const { level, quality } = settings;
  useEffect(() => {
    let cancelled = false;
    setStates(Object.fromEntries(payloads.map((p) => [p.id, { status: "measuring" } as SizesState])));
    for (const p of payloads) {
      requestSizes(p.bytes, { level, quality }).then(
        (answer) => !cancelled && setStates((s) => ({ ...s, [p.id]: { status: "ready", answer } })),
        (e: unknown) => !cancelled && setStates((s) => ({ ...s, [p.id]: { status: "error", error: e instanceof Error ? e.message : String(e) } })),
      );
    }
    return () => {
      cancelled = true;
    };
  }, [payloads, level, quality]);
  return states;
}

/** Sizes of one payload. */
export function useSizes(bytes: Uint8Array, settings: CompressSettings): SizesState {
  const [state, setState] = useState<SizesState>({ status: "measuring" });
  const { level, quality } = settings;
  useEffect(() => {
    let cancelled = false;
    setState({ status: "measuring" });
    requestSizes(bytes, { level, quality }).then(
      (answer) => !cancelled && setState({ status: "ready", answer }),
      (e: unknown) => !cancelled && setState({ status: "error", error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      cancelled = true;
    };
  }, [bytes, level, quality]);
  return state;
}
