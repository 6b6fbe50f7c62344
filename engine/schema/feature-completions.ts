/**
 * What the schema editor offers while an editions feature is being written: after `features.`
 * the features, after `features.NAME = ` that feature's values, after `edition = "` the editions
 * this compiler knows; each with one line on what it means. Computed from the text before the
 * cursor on its line, so it costs nothing on a large file.
 */
import { SUPPORTED_EDITIONS } from "./features.ts";

export interface FeatureCompletion {
  label: string;
  /** One line on what it means. */
  detail: string;
  kind: "feature" | "value" | "edition";
}

interface FeatureDoc {
  detail: string;
  values: Record<string, string>;
}

/** descriptor.proto's FeatureSet, in our words. */
const FEATURES: Record<string, FeatureDoc> = {
  field_presence: {
    detail: "whether a singular field knows it was set (file, message, field)",
    values: {
      EXPLICIT: "set or not is tracked: an explicit 0 is written and read back as set",
      IMPLICIT: "proto3's way: the zero value is not written, so it cannot be told from unset",
      LEGACY_REQUIRED: "proto2's required: a message without the field fails to parse",
    },
  },
  enum_type: {
    detail: "what a reader does with an enum number it does not know (file, enum)",
    values: {
      OPEN: "the field keeps the unknown number; the first value must be 0",
      CLOSED: "proto2's way: the unknown number goes to the unknown fields",
    },
  },
  repeated_field_encoding: {
    detail: "how repeated numbers, bools and enums are written (file, message, field)",
    values: {
      PACKED: "all values in one length-prefixed record (smaller)",
      EXPANDED: "one tagged record per value, as proto2 wrote them",
    },
  },
  utf8_validation: {
    detail: "whether string fields must hold UTF-8 (file, message, field)",
    values: {
      VERIFY: "a parser refuses a string that is not UTF-8",
      NONE: "any bytes are accepted, as in proto2",
    },
  },
  message_encoding: {
    detail: "how a message field is framed on the wire (file, message, field)",
    values: {
      LENGTH_PREFIXED: "a length, then the message (wire type 2)",
      DELIMITED: "start and end tags around it, as a proto2 group (wire types 3 and 4)",
    },
  },
  json_format: {
    detail: "whether the names must work as JSON names (file, message, enum)",
    values: {
      ALLOW: "JSON names must not clash",
      LEGACY_BEST_EFFORT: "clashes are tolerated, as in proto2",
    },
  },
  enforce_naming_style: {
    detail: "edition 2024's naming rules: TitleCase types, lower_snake_case fields (any element)",
    values: {
      STYLE2024: "names must follow the style; protoc refuses the file otherwise",
      STYLE2026: "STYLE2024, and no field named like another's accessor (has_x next to x)",
      STYLE_LEGACY: "no naming rules, as before edition 2024",
    },
  },
  default_symbol_visibility: {
    detail: "which messages and enums other files may use when not marked export/local (file)",
    values: {
      EXPORT_ALL: "every message and enum, as before edition 2024",
      EXPORT_TOP_LEVEL: "top-level ones only (edition 2024's default); nested ones stay local",
      LOCAL_ALL: "none unless marked export",
      STRICT: "none unless marked export, and nested ones cannot be exported",
    },
  },
};

/** The completions at the end of `lineBefore` (the line up to the cursor), if any. */
export function featureCompletions(lineBefore: string, editions: boolean): { replace: number; items: FeatureCompletion[] } | undefined {
  const edition = /\bedition\s*=\s*"([\w]*)$/.exec(lineBefore);
  if (edition) {
    const items = Object.keys(SUPPORTED_EDITIONS).map((e) => ({ label: e, detail: `edition ${e}`, kind: "edition" as const }));
    return { replace: edition[1]!.length, items };
  }
  if (!editions) return undefined;
  const value = /\bfeatures\.(\w+)\s*=\s*(\w*)$/.exec(lineBefore);
  if (value) {
    const doc = FEATURES[value[1]!];
    if (!doc) return undefined;
    return { replace: value[2]!.length, items: Object.entries(doc.values).map(([label, detail]) => ({ label, detail, kind: "value" })) };
  }
  const name = /\bfeatures\.(\w*)$/.exec(lineBefore);
  if (name) {
    return { replace: name[1]!.length, items: Object.entries(FEATURES).map(([label, doc]) => ({ label, detail: doc.detail, kind: "feature" })) };
  }
  return undefined;
}
