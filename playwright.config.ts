// End-to-end tests run against the *built* app (dist/), served by `vite preview`, in Chromium.
// e2e/run.mjs builds first; run `npm run test:e2e` rather than `playwright test` directly.
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, SYSTEM_CHROMIUM } from "./e2e/browser.ts";

// 4173 is `npm run preview`'s port; WIRELAB_E2E_PORT picks another when several runs share a machine.
const PORT = Number(process.env.WIRELAB_E2E_PORT ?? 4173);
const BASE_URL = `http://127.0.0.1:${PORT}/`;

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  // Two cores shared by many: one worker keeps latency figures meaningful and the machine usable.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: BASE_URL,
    trace: "off",
    // The hosted build registers a service worker that precaches ~6 MB; only the shipping tests
    // (which opt in with test.use) need it, the rest would only pay for the download.
    serviceWorkers: "block",
    launchOptions: SYSTEM_CHROMIUM ? { executablePath: SYSTEM_CHROMIUM, args: CHROMIUM_ARGS } : { args: CHROMIUM_ARGS },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: BASE_URL,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
