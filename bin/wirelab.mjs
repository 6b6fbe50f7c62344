#!/usr/bin/env node
// The `wirelab` command: runs the engine's TypeScript through tsx's loader, so a fresh
// `npm ci` is all it needs (no build step).
import { register } from "tsx/esm/api";

register();
const { main } = await import("../engine/cli/main.ts");
process.exitCode = await main(process.argv.slice(2));
