/**
 * Test helpers (used by the *.test.ts files only): load the committed corpus and its schemas.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createFileRegistry, fromBinary, type FileRegistry } from "@bufbuild/protobuf";
import { FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import { toHex } from "../../wire/hex.ts";

export const TESTDATA = join(import.meta.dirname, "testdata");

export interface CorpusCase {
  corpus: string;
  name: string;
  dir: string;
  type: string;
  /** An editions schema (protoc 36.2 is its oracle, buf a second one in Go's field order). */
  editions: boolean;
  text: string;
  golden: Uint8Array;
}

const registries = new Map<string, FileRegistry>();

/** The registry of a corpus folder, from the descriptor set the golden script wrote. */
export function corpusRegistry(corpus: string): FileRegistry {
  let reg = registries.get(corpus);
  if (!reg) {
    const set = fromBinary(FileDescriptorSetSchema, readFileSync(join(TESTDATA, corpus, "schema.binpb")));
    reg = createFileRegistry(set);
    registries.set(corpus, reg);
  }
  return reg;
}

export function corpusCases(): CorpusCase[] {
  const cases: CorpusCase[] = [];
  for (const corpus of readdirSync(TESTDATA).sort()) {
    const dir = join(TESTDATA, corpus);
    const editions = /^\s*edition\s*=/m.test(readFileSync(join(dir, "schema.proto"), "utf8"));
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".txtpb")).sort()) {
      const text = readFileSync(join(dir, file), "utf8");
      const type = /^# type: ([\w.]+)/.exec(text)![1]!;
      const golden = new Uint8Array(readFileSync(join(dir, file.replace(/\.txtpb$/, ".bin"))));
      cases.push({ corpus, name: file.replace(/\.txtpb$/, ""), dir, type, editions, text, golden });
    }
  }
  return cases;
}

/** The corpus folders (each with a schema.proto). */
export function corpora(): string[] {
  return [...new Set(corpusCases().map((c) => c.corpus))];
}

/** Bytes as "08 96 01". */
export const hex = (bytes: Uint8Array): string => toHex(bytes);
