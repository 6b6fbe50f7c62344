// The workspace's decoded message, for the "every node of the decoded message" mode.
import type { Annotation } from "../../../../engine/annotate/types.ts";
import { useAppStore } from "../../store/index.ts";

export function useDecodedAnnotations(): Annotation[] | undefined {
  return useAppStore((s) => s.result?.annotations);
}
