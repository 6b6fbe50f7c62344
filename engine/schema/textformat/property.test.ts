import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { equals, fromBinary } from "@bufbuild/protobuf";
import { encodeTextFormat } from "./index.ts";
import { arbMessage, printTextFormat } from "./random-messages.ts";
import { corpusRegistry } from "./testing.ts";

// Random messages, printed as text format by a printer independent of the parser, encoded by
// ours and decoded by @bufbuild/protobuf with the same descriptor, come back equal.
const TYPES: [corpus: string, type: string][] = [
  ["proto3", "wl.p3.Scalars"],
  ["proto3", "wl.p3.Repeated"],
  ["proto3", "wl.p3.Shape"],
  ["proto3", "wl.p3.Maps"],
  ["proto2", "wl.p2.Record"],
  ["editions", "wl.ed.Config"],
  ["editions-features", "wl.edf.Doc"],
];

describe("text format round trip through @bufbuild/protobuf", () => {
  for (const [corpus, typeName] of TYPES) {
    it(typeName, () => {
      const registry = corpusRegistry(corpus);
      const desc = registry.getMessage(typeName)!;
      let nonEmpty = 0;
      fc.assert(
        fc.property(arbMessage(desc), fc.nat(), (message, seed) => {
          const text = printTextFormat(desc, message, seed);
          const result = encodeTextFormat(text, desc, registry);
          const errors = result.diagnostics.filter((d) => d.severity === "error");
          if (errors.length > 0) throw new Error(`${errors[0]!.message}\n${text}`);
          if (result.bytes.length > 0) nonEmpty++;
          const decoded = fromBinary(desc, result.bytes);
          if (!equals(desc, decoded, message)) throw new Error(`not equal after the round trip:\n${text}`);
        }),
        { numRuns: 60 },
      );
      // The generator must produce real content, not mostly empty messages.
      expect(nonEmpty).toBeGreaterThan(40);
    });
  }
});
