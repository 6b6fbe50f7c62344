/**
 * Go's `arena` package (GOEXPERIMENT=arenas) as a script of operations, and what happens to
 * each access once the arena is freed. One operation a line (`#` starts a comment):
 *
 *   new p int                 p := arena.New[int](a)
 *   makeslice s int32 2 4     s := arena.MakeSlice[int32](a, 2, 4)
 *   append s 3                s = append(s, 1, 2, 3): past the capacity, the slice moves to the heap
 *   clone c p                 c := arena.Clone(p): a heap copy, no longer tied to the arena
 *   free                      a.Free()
 *   write p | write s[1]      *p = 7 | s[1] = 7
 *   read p  | read s[0]       sink = *p | sink = s[0]
 *
 * Once the arena is freed, every load or store into its memory is what AddressSanitizer calls
 * `use-after-poison`: `go run -asan` reports it (READ or WRITE, with its size); a normal build
 * lets it pass silently, since the runtime faults freed arena memory only later. Growing a
 * freed arena slice past its capacity reads the old elements once (the copy to the heap);
 * `Clone` of freed memory is not reported (the runtime's copy is not instrumented). These rules
 * are checked against real `go run -asan` runs (engine/arena/testdata/goarena.golden.json).
 */
import { LineIndex, type Diagnostic, type TextSpan } from "../diagnostics.ts";

/** Go scalar types a script may use, with their sizes in bytes. */
export const GO_SCALAR_SIZES = {
  bool: 1,
  int8: 1,
  uint8: 1,
  byte: 1,
  int16: 2,
  uint16: 2,
  int32: 4,
  uint32: 4,
  float32: 4,
  int: 8,
  int64: 8,
  uint: 8,
  uint64: 8,
  uintptr: 8,
  float64: 8,
} as const;

export type GoScalar = keyof typeof GO_SCALAR_SIZES;

export type GoArenaOp =
  | { kind: "new"; name: string; type: GoScalar; span: TextSpan }
  | { kind: "makeslice"; name: string; type: GoScalar; len: number; cap: number; span: TextSpan }
  | { kind: "append"; name: string; count: number; span: TextSpan }
  | { kind: "clone"; name: string; from: string; span: TextSpan }
  | { kind: "free"; span: TextSpan }
  | { kind: "write" | "read"; name: string; index: number | undefined; span: TextSpan };

export interface AsanReport {
  error: "use-after-poison";
  access: "READ" | "WRITE";
  /** Bytes accessed. */
  size: number;
}

export interface GoArenaStep {
  op: GoArenaOp;
  /** Where the variable the operation touches lives afterwards. */
  where: "arena" | "heap" | undefined;
  /** What `go run -asan` reports for this operation (empty: nothing). */
  asan: AsanReport[];
  /** A plain `go run` prints nothing for any operation: the access passes silently. */
  silentWithoutAsan: boolean;
  /** One sentence for the learner. */
  note: string;
}

