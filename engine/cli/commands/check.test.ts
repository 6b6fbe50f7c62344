import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";

import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LESSON_ANSWERS } from "../../../lessons/index.ts";
import { gradeExercise } from "../../lessons/index.ts";
import { readCourse } from "../course.ts";
import { memoryIO } from "../io.ts";
import { matchFiles, run } from "./check.ts";

const course = readCourse({ lint: false });
const bin = fileURLToPath(new URL("../../../bin/wirelab.mjs", import.meta.url));

describe("wirelab check", () => {
  it("--list --json prints every lesson and exercise in CLI.md's shape", async () => {
    const io = memoryIO();
    expect(await run(["--list", "--json"], io)).toBe(0);
    const list = JSON.parse(io.out);
    expect(list).toEqual({
      lessons: course.lessons.map((l) => ({ id: l.slug, title: l.meta.title, exercises: l.meta.exercises.map((e) => ({ id: e.id, title: e.title, kind: e.kind, files: e.files })) })),
    });
    expect(Object.keys(list.lessons[0].exercises[0])).toEqual(["id", "title", "kind", "files"]);
  });

  it("agrees with the in-app grading for every right answer and near miss, with exit 0 or 1", async () => {
    for (const lesson of course.lessons) {
      for (const [exercise, set] of Object.entries(LESSON_ANSWERS[lesson.dir] ?? {})) {
        for (const files of [...set.right, ...set.nearMisses.map((m) => m.files)]) {
          const names = Object.keys(files);
          const io = memoryIO(Object.fromEntries(names.map((n) => [`work/${n}`, files[n]!])));
          const status = await run([lesson.slug, exercise, ...names.map((n) => `work/${n}`), "--json"], io);
          const expected = gradeExercise(lesson, exercise, files);
          expect(JSON.parse(io.out)).toEqual(expected);
          expect(Object.keys(JSON.parse(io.out))).toEqual(["lesson", "exercise", "passed", "checks"]);
          expect(status).toBe(expected.passed ? 0 : 1);
        }
      }
    }
  });

  it("prints each check passed or failed with its message", async () => {
    const io = memoryIO({ "m.protoscope": '1: 150\n2: {"Testing"}\n' });
    expect(await run(["varints", "write-bytes", "m.protoscope"], io)).toBe(1);
    expect(io.out).toContain("  FAILED  bytes: field 2's bytes read `Testing`; expected `testing`\n");
    expect(io.out).toContain("  passed  field-syntax: both tags are written with field syntax (1: and 2:)\n");
  });

  it("exits 2 on an unknown lesson, an unknown exercise or the wrong number of files; 1 on a missing file", async () => {
    let io = memoryIO();
    expect(await run(["nope", "x", "a"], io)).toBe(2);
    expect(io.err).toMatch(/no lesson "nope" \(lessons: varints/);
    io = memoryIO();
    expect(await run(["varints", "nope", "a"], io)).toBe(2);
    expect(io.err).toMatch(/lesson varints has no exercise "nope" \(exercises: write-bytes, small-negative, read-fields, read-zigzag\)/);
    io = memoryIO();
    expect(await run(["varints", "write-bytes"], io)).toBe(2);
    expect(io.err).toMatch(/takes 1 file \(message\.protoscope\); got 0/);
    io = memoryIO();
    expect(await run(["varints", "write-bytes", "missing.protoscope"], io)).toBe(1);
    expect(io.err).toBe("missing.protoscope: cannot read: no such file\n");
  });

  it("matches several files by name, then by extension", () => {
    expect(matchFiles(["a.proto", "m.txtpb"], ["x/m.txtpb", "y/a.proto"])).toEqual({ "a.proto": "y/a.proto", "m.txtpb": "x/m.txtpb" });
    expect(matchFiles(["a.proto", "m.txtpb"], ["s.proto", "t.txtpb"])).toEqual({ "a.proto": "s.proto", "m.txtpb": "t.txtpb" });
    expect(matchFiles(["a.proto", "b.proto"], ["x.proto", "y.proto"])).toMatch(/cannot tell which FILE is a\.proto/);
  });

  it("runs from another directory through the installed command", () => {
    const dir = mkdtempSync(join(tmpdir(), "wirelab-check-"));
    writeFileSync(join(dir, "answer.protoscope"), '1: 150\n2: {"testing"}\n');
    const out = execFileSync(process.execPath, [bin, "check", "varints", "write-bytes", "answer.protoscope", "--json"], { cwd: dir, encoding: "utf8" });
    expect(JSON.parse(out).passed).toBe(true);
    const failed = spawnSync(process.execPath, [bin, "check", "varints", "small-negative", "answer.protoscope"], { cwd: dir, encoding: "utf8" });
    expect(failed.status).toBe(1);
    expect(failed.stdout).toMatch(/FAILED {2}reads-minus-2/);
  });

  it("--watch grades again when the file is saved", async () => {
    const dir = mkdtempSync(join(tmpdir(), "wirelab-watch-"));
    const file = join(dir, "m.protoscope");
    writeFileSync(file, "1: -2\n");
    const io = memoryIO();
    // memoryIO reads from its map; let it read the real file for this test.
    io.readFile = (p: string) => new Uint8Array(readFileSync(p));
    const statuses: number[] = [];
    let stop!: () => void;
    let secondGrade!: () => void;
    const graded = new Promise<void>((r) => (secondGrade = r));
    const done = run(["varints", "small-negative", file, "--watch"], io, {
      graded: (s) => {
        statuses.push(s);
        if (statuses.length === 1) setTimeout(() => writeFileSync(file, "1: -2z\n"), 100);
        else secondGrade();
      },
      stop: new Promise<void>((r) => (stop = r)),
    });
    await graded;
    stop();
    await done;
    expect(statuses.slice(0, 2)).toEqual([1, 0]);
    expect(io.out).toMatch(/Watching .*m\.protoscope: save to grade again/);
    expect(io.out).toMatch(/All checks passed\./);
  });
});
