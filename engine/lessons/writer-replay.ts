/**
 * Replays an encoded message through a GrowableWriter the way a generated encoder writes it:
 * scalars and strings as they come, each nested message between fork() and join(). The writer's
 * observer records every growth and every join that had to shift the payload because its length
 * needed more than the one byte fork() reserved. The lessons show these events for the learner's
 * own message.
 */
import type { AnnotationList } from "../annotate/types.ts";
import { GrowableWriter } from "../wire/index.ts";

export type WriterEvent =
  | { kind: "grow"; oldCapacity: number; newCapacity: number; bytesCopied: number }
  | { kind: "shift"; at: number; bytesMoved: number; by: number };

export interface ReplayResult {
  /** What the writer produced; equal to the input bytes when the tree covers them. */
  bytes: Uint8Array;
  events: WriterEvent[];
  grows: number;
  shifts: number;
  /** Bytes moved by growth and by shifts together: the writer's extra copying. */
  bytesCopied: number;
}

/** Default first buffer of the replay: small, so a lesson's message shows its growth. */
export const REPLAY_INITIAL_CAPACITY = 16;

export function replayWriter(bytes: Uint8Array, annotations: AnnotationList, initialCapacity = REPLAY_INITIAL_CAPACITY): ReplayResult {
  const events: WriterEvent[] = [];
  const writer = new GrowableWriter({
    initialCapacity,
    observer: {
      grow: (e) => events.push({ kind: "grow", ...e }),
      shift: (e) => events.push({ kind: "shift", ...e }),
    },
  });
  const write = (nodes: AnnotationList): void => {
    for (const node of nodes) {
      if (node.kind === "message" && node.children && node.children.at(1)?.kind === "length") {
        const [tag, , ...payload] = node.children;
        writer.raw(bytes.subarray(tag!.bytes[0], tag!.bytes[1]));
        writer.fork();
        write(payload);
        writer.join();
      } else if (node.children && node.children.length > 0 && node.kind === "message") {
        write(node.children);
      } else {
        writer.raw(bytes.subarray(node.bytes[0], node.bytes[1]));
      }
    }
  };
  write(annotations);
  const out = writer.finish({ copy: true });
  let grows = 0;
  let shifts = 0;
  let bytesCopied = 0;
  for (const e of events) {
    if (e.kind === "grow") {
      grows++;
      bytesCopied += e.bytesCopied;
    } else {
      shifts++;
      bytesCopied += e.bytesMoved;
    }
  }
  return { bytes: out, events, grows, shifts, bytesCopied };
}
