/**
 * One tree per result: a decoded tree (the schema's reading of the bytes: names, types, values)
 * takes its source ranges from the tree of the text that made the same bytes (the assembler's
 * tree of a protoscope input, or of the disassembly shown for a bytes input), so every view reads
 * one tree: the field tree and the hex view its names, the editor its links.
 *
 * Both trees cover the bytes in order, level by level, and where the text was written the way the
 * schema reads it (`2: {"abc"}` for a string) they have the same shape: a decoded node takes the
 * source of the text's node with the same bytes. Where they differ, a decoded node over several
 * of the text's nodes (`2: {"ab" "c"}`) takes the range from the first to the last of them and its
 * children are matched against those; a decoded node inside one of the text's nodes with nothing
 * finer below it (a field read out of a hex literal) takes no range of its own, so links stop at
 * the nearest node that has one, the literal's. One walk, in byte order; the text's tree is read
 * row by row where the decoded one goes (RangeTree: the assembler's tree makes no node objects).
 */
import type { Annotation, AnnotationList, SourceRange } from "./types.ts";

/** A decoded node: plain objects and arrays (annotateBytes's), so sources can be set in place. */
interface Decoded extends Annotation {
  children?: Decoded[];
}

/**
 * A tree read by node handles, ranges only: what attaching sources needs of the text's tree. The
 * assembler's tree gives one over its rows (assembledRanges), any other tree `listRanges`.
 */
export interface RangeTree {
  /** The handles of node `id`'s children, in order; `root` for the top level. */
  children(id: number): ArrayLike<number>;
  readonly root: number;
  start(id: number): number;
  end(id: number): number;
  /** The source range's start, or -1 when the node has none. */
  from(id: number): number;
  to(id: number): number;
}

/**
 * Sets `source` on the nodes of `decoded` (in place) from `text`, a tree over the same bytes whose
 * nodes carry source ranges. Returns `decoded`.
 */
export function attachSources<T extends Annotation>(decoded: T[], text: RangeTree | AnnotationList): T[] {
  const tree = "root" in text ? text : listRanges(text);
  new Matcher(tree).level(decoded as Decoded[], tree.children(tree.root));
  return decoded;
}

/** A RangeTree over node objects (handles index the nodes as they are reached). */
export function listRanges(roots: AnnotationList): RangeTree {
  const nodes: (Annotation | undefined)[] = [undefined];
  const handles = (list: AnnotationList | undefined): number[] => {
    const out: number[] = [];
    if (list) for (const n of list) out.push(nodes.push(n) - 1);
    return out;
  };
  return {
    root: 0,
    children: (id) => handles(id === 0 ? roots : nodes[id]!.children),
    start: (id) => nodes[id]!.bytes[0],
    end: (id) => nodes[id]!.bytes[1],
    from: (id) => nodes[id]!.source?.from ?? -1,
    to: (id) => nodes[id]!.source?.to ?? -1,
  };
}

/**
 * Levels a decoded node is followed down into one text node that holds it, looking for a finer
 * one. Text can nest far deeper than a decoder opens (3 000 unclosed groups in 6 KB): past this,
 * the node takes no range of its own, and the walk stays linear and its stack short.
 */
const MAX_DESCENT = 32;

class Matcher {
  private readonly kids = new Map<number, ArrayLike<number>>();

  constructor(private readonly t: RangeTree) {}

  /** The text node's children (read once: the assembler's tree walks its rows for them). */
  private children(id: number): ArrayLike<number> {
    let c = this.kids.get(id);
    if (c === undefined) this.kids.set(id, (c = this.t.children(id)));
    return c;
  }

  /** Matches `nodes` (one decoded level) against the text's nodes `level`, both in byte order. */
  level(nodes: readonly Decoded[], level: ArrayLike<number>): void {
    const t = this.t;
    let i = 0;
    for (const node of nodes) {
      const start = node.bytes[0];
      const end = node.bytes[1];
      const empty = start === end;
      // Skip the text's nodes wholly before this one.
      while (i < level.length && this.before(level[i]!, start, empty)) i++;
      let j = i;
      while (j < level.length && (empty ? t.start(level[j]!) <= start : t.start(level[j]!) < end)) j++;
      this.match(node, level, i, j, 0);
    }
  }

  /** Whether text node `id` ends before a decoded node starting at `start` (an empty one: touching counts). */
  private before(id: number, start: number, empty: boolean): boolean {
    const t = this.t;
    const s = t.start(id);
    const e = t.end(id);
    return empty ? e < start : e <= start && !(s === start && e === start);
  }

  /**
   * Matches decoded `node` against the text's nodes level[i..j), those overlapping it, `descent`
   * levels below where the node's own level matched.
   */
  private match(node: Decoded, level: ArrayLike<number>, i: number, j: number, descent: number): void {
    const t = this.t;
    const start = node.bytes[0];
    const end = node.bytes[1];
    for (let k = i; k < j; k++) {
      const id = level[k]!;
      if (t.start(id) !== start || t.end(id) !== end) continue;
      this.setSource(node, t.from(id), t.to(id));
      if (node.children) this.level(node.children, this.children(id));
      return;
    }
    if (j - i === 1 && t.start(level[i]!) <= start && t.end(level[i]!) >= end) {
      // Inside one of the text's nodes: a finer one below it, if any, else no range of its own.
      const inner = descent < MAX_DESCENT ? this.children(level[i]!) : [];
      const empty = start === end;
      // The first child not wholly before the node (children are in byte order).
      let lo = 0;
      let hi = inner.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.before(inner[mid]!, start, empty)) lo = mid + 1;
        else hi = mid;
      }
      let b = lo;
      while (b < inner.length && (empty ? t.start(inner[b]!) <= start : t.start(inner[b]!) < end)) b++;
      if (b > lo) return this.match(node, inner, lo, b, descent + 1);
      if (node.children) this.level(node.children, []);
      return;
    }
    // Over several of the text's nodes (or partly over one): from the first's range to the last's.
    let from = Infinity;
    let to = -Infinity;
    const over: number[] = [];
    for (let k = i; k < j; k++) {
      const id = level[k]!;
      over.push(id);
      if (t.from(id) < 0) continue;
      from = Math.min(from, t.from(id));
      to = Math.max(to, t.to(id));
    }
    if (from <= to) this.setSource(node, from, to);
    if (node.children) this.level(node.children, over);
  }

  private setSource(node: Decoded, from: number, to: number): void {
    if (from >= 0) node.source = { from, to } satisfies SourceRange;
  }
}
