/**
 * Golden tests against protoc 36.2: for every case folder in
 * testdata/corpus, our diagnostics must print exactly what protoc printed (text, line, column,
 * order), and for cases that compile, our FileDescriptorSet must decode equal to protoc's,
 * SourceCodeInfo included. Regenerate the goldens with `node scripts/golden-schema.mjs`.
 */
import { clone, equals, fromBinary } from "@bufbuild/protobuf";
import type { FileDescriptorProto } from "@bufbuild/protobuf/wkt";
import { FileDescriptorProtoSchema, FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compile, formatSchemaDiagnostic } from "./index.ts";

const corpus = join(import.meta.dirname, "testdata", "corpus");
const cases = readdirSync(corpus).filter((name) => existsSync(join(corpus, name, "main.proto")));

function loadCase(name: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const f of readdirSync(join(corpus, name))) {
    if (f.endsWith(".proto")) files[f] = readFileSync(join(corpus, name, f), "utf8");
  }
  return files;
}

/** protoc's own log lines (e.g. "No syntax specified") are not diagnostics; its warnings are. */
function expectedLines(name: string): string[] {
  return readFileSync(join(corpus, name, "expected.txt"), "utf8")
    .split("\n")
    .filter((l) => l !== "" && !l.startsWith("[libprotobuf"));
}

function withoutSourceInfo(f: FileDescriptorProto): FileDescriptorProto {
  const c = clone(FileDescriptorProtoSchema, f);
  c.sourceCodeInfo = undefined;
  return c;
}

function unknownBytes(f: FileDescriptorProto): string {
  // Custom options stay unknown fields; compare them by their bytes, wherever they are.
  const out: string[] = [];
  const walk = (v: unknown, path: string) => {
    if (v === null || typeof v !== "object") return;
    if (v instanceof Uint8Array) return;
    const rec = v as Record<string, unknown> & { $unknown?: { no: number; wireType: number; data: Uint8Array }[] };
    for (const u of rec.$unknown ?? []) out.push(`${path}:${u.no}/${u.wireType}=${Array.from(u.data).join(",")}`);
    for (const [k, child] of Object.entries(rec)) if (k !== "$unknown") walk(child, `${path}.${k}`);
  };
  walk(f, "");
  return out.sort().join("\n");
}

/**
 * protoc prints unused-import warnings in the order of its heap pointers (a std::set of file
 * pointers), which nothing can reproduce; we print them in import order and compare them as a set.
 */
function warningsAsSet(lines: string[]): string[] {
  const warning = (l: string) => l.includes(": warning: ");
  return [...lines.filter((l) => !warning(l)), ...lines.filter(warning).sort()];
}

describe("schema goldens (protoc 36.2)", () => {
  it("has a corpus", () => {
    expect(cases.length).toBeGreaterThan(40);
  });

  for (const name of cases) {
    describe(name, () => {
      const files = loadCase(name);
      const result = compile(files, { roots: ["main.proto"], warnUnusedImports: true });

      it("prints protoc's diagnostics", () => {
        const ours = result.diagnostics.flatMap((d) => formatSchemaDiagnostic(d).split("\n"));
        // buf prints "file:line:col:message"; we print protoc's "file:line:col: message".
        const expected = expectedLines(name).map((l) => l.replace(/^([^:]+:\d+:\d+):(?! )/, "$1: "));
        expect(warningsAsSet(ours)).toEqual(warningsAsSet(expected));
        for (const d of result.diagnostics) {
          // Positioned, or (where protoc prints `file: message`) without a position, naming the file.
          expect(["text", "none"]).toContain(d.span.kind);
          if (d.span.kind === "none") expect(d.span.file).toMatch(/\.proto$/);
          expect(d.code).toMatch(/^(protoc|buf)\//);
        }
      });

      const descriptorPath = join(corpus, name, "descriptor.binpb");
      if (!existsSync(descriptorPath)) return;
      const theirs = fromBinary(FileDescriptorSetSchema, readFileSync(descriptorPath));
      const theirMain = theirs.file.find((f) => f.name === "main.proto")!;

      it("builds the same FileDescriptorProto", () => {
        const ourMain = result.fileSet.file.find((f) => f.name === "main.proto");
        expect(ourMain).toBeDefined();
        const a = withoutSourceInfo(ourMain!);
        const b = withoutSourceInfo(theirMain);
        if (!equals(FileDescriptorProtoSchema, a, b)) {
          expect(a).toEqual(b);
        }
        expect(unknownBytes(a)).toBe(unknownBytes(b));
      });

      if (theirMain.sourceCodeInfo) {
        it("records the same SourceCodeInfo", () => {
          const ourMain = result.fileSet.file.find((f) => f.name === "main.proto")!;
          const simplify = (f: FileDescriptorProto) =>
            (f.sourceCodeInfo?.location ?? []).map((l) => ({
              path: l.path.join(","),
              span: l.span.join(","),
              leading: l.leadingComments,
              trailing: l.trailingComments,
              detached: l.leadingDetachedComments,
            }));
          // buf (editions) records the same locations in another order.
          const editions = theirMain.syntax === "editions";
          const order = (l: ReturnType<typeof simplify>) => (editions ? [...l].sort((x, y) => (x.path + x.span < y.path + y.span ? -1 : 1)) : l);
          expect(order(simplify(ourMain))).toEqual(order(simplify(theirMain)));
        });
      }
    });
  }
});
