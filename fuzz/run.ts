/**
 * `npm run fuzz -- [--target NAME]... [--seconds N | --inputs N] [--from I] [--seed S] [--jobs N]
 *                  [--sample N] [--budget MS] [--json]`
 * `npm run fuzz -- --target NAME --seed S --index I`   (replay one input, print it and what it found)
 * `npm run fuzz -- --replay FILE`                      (run a saved input: fuzz/corpus/<target>/...)
 *
 * Runs each target in Worker threads for a time or a number of inputs and prints what it found.
 * A worker whose input stops making progress for 5 budgets is killed, the input reported as a
 * hang, and a new worker goes on from the next index. `--from I` starts at input I (a long run
 * spread over several sittings: the report says where the next one starts); Ctrl-C (or SIGTERM)
 * stops the workers and prints the report so far. Findings are grouped by their summary; the
 * first input of each group is written to fuzz/findings/<target>/ (not committed) and the
 * command to replay it printed. Exit status 1 when anything was found.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { generate, type Finding, type FindingKind } from "./core.ts";
import { isTargetName, loadTarget, TARGETS, type TargetName } from "./targets/index.ts";
import { toolsAvailable } from "./tools.ts";
import { PHASE, SLOT, type WorkerJob, type WorkerMessage } from "./worker.ts";

const HERE = import.meta.dirname;
const USAGE = `usage: npm run fuzz -- [--target NAME]... [--seconds N | --inputs N] [--from I] [--seed S] [--jobs N] [--sample N] [--budget MS] [--json]
       npm run fuzz -- --target NAME --seed S --index I
       npm run fuzz -- --replay FILE
targets: ${TARGETS.join(", ")}`;

interface Group {
  kind: FindingKind;
  summary: string;
  count: number;
  index: number;
  file: string;
  detail?: string;
}

export interface TargetReport {
  target: TargetName;
  inputs: number;
  crashes: number;
  hangs: number;
  mismatches: number;
  /** Inputs a peer library reads otherwise than protoc (the decode target): facts, not failures. */
  differences: number;
  seconds: number;
  seed: number;
  /** Inputs also run through the reference tools. */
  oracleInputs: number;
  /** Whether the reference tools were there (without them only the invariants are checked). */
  oracle: boolean;
  /** The first input index of the run, and the index after the last one it finished (with one worker: where to go on from). */
  from: number;
  next: number;
  findings: Omit<Group, "detail">[];
}

let trackWorker: (w: Worker) => void = () => {};

function fail(message: string): never {
  console.error(message);
  console.error(USAGE);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        target: { type: "string", multiple: true },
        seconds: { type: "string" },
        inputs: { type: "string" },
        from: { type: "string" },
        seed: { type: "string" },
        jobs: { type: "string" },
        sample: { type: "string" },
        budget: { type: "string" },
        index: { type: "string" },
        replay: { type: "string" },
        json: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
      allowPositionals: false,
    });
  } catch (e) {
    return fail((e as Error).message);
  }
})();

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

function int(name: string, text: string | undefined, fallback: number, min = 0): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) fail(`--${name} takes a whole number${min > 0 ? ` of at least ${min}` : ""} (got ${JSON.stringify(text)})`);
  return n;
}

const targets: TargetName[] = (values.target ?? [...TARGETS]).flatMap((t) => t.split(",")).map((t) => (isTargetName(t) ? t : fail(`unknown target ${JSON.stringify(t)}`)));
const seed = values.seed === undefined ? (Date.now() ^ (Math.random() * 2 ** 31)) | 0 : int("seed", values.seed, 0, -(2 ** 31));
/** --budget: every target's; without it, each target's own (Target.budgetMs) or 2 s. */
const budgetOption = values.budget === undefined ? undefined : int("budget", values.budget, 2000, 1);
const sampleEvery = int("sample", values.sample, 25);

