// Which Chromium the end-to-end tests drive. Debian's /usr/bin/chromium when present (CI and this
// machine); otherwise Playwright's own download (e2e/run.mjs installs it first when missing).
import { existsSync } from "node:fs";

/** Path of the system Chromium, or undefined to use Playwright's bundled browser. */
export const SYSTEM_CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));

/** Flags for a headless Chromium in a container: no sandbox (root), no GPU, no phoning home. */
export const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"];
