/**
 * An AnnotationList whose nodes are made when first read. The assembler's trees and the trees
 * the page unpacks from a Worker's answer are columns of integers; a list of their top-level
 * nodes as objects would be made again on every keystroke (some 70 000 for a megabyte of
 * protoscope), survive until the next one and keep the page's garbage collector busy, while the
 * views read only the nodes on screen, under the pointer or on the path to a byte.
 */
import type { Annotation, AnnotationList } from "./types.ts";

/** Lists up to this long are plain arrays, made at once: for a few nodes that is cheaper. */
export const EAGER_LIST_LIMIT = 64;

export class LazyAnnotationList implements AnnotationList {
  readonly length: number;
  readonly #made: (Annotation | undefined)[];
  readonly #make: (index: number) => Annotation;

  /** `make(i)` makes node `i` (0 <= i < length); each node is made once, then kept. */
  constructor(length: number, make: (index: number) => Annotation) {
    this.length = length;
    this.#made = new Array<Annotation | undefined>(length);
    this.#make = make;
  }

  at(index: number): Annotation | undefined {
    // As Array.prototype.at: a fraction is cut toward zero, a negative index counts from the end.
    let i = Math.trunc(index) || 0;
    if (i < 0) i += this.length;
    if (i < 0 || i >= this.length) return undefined;
    return (this.#made[i] ??= this.#make(i));
  }

  [Symbol.iterator](): Iterator<Annotation> {
    let i = 0;
    return {
      next: (): IteratorResult<Annotation> => (i < this.length ? { value: this.at(i++)!, done: false } : { value: undefined, done: true }),
    };
  }

  /** The nodes as a JSON array, like a plain list's. */
  toJSON(): Annotation[] {
    return [...this];
  }
}

/** Nodes `make(0)`..`make(length - 1)`: made now in a plain array when few, else a LazyAnnotationList. */
export function annotationList(length: number, make: (index: number) => Annotation): AnnotationList {
  if (length > EAGER_LIST_LIMIT) return new LazyAnnotationList(length, make);
  const out = new Array<Annotation>(length);
  for (let i = 0; i < length; i++) out[i] = make(i);
  return out;
}