export interface GoArenaRun {
  steps: GoArenaStep[];
  diagnostics: Diagnostic[];
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const RESERVED = new Set(["a", "sink", "arena", "main", "fmt", "os", "new", "append", "len", "cap"]);

/** Parses a script, checking it the way the Go compiler and runtime would (names, bounds). */
export function parseGoArenaScript(text: string): { ops: GoArenaOp[]; diagnostics: Diagnostic[] } {
  const lines = new LineIndex(text);
  const ops: GoArenaOp[] = [];
  const diagnostics: Diagnostic[] = [];
  const vars = new Map<string, { slice: boolean; len: number }>();
  let freed = false;
  let offset = 0;
  for (const raw of text.split("\n")) {
    const start = offset;
    offset += raw.length + 1;
    const line = raw.replace(/#.*/, "");
    const trimmed = line.trim();
    if (!trimmed) continue;
    const from = start + line.indexOf(trimmed);
    const span = lines.span(from, from + trimmed.length);
    const fail = (message: string) => diagnostics.push({ code: "goarena/bad-op", severity: "error", message, span });
    const w = trimmed.split(/\s+/);
    const num = (s: string | undefined) => (s !== undefined && /^[0-9]{1,6}$/.test(s) ? Number(s) : undefined);
    const newName = (name: string | undefined): string | undefined => {
      if (!name || !IDENT.test(name) || RESERVED.has(name)) {
        fail(`"${name ?? ""}" is not a name a script may declare`);
        return undefined;
      }
      if (vars.has(name)) {
        fail(`${name} is already declared`);
        return undefined;
      }
      return name;
    };
    const type = (t: string | undefined): GoScalar | undefined => {
      if (t !== undefined && Object.hasOwn(GO_SCALAR_SIZES, t)) return t as GoScalar;
      fail(`"${t ?? ""}" is not a Go scalar type (${Object.keys(GO_SCALAR_SIZES).join(", ")})`);
      return undefined;
    };
    const needLive = () => {
      if (freed) fail("the arena is already freed: allocate before free");
      return !freed;
    };
    switch (w[0]) {
      case "new": {
        if (w.length !== 3) { fail("write: new NAME TYPE"); break; }
        const name = newName(w[1]);
        const t = name && type(w[2]);
        if (name && t && needLive()) {
          vars.set(name, { slice: false, len: 1 });
          ops.push({ kind: "new", name, type: t, span });
        }
        break;
      }
      case "makeslice": {
        if (w.length !== 5) { fail("write: makeslice NAME TYPE LEN CAP"); break; }
        const name = newName(w[1]);
        const t = name && type(w[2]);
        const len = num(w[3]);
        const cap = num(w[4]);
        if (!name || !t) break;
        if (len === undefined || cap === undefined || len > cap || cap === 0) { fail("LEN and CAP are whole numbers with 0 <= LEN <= CAP and CAP > 0"); break; }
        if (needLive()) {
          vars.set(name, { slice: true, len });
          ops.push({ kind: "makeslice", name, type: t, len, cap, span });
        }
        break;
      }
      case "append": {
        const v = w[1] === undefined ? undefined : vars.get(w[1]);
        const count = num(w[2]);
        if (w.length !== 3 || !v || !v.slice || count === undefined || count < 1 || count > 64) {
          fail("write: append SLICE N (N from 1 to 64 elements, SLICE a declared slice)");
          break;
        }
        v.len += count;
        ops.push({ kind: "append", name: w[1]!, count, span });
        break;
      }
      case "clone": {
        if (w.length !== 3) { fail("write: clone NAME FROM"); break; }
        const src = vars.get(w[2]!);
        if (!src) { fail(`${w[2]} is not declared`); break; }
        const name = newName(w[1]);
        if (name) {
          vars.set(name, { ...src });
          ops.push({ kind: "clone", name, from: w[2]!, span });
        }
        break;
      }
      case "free":
        if (w.length !== 1) fail("free takes nothing");
        else if (freed) fail("the arena is already freed");
        else {
          freed = true;
          ops.push({ kind: "free", span });
        }
        break;
      case "read":
      case "write": {
        const m = w.length === 2 ? /^([A-Za-z_][A-Za-z0-9_]*)(?:\[([0-9]{1,6})\])?$/.exec(w[1]!) : null;
        const v = m ? vars.get(m[1]!) : undefined;
        if (!m || !v) { fail(`write: ${w[0]} NAME or ${w[0]} SLICE[I] with a declared NAME`); break; }
        const index = m[2] === undefined ? undefined : Number(m[2]);
        if (v.slice !== (index !== undefined)) { fail(v.slice ? `${m[1]} is a slice: index it, e.g. ${m[1]}[0]` : `${m[1]} is a pointer: it takes no index`); break; }
        if (index !== undefined && index >= v.len) { fail(`index ${index} out of range [${index}] with length ${v.len}`); break; }
        ops.push({ kind: w[0], name: m[1]!, index, span });
        break;
      }
      default:
        fail(`unknown operation "${w[0]}": use new, makeslice, append, clone, free, read or write`);
    }
  }
  return { ops, diagnostics };
}

interface Var {
  type: GoScalar;
  slice: boolean;
  len: number;
  cap: number;
  arena: boolean;
}

/** Runs a parsed script: where each variable lives and what -asan reports for each operation. */
export function runGoArena(ops: readonly GoArenaOp[]): GoArenaStep[] {
  const vars = new Map<string, Var>();
  let freed = false;
  const steps: GoArenaStep[] = [];
  for (const op of ops) {
    const asan: AsanReport[] = [];
    let note = "";
    let where: GoArenaStep["where"];
    switch (op.kind) {
      case "new":
        vars.set(op.name, { type: op.type, slice: false, len: 1, cap: 1, arena: true });
        where = "arena";
        note = `${op.name} points into the arena (${GO_SCALAR_SIZES[op.type]} bytes)`;
        break;
      case "makeslice":
        vars.set(op.name, { type: op.type, slice: true, len: op.len, cap: op.cap, arena: true });
        where = "arena";
        note = `${op.name}'s ${op.cap} elements (${op.cap * GO_SCALAR_SIZES[op.type]} bytes) are in the arena`;
        break;
      case "append": {
        const v = vars.get(op.name)!;
        const size = GO_SCALAR_SIZES[v.type];
        if (v.len + op.count <= v.cap) {
          if (v.arena && freed) for (let i = 0; i < op.count; i++) asan.push({ error: "use-after-poison", access: "WRITE", size });
          note = v.arena ? `fits in the capacity: the new elements are written into the arena${freed ? ", which is freed" : ""}` : "fits in the capacity of its heap array";
        } else {
          if (v.arena && freed && v.len > 0) asan.push({ error: "use-after-poison", access: "READ", size: v.len * size });
          note = v.arena
            ? `past the capacity (${v.cap}): append copies the ${v.len} elements to a new heap array${freed ? ", reading the freed arena" : ""}; ${op.name} no longer points into the arena`
            : "past the capacity: a new, larger heap array";
          v.arena = false;
          v.cap = v.len + op.count;
        }
        v.len += op.count;
        where = v.arena ? "arena" : "heap";
        break;
      }
      case "clone": {
        const src = vars.get(op.from)!;
        vars.set(op.name, { ...src, arena: false });
        where = "heap";
        note = src.arena ? `a heap copy of ${op.from}, safe after free` : `${op.from} is not in an arena: Clone returns it untouched`;
        break;
      }
      case "free":
        freed = true;
        note = "the arena's memory is poisoned: later accesses through it are use-after-free";
        break;
      case "read":
      case "write": {
        const v = vars.get(op.name)!;
        where = v.arena ? "arena" : "heap";
        if (v.arena && freed) {
          asan.push({ error: "use-after-poison", access: op.kind === "read" ? "READ" : "WRITE", size: GO_SCALAR_SIZES[v.type] });
          note = `use after free: -asan reports use-after-poison; without -asan this ${op.kind} passes silently`;
        } else {
          note = v.arena ? "the arena is live: fine" : "heap memory: fine after free";
        }
        break;
      }
    }
    steps.push({ op, where, asan, silentWithoutAsan: true, note });
  }
  return steps;
}

/** Parses and runs a script. */
export function simulateGoArena(text: string): GoArenaRun {
  const { ops, diagnostics } = parseGoArenaScript(text);
  return { steps: diagnostics.length > 0 ? [] : runGoArena(ops), diagnostics };
}
