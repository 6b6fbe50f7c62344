import { FeatureSetSchema } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "vitest";
import { featureCompletions } from "./feature-completions.ts";
import { compile } from "./index.ts";

describe("feature completions", () => {
  it("offers every feature of FeatureSet an edition 2023 or 2024 file can set (not 2026's proto limits), each explained", () => {
    const r = featureCompletions("option features.", true)!;
    expect(r.replace).toBe(0);
    const declared = FeatureSetSchema.fields.map((f) => f.name).filter((n) => n !== "enforce_proto_limits");
    expect(r.items.map((i) => i.label).sort()).toEqual(declared.sort());
    for (const i of r.items) expect(i.detail.length).toBeGreaterThan(20);
  });

  it("offers a feature's values, the ones descriptor.proto declares, each of which compiles", () => {
    for (const f of FeatureSetSchema.fields) {
      if (f.name === "enforce_proto_limits") continue;
      const r = featureCompletions(`  int32 a = 1 [features.${f.name} = E`, true)!;
      expect(r.replace).toBe(1);
      const e = f.fieldKind === "enum" ? f.enum : undefined;
      const declared = e!.values.map((v) => v.name).filter((n) => !/UNKNOWN$/.test(n));
      expect(r.items.map((i) => i.label).sort(), f.name).toEqual(declared.sort());
      for (const { label } of r.items) {
        const file = `edition = "2024";\npackage p;\noption features.${f.name} = ${label};\nmessage M {\n  int32 a = 1;\n}\n`;
        const errors = compile({ "m.proto": file }).diagnostics.filter((d) => d.severity === "error");
        // A file cannot make every field required by default; everything else is a valid choice.
        if (label === "LEGACY_REQUIRED") expect(errors.map((d) => d.message)).toEqual(["Required presence can't be specified by default."]);
        else expect(errors, `${f.name} = ${label}`).toEqual([]);
      }
    }
  });

  it("offers the editions after `edition = \"`, and nothing about features outside an editions file", () => {
    expect(featureCompletions('edition = "20', false)).toEqual({ replace: 2, items: [expect.objectContaining({ label: "2023" }), expect.objectContaining({ label: "2024" })] });
    expect(featureCompletions("option features.", false)).toBeUndefined();
    expect(featureCompletions("  int32 features = 1;", true)).toBeUndefined();
    expect(featureCompletions("option features.nope = ", true)).toBeUndefined();
  });
});
