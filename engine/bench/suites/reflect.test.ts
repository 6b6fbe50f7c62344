import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reflectSuite } from "./reflect.ts";

const root = join(import.meta.dirname, "../../..");
const hasProtoc = (() => {
  try {
    execFileSync(process.env.PROTOC ?? "protoc", ["--version"]);
    return true;
  } catch {
    return false;
  }
})();

describe("reflect suite", () => {
  it("all four implementations encode the same bytes and decode them back", async () => {
    for (const c of reflectSuite.cases) {
      const outputs = await Promise.all(reflectSuite.impls.map(async (impl) => (await reflectSuite.prepare(c, impl)).output()));
      expect(outputs[0]!.length, c).toBeGreaterThan(700);
      for (let i = 1; i < outputs.length; i++) expect(outputs[i], `${c} ${reflectSuite.impls[i]}`).toEqual(outputs[0]);
    }
  });

  it.skipIf(!hasProtoc)("the generated ts-proto and protobufjs code is what its schema generates today (needs protoc)", () => {
    const out = mkdtempSync(join(tmpdir(), "wirelab-gen-"));
    execFileSync("node", [join(root, "scripts/gen-bench-code.mjs"), out]);
    const committed = join(root, "engine/bench/suites/generated");
    for (const file of ["bench-proto.ts", "ts-proto/bench.ts", "pbjs/bench.js", "pbjs/bench.d.ts"]) {
      expect(readFileSync(join(out, file), "utf8"), file).toBe(readFileSync(join(committed, file), "utf8"));
    }
    expect(readdirSync(join(out, "ts-proto"))).toEqual(readdirSync(join(committed, "ts-proto")));
  });
});
