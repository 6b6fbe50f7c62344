import { mkdtempSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { memoryIO } from "../io.ts";
import { readCourse } from "../course.ts";
import { run } from "./workshop.ts";

const course = readCourse({ lint: false });

describe("wirelab workshop", () => {
  it("init writes every exercise's start and given files in course order, and never overwrites", async () => {
    const dir = mkdtempSync(join(tmpdir(), "wirelab-ws-"));
    const io = memoryIO();
    expect(await run(["init", dir], io)).toBe(0);
    for (const l of course.lessons) {
      for (const ex of l.meta.exercises) {
        for (const name of ex.files) expect(readFileSync(join(dir, l.slug, ex.id, name), "utf8"), `${l.slug}/${ex.id}/${name}`).toBe(l.start[ex.id]![name]);
        for (const [name, text] of Object.entries(l.given[ex.id] ?? {})) expect(readFileSync(join(dir, l.slug, ex.id, name), "utf8")).toBe(text);
        for (const [name, text] of Object.entries(l.against[ex.id] ?? {})) expect(readFileSync(join(dir, l.slug, ex.id, "v1", name), "utf8")).toBe(text);
      }
    }
    const readme = readFileSync(join(dir, "README.md"), "utf8");
    const listed = [...readme.matchAll(/^\d+\. ([a-z0-9-]+\/[a-z0-9-]+) \((write|read|fix|predict|design)\)/gm)].map((m) => m[1]);
    expect(listed).toEqual(course.lessons.flatMap((l) => l.meta.exercises.map((e) => `${l.slug}/${e.id}`)));
    // A learner's edit survives a second init.
    const mine = join(dir, "varints", "write-bytes", "message.protoscope");
    writeFileSync(mine, "1: 150\n# mine\n");
    const again = memoryIO();
    expect(await run(["init", dir], again)).toBe(0);
    expect(readFileSync(mine, "utf8")).toBe("1: 150\n# mine\n");
    expect(again.out).toMatch(/0 files written, \d+ kept as they were/);
  });

  it("init takes lessons by name, and refuses an unknown one", async () => {
    const dir = mkdtempSync(join(tmpdir(), "wirelab-ws-"));
    expect(await run(["init", dir, "enum-prefixes"], memoryIO())).toBe(0);
    expect(existsSync(join(dir, "enum-prefixes", "fix-collision", "stoplight.proto"))).toBe(true);
    expect(existsSync(join(dir, "varints"))).toBe(false);
    const io = memoryIO();
    expect(await run(["init", dir, "nope"], io)).toBe(2);
    expect(io.err).toMatch(/no lesson "nope"/);
  });

  it("watch grades the first unfinished exercise, then the one each save touches, moves on when it passes, and says the progress", async () => {
    const dir = mkdtempSync(join(tmpdir(), "wirelab-ws-"));
    await run(["init", dir, "varints"], memoryIO());
    const io = memoryIO();
    const progress: number[] = [];
    let stop: () => void = () => {};
    let onGraded: (n: number) => void = () => {};
    const first = new Promise<void>((r) => (onGraded = () => r()));
    const watching = run(["watch", dir], io, {
      graded: (done) => {
        progress.push(done);
        onGraded(done);
      },
      stop: new Promise<void>((r) => (stop = r)),
    });
    await first;
    expect(io.out).toMatch(/^0\/4 done\. Now: varints\/write-bytes \(write\)/);
    const moved = new Promise<number>((r) => (onGraded = r));
    writeFileSync(join(dir, "varints", "write-bytes", "message.protoscope"), '1: 150\n2: {"testing"}\n');
    expect(await moved).toBe(1);
    expect(io.out).toContain("✓ varints/write-bytes passes.");
    expect(io.out).toMatch(/1\/4 done\. Now: varints\/small-negative/);
    // Skipping ahead: a save in a later exercise's folder grades that exercise, and says why it fails.
    const skipped = new Promise<number>((r) => (onGraded = r));
    writeFileSync(join(dir, "varints", "read-fields", "answer.txt"), "field 1: VARINT 1\n");
    expect(await skipped).toBe(1);
    expect(io.out).toMatch(/\n1\/4 done\. Now: varints\/read-fields \(read\)[^\n]*\n[^\n]*answer\.txt\n( {2}(passed|FAILED) .*\n)* {2}FAILED /);
    stop();
    expect(await watching).toBe(0);
  });

  it("exits 2 on bad usage and 1 on a folder with no exercises", async () => {
    let io = memoryIO();
    expect(await run(["tidy", "x"], io)).toBe(2);
    expect(io.err).toMatch(/unknown action "tidy"/);
    io = memoryIO();
    expect(await run(["watch", mkdtempSync(join(tmpdir(), "wirelab-ws-"))], io)).toBe(1);
    expect(io.err).toMatch(/no exercises under .*: run wirelab workshop init/);
  });
});