function save(target: TargetName, name: string, data: Uint8Array, ext: string): string {
  const dir = join(HERE, "findings", target);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.${ext}`);
  writeFileSync(file, data);
  return file;
}

function printFindings(findings: Finding[]): void {
  for (const f of findings) {
    console.log(`  ${f.kind}: ${f.summary}`);
    if (f.detail) console.log(f.detail.replace(/^/gm, "    "));
  }
}

async function replayOne(): Promise<void> {
  let target: TargetName;
  let input: unknown;
  const t = await (async () => {
    if (values.replay) {
      const file = resolve(values.replay);
      const name = basename(dirname(file));
      if (!isTargetName(name)) fail(`${file}: a saved input sits in a folder named after its target (${TARGETS.join(", ")})`);
      target = name;
      const loaded = await loadTarget(target);
      input = loaded.load(new Uint8Array(readFileSync(file)));
      return loaded;
    }
    if (targets.length !== 1 || values.seed === undefined) fail("--index needs one --target and the --seed of the run");
    target = targets[0]!;
    const loaded = await loadTarget(target);
    input = generate(loaded.arbitrary(), seed, int("index", values.index, 0));
    const file = save(target, `replay-${seed}-${values.index}`, loaded.save(input), loaded.ext);
    console.log(`input written to ${file}`);
    return loaded;
  })();
  const oracle = toolsAvailable(t.tools ?? []);
  const started = performance.now();
  const findings = t.check(input, { oracle, outside: (fn) => fn() });
  console.log(`${t.name}: ${findings.length === 0 ? "nothing found" : `${findings.length} finding(s)`} in ${Math.round(performance.now() - started)} ms${oracle ? "" : " (reference tools missing: invariants only)"}`);
  printFindings(findings);
  process.exit(findings.length === 0 ? 0 : 1);
}

/** Set by Ctrl-C or SIGTERM: the workers are stopped and the report so far printed. */
let stopping: (() => void) | undefined;
let stopped = false;

async function runTarget(name: TargetName, jobs: number, seconds: number, maxInputs: number, from: number): Promise<TargetReport> {
  const target = await loadTarget(name);
  const arb = target.arbitrary();
  const budgetMs = budgetOption ?? target.budgetMs ?? 2000;
  const started = Date.now();
  // A timed run's clock starts when its first input starts (loading a target takes seconds on a
  // busy machine); a worker started later (after a hang or a crash) gets what is left.
  let deadline = Infinity;
  const clockStarts = () => {
    if (maxInputs === 0 && deadline === Infinity) deadline = Date.now() + seconds * 1000;
  };
  const groups = new Map<string, Group>();
  const counts = { crash: 0, hang: 0, mismatch: 0, difference: 0 };
  let inputs = 0;
  let oracleInputs = 0;
  /** The state of each running worker, for the progress line. */
  const live = new Set<Int32Array>();

  const record = (index: number, finding: Finding, input: Uint8Array) => {
    counts[finding.kind]++;
    const key = `${finding.kind}\u0000${finding.summary}`;
    const group = groups.get(key);
    if (group) {
      group.count++;
      return;
    }
    const file = save(name, `${finding.kind}-${seed}-${index}`, input, target.ext);
    groups.set(key, { kind: finding.kind, summary: finding.summary, count: 1, index, file, detail: finding.detail });
    if (!values.json && finding.kind !== "difference") console.error(`[${name}] ${finding.kind} at index ${index}: ${finding.summary}`);
  };

  /** A worker on inputs first, first + stride, ... below end, and the shared slots it reports in. */
  const spawn = (job: Omit<WorkerJob, "target" | "seed" | "state">): { worker: Worker; view: Int32Array } => {
    const state = new SharedArrayBuffer(5 * 4);
    const worker = new Worker(new URL("./worker-entry.mjs", import.meta.url), { workerData: { ...job, target: name, seed, state } satisfies WorkerJob });
    trackWorker(worker);
    return { worker, view: new Int32Array(state) };
  };

  const lane = (first: number, end: number): Promise<void> =>
    new Promise((done) => {
      const { worker, view } = spawn({ first, stride: jobs, end, deadline, seconds: maxInputs > 0 || deadline !== Infinity ? undefined : seconds, sampleEvery, budgetMs });
      live.add(view);
      let lastTick = -1;
      let lastMove = Date.now();
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        clearInterval(watch);
        live.delete(view);
        inputs += Atomics.load(view, SLOT.done);
        oracleInputs += Atomics.load(view, SLOT.oracle);
      };
      const watch = setInterval(() => {
        const tick = Atomics.load(view, SLOT.tick);
        if (tick > 0) clockStarts();
        if (tick !== lastTick) {
          lastTick = tick;
          lastMove = Date.now();
          return;
        }
        if (Atomics.load(view, SLOT.phase) !== PHASE.engine || Date.now() - lastMove < budgetMs * 5) return;
        // The input has not returned. Kill the worker; run the input again alone with three times
        // the time (a busy machine can starve a thread for seconds): a hang if it still does not
        // return. Then go on from the next index.
        const index = Atomics.load(view, SLOT.index);
        finish();
        void worker.terminate();
        void confirmHang(index).then((hung) => {
          if (hung) record(index, { kind: "hang", summary: `an input did not return within ${(budgetMs * 5) / 1000} s (nor ${(budgetMs * 15) / 1000} s run again alone)` }, target.save(generate(arb, seed, index)));
          inputs++;
          const next = index + jobs;
          if (!stopped && next < end && Date.now() < deadline) void lane(next, end).then(done);
          else done();
        });
      }, 100);
      worker.on("message", (m: WorkerMessage) => {
        if (m.type === "finding") record(m.index, m.finding, m.input);
      });
      worker.on("error", (e) => {
        // An exception that escaped the target (a stack overflow in a worker, say).
        const index = Atomics.load(view, SLOT.index);
        if (Atomics.load(view, SLOT.tick) === 0) {
          // It died before its first input: the runner is broken, not the engine.
          console.error(`the ${name} worker could not start: ${e.stack ?? e.message}`);
          process.exit(2);
        }
        finish();
        record(index, { kind: "crash", summary: `the worker died: ${e.message.split("\n")[0]}`, detail: e.stack }, target.save(generate(arb, seed, index)));
        const next = index + jobs;
        if (!stopped && next < end && Date.now() < deadline) void lane(next, end).then(done);
        else done();
      });
      worker.on("exit", () => {
        if (!finished) {
          finish();
          done();
        }
      });
    });

  /** Runs input `index` alone in a new worker; true when it does not return within 15 budgets. */
  const confirmHang = (index: number): Promise<boolean> =>
    new Promise((resolve) => {
      const { worker, view } = spawn({ first: index, stride: 1, end: index + 1, deadline: Infinity, sampleEvery: 0, budgetMs: budgetMs * 3 });
      const timer = setTimeout(() => {
        void worker.terminate();
        resolve(true);
      }, budgetMs * 15);
      worker.on("message", (m: WorkerMessage) => {
        if (m.type === "finding" && m.finding.kind !== "hang") record(m.index, m.finding, m.input);
      });
      worker.on("exit", () => {
        clearTimeout(timer);
        // Stopped by Ctrl-C: not a hang.
        resolve(!stopped && Atomics.load(view, SLOT.done) === 0);
      });
    });

  const end = maxInputs > 0 ? from + maxInputs : Infinity;
  // A long run says how far it has got, once a minute, on standard error.
  const progress = setInterval(() => {
    let done = inputs;
    for (const v of live) done += Atomics.load(v, SLOT.done);
    const s = (Date.now() - started) / 1000;
    console.error(`[${name}] ${done.toLocaleString("en")} inputs in ${Math.round(s)} s (${Math.round(done / s).toLocaleString("en")}/s); ${counts.crash} crashes, ${counts.hang} hangs, ${counts.mismatch} mismatches so far`);
  }, 60_000);
  const workers = new Set<Worker>();
  trackWorker = (w) => {
    workers.add(w);
    w.on("exit", () => workers.delete(w));
  };
  stopping = () => {
    stopped = true;
    for (const w of workers) void w.terminate();
  };
  await Promise.all(Array.from({ length: jobs }, (_, k) => lane(from + k, end)));
  clearInterval(progress);
  const report: TargetReport = {
    target: name,
    inputs,
    crashes: counts.crash,
    hangs: counts.hang,
    mismatches: counts.mismatch,
    differences: counts.difference,
    seconds: Math.round((Date.now() - started) / 100) / 10,
    seed,
    from,
    next: from + inputs,
    oracleInputs,
    oracle: toolsAvailable(target.tools ?? []),
    findings: [...groups.values()].map(({ detail: _detail, ...g }) => g),
  };
  if (!values.json) {
    const rate = Math.round(report.inputs / Math.max(report.seconds, 0.1));
    console.log(
      `${name.padEnd(12)} ${report.inputs.toLocaleString("en")} inputs in ${report.seconds} s (${rate.toLocaleString("en")}/s)${target.tools ? `, ${report.oracle ? `${report.oracleInputs.toLocaleString("en")} also through ${target.tools.filter((t) => !t.endsWith("-include")).join(" + ")}` : "reference tools missing: invariants only"}` : ""}: ${report.crashes} crashes, ${report.hangs} hangs, ${report.mismatches} mismatches`,
    );
    const all = [...groups.values()];
    for (const g of all.filter((x) => x.kind !== "difference")) {
      console.log(`  ${g.kind} x${g.count}: ${g.summary}\n    first at index ${g.index}; replay: npm run fuzz -- --replay ${g.file}`);
      if (g.detail) console.log(g.detail.split("\n").slice(0, 12).join("\n").replace(/^/gm, "      "));
    }
    const differences = all.filter((x) => x.kind === "difference").sort((a, b) => b.count - a.count);
    if (differences.length > 0) {
      console.log(`  where a peer reads the bytes otherwise than protoc (${report.differences.toLocaleString("en")} inputs; facts about the peers, not failures):`);
      for (const g of differences) console.log(`    x${g.count}: ${g.summary}   (e.g. --replay ${g.file})`);
    }
  }
  return report;
}

async function main(): Promise<void> {
  if (values.replay !== undefined || values.index !== undefined) return replayOne();
  const jobs = int("jobs", values.jobs, 1, 1);
  const maxInputs = int("inputs", values.inputs, 0);
  const seconds = int("seconds", values.seconds, 10, 1);
  const from = int("from", values.from, 0);
  const onSignal = () => {
    if (stopping) stopping();
    else process.exit(130);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  process.env.WIRELAB_FUZZ_SCRATCH = mkdtempSync(join(tmpdir(), "wirelab-fuzz-"));
  try {
    if (!values.json) console.log(`seed ${seed}; ${maxInputs > 0 ? `${maxInputs.toLocaleString("en")} inputs` : `${seconds} s`} per target, ${jobs} worker(s), every ${sampleEvery}th input through the reference tools`);
    const reports: TargetReport[] = [];
    for (const t of targets) {
      if (stopped) break;
      reports.push(await runTarget(t, jobs, seconds, maxInputs, from));
    }
    if (values.json) console.log(JSON.stringify({ targets: reports }, null, 2));
    process.exitCode = reports.some((r) => r.crashes + r.hangs + r.mismatches > 0) ? 1 : 0;
  } finally {
    rmSync(process.env.WIRELAB_FUZZ_SCRATCH, { recursive: true, force: true });
  }
}

await main();
