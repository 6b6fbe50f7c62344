// Shared checks for the shipping tests (hosted folder, single file, embed): requests that leave
// the app's origin are blocked and counted; Content-Security-Policy violations are collected
// from the page (securitypolicyviolation events) and from its Workers and the page's console
// (where Chromium reports what a Worker's policy refused).
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { expect, type BrowserContext, type Page } from "@playwright/test";
import { parseArenaOps, simulateArena } from "../engine/arena/index.ts";
import { expectArenaStep, replaceEditorText } from "./helpers.ts";

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

/**
 * The course works in this build: open the first lesson, start varints/write-bytes in the
 * editor, check its start (it fails), write a correct answer, check again (every check passes).
 * An exercise already complete (from an earlier visit) is Reset to its start first.
 */
export async function completeExercise(page: Page): Promise<void> {
  await page.getByRole("tab", { name: "Lessons" }).click();
  await page.getByRole("navigation", { name: "Course" }).getByRole("button", { name: "Varints, tags and wire types" }).click();
  await page.locator('li[data-exercise="write-bytes"]').getByRole("button").click();
  const bar = page.locator(".exercise-bar");
  await expect(bar).toHaveAttribute("data-exercise", "write-bytes");
  await bar.getByRole("button", { name: "Reset to the start" }).click();
  await bar.getByRole("button", { name: "Check" }).click();
  await expect(page.getByTestId("exercise-grade")).toContainText("checks failed");
  await replaceEditorText(page, "message.protoscope", '1: 150\n2: {"testing"}\n');
  await bar.getByRole("button", { name: "Check" }).click();
  await expect(page.getByTestId("exercise-grade")).toContainText("All checks passed.");
  await expect(bar.getByRole("heading")).toContainText("complete");
  await page.getByRole("button", { name: "← Course" }).click();
}

/** The Arena view steps through a script of its own, showing what engine/arena computes at each step. */
export async function stepArena(page: Page): Promise<void> {
  const script = "alloc:24, alloc:100, alloc:4096";
  const trace = simulateArena(parseArenaOps(script).ops, "design");
  const total = trace.events.length;
  await page.getByRole("tab", { name: "Arena" }).click();
  const panel = page.locator('[data-panel="arena"]');
  await panel.getByRole("radio", { name: "the design (prose)" }).check();
  await panel.getByRole("textbox", { name: /Operations/ }).fill(script);
  // (The same script again keeps its step: a reload restores the view; start from the beginning.)
  const first = panel.getByRole("button", { name: "First" });
  if (await first.isEnabled()) await first.click();
  await expect(panel.getByTestId("arena-step")).toHaveText(`Step 0 of ${total}`);
  for (let step = 1; step <= total; step++) {
    await panel.getByRole("button", { name: "Forward" }).click();
    await expectArenaStep(panel, script, "design", step);
  }
}

/** The Layout view (from the engine Worker) shows the struct sizes the CLI prints for the same schema. */
export async function layoutWorks(page: Page, expected: { open: number; opaque: number }): Promise<void> {
  await page.getByRole("tab", { name: "Layout" }).click();
  const panel = page.getByRole("region", { name: "Go struct layout" });
  await expect(panel.getByTestId("layout-size-open")).toHaveText(String(expected.open), { timeout: 30_000 });
  await expect(panel.getByTestId("layout-size-opaque")).toHaveText(String(expected.opaque));
  await expect(panel.getByTestId("layout-allocs-open")).toHaveText(/^\d+$/);
}

/** What `wirelab layout` says the open and opaque structs of the default example's type take. */
export function cliLayoutSizes(): { open: number; opaque: number } {
  const example = join(import.meta.dirname, "..", "examples", "ide", "01-varint");
  const out = JSON.parse(
    execFileSync(process.execPath, [join(import.meta.dirname, "..", "bin", "wirelab.mjs"), "layout", join(example, "schema.proto"), "-I", example, "--type", "encoding.v1.Test1", "--api", "all", "--json"]).toString(),
  ) as { layouts: { api: string; size: number }[] };
  const size = (api: string) => out.layouts.find((l) => l.api === api)!.size;
  return { open: size("open"), opaque: size("opaque") };
}
