// Sizes for one or several payloads, recomputed when the bytes or the settings change; stale
// answers (overtaken by a newer request) are dropped.
import { useEffect, useRef, useState } from "react";
import type { CompressSettings } from "../../../../engine/compress/index.ts";
import type { SizesAnswer } from "./protocol.ts";
import { compareChannel, currentChannel, isSuperseded } from "./sizesClient.ts";

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
      compareChannel.request(p.bytes, { level, quality }).then(
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

/**
 * Quiet time (ms) before the current bytes are re-measured after a change. Default 120: the
 * bytes change on every keystroke, and brotli at quality 11 can take longer than a keystroke
 * on large payloads; a pause between words is when a learner looks at the figures.
 */
export const REMEASURE_DEBOUNCE_MS = 120;

/** Sizes of one payload (the current bytes), re-measured after edits settle. */
export function useSizes(bytes: Uint8Array, settings: CompressSettings): SizesState {
  const [state, setState] = useState<SizesState>({ status: "measuring" });
  const { level, quality } = settings;
  const first = useRef(true);
  useEffect(() => {
    let cancelled = false;
    setState((s) => (s.status === "measuring" ? s : { status: "measuring" }));
    const measure = () =>
      currentChannel.request(bytes, { level, quality }).then(
        (answer) => !cancelled && setState({ status: "ready", answer }),
        (e: unknown) => {
          // A superseded request was cancelled for a newer one, whose answer will follow.
          if (cancelled || isSuperseded(e)) return;
          setState({ status: "error", error: e instanceof Error ? e.message : String(e) });
        },
      );
    // The first measurement starts at once; later ones wait for the edits to pause.
    const timer = first.current ? undefined : setTimeout(measure, REMEASURE_DEBOUNCE_MS);
    if (first.current) {
      first.current = false;
      void measure();
    }
    return () => {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [bytes, level, quality]);
  return state;
}
