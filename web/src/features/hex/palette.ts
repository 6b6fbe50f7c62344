// Colours by annotation kind. Okabe & Ito's palette stays distinguishable under the common
// colour-vision deficiencies; kinds are grouped so the legend stays short, and errors also get
// a shape cue (underline) so colour is never the only signal.
import type { AnnotationKind } from "../../../../engine/annotate/types.ts";

export interface KindGroup {
  id: string;
  label: string;
  kinds: AnnotationKind[];
}

export const KIND_GROUPS: KindGroup[] = [
  { id: "tag", label: "tag", kinds: ["tag"] },
  { id: "length", label: "length prefix", kinds: ["length"] },
  { id: "varint", label: "varint / zigzag", kinds: ["varint", "zigzag"] },
  { id: "fixed", label: "fixed 32/64, float, double", kinds: ["i32", "i64", "float", "double"] },
  { id: "text", label: "string / bytes", kinds: ["string", "bytes"] },
  { id: "nested", label: "message, group, packed", kinds: ["message", "group-start", "group-end", "packed"] },
  { id: "raw", label: "raw", kinds: ["raw"] },
  { id: "error", label: "error", kinds: ["error"] },
];

const GROUP_OF = new Map<string, string>();
for (const g of KIND_GROUPS) for (const k of g.kinds) GROUP_OF.set(k, g.id);

/** The CSS class for a byte of this kind (`k-varint`, ...); `k-none` for unannotated bytes. */
export function kindClass(kind: AnnotationKind | undefined): string {
  return `k-${(kind && GROUP_OF.get(kind)) ?? "none"}`;
}
