// The workspace's decoded message, for the "every node of the decoded message" mode.
import type { AnnotationList } from "../../../../engine/annotate/types.ts";
import { useAppStore } from "../../store/index.ts";

export function useDecodedAnnotations(): AnnotationList | undefined {
  return useAppStore((s) => s.result?.annotations);
}
