/**
 * arena: predict-growth (a fixed exercise workshop material refers to: the chunk sizes the
 * design-mode arena opens for 9 x 8 bytes, then 24, 100, 1, 1000, 8, 64, 4096 and 8 bytes, graded
 * against engine/arena's simulation) and reuse-after-reset (two requests whose second opens no
 * new chunk after Reset, graded by the simulation's trace).
 */
import { allocTrace, check, fail, grownChunks, nextPow2, pass } from "../../engine/lessons/index.ts";
import type { CheckResult, LessonChecks } from "../../engine/lessons/index.ts";
import { MIN_WORDS, WORD_BYTES, type ArenaTrace } from "../../engine/arena/index.ts";
import "../../engine/lessons/figures-memory.ts";

const CHUNKS = "chunks.txt";
const SCRIPT = "requests.ops";
/** The fixed allocations of predict-growth, in bytes. */
export const PREDICT_SIZES: readonly number[] = [...Array<number>(9).fill(8), 24, 100, 1, 1000, 8, 64, 4096, 8];
const REQUEST_BYTES = 4096;

function numbers(text: string): { values: number[]; bad?: string } {
  const values: number[] = [];
  for (const token of text.replace(/#[^\n]*/g, " ").split(/[\s,]+/).filter(Boolean)) {
    if (!/^\d+$/.test(token)) return { values, bad: token };
    values.push(Number(token));
  }
  return { values };
}

const ordinal = (n: number) => `${n}${n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th"}`;

/** Why the i-th growth of a trace opened the chunk it did, in the post's terms. */
function whyGrowth(trace: ArenaTrace, sizes: readonly number[], i: number): string {
  const growIndexes = trace.events.flatMap((e, k) => (e.op === "grow" ? [k] : []));
  const k = growIndexes[i]!;
  const bytes = sizes[trace.eventOp[k]!]!;
  const words = Math.ceil(bytes / WORD_BYTES);
  const prevCap = i === 0 ? 0 : trace.after[growIndexes[i - 1]!]!.cap;
  const got = trace.after[k]!.cap;
  return `it opens for the ${bytes}-byte request (${words} word${words === 1 ? "" : "s"}), and max(${MIN_WORDS}, 2 × ${prevCap}, nextPow2(${words}) = ${nextPow2(words)}) = ${got}`;
}

const checks: LessonChecks = {
  "predict-growth": [
    check("numbers", (a) => {
      const { values, bad } = numbers(a.text(CHUNKS));
      if (bad !== undefined) return fail(`\`${bad}\` is not a whole number of words: list chunk sizes as numbers separated by spaces, commas or new lines`);
      if (values.length === 0) return fail(`${CHUNKS} lists no chunk sizes yet`);
      return pass(`${values.length} chunk size${values.length === 1 ? "" : "s"}`);
    }),
    check("chunks", (a) => {
      const { values } = numbers(a.text(CHUNKS));
      const trace = allocTrace(PREDICT_SIZES);
      const want = grownChunks(trace);
      for (let i = 0; i < want.length; i++) {
        if (values[i] === want[i]) continue;
        if (values[i] === undefined) return fail(`you list ${values.length} chunk${values.length === 1 ? "" : "s"}; the arena opens ${want.length}. The ${ordinal(i + 1)} chunk is missing: ${whyGrowth(trace, PREDICT_SIZES, i)}`);
        return fail(`the ${ordinal(i + 1)} chunk is ${want[i]} words, not ${values[i]}: ${whyGrowth(trace, PREDICT_SIZES, i)}`);
      }
      if (values.length > want.length) return fail(`the arena opens only ${want.length} chunks; after the ${ordinal(want.length)}, every request fits in what is left`);
      return pass(`the arena opens chunks of ${want.join(", ")} words, as you listed`);
    }),
  ],
  "reuse-after-reset": [
    check("parses", (a) => {
      const r = a.arena(SCRIPT);
      return r.problem ? fail(r.problem) : pass(`${SCRIPT} runs`);
    }),
    check("two-requests", (a): CheckResult => {
      const trace = a.arena(SCRIPT).trace;
      if (!trace) return fail("fix the script first");
      const requests: number[] = [0];
      for (const e of trace.events) {
        if (e.op === "reset") requests.push(0);
        if (e.op === "alloc") requests[requests.length - 1]! += e.size;
      }
      if (requests.length !== 2) return fail(`the script has ${requests.length} request${requests.length === 1 ? "" : "s"}; write two, with one \`reset\` between them`);
      const bad = requests.findIndex((n) => n !== REQUEST_BYTES);
      if (bad >= 0) return fail(`request ${bad + 1} allocates ${requests[bad]} bytes (rounded up to whole words); each request allocates ${REQUEST_BYTES} bytes in all`);
      return pass(`two requests of ${REQUEST_BYTES} bytes each`);
    }),
    check("no-new-chunk", (a) => {
      const trace = a.arena(SCRIPT).trace;
      if (!trace) return fail("fix the script first");
      const reset = trace.events.findIndex((e) => e.op === "reset");
      if (reset < 0) return fail("there is no `reset`: the second request must run on the reset arena");
      for (let k = reset + 1; k < trace.events.length; k++) {
        const e = trace.events[k]!;
        if (e.op !== "grow" || e.reused) continue;
        const firstSizes = grownChunks({ ...trace, events: trace.events.slice(0, reset) });
        const op = trace.eventOp[k]!;
        const alloc = trace.events.slice(k).find((x) => x.op === "alloc");
        const bytes = alloc && alloc.op === "alloc" ? alloc.size : 0;
        return fail(
          `after the reset, operation ${op + 1} (${bytes} bytes, ${bytes / WORD_BYTES} words) opens a new chunk of ${e.words} words (nextPow2(${bytes / WORD_BYTES}) = ${nextPow2(bytes / WORD_BYTES)}); the first request left only chunks of ${firstSizes.join(", ")} words to reuse`,
        );
      }
      return pass(`the second request reuses the first one's chunks: ${trace.stats.chunks} chunk${trace.stats.chunks === 1 ? "" : "s"} from the heap in all`);
    }),
  ],
};

export default checks;
