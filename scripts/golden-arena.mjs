#!/usr/bin/env node
// Regenerates the arena goldens in engine/arena/testdata/ from Go programs (engine/arena/testdata/go):
//   bump.golden.json     traces of every script in scripts.json through a Go implementation of the
//                        arena post's design and through its final listing as printed (bump/)
//   goarena.golden.json  outcomes of Go `arena` package scripts under `go run` and `go run -asan`
//                        (goarena/; only when that generator exists)
//
// Usage: node scripts/golden-arena.mjs     (needs Go; -asan needs gcc)
import { requireTool } from "./reference-tools.mjs";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const testdata = join(root, "engine", "arena", "testdata");
const goDir = join(testdata, "go");
const go = requireTool("go");

const bump = execFileSync(go, ["run", "./bump"], { cwd: goDir, input: readFileSync(join(testdata, "scripts.json")), maxBuffer: 64 << 20 });
writeFileSync(join(testdata, "bump.golden.json"), bump);
console.log(`wrote ${join("engine", "arena", "testdata", "bump.golden.json")}`);

if (existsSync(join(goDir, "goarena"))) {
  const out = execFileSync(go, ["run", "./goarena", "-scripts", join(testdata, "goarena-scripts.json")], { cwd: goDir, maxBuffer: 64 << 20, stdio: ["ignore", "pipe", "inherit"] });
  writeFileSync(join(testdata, "goarena.golden.json"), out);
  console.log(`wrote ${join("engine", "arena", "testdata", "goarena.golden.json")}`);
}
