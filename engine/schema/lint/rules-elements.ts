/**
 * buf's rules about single elements: the casing of names, enum conventions, and fields.
 * Messages are buf 1.75's, word for word; each rule points where buf points (usually the
 * element's name).
 */
import type { Fix } from "../../diagnostics.ts";
import { enumPrefixFix, scanWorkspace, type Workspace } from "../fix/enum-prefix.ts";
import { enumValuePrefix } from "./case.ts";
import { q, type LintContext, type LintFile, type LintRule } from "./context.ts";
import { casingRule, elementRule, LOWER_SNAKE_CASE, PASCAL_CASE, UPPER_SNAKE_CASE } from "./rule-shapes.ts";
import { enums, enumValues, fields, isSyntheticOneof, messages, oneofs, type EnumEntry } from "./walk.ts";

/** FieldDescriptorProto.Label.LABEL_REQUIRED and FeatureSet.FieldPresence.LEGACY_REQUIRED. */
const LABEL_REQUIRED = 2;
const LEGACY_REQUIRED = 3;

/**
 * The prefix/suffix fix of an enum, computed once per enum per lint run (a run is told by its
 * context; each rule that offers the fix makes its own finder). Needs the source text (edits are
 * text spans); without it no fix is offered.
 */
function fixFinder(): (ctx: LintContext, file: LintFile, entry: EnumEntry) => Fix[] | undefined {
  const runs = new WeakMap<LintContext, { workspace: Workspace | undefined; cache: Map<string, Fix[] | undefined> }>();
  return (ctx, file, entry) => {
    let run = runs.get(ctx);
    if (run === undefined) runs.set(ctx, (run = { workspace: undefined, cache: new Map() }));
    const key = `${file.name}\u0000${entry.fullName}`;
    if (run.cache.has(key)) return run.cache.get(key);
    let fixes: Fix[] | undefined;
    const span = file.span([...entry.path, 1]);
    if (ctx.sources !== undefined && span !== undefined) {
      run.workspace ??= scanWorkspace(ctx.sources);
      const at = file.positions.span(span, file.name).start.offset;
      const fix = at >= 0 ? enumPrefixFix(run.workspace, { file: file.name, offset: at }, { zeroSuffix: ctx.settings.enumZeroValueSuffix }) : undefined;
      fixes = fix === undefined ? undefined : [fix];
    }
    run.cache.set(key, fixes);
    return fixes;
  };
}
const prefixFixes = fixFinder();
const zeroSuffixFixes = fixFinder();

export const elementRules: LintRule[] = [
  casingRule("ENUM_PASCAL_CASE", "Checks that enums are PascalCase.", "Enum", PASCAL_CASE, (f) =>
    enums(f.proto).map((e) => ({ name: e.enum.name, path: [...e.path, 1] })),
  ),
  casingRule("MESSAGE_PASCAL_CASE", "Checks that messages are PascalCase.", "Message", PASCAL_CASE, (f) =>
    messages(f.proto)
      .filter((m) => !m.isMapEntry)
      .map((m) => ({ name: m.message.name, path: [...m.path, 1] })),
  ),
  elementRule({
    id: "ENUM_FIRST_VALUE_ZERO",
    description: "Checks that all first values of enums have a numeric value of 0.",
    inDefault: true,
    elements: (f) => enums(f.proto),
    judge: (e) => {
      const first = e.enum.value[0];
      if (first === undefined || first.number === 0) return undefined;
      return { path: [...e.path, 2, 0, 2], message: `First enum value ${q(first.name)} should have a numeric value of 0` };
    },
  }),
  elementRule({
    id: "ENUM_NO_ALLOW_ALIAS",
    description: "Checks that enums do not have the allow_alias option set.",
    inDefault: true,
    elements: (f) => enums(f.proto),
    judge: (e) =>
      e.enum.options?.allowAlias === true ? { path: [...e.path, 3, 2], message: `Enum option "allow_alias" on enum ${q(e.enum.name)} must be false.` } : undefined,
  }),
  elementRule({
    id: "ENUM_VALUE_PREFIX",
    description: "Checks that enum values are prefixed with ENUM_NAME_UPPER_SNAKE_CASE.",
    inDefault: true,
    elements: (f) => enumValues(enums(f.proto)),
    judge: (v, file, ctx) => {
      const prefix = enumValuePrefix(v.parent.enum.name);
      if (v.value.name.startsWith(prefix)) return undefined;
      const message = `Enum value name ${q(v.value.name)} should be prefixed with ${q(prefix)}.`;
      return { path: [...v.path, 1], message, fixes: prefixFixes(ctx, file, v.parent) };
    },
  }),
  casingRule("ENUM_VALUE_UPPER_SNAKE_CASE", "Checks that enum values are UPPER_SNAKE_CASE.", "Enum value", UPPER_SNAKE_CASE, (f) =>
    enumValues(enums(f.proto)).map((v) => ({ name: v.value.name, path: [...v.path, 1] })),
  ),
  elementRule({
    id: "ENUM_ZERO_VALUE_SUFFIX",
    description: 'Checks that enum zero values have a consistent suffix (configurable, default suffix is "_UNSPECIFIED").',
    inDefault: true,
    elements: (f) => enumValues(enums(f.proto)),
    judge: (v, file, ctx) => {
      const suffix = ctx.settings.enumZeroValueSuffix;
      if (v.value.number !== 0 || v.value.name.endsWith(suffix)) return undefined;
      const message = `Enum zero value name ${q(v.value.name)} should be suffixed with ${q(suffix)}.`;
      return { path: [...v.path, 1], message, fixes: zeroSuffixFixes(ctx, file, v.parent) };
    },
  }),
  casingRule("FIELD_LOWER_SNAKE_CASE", "Checks that field names are lower_snake_case.", "Field", LOWER_SNAKE_CASE, (f) =>
    fields(f.proto)
      .filter((e) => !e.parent?.isMapEntry)
      .map((e) => ({ name: e.field.name, path: [...e.path, 1] })),
  ),
  elementRule({
    id: "FIELD_NOT_REQUIRED",
    description: "Checks that fields are not configured to be required.",
    inDefault: true,
    elements: (f) => fields(f.proto),
    judge: (f) => {
      // Editions spell "required" as a field feature (LEGACY_REQUIRED cannot be set file-wide).
      const presence = f.field.options?.features?.fieldPresence;
      if (f.field.label !== LABEL_REQUIRED && presence !== LEGACY_REQUIRED) return undefined;
      return { path: [...f.path, 1], message: `Field named ${q(f.field.name)} should not be required.` };
    },
  }),
  casingRule("ONEOF_LOWER_SNAKE_CASE", "Checks that oneof names are lower_snake_case.", "Oneof", LOWER_SNAKE_CASE, (f) =>
    oneofs(messages(f.proto))
      .filter((o) => !isSyntheticOneof(o))
      .map((o) => ({ name: o.oneof.name, path: [...o.path, 1] })),
  ),
];
