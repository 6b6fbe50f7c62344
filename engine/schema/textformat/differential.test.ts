import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { isFieldSet } from "@bufbuild/protobuf";
import { FeatureSet_FieldPresence } from "@bufbuild/protobuf/wkt";
import { afterAll, describe, expect, it } from "vitest";
import type { Diagnostic } from "../../diagnostics.ts";
import { findTool, missingToolReason, protoc36Include } from "../../testing/tools.ts";
import { ERROR_CASES } from "./error-cases.ts";
import { encodeTextFormat } from "./index.ts";
import { arbMessage, printTextFormat } from "./random-messages.ts";
import { TESTDATA, corpusCases, corpusRegistry, hex } from "./testing.ts";

// Live comparisons with the reference tools: the committed corpus, random messages, and the
// wording of protoc's errors. Each block skips, saying why, when its tool is absent.
// Today's protoc (36.2), with its well-known types as the last -I.
const protoc = findTool("protoc-36");
const wkt = protoc ? protoc36Include() : undefined;
const buf = findTool("buf");
if (!protoc) console.warn(missingToolReason("protoc-36"));
if (!buf) console.warn(missingToolReason("buf"));

function protocEncode(corpus: string, type: string, text: string): { bytes: Uint8Array; stderr: string; status: number } {
  const r = spawnSync(protoc!, ["-I.", `-I${wkt}`, `--encode=${type}`, "schema.proto"], { cwd: join(TESTDATA, corpus), input: text });
  return { bytes: new Uint8Array(r.stdout), stderr: r.stderr.toString(), status: r.status ?? -1 };
}

const scratch = mkdtempSync(join(tmpdir(), "wirelab-textformat-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function bufConvert(corpus: string, type: string, text: string): Uint8Array {
  const input = join(scratch, "in.txtpb");
  const output = join(scratch, "out.binpb");
  writeFileSync(input, text);
  execFileSync(buf!, ["convert", "schema.proto", "--type", type, "--from", input, "--to", `${output}#format=binpb`], {
    cwd: join(TESTDATA, corpus),
    stdio: "pipe",
  });
  return new Uint8Array(readFileSync(output));
}

/** The line:column `wirelab encode` prints for a diagnostic (protoc's, where it differs from the span). */
function printedPosition(d: Diagnostic): string {
  const p = d.printedAt ?? (d.span.kind === "text" ? d.span.start : undefined);
  return p ? `${p.line}:${p.column}` : "";
}

function ours(corpus: string, type: string, text: string, order: "protoc" | "buf" = "protoc"): Uint8Array {
  const registry = corpusRegistry(corpus);
  const result = encodeTextFormat(text, registry.getMessage(type)!, registry, { order });
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) throw new Error(`${errors[0]!.message}\n${text}`);
  return result.bytes;
}

