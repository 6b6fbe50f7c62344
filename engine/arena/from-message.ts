/**
 * The "decode into an arena" script: every node of a decoded message (its annotation tree)
 * becomes one allocation, in the order a decoder meets them: a message node allocates its struct
 * (the Go struct size protoc-gen-go generates for its type, when the schema names it; otherwise
 * 8 bytes per field it holds plus 40 bytes of internal fields), a string or bytes field its
 * contents, a packed field its elements.
 */
import { findAnnotation, type AnnotationList } from "../annotate/types.ts";
import { MAX_OPS, type ArenaOp } from "./ops.ts";
import type { TextSpan } from "../diagnostics.ts";

export interface MessageAllocation {
  /** The field path of the node, e.g. `points[2]`, or `(message)` for the root. */
  label: string;
  bytes: number;
}

const NO_SPAN: TextSpan = { kind: "text", start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } };

function label(path: readonly (string | number)[]): string {
  if (path.length === 0) return "(message)";
  return path.map((p, i) => (typeof p === "number" && i > 0 ? `[${p}]` : `${i > 0 ? "." : ""}${p}`)).join("").replace(/\.\[/g, "[");
}

/**
 * Allocations for decoding `roots` (the annotation tree of one message). `structSize` gives the
 * Go struct size of a message type name, when known.
 */
export function messageAllocations(roots: AnnotationList, structSize: (typeName: string) => number | undefined = () => undefined): MessageAllocation[] {
  const out: MessageAllocation[] = [];
  const fieldCount = (nodes: AnnotationList | undefined) => [...(nodes ?? [])].filter((n) => n.kind !== "tag" && n.kind !== "length").length;
  out.push({ label: "(message)", bytes: 40 + 8 * fieldCount(roots) });
  const visit = (nodes: AnnotationList) => {
    for (const n of nodes) {
      if (out.length >= MAX_OPS) return;
      if (n.kind === "message" || n.kind === "group-start") {
        const known = n.type ? structSize(n.type) : undefined;
        out.push({ label: label(n.path), bytes: known ?? 40 + 8 * fieldCount(n.children) });
      } else if ((n.kind === "string" || n.kind === "bytes") && !n.children && n.bytes[1] > n.bytes[0]) {
        out.push({ label: label(n.path), bytes: n.bytes[1] - n.bytes[0] });
      } else if (n.kind === "packed" && n.children !== undefined && findAnnotation(n.children, (c) => c.kind === "length") !== undefined) {
        out.push({ label: label(n.path), bytes: 8 * Math.max(1, fieldCount(n.children)) });
      }
      if (n.children) visit(n.children);
    }
  };
  visit(roots);
  return out;
}

/** The allocations as arena operations (one `alloc` each). */
export function allocationOps(allocs: readonly MessageAllocation[]): ArenaOp[] {
  return allocs.map((a) => ({ kind: "alloc", bytes: Math.max(1, a.bytes), span: NO_SPAN }));
}
