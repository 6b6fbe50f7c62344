/** The fuzz targets by name, loaded on demand (each pulls in a different part of the engine). */
import type { Target } from "../core.ts";

export const TARGETS = ["assemble", "disassemble", "proto", "textformat", "decode", "links"] as const;
export type TargetName = (typeof TARGETS)[number];

export async function loadTarget(name: TargetName): Promise<Target<unknown>> {
  switch (name) {
    case "assemble":
      return (await import("./assemble.ts")).target as Target<unknown>;
    case "disassemble":
      return (await import("./disassemble.ts")).target as Target<unknown>;
    case "proto":
      return (await import("./proto.ts")).target as Target<unknown>;
    case "textformat":
      return (await import("./textformat.ts")).target as Target<unknown>;
    case "decode":
      return (await import("./decode.ts")).target as Target<unknown>;
    case "links":
      return (await import("./links.ts")).target as Target<unknown>;
  }
}

export function isTargetName(s: string): s is TargetName {
  return (TARGETS as readonly string[]).includes(s);
}