describe.skipIf(!protoc)("against protoc --encode (live, protoc 36.2)", () => {
  for (const c of corpusCases()) {
    it(`corpus ${c.corpus}/${c.name}`, () => {
      expect(hex(ours(c.corpus, c.type, c.text))).toBe(hex(protocEncode(c.corpus, c.type, c.text).bytes));
    });
  }

  /** Our bytes equal protoc's when it succeeds; our first error is its first error when not. */
  function sameAsProtoc(corpus: string, type: string, text: string): void {
    const registry = corpusRegistry(corpus);
    const result = encodeTextFormat(text, registry.getMessage(type)!, registry);
    const error = result.diagnostics.find((d) => d.severity === "error");
    const tool = protocEncode(corpus, type, text);
    const toolLine = tool.stderr.split("\n").find((l) => /^input:\d+:\d+: /.test(l));
    const toolError = toolLine?.replace(/^input:\d+:\d+: /, "");
    if (tool.status === 0) {
      expect(error?.message, text).toBeUndefined();
      expect(hex(result.bytes), text).toBe(hex(tool.bytes));
    } else {
      expect(error?.message, text).toBe(toolError);
      // And at protoc's line:column (what `wirelab encode` prints).
      if (error && toolLine) expect(printedPosition(error), `${text}\n${toolLine}`).toBe(/^input:(\d+:\d+): /.exec(toolLine)![1]);
    }
  }

  /** Random edits: characters deleted, inserted, or replaced by syntax that matters. */
  const SYNTAX = [..."{}<>[]:;,.-/\"'\\#\n 0x9eE_f1", "\u00e9", "\u0001", "inf", "nan", "key: ", "value {", "Item {"];
  const arbEdits = (maxLength: number) =>
    fc.array(fc.tuple(fc.nat(), fc.oneof(fc.constant(""), fc.constantFrom(...SYNTAX), fc.string({ maxLength: 3 })), fc.nat({ max: 3 })), {
      maxLength,
    });
  const applyEdits = (text: string, edits: [number, string, number][]) => {
    for (const [at, insert, remove] of edits) {
      const i = at % (text.length + 1);
      text = text.slice(0, i) + insert + text.slice(i + remove);
    }
    return text;
  };

  for (const [corpus, type] of [
    ["proto3", "wl.p3.Scalars"],
    ["proto3", "wl.p3.Repeated"],
    ["proto3", "wl.p3.Maps"],
    ["proto3", "wl.p3.Shape"],
    ["proto3", "wl.p3.Envelope"],
    ["proto2", "wl.p2.Record"],
  ] as const) {
    it(`random ${type} messages, some with random edits`, () => {
      const desc = corpusRegistry(corpus).getMessage(type)!;
      const samples = fc.sample(fc.tuple(arbMessage(desc), fc.nat(), arbEdits(2)), { numRuns: 25, seed: 20261121 });
      for (const [message, seed, edits] of samples) sameAsProtoc(corpus, type, applyEdits(printTextFormat(desc, message, seed), edits));
    });
  }

  it("edited corpus messages", () => {
    const cases = corpusCases().filter((c) => !c.editions);
    const samples = fc.sample(fc.tuple(fc.constantFrom(...cases), arbEdits(3)), { numRuns: 150, seed: 7 });
    for (const [c, edits] of samples) sameAsProtoc(c.corpus, c.type, applyEdits(c.text, edits.length ? edits : [[0, "}", 0]]));
  });

  it("reports errors in protoc's words, at protoc's line:column", () => {
    for (const c of ERROR_CASES) {
      const tool = protocEncode(c.corpus ?? "proto3", c.type ?? "wl.p3.Scalars", c.text);
      expect(tool.status, c.name).not.toBe(0);
      // protoc prints `input:LINE:COL: message`; its first line is the error we report.
      const [, where, first] = /^input:(\d+:\d+): (.*)$/.exec(tool.stderr.split("\n")[0]!)!;
      expect(first, c.name).toBe(c.message);
      const registry = corpusRegistry(c.corpus ?? "proto3");
      const result = encodeTextFormat(c.text, registry.getMessage(c.type ?? "wl.p3.Scalars")!, registry);
      expect(printedPosition(result.diagnostics[0]!), c.name).toBe(where);
    }
  });
});

// buf writes in Go's order (extensions first, then fields, then oneof members; maps sorted):
// `order: "buf"` reproduces it, checked here on the editions corpora.
describe.skipIf(!buf)("against buf convert (live, edition 2023, buf's order)", () => {
  for (const c of corpusCases().filter((c) => c.editions)) {
    it(`corpus ${c.corpus}/${c.name}`, () => {
      expect(hex(ours(c.corpus, c.type, c.text, "buf"))).toBe(hex(bufConvert(c.corpus, c.type, c.text)));
    });
  }

  for (const [corpus, type] of [
    ["editions", "wl.ed.Config"],
    ["editions-features", "wl.edf.Doc"],
  ] as const) {
    it(`random ${type} messages`, () => {
      const desc = corpusRegistry(corpus).getMessage(type)!;
      const samples = fc.sample(fc.tuple(arbMessage(desc), fc.nat()), { numRuns: 8, seed: 20261121 });
      for (const [message, seed] of samples) {
        // buf refuses to write a message whose LEGACY_REQUIRED fields are unset.
        for (const f of desc.fields) {
          if (f.presence === FeatureSet_FieldPresence.LEGACY_REQUIRED && !isFieldSet(message, f)) (message as unknown as Record<string, unknown>)[f.localName] = 1;
        }
        const text = printTextFormat(desc, message, seed);
        expect(hex(ours(corpus, type, text, "buf")), text).toBe(hex(bufConvert(corpus, type, text)));
      }
    });
  }
});
