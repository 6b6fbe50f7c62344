/**
 * The benchmark suites, loaded lazily by name (an isolate loads only the suite it runs).
 * Add a suite here with one line.
 */
import type { Suite } from "../types.ts";

export const suiteLoaders: Record<string, () => Promise<Suite>> = {
  writer: () => import("./writer.ts").then((m) => m.writerSuite),
  "writer-reused": () => import("./writer.ts").then((m) => m.writerReusedSuite),
  varint: () => import("./varint.ts").then((m) => m.varintSuite),
  packed: () => import("./packed.ts").then((m) => m.packedSuite),
  lazy: () => import("./lazy.ts").then((m) => m.lazySuite),
  reflect: () => import("./reflect.ts").then((m) => m.reflectSuite),
  pool: () => import("./pool.ts").then((m) => m.poolSuite),
  compress: () => import("./compress.ts").then((m) => m.compressSuite),
  protoscope: () => import("./protoscope.ts").then((m) => m.protoscopeSuite),
  arena: () => import("./arena.ts").then((m) => m.arenaSuite),
  binarytrees: () => import("./binarytrees.ts").then((m) => m.binarytreesSuite),
  "enum-names": () => import("./enum-names.ts").then((m) => m.enumNamesSuite),
  presence: () => import("./presence.ts").then((m) => m.presenceSuite),
  merging: () => import("./merging.ts").then((m) => m.mergingSuite),
  unknown: () => import("./unknown.ts").then((m) => m.unknownSuite),
  maps: () => import("./maps.ts").then((m) => m.mapsSuite),
  schemaless: () => import("./schemaless.ts").then((m) => m.schemalessSuite),
  utf8: () => import("./utf8.ts").then((m) => m.utf8Suite),
  evolve: () => import("./evolve.ts").then((m) => m.evolveSuite),
};

export const suiteNames = (): string[] => Object.keys(suiteLoaders);

export async function loadSuite(name: string): Promise<Suite> {
  const load = suiteLoaders[name];
  if (!load) throw new Error(`unknown benchmark suite "${name}" (known: ${suiteNames().join(", ")})`);
  return load();
}
