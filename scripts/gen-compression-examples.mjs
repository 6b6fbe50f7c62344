#!/usr/bin/env node
// Regenerates examples/compression/: the payloads of "Protobuf Tip #2: Compress Your Protos"
// as protoscope text (from engine/compress/examples.ts, the single source) and as binary .pb
// files assembled by the reference protoscope tool (`protoscope -s`), never by our own code.
//
//   node scripts/gen-compression-examples.mjs
//
// Needs protoscope on PATH or in $HOME/go/bin (see docs: REFERENCE-TOOLS). Without it, only the
// .protoscope files are written and the script says so.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

register();
const { COMPRESSION_EXAMPLES, protoscopeText } = await import("../engine/compress/examples.ts");

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(root, "examples", "compression");
mkdirSync(outDir, { recursive: true });

function findProtoscope() {
  const dirs = [...(process.env.PATH ?? "").split(delimiter), join(homedir(), "go", "bin")];
  for (const dir of dirs) {
    const candidate = join(dir, "protoscope");
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

const protoscope = findProtoscope();
if (!protoscope) console.warn("protoscope not found on PATH or in ~/go/bin: writing .protoscope files only");

for (const example of COMPRESSION_EXAMPLES) {
  const textPath = join(outDir, `${example.id}.protoscope`);
  writeFileSync(textPath, protoscopeText(example));
  if (protoscope) {
    // Flags go before the input path: protoscope's flag parsing stops at the first operand.
    execFileSync(protoscope, ["-s", "-o", join(outDir, `${example.id}.pb`), textPath]);
  }
  console.log(`wrote ${example.id}.protoscope${protoscope ? ` and ${example.id}.pb` : ""}`);
}
