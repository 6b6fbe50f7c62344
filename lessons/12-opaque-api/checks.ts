/**
 * opaque-api: reorder-fields (declaration order that makes the opaque Go struct smallest, graded
 * by engine/layout) and opt-in (the API level that cuts the allocations of decoding a given
 * payload, keeping every field and its presence, graded by engine/layout's allocation model).
 */
import type { DescMessage } from "@bufbuild/protobuf";
import { Attempt, check, fail, pass, readWords } from "../../engine/lessons/index.ts";
import type { CheckResult, LessonChecks } from "../../engine/lessons/index.ts";
import { decodeAllocs, declaredApiLevel, goStructLayout, type GoStructLayout } from "../../engine/layout/index.ts";

const METRICS = "metrics.proto";
const SAMPLE = "metrics.v1.Sample";
const LOGS = "logentry.proto";
const ENTRY = "logs.v1.LogEntry";
const PAYLOAD = "entry.txtpb";

/** name:number:Go type (open API, which spells presence as a pointer): what reordering must keep. */
const SAMPLE_FIELDS = ["sampled:1:*bool", "timestamp_ns:2:*int64", "partial:3:*bool", "value:4:*float64", "shard:5:*uint32", "exemplar:6:*bool", "count:7:*int64", "weight:8:*float32"];
const ENTRY_FIELDS = ["backend_server:1:*string", "request_size:2:*uint32", "ip_address:3:*string", "ok:4:*bool", "latency_ns:5:*int64", "status:6:*uint32", "timestamp:7:*int64"];

function message(a: Attempt, type: string): { m?: DescMessage; problem?: string } {
  const err = Attempt.firstError(a.schema().compileDiagnostics);
  if (err) return { problem: `the schema does not compile: ${err}` };
  const m = a.messageType(type);
  return m ? { m } : { problem: `the schema has no message ${type}` };
}

/** Compares the message's fields with the exercise's, in words. */
function sameFields(m: DescMessage, want: readonly string[]): CheckResult {
  const open = goStructLayout(m, "open");
  const have = open.fields.filter((f) => f.proto !== undefined).map((f) => `${f.proto}:${m.fields.find((x) => x.name === f.proto)?.number}:${f.goType}`);
  for (const w of want) {
    if (have.includes(w)) continue;
    const [name, number, type] = w.split(":");
    const now = have.find((h) => h.startsWith(`${name}:`));
    if (!now) return fail(`field \`${name}\` (${number}) is gone: keep every field`);
    const [, n2, t2] = now.split(":");
    if (n2 !== number) return fail(`\`${name}\` is now field ${n2}; it was ${number}, and changing a number changes the wire format`);
    if (t2 === type!.slice(1)) return fail(`\`${name}\` lost its explicit presence (it is a plain ${t2} now): code that asks whether it is set would break`);
    return fail(`\`${name}\` is now ${t2} in Go; it was ${type}: keep its type`);
  }
  const extra = have.find((h) => !want.includes(h));
  if (extra) return fail(`\`${extra.split(":")[0]}\` is a new field: keep the fields as they were`);
  return pass(`the same ${want.length} fields, numbers, types and presence`);
}

interface Slot { size: number; align: number }

/** Struct size for the given order of the proto fields, with the internal fields where they are. */
function sizeFor(order: readonly Slot[], layout: GoStructLayout): number {
  const head = layout.fields.filter((f) => f.proto === undefined && f.offset === 0);
  const tail = layout.fields.filter((f) => f.proto === undefined && f.offset !== 0 || (f.proto === undefined && f.size === 0));
  let offset = 0;
  let align = 1;
  for (const f of [...head, ...order, ...tail]) {
    offset = Math.ceil(offset / f.align) * f.align + f.size;
    align = Math.max(align, f.align);
  }
  return Math.ceil(offset / align) * align;
}

/** The smallest struct any declaration order gives (every permutation of the fields' shapes). */
function smallest(layout: GoStructLayout): number {
  const slots = layout.fields.filter((f) => f.proto !== undefined).map((f) => ({ size: f.size, align: f.align }));
  let best = Infinity;
  const permute = (rest: Slot[], acc: Slot[]) => {
    if (rest.length === 0) {
      best = Math.min(best, sizeFor(acc, layout));
      return;
    }
    const tried = new Set<string>();
    rest.forEach((s, i) => {
      const key = `${s.size}/${s.align}`;
      if (tried.has(key)) return;
      tried.add(key);
      permute([...rest.slice(0, i), ...rest.slice(i + 1)], [...acc, s]);
    });
  };
  permute(slots, []);
  return best;
}

