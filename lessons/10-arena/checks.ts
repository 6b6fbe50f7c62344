/**
 * arena: predict-growth (a fixed exercise workshop material refers to: the chunk sizes the
 * design-mode arena opens for 9 x 8 bytes, then 24, 100, 1, 1000, 8, 64, 4096 and 8 bytes, graded
 * against engine/arena's simulation) and reuse-after-reset (two requests whose second opens no
 * new chunk after Reset, graded by the simulation's trace), and read-decoded (what decoding a
 * message allocates, graded against engine/arena's messageAllocations over the engine's decode).
 */
import { allocTrace, answerLines, check, fail, grownChunks, nextPow2, pass } from "../../engine/lessons/index.ts";
import type { Attempt, CheckResult, LessonChecks } from "../../engine/lessons/index.ts";
import { messageAllocations, MIN_WORDS, parseArenaOps, WORD_BYTES, type ArenaTrace } from "../../engine/arena/index.ts";

const CHUNKS = "chunks.txt";
const SCRIPT = "requests.ops";
/** The fixed allocations of predict-growth, in bytes. */
export const PREDICT_SIZES: readonly number[] = [...Array<number>(9).fill(8), 24, 100, 1, 1000, 8, 64, 4096, 8];
const REQUEST_BYTES = 4096;

function numbers(text: string): { values: number[]; bad?: string } {
  const values: number[] = [];
  // Any list notation: spaces, commas, semicolons, new lines, brackets ([8, 16, ...]), "words".
  const cleaned = text.replace(/#[^\n]*/g, " ").replace(/[[\](){};]/g, " ").replace(/\bwords?\b/gi, " ");
  for (const token of cleaned.split(/[\s,]+/).filter(Boolean)) {
    if (!/^\d+$/.test(token)) return { values, bad: token };
    values.push(Number(token));
  }
  return { values };
}

const ordinal = (n: number) => `${n}${n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th"}`;

/**
 * What the i-th growth of a trace had to go on, in the post's terms, without its result: the
 * request that opened it and the chunk before it (a failed prediction must not hand out the answer).
 */
function growthInputs(trace: ArenaTrace, sizes: readonly number[], i: number): string {
  const growIndexes = trace.events.flatMap((e, k) => (e.op === "grow" ? [k] : []));
  const k = growIndexes[i]!;
  const bytes = sizes[trace.eventOp[k]!]!;
  const words = Math.ceil(bytes / WORD_BYTES);
  const prevCap = i === 0 ? 0 : trace.after[growIndexes[i - 1]!]!.cap;
  return `it opens for the ${bytes}-byte request (${words} word${words === 1 ? "" : "s"})${i === 0 ? " on a fresh arena" : `, after a chunk of ${prevCap} words`}: work out max(${MIN_WORDS}, 2 × the last chunk, nextPow2(${words})), where nextPow2 is the smallest power of two greater than its argument`;
}

/** Each request's allocated bytes (whole words): an alloc adds its size; a realloc replaces the size of the allocation it grows. */
function requestBytes(a: Attempt, script: string): number[] | undefined {
  const parsed = parseArenaOps(a.text(script));
  if (parsed.diagnostics.length > 0) return undefined;
  const requests: number[][] = [[]];
  const where: [number, number][] = [];
  for (const op of parsed.ops) {
    const round = (n: number) => Math.ceil(n / WORD_BYTES) * WORD_BYTES;
    if (op.kind === "reset") requests.push([]);
    else if (op.kind === "alloc") {
      where.push([requests.length - 1, requests[requests.length - 1]!.length]);
      requests[requests.length - 1]!.push(round(op.bytes));
    } else {
      const at = where[op.index];
      if (at) requests[at[0]]![at[1]] = round(op.bytes);
    }
  }
  return requests.map((r) => r.reduce((n, x) => n + x, 0));
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
        if (values[i] === undefined) return fail(`you list ${values.length} chunk${values.length === 1 ? "" : "s"}, and the arena opens more. The ${ordinal(i + 1)} chunk is missing: ${growthInputs(trace, PREDICT_SIZES, i)}`);
        return fail(`the ${ordinal(i + 1)} chunk is not ${values[i]} words: ${growthInputs(trace, PREDICT_SIZES, i)}`);
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
      const requests = requestBytes(a, SCRIPT);
      if (!requests) return fail("fix the script first");
      if (requests.length !== 2) return fail(`the script has ${requests.length} request${requests.length === 1 ? "" : "s"}; write two, with one \`reset\` between them`);
      const bad = requests.findIndex((n) => n !== REQUEST_BYTES);
      if (bad >= 0) return fail(`request ${bad + 1} ends up with ${requests[bad]} bytes (rounded up to whole words, a realloc counting its new size); each request allocates ${REQUEST_BYTES} bytes in all`);
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
  "read-decoded": [
    check("allocations", (a) => {
      const roots = a.run("doc.hex", "lesson.arena.v1.Doc").annotations;
      const want = messageAllocations(roots).map((x) => x.label);
      const norm = (l: string) => l.trim().replace(/\s+/g, "").toLowerCase().replace(/^message$/, "(message)").replace(/^root$/, "(message)").replace(/^doc$/, "(message)");
      const said = answerLines(a.text("answer.txt")).map((l) => ({ line: l.line, label: norm(l.text) }));
      if (said.length === 0) return fail("answer.txt lists no allocation yet");
      const wanted = new Set(want.map(norm));
      const extra = said.find((x) => !wanted.has(x.label));
      if (extra) {
        const field = extra.label.replace(/\[\d+\]/g, "").split(".").pop()!;
        return fail(`answer.txt:${extra.line}: \`${extra.label}\` is not allocated on its own: ${["created", "id", "first"].includes(field) ? "either the bytes do not set it, or it is a number that lives in its message's struct" : "check that the bytes set it, and that it is a message, a string or bytes value, or a packed run"}`);
      }
      const seen = new Set(said.map((x) => x.label));
      const dup = said.find((x, i) => said.findIndex((y) => y.label === x.label) !== i);
      if (dup) return fail(`answer.txt:${dup.line}: \`${dup.label}\` is listed twice`);
      const missing = want.filter((w) => !seen.has(norm(w)));
      if (missing.length > 0) return fail(`${missing.length} allocation${missing.length === 1 ? " is" : "s are"} missing: every sub-message (each element of a repeated one), string or bytes value and packed run the bytes hold gets its own, and so does the message itself`);
      return pass(`all ${want.length} allocations: ${want.join(", ")}`);
    }),
  ],
};

export default checks;
