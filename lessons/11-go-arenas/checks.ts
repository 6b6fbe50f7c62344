/**
 * go-arenas: keep-result (use a result after Free without touching freed memory, graded by
 * engine/arena's model of GOEXPERIMENT=arenas under go run -asan) and escape-by-append (a slice
 * made in the arena that append moves to the heap, written after Free without a report).
 */
import { check, fail, pass } from "../../engine/lessons/index.ts";
import type { Attempt, CheckResult, LessonChecks } from "../../engine/lessons/index.ts";
import { simulateGoArena, type GoArenaOp, type GoArenaRun } from "../../engine/arena/index.ts";

const FILE = "handler.txt";

function run(a: Attempt): GoArenaRun {
  return simulateGoArena(a.text(FILE));
}

const line = (op: GoArenaOp) => (op.span.kind === "text" ? op.span.start.line : 0);

function source(a: Attempt, op: GoArenaOp): string {
  return op.span.kind === "text" ? a.text(FILE).slice(op.span.start.offset, op.span.end.offset) : op.kind;
}

const runs = check("runs", (a) => {
  const r = run(a);
  const d = r.diagnostics[0];
  if (d) return fail(`${FILE}:${d.span.kind === "text" ? `${d.span.start.line}:${d.span.start.column}` : ""}: ${d.message}`);
  if (r.steps.length === 0) return fail(`${FILE} has no operations yet`);
  return pass(`${r.steps.length} operations run`);
});

/** Where each variable lives (arena or heap), its length and capacity, replayed op by op. */
interface Var { arena: boolean; len: number; cap: number; slice: boolean }

function asanClean(a: Attempt): CheckResult {
  const r = run(a);
  if (r.diagnostics.length > 0) return fail("fix the script first");
  const vars = new Map<string, Var>();
  for (const s of r.steps) {
    const op = s.op;
    if (op.kind === "new") vars.set(op.name, { arena: true, len: 1, cap: 1, slice: false });
    if (op.kind === "makeslice") vars.set(op.name, { arena: true, len: op.len, cap: op.cap, slice: true });
    if (op.kind === "clone") vars.set(op.name, { ...vars.get(op.from)!, arena: false });
    if (op.kind === "append") {
      const v = vars.get(op.name)!;
      if (v.len + op.count > v.cap) v.cap = v.len + op.count;
      v.len += op.count;
      v.arena = s.where === "arena";
    }
    const report = s.asan[0];
    if (!report) continue;
    const name = "name" in op ? op.name : "";
    const v = vars.get(name);
    const where = v?.slice && v.arena ? ` (${name} has ${v.len} elements in a capacity of ${v.cap}: it still lives in the arena)` : v?.arena ? ` (${name} still points into the arena)` : "";
    return fail(`line ${line(op)}, \`${source(a, op)}\`: go run -asan reports ${report.error} (${report.access} of size ${report.size})${where}; without -asan it passes silently`);
  }
  return pass("go run -asan reports nothing: no operation touches freed arena memory");
}

const checks: LessonChecks = {
  "keep-result": [
    runs,
    check("used-after-free", (a) => {
      const steps = run(a).steps;
      const free = steps.findIndex((s) => s.op.kind === "free");
      if (free < 0) return fail("the arena is never freed: keep the `free` at the end of the request");
      // What holds count's value: count itself, and every clone of it (or of a clone of it).
      const holds = new Set(["count"]);
      for (const s of steps) if (s.op.kind === "clone" && holds.has(s.op.from)) holds.add(s.op.name);
      const reads = steps.slice(free + 1).filter((s) => s.op.kind === "read");
      if (reads.length === 0) return fail("nothing is read after `free`: the handler still returns its result once the arena is gone");
      if (!reads.some((s) => "name" in s.op && holds.has(s.op.name))) return fail("what is read after `free` is not count's value: the handler returns the count, so read count, or a copy of it");
      return pass("count's value is read after the arena is freed");
    }),
    check("asan-clean", asanClean),
    check("no-stale-copies", (a) => {
      const steps = run(a).steps;
      const free = steps.findIndex((s) => s.op.kind === "free");
      const arenaVars = new Set<string>();
      for (let i = 0; i < steps.length; i++) {
        const s = steps[i]!;
        if ((s.op.kind === "new" || s.op.kind === "makeslice" || s.op.kind === "append") && s.where === "arena") arenaVars.add(s.op.name);
        if (s.op.kind === "append" && s.where === "heap") arenaVars.delete(s.op.name);
        if (s.op.kind === "clone" && free >= 0 && i > free && arenaVars.has(s.op.from)) {
          return fail(`line ${line(s.op)}, \`${source(a, s.op)}\`: Clone copies ${s.op.from} after the arena is freed. -asan does not see it (the runtime's copy is not instrumented), but the bytes it copies are already gone: clone before \`free\``);
        }
      }
      return pass("every copy is made while the arena is live");
    }),
  ],
  "asan-report": [
    check("lines", (a) => {
      const given = simulateGoArena(a.text("batch.txt"));
      const reported = given.steps.filter((s) => s.asan.length > 0).map((s) => line(s.op));
      const text = a.text("answer.txt").replace(/#.*$/gm, "").toLowerCase().trim();
      if (text === "") return fail("answer.txt has no answer yet: the line numbers -asan reports, or `none`");
      const said = text === "none" || text === "nothing" ? [] : text.split(/[\s,;]+/).filter((t) => t !== "" && t !== "line" && t !== "lines" && t !== "and");
      const numbers = said.map(Number);
      const bad = said.find((t, i) => !Number.isInteger(numbers[i]));
      if (bad !== undefined) return fail(`\`${bad}\` is not a line number`);
      const src = a.text("batch.txt").split("\n");
      for (const n of numbers) {
        if (!reported.includes(n)) {
          const op = src[n - 1]?.trim() ?? "";
          return fail(`line ${n} (\`${op}\`) is not reported: ${op.startsWith("free") || op.startsWith("new") || op.startsWith("makeslice") || op.startsWith("clone") || op === "" ? "only a read or write of freed memory is" : "what it touches is not in the freed arena: it is on the heap (a clone, or a slice appended past its capacity)"}`);
        }
      }
      const missed = reported.filter((n) => !numbers.includes(n));
      if (missed.length > 0) return fail(`${missed.length} reported line${missed.length === 1 ? " is" : "s are"} missing: some access after \`free\` still touches arena memory (a slice appended within its capacity stays in the arena)`);
      return pass(`-asan reports exactly line${reported.length === 1 ? "" : "s"} ${reported.join(" and ")}`);
    }),
  ],
  "escape-by-append": [
    runs,
    check("no-clone", (a) => (run(a).steps.some((s) => s.op.kind === "clone") ? fail("the script uses clone: do it with append alone") : pass("no clone"))),
    check("written-after-free", (a) => {
      const steps = run(a).steps;
      const free = steps.findIndex((s) => s.op.kind === "free");
      if (free < 0) return fail("the arena is never freed: free it, then write the slice");
      const made = new Set(steps.slice(0, free).flatMap((s) => (s.op.kind === "makeslice" ? [s.op.name] : [])));
      if (made.size === 0) return fail("no slice is made in the arena (makeslice) before `free`");
      const w = steps.slice(free + 1).find((s) => s.op.kind === "write" && made.has(s.op.name));
      return w ? pass(`an arena-made slice is written after free (line ${line(w.op)})`) : fail("no slice made with makeslice is written after `free`");
    }),
    check("asan-clean", asanClean),
  ],
};

export default checks;
