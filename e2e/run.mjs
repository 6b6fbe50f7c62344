#!/usr/bin/env node
// `npm run test:e2e`: build the app, make sure a Chromium exists, then run Playwright, which
// serves dist/ with `vite preview` (see playwright.config.ts). Extra arguments go to Playwright
// (e.g. `npm run test:e2e -- e2e/ide.spec.ts -g hover`).
// Both builds are made once per run, before Playwright starts: dist/ (every spec) and the one
// file dist-single/wirelab.html (the single-file specs); `--no-build` reuses what is there.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const npx = process.platform === "win32" ? "npx.cmd" : "npx";

function run(args) {
  const result = spawnSync(npx, args, { stdio: "inherit" });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function hasChromium() {
  if (["/usr/bin/chromium", "/usr/bin/chromium-browser"].some((p) => existsSync(p))) return true;
  try {
    const { chromium } = require("playwright-core");
    return existsSync(chromium.executablePath());
  } catch {
    return false;
  }
}

if (!process.argv.includes("--no-build")) {
  for (const args of [["vite", "build"], ["vite", "build", "--mode", "single"]]) {
    const status = run(args);
    if (status !== 0) process.exit(status);
  }
}
if (!hasChromium()) {
  console.log("e2e: no Chromium found; installing Playwright's chromium (needs the network once)");
  const status = run(["playwright", "install", "chromium"]);
  if (status !== 0) process.exit(status);
}
const passThrough = process.argv.slice(2).filter((a) => a !== "--no-build");
process.exit(run(["playwright", "test", ...passThrough]));
