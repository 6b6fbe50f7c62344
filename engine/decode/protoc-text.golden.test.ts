import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compile } from "../schema/index.ts";
import { findTool, missingToolReason } from "../testing/tools.ts";
import { protocDecode } from "./protoc-text.ts";

const TESTDATA = join(import.meta.dirname, "testdata");
interface GoldenCase {
  name: string;
  proto: string;
  type: string;
  hex: string;
  stdout: string;
  stderr: string;
  status: number;
}
const golden = JSON.parse(readFileSync(join(TESTDATA, "decode.golden.json"), "utf8")) as { protoc: string; cases: GoldenCase[] };

function decode(c: GoldenCase) {
  const r = compile({ [c.proto]: readFileSync(join(TESTDATA, c.proto), "utf8") });
  const desc = r.registry!.getMessage(c.type)!;
  // The golden's log lines carry January 1st, midnight, thread 0 (scripts/golden-decode.mjs).
  return protocDecode(desc, Buffer.from(c.hex, "hex"), r.registry, { now: new Date(2000, 0, 1), thread: 0 });
}

describe(`protocDecode prints what ${golden.protoc} --decode prints`, () => {
  for (const c of golden.cases) {
    it(c.name, () => {
      const r = decode(c);
      expect({ stdout: r.text, stderr: r.stderr, status: r.ok ? 0 : 1 }).toEqual({ stdout: c.stdout, stderr: c.stderr, status: c.status });
    });
  }
});

describe("the golden file is what protoc prints today", () => {
  const missing = (["protoc-36", "protoscope"] as const).find((t) => !findTool(t));
  it.skipIf(missing !== undefined)(`scripts/golden-decode.mjs reproduces decode.golden.json${missing ? ` (${missingToolReason(missing)})` : ""}`, () => {
    const out = join(mkdtempSync(join(tmpdir(), "wirelab-decode-golden-")), "decode.json");
    execFileSync(process.execPath, [join(import.meta.dirname, "../../scripts/golden-decode.mjs")], { env: { ...process.env, WIRELAB_GOLDEN_OUT: out }, stdio: "pipe" });
    expect(JSON.parse(readFileSync(out, "utf8"))).toEqual(golden);
  }, 60_000);
});
