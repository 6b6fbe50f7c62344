/** Checks shared by the targets that make annotation trees: ranges inside the bytes and the text, every byte explained. */
import { walkAnnotations, type AnnotationList } from "../../engine/annotate/types.ts";
import { explainByte } from "../../engine/explain/explain.ts";
import { guard, type Finding } from "../core.ts";

/**
 * Every node's bytes lie inside `bytes` (and inside its parent's), every source range inside
 * `text` when one is given, and `explainByte` answers without throwing: for every byte of short
 * inputs, for 64 spread over longer ones (the page explains one byte per hover; the check need
 * not be quadratic).
 */
export function checkTree(what: string, bytes: Uint8Array, annotations: AnnotationList, text: string | undefined, findings: Finding[]): void {
  const bad: string[] = [];
  guard(`${what}: walking the tree`, () => {
    const parents: [number, number][] = [];
    walkAnnotations(annotations, (node, depth) => {
      parents.length = depth;
      const [start, end] = node.bytes;
      if (!(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && end >= start && end <= bytes.length)) bad.push(`${node.kind} bytes ${start}-${end} outside 0-${bytes.length}`);
      const parent = parents[depth - 1];
      if (parent && (start < parent[0] || end > parent[1])) bad.push(`${node.kind} bytes ${start}-${end} outside its parent's ${parent[0]}-${parent[1]}`);
      if (text !== undefined && node.source && !(node.source.from >= 0 && node.source.to >= node.source.from && node.source.to <= text.length)) {
        bad.push(`${node.kind} source ${node.source.from}-${node.source.to} outside the text (${text.length})`);
      }
      parents[depth] = [start, end];
      return bad.length < 3;
    });
  }, findings);
  for (const b of bad.slice(0, 1)) findings.push({ kind: "mismatch", summary: `${what}: a node's ${b.replace(/\d+/g, "N")}`, detail: bad.join("\n") });
  guard(`${what}: explainByte`, () => {
    const step = bytes.length <= 256 ? 1 : bytes.length / 64;
    for (let x = 0; x < bytes.length; x += step) explainByte(bytes, annotations, Math.floor(x));
    if (bytes.length > 0) explainByte(bytes, annotations, bytes.length - 1);
  }, findings);
}
