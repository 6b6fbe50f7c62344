#!/usr/bin/env node
// The `wirelab` command. Runs the bundle in dist-cli/ (built by `npm install`/`npm ci`, see
// scripts/build-cli.mjs) while it is newer than every engine source; otherwise runs the engine's
// TypeScript through tsx's loader, so an edited engine never runs stale code.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const stamp = join(root, "dist-cli", ".stamp");

/** Newest modification time of the engine's (or the lessons' checks') sources (tests and test data excluded). */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name !== "testdata") newest = Math.max(newest, newestSource(join(dir, entry.name)));
    } else if (/\.(ts|mjs)$/.test(entry.name) && !entry.name.endsWith(".test.ts")) {
      newest = Math.max(newest, statSync(join(dir, entry.name)).mtimeMs);
    }
  }
  return newest;
}

const fresh = process.env.WIRELAB_FROM_SOURCE !== "1" && existsSync(stamp) && statSync(stamp).mtimeMs >= Math.max(newestSource(join(root, "engine")), newestSource(join(root, "lessons")));
if (fresh) {
  await import("../dist-cli/wirelab.mjs");
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import("../engine/cli/bin.ts");
}
