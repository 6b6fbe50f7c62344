#!/usr/bin/env node
// `npm run golden`: regenerates every golden file from the reference tools (protoscope, protoc,
// buf) and the generated examples. Each script can also run alone; see its header.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const scripts = [
  "gen-compression-examples.mjs",
  "golden-protoscope-asm.mjs",
  "golden-protoscope-disasm.mjs",
  "golden-schema.mjs",
  "golden-lint.mjs",
  "golden-breaking.mjs",
  "golden-encode.mjs",
  "golden-decode.mjs",
  "golden-arena.mjs",
  "golden-layout.mjs",
];

let failed = 0;
for (const script of scripts) {
  console.log(`== ${script}`);
  const path = fileURLToPath(new URL(script, import.meta.url));
  const { status } = spawnSync(process.execPath, [path], { stdio: "inherit" });
  if (status !== 0) {
    console.error(`${script} failed (exit ${status})`);
    failed++;
  }
}
process.exit(failed === 0 ? 0 : 1);
