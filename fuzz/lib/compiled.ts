/** Schemas compiled by the engine, kept by their text (a target compiles the same few schemas over and over). */
import type { DescMessage, FileRegistry } from "@bufbuild/protobuf";
import { compile } from "../../engine/schema/index.ts";

const cache = new Map<string, FileRegistry | undefined>();

export function registryOf(files: Readonly<Record<string, string>>): FileRegistry | undefined {
  const key = JSON.stringify(files);
  if (!cache.has(key)) {
    if (cache.size > 500) cache.clear();
    const result = compile({ ...files }, { roots: Object.keys(files) });
    cache.set(key, result.diagnostics.some((d) => d.severity === "error") ? undefined : result.registry);
  }
  return cache.get(key);
}

export function messageOf(files: Readonly<Record<string, string>>, type: string): { registry: FileRegistry; desc: DescMessage } | undefined {
  const registry = registryOf(files);
  const desc = registry?.getMessage(type);
  return registry && desc ? { registry, desc } : undefined;
}
