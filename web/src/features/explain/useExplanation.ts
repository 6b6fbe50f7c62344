// The engine's explanation of one byte of the current result, recomputed only when the byte or
// the result changes. The engine runs on the page (one leaf's worth of work per call).
import { useMemo } from "react";
import type { Explanation } from "../../../../engine/explain/types.ts";
import { useAppStore } from "../../store/index.ts";
import { useEngine } from "../runner/lazyEngine.ts";

export function useExplanation(byte: number | null): Explanation | undefined {
  const result = useAppStore((s) => s.result);
  const engineModule = useEngine();
  return useMemo(() => {
    if (byte === null || !result || !engineModule) return undefined;
    return engineModule.explainByte(result.bytes, result.annotations, byte);
  }, [byte, result, engineModule]);
}
