// Two tabs of one course: each tab keeps its progress in memory and saves it to one storage key,
// so the last save would win and the other tab's completions, attempts and guesses would be lost.
// Instead every change stamps the keys it touched ("slug/exercise", "slug/predict-N") with the
// time, a removal included (a reset leaves the stamp, so it is not undone by an older copy), and
// two copies merge key by key: the newer stamp wins, a key only one copy has is kept.
import type { LessonProgress } from "./lessonsSlice.ts";

const PARTS = ["completed", "attempts", "hints", "guesses", "results"] as const;

/** Every key either copy has an entry or a stamp for. */
function keysOf(...copies: LessonProgress[]): Set<string> {
  const keys = new Set<string>();
  for (const p of copies) {
    for (const part of PARTS) for (const k of Object.keys(p[part])) keys.add(k);
    for (const k of Object.keys(p.stamps ?? {})) keys.add(k);
  }
  return keys;
}

function has(p: LessonProgress, key: string): boolean {
  return PARTS.some((part) => key in p[part]);
}

/**
 * `after` with the keys whose entries differ from `before` stamped `now` (entries are compared by
 * identity: updates copy only what they change). Stamps `after` leaves out are carried over.
 */
export function stampChanges(before: LessonProgress, after: LessonProgress, now: number): LessonProgress {
  const stamps: Record<string, number> = { ...before.stamps, ...after.stamps };
  let changed = after.stamps === undefined && before.stamps !== undefined;
  for (const key of keysOf(before, after)) {
    if (PARTS.every((part) => (before[part] as Record<string, unknown>)[key] === (after[part] as Record<string, unknown>)[key])) continue;
    stamps[key] = Math.max(now, (stamps[key] ?? 0) + 1);
    changed = true;
  }
  return changed ? { ...after, stamps } : after;
}

/** Merges two copies key by key: the newer stamp wins; a key only one side knows is kept. Ties keep `ours`. */
export function mergeProgress(ours: LessonProgress, theirs: LessonProgress): LessonProgress {
  const out: LessonProgress = { completed: {}, attempts: {}, hints: {}, guesses: {}, results: {}, stamps: {} };
  for (const key of keysOf(ours, theirs)) {
    const a = ours.stamps?.[key] ?? 0;
    const b = theirs.stamps?.[key] ?? 0;
    const from = b > a || (b === a && !has(ours, key)) ? theirs : ours;
    for (const part of PARTS) {
      const entry = (from[part] as Record<string, unknown>)[key];
      if (entry !== undefined) (out[part] as Record<string, unknown>)[key] = entry;
    }
    if (a > 0 || b > 0) out.stamps![key] = Math.max(a, b);
  }
  return out;
}

/** Whether two copies hold the same progress (stamps included). */
export function sameProgress(a: LessonProgress, b: LessonProgress): boolean {
  const canon = (p: LessonProgress) => JSON.stringify([...PARTS, "stamps" as const].map((part) => Object.entries(p[part] ?? {}).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))));
  return canon(a) === canon(b);
}
