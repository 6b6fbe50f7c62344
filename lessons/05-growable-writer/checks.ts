/**
 * growable-writer: replay the learner's encoded message through GrowableWriter (16-byte start)
 * and grade the growth and shift events it records.
 */
import { Attempt, check, fail, pass, replayWriter } from "../../engine/lessons/index.ts";
import type { AnnotationList, LessonChecks } from "../../engine/lessons/index.ts";

const FILE = "message.txtpb";
const TYPE = "wl.writer.LogEntry";

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
  "two-grows": [
    encodes,
    check("grows-twice", (a) => {
      const { encoded, replay: r } = replay(a);
      const caps = [16, ...r.events.flatMap((e) => (e.kind === "grow" ? [e.newCapacity] : []))];
      if (r.grows === 2) return pass(`the writer grew twice (${caps.join(" → ")} bytes) for ${encoded.bytes.length} bytes`);
      return fail(`the writer grew ${r.grows} time${r.grows === 1 ? "" : "s"} (${caps.join(" → ")} bytes) for ${encoded.bytes.length} bytes; two growths take more than 32 bytes and at most 64`);
    }),
  ],
};

export default checks;
