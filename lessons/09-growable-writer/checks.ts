/**
 * growable-writer: replay the learner's encoded message through GrowableWriter (16-byte start)
 * and grade the growth and shift events it records; read a two-byte length prefix.
 */
import { answerLines, Attempt, check, fail, pass, readFields, readInteger, replayWriter } from "../../engine/lessons/index.ts";
import type { AnnotationList, LessonChecks } from "../../engine/lessons/index.ts";

const FILE = "message.txtpb";
const TYPE = "wl.writer.v1.LogEntry";

const encodes = check("encodes", (a) => {
  const r = a.encode(FILE, TYPE);
  if (r.problem) return fail(r.problem);
  const err = Attempt.firstError(r.diagnostics);
  return err ? fail(`${FILE} does not encode as ${TYPE}: ${err}`) : pass(`${FILE} encodes to ${r.bytes.length} bytes`);
});

function replay(a: Attempt) {
  const r = a.encode(FILE, TYPE);
  return { encoded: r, replay: replayWriter(r.bytes, r.annotations) };
}

/** The longest nested message's payload, in bytes. */
function longestNested(nodes: AnnotationList): number {
  let best = 0;
  for (const n of nodes) {
    if (n.kind === "message" && n.children?.at(1)?.kind === "length") best = Math.max(best, n.bytes[1] - n.children.at(1)!.bytes[1]);
    if (n.children) best = Math.max(best, longestNested(n.children));
  }
  return best;
}

/** The nested record of field 3 in the given bytes: its payload size and how many bytes its length takes. */
function prefixOf(a: Attempt): { payload: number; lengthBytes: number } | undefined {
  const bytes = a.bytes("entry.hex");
  const f = readFields(bytes).fields.find((x) => x.field === 3 && x.wireType === 2);
  if (!f) return undefined;
  const valueStart = f.end - f.value.length;
  // The tag is one byte for field 3; the length is what lies between it and the payload.
  return { payload: f.value.length, lengthBytes: valueStart - f.start - 1 };
}

/** A number after `label:` in the answer, or undefined. */
function answerNumber(a: Attempt, label: RegExp): { value?: bigint; line?: number } {
  const l = answerLines(a.text("answer.txt")).find((x) => label.test(x.text));
  if (!l) return {};
  const v = readInteger(l.text.replace(label, "").replace(/^\s*[:=]\s*/, "").replace(/\s*bytes?\s*$/i, ""));
  return { ...(v !== undefined ? { value: v } : {}), line: l.line };
}

const checks: LessonChecks = {
  "force-shift": [
    encodes,
    check("shifts", (a) => {
      const { encoded, replay: r } = replay(a);
      if (encoded.bytes.length === 0) return fail("there are no bytes to replay yet");
      if (r.shifts > 0) {
        const s = r.events.find((e) => e.kind === "shift")!;
        return pass(`join() shifted ${s.kind === "shift" ? s.bytesMoved : 0} bytes: the nested length needed more than the one byte fork() reserved`);
      }
      const longest = longestNested(encoded.annotations);
      return fail(longest === 0 ? "the message has no nested message, so fork() and join() never run: set `request`" : `the longest nested message is ${longest} bytes, under 128: its length fits in the one byte fork() reserved, so join() has nothing to move`);
    }),
  ],
  "read-prefix": [
    check("payload", (a) => {
      const p = prefixOf(a)!;
      const said = answerNumber(a, /^payload\b/i);
      if (said.value === undefined) return fail("answer.txt has no payload size yet: write `payload: ` and a number of bytes");
      if (said.value === BigInt(p.payload)) return pass(`the payload is ${p.payload} bytes`);
      return fail(`answer.txt:${said.line}: the payload is not ${said.value} bytes: the length is a varint, so add its bytes' low seven bits, the first byte's lowest`);
    }),
    check("length-bytes", (a) => {
      const p = prefixOf(a)!;
      const said = answerNumber(a, /^length(\s+bytes)?\b/i);
      if (said.value === undefined) return fail("answer.txt has no length size yet: write `length bytes: ` and a number");
      if (said.value === BigInt(p.lengthBytes)) return pass(`the length takes ${p.lengthBytes} bytes: one more than the one fork() reserves, so join() moved the payload`);
      return fail(`answer.txt:${said.line}: the length does not take ${said.value} byte${said.value === 1n ? "" : "s"}: a varint goes on while a byte's top bit (0x80) is set`);
    }),
  ],
  "two-grows": [
    encodes,
    check("grows-twice", (a) => {
      const { encoded, replay: r } = replay(a);
      const caps = [16, ...r.events.flatMap((e) => (e.kind === "grow" ? [e.newCapacity] : []))];
      if (r.grows === 2) return pass(`the writer grew twice (${caps.join(" → ")} bytes) for ${encoded.bytes.length} bytes`);
      const n = encoded.bytes.length;
      const skip = caps.findIndex((c, i) => i > 0 && c > 2 * caps[i - 1]!);
      const why =
        skip > 0
          ? `one write did not fit even in the doubled buffer, so one growth went straight from ${caps[skip - 1]} to ${caps[skip]} bytes: the order and size of the writes count, not only the total`
          : r.grows < 2
            ? `the message fits in ${caps[caps.length - 1]} bytes: it needs to be longer`
            : `${n} bytes do not fit in ${caps[2]}: it needs to be shorter`;
      return fail(`the writer grew ${r.grows} time${r.grows === 1 ? "" : "s"} (${caps.join(" → ")} bytes) for ${n} bytes: ${why}`);
    }),
  ],
};

export default checks;
