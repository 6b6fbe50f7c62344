// Our lint against buf's own findings on the corpus (goldens from scripts/golden-lint.mjs):
// same rule, same message text, same line:column, same order.
import { fromBinary } from "@bufbuild/protobuf";
import { FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lint, type RuleSettings } from "./index.ts";

/** buf.yaml's `enum_zero_value_suffix` → our `enumZeroValueSuffix`, and so on. */
const toSettings = (options: Record<string, string | boolean>): Partial<RuleSettings> =>
  Object.fromEntries(Object.entries(options).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]));

const testdata = join(import.meta.dirname, "testdata");

interface Golden {
  use: string[];
  /** buf.yaml rule options the case was linted with, snake_case as in buf.yaml. */
  options: Record<string, string | boolean>;
  files: string[];
  findings: { path: string; line: number; column: number; endLine: number; endColumn: number; rule: string; message: string }[];
}

const cases = readdirSync(testdata)
  .filter((f) => f.endsWith(".golden.json"))
  .map((f) => f.slice(0, -".golden.json".length));

describe("lint matches buf lint on the golden corpus", () => {
  it("has cases", () => expect(cases.length).toBeGreaterThanOrEqual(11));

  it("the option cases really use options, with names our settings know", () => {
    const golden = JSON.parse(readFileSync(join(testdata, "options_all.golden.json"), "utf8")) as Golden;
    expect(Object.keys(toSettings(golden.options)).sort()).toEqual(
      ["enumZeroValueSuffix", "rpcAllowGoogleProtobufEmptyRequests", "rpcAllowGoogleProtobufEmptyResponses", "rpcAllowSameRequestResponse", "serviceSuffix"],
    );
  });

  for (const name of cases) {
    const golden = JSON.parse(readFileSync(join(testdata, `${name}.golden.json`), "utf8")) as Golden;
    const set = fromBinary(FileDescriptorSetSchema, readFileSync(join(testdata, `${name}.binpb`)));
    const sources = Object.fromEntries(golden.files.map((f) => [f, readFileSync(join(testdata, "corpus", name, f), "utf8")]));

    it(`${name}: ${golden.findings.length} findings, with source text`, () => {
      const ours = lint(set, { rules: "all", files: golden.files, sources, settings: toSettings(golden.options) });
      const got = ours.map((d) => {
        if (d.span.kind !== "text") throw new Error("lint spans are text spans");
        return { path: d.span.file, line: d.span.start.line, column: d.span.start.column, rule: d.code, message: d.message };
      });
      const want = golden.findings.map(({ path, line, column, rule, message }) => ({ path, line, column, rule, message }));
      expect(got).toEqual(want);
    });

    it(`${name}: end positions match buf's too`, () => {
      const ours = lint(set, { rules: "all", files: golden.files, sources, settings: toSettings(golden.options) });
      const got = ours.map((d) => (d.span.kind === "text" ? [d.code, d.span.end.line, d.span.end.column] : []));
      expect(got).toEqual(golden.findings.map((f) => [f.rule, f.endLine, f.endColumn]));
    });
  }
});
