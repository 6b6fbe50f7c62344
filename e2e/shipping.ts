// Shared checks for the shipping tests (hosted folder, single file, embed): requests that leave
// the app's origin are blocked and counted; Content-Security-Policy violations are collected
// from the page (securitypolicyviolation events) and from its Workers and the page's console
// (where Chromium reports what a Worker's policy refused).
import { expect, type BrowserContext, type Page } from "@playwright/test";

/** Blocks and records every request whose URL is not under one of `allowed` (or data:/blob:). */
export async function blockOtherOrigins(context: BrowserContext, allowed: string[]): Promise<string[]> {
  const attempted: string[] = [];
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith("data:") || url.startsWith("blob:") || allowed.some((a) => url.startsWith(a))) return route.continue();
    attempted.push(url);
    return route.abort("blockedbyclient");
  });
  return attempted;
}

/** Starts collecting CSP violations for `page` (call before the first navigation). */
export async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__wirelabCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __wirelabCspViolation(t: string): void }).__wirelabCspViolation;
      report(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const fromConsole = (text: string) => {
    if (/Content Security Policy/i.test(text)) violations.push(`console: ${text.slice(0, 400)}`);
  };
  page.on("console", (m) => fromConsole(m.text()));
  page.on("worker", (w) => w.on("console", (m) => fromConsole(m.text())));
  return violations;
}

/** Milliseconds from navigation start until the first bytes are in the hex view. */
export async function timeToBytes(page: Page): Promise<number> {
  await expect(page.getByRole("grid", { name: "Bytes" })).not.toHaveAttribute("data-bytes-version", "0", { timeout: 30_000 });
  return page.evaluate(() => {
    const mark = performance.getEntriesByName("wirelab:bytes-updated")[0];
    return Math.round(mark ? mark.startTime : performance.now());
  });
}

/** Prints a figure for the report and attaches it to the test. */
export function report(line: string): void {
  console.log(`[shipping] ${line}`);
}

export interface WorkerLog {
  /** Workers the page constructed. */
  started: number;
  /** Workers that failed to load or start (an error event, or a constructor that threw). */
  failed: string[];
}

/**
 * Records every Worker the page starts and every one that fails (the app would then fall back
 * to the main thread, which works but is not what a build promises). Call before navigating.
 */
export async function watchWorkers(page: Page): Promise<() => Promise<WorkerLog>> {
  await page.addInitScript(() => {
    const log = { started: 0, failed: [] as string[] };
    (window as unknown as { __wirelabWorkers: typeof log }).__wirelabWorkers = log;
    const Native = window.Worker;
    class Watched extends Native {
      constructor(url: string | URL, options?: WorkerOptions) {
        try {
          super(url, options);
        } catch (e) {
          log.failed.push(`constructor threw: ${String(e)}`);
          throw e;
        }
        log.started++;
        this.addEventListener("error", (e) => log.failed.push(`error event: ${(e as ErrorEvent).message ?? "could not load"}`));
      }
    }
    window.Worker = Watched;
  });
  return () => page.evaluate(() => (window as unknown as { __wirelabWorkers: WorkerLog }).__wirelabWorkers);
}

/** Runs the quick "lazy" suite from the Bench panel and waits for its table (4 rows). */
export async function quickBench(page: Page): Promise<void> {
  await page.getByRole("tab", { name: "Bench" }).click();
  const panel = page.getByTestId("bench-panel");
  await expect(panel).toBeVisible();
  await panel.getByLabel("Suite").selectOption("lazy");
  await expect(panel.getByLabel("Quick")).toBeChecked();
  await panel.getByRole("button", { name: "Run" }).click();
  const results = panel.getByTestId("bench-results");
  await expect(results).toBeVisible({ timeout: 180_000 });
  await expect(results.locator("tbody tr")).toHaveCount(4);
}
