/**
 * Golden tests: our disassembly of each payload in testdata/disasm must equal protoscope's
 * (recorded by scripts/golden-protoscope-disasm.mjs), except where DIFFERENCES.md says ours
 * deliberately differs; `expectedFromProtoscope` applies exactly those documented differences.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createFileRegistry, fromBinary } from "@bufbuild/protobuf";
import { FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import { disassemble } from "./disassemble.ts";
import type { DisassembleOptions } from "./disassemble.ts";
import { comparableWithProtoscope } from "../testing/protoscope-text.ts";

const dir = join(import.meta.dirname, "testdata", "disasm");
const goldens = readdirSync(dir).filter((f) => f.endsWith(".golden")).sort();

/** Options from a golden's first line (`# NAME.pb -flag ... -descriptor-set F -message-type T`). */
function parseHeader(header: string): { pb: string; options: DisassembleOptions; flags: string[] } {
  const words = header.replace(/^#\s*/, "").trim().split(/\s+/);
  const pb = words.shift()!;
  const options: DisassembleOptions = {};
  let set: string | undefined;
  let type: string | undefined;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === "-descriptor-set") set = words[++i];
    else if (w === "-message-type") type = words[++i];
    else if (w === "-explicit-wire-types") options.explicitWireTypes = true;
    else if (w === "-explicit-length-prefixes") options.explicitLengthPrefixes = true;
    else if (w === "-no-groups") options.noGroups = true;
    else if (w === "-no-quoted-strings") options.noQuotedStrings = true;
    else if (w === "-all-fields-are-messages") options.allFieldsAreMessages = true;
    else if (w === "-print-field-names") options.fieldNames = true;
    else if (w === "-print-enum-names") options.enumNames = true;
    else throw new Error(`unknown flag ${w} in ${header}`);
  }
  if (set && type) {
    const registry = createFileRegistry(fromBinary(FileDescriptorSetSchema, new Uint8Array(readFileSync(join(dir, set)))));
    const message = registry.getMessage(type);
    if (!message) throw new Error(`no message ${type} in ${set}`);
    options.message = message;
    // protoscope reads an unknown field's payload with the enclosing message's schema.
    options.protoscopeUnknownFields = true;
  }
  return { pb, options, flags: words };
}

/** protoscope's text and ours, with our documented differences applied (DIFFERENCES.md, item 1). */
function comparable(want: string, got: string, options: DisassembleOptions): [string, string] {
  return options.explicitWireTypes && !options.noGroups ? comparableWithProtoscope(want, got) : [want, got];
}

describe("disassembler goldens (protoscope's text)", () => {
  it("has goldens to check", () => {
    expect(goldens.length).toBeGreaterThan(300);
  });

  for (const golden of goldens) {
    it(golden, () => {
      const text = readFileSync(join(dir, golden), "utf8");
      const newline = text.indexOf("\n");
      const { pb, options } = parseHeader(text.slice(0, newline));
      const bytes = new Uint8Array(readFileSync(join(dir, pb)));
      const [want, got] = comparable(text.slice(newline + 1), disassemble(bytes, options), options);
      expect(got).toBe(want);
    });
  }
});