function describePadding(layout: GoStructLayout): string {
  const gaps = layout.padding.filter((p) => p.size > 0).map((p) => {
    const before = [...layout.fields].reverse().find((f) => f.offset + f.size <= p.offset && f.size > 0);
    return `${p.size} byte${p.size === 1 ? "" : "s"} after \`${before?.proto ?? before?.go ?? "the start"}\``;
  });
  return gaps.join(", ");
}

/** Top-level field names a reader with the schema sees set in the given bytes (the engine's decode). */
function setFields(a: Attempt): string[] {
  return [...a.run("entry2.hex", ENTRY).annotations].flatMap((n) => (n.name !== undefined ? [n.name] : []));
}

const checks: LessonChecks = {
  "reorder-fields": [
    check("compiles", (a) => {
      const { problem } = message(a, SAMPLE);
      return problem ? fail(problem) : pass(`${METRICS} compiles`);
    }),
    check("same-fields", (a) => {
      const { m, problem } = message(a, SAMPLE);
      return m ? sameFields(m, SAMPLE_FIELDS) : fail(problem!);
    }),
    check("smallest", (a) => {
      const { m, problem } = message(a, SAMPLE);
      if (!m) return fail(problem!);
      const layout = goStructLayout(m, "opaque");
      const best = smallest(layout);
      const pad = layout.padding.reduce((n, p) => n + p.size, 0);
      if (layout.size <= best) return pass(`under the Opaque API the struct is ${layout.size} bytes, the least these fields can take (${pad} bytes of padding left, at the end or around the internal fields)`);
      return fail(`under the Opaque API the struct is ${layout.size} bytes, ${pad} of them padding: ${describePadding(layout)}. Some order of the same fields makes it ${best}`);
    }),
  ],
  "opt-in": [
    check("compiles", (a) => {
      const { problem } = message(a, ENTRY);
      return problem ? fail(problem) : pass(`${LOGS} compiles`);
    }),
    check("same-fields", (a) => {
      const { m, problem } = message(a, ENTRY);
      return m ? sameFields(m, ENTRY_FIELDS) : fail(problem!);
    }),
    check("fewer-allocations", (a) => {
      const { m, problem } = message(a, ENTRY);
      if (!m) return fail(problem!);
      const enc = a.encode(PAYLOAD, ENTRY);
      const encErr = enc.problem ?? Attempt.firstError(enc.diagnostics);
      if (encErr) return fail(`the payload ${PAYLOAD} does not encode with this schema: ${encErr}`);
      const declared = declaredApiLevel(m);
      const level = declared ?? "open";
      const got = decodeAllocs(m, enc.bytes, level === "hybrid" ? "open" : level);
      const opaque = decodeAllocs(m, enc.bytes, "opaque");
      if (got.total <= opaque.total) return pass(`protoc-gen-go generates the ${level} API: decoding the payload allocates ${got.total} objects (${got.items.map((i) => `${i.what}${i.path ? ` for ${i.path}` : ""}`).join(", ")})`);
      const why = declared === undefined ? "the schema asks for no API level, so protoc-gen-go generates the open API" : declared === "hybrid" ? "the hybrid API keeps the open struct (unless built with the protoopaque tag)" : `the schema asks for the ${declared} API`;
      const pointers = got.items.filter((i) => i.what.startsWith("*") && !opaque.items.some((o) => o.what === i.what && o.path === i.path));
      return fail(`${why}: decoding the payload allocates ${got.total} objects${pointers.length ? `, among them a pointer for every number and bool that is set (${pointers.map((i) => `${i.what} for ${i.path}`).join(", ")})` : ""}; the opaque struct would need ${opaque.total}`);
    }),
  ],
  "read-presence": [
    check("set-fields", (a) => {
      const set = setFields(a);
      const declared = new Set(ENTRY_FIELDS.map((f) => f.split(":")[0]!));
      const said = readWords(a.text("answer.txt").replace(/#.*$/gm, ""));
      if (said.length === 0) return fail("answer.txt names no field yet");
      const unknown = said.find((w) => !declared.has(w));
      if (unknown) return fail(`\`${unknown}\` is not a field of LogEntry: use the names logentry.proto declares`);
      const wrong = said.find((w) => !set.includes(w));
      if (wrong) return fail(`\`${wrong}\` is not set: no tag in the bytes carries its field number`);
      const missing = set.filter((f) => !said.includes(f));
      if (missing.length > 0) return fail(`${missing.length} set field${missing.length === 1 ? " is" : "s are"} missing: with explicit presence, a field written as 0 or false is set too (its tag is on the wire)`);
      return pass(`exactly the fields with a tag in the bytes: ${set.join(", ")}`);
    }),
  ],
};

export default checks;
