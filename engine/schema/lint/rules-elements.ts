/**
 * buf's rules about single elements: the casing of names, enum conventions, and fields.
 * Messages are buf 1.75's, word for word; each rule points where buf points (usually the
 * element's name).
 */
import { isFieldSet } from "@bufbuild/protobuf";
import { FieldDescriptorProtoSchema, type FieldDescriptorProto } from "@bufbuild/protobuf/wkt";
import type { Fix } from "../../diagnostics.ts";
import { enumPrefixFix, scanWorkspace, type Workspace } from "../fix/enum-prefix.ts";
import { enumValuePrefix, toLowerSnakeCase, toPascalCase, toUpperSnakeCase } from "./case.ts";
import { q, type LintContext, type LintFile, type LintRule } from "./context.ts";
import { enums, enumValues, fields, messages, oneofs, type EnumEntry } from "./walk.ts";

/** Whether a field belongs to oneof `index` (oneof_index is proto2-optional: check presence). */
const inOneof = (field: FieldDescriptorProto, index: number): boolean =>
  isFieldSet(field, FieldDescriptorProtoSchema.field.oneofIndex) && field.oneofIndex === index;

/** FieldDescriptorProto.Label.LABEL_REQUIRED and FeatureSet.FieldPresence.LEGACY_REQUIRED. */
const LABEL_REQUIRED = 2;
const LEGACY_REQUIRED = 3;

function pascalRule(id: string, description: string, kind: string, each: (file: LintFile) => { name: string; path: number[] }[]): LintRule {
  return {
    id,
    description,
    inDefault: true,
    check(ctx) {
      for (const file of ctx.files) {
        for (const { name, path } of each(file)) {
          const expected = toPascalCase(name);
          if (name !== expected) ctx.report(id, file, [...path, 1], `${kind} name ${q(name)} should be PascalCase, such as ${q(expected)}.`);
        }
      }
    },
  };
}

/**
 * The prefix/suffix fix of an enum, computed once per enum per lint run. Needs the source text
 * (edits are text spans); without it no fix is offered.
 */
function fixFinder(ctx: LintContext): (file: LintFile, entry: EnumEntry) => Fix[] | undefined {
  let workspace: Workspace | undefined;
  const cache = new Map<string, Fix[] | undefined>();
  return (file, entry) => {
    const key = `${file.name}\u0000${entry.fullName}`;
    if (cache.has(key)) return cache.get(key);
    let fixes: Fix[] | undefined;
    const span = file.span([...entry.path, 1]);
    if (ctx.sources !== undefined && span !== undefined) {
      workspace ??= scanWorkspace(ctx.sources);
      const at = file.positions.span(span, file.name).start.offset;
      const fix = at >= 0 ? enumPrefixFix(workspace, { file: file.name, offset: at }, { zeroSuffix: ctx.settings.enumZeroValueSuffix }) : undefined;
      fixes = fix === undefined ? undefined : [fix];
    }
    cache.set(key, fixes);
    return fixes;
  };
}

export const elementRules: LintRule[] = [
  pascalRule("ENUM_PASCAL_CASE", "Checks that enums are PascalCase.", "Enum", (f) =>
    enums(f.proto).map((e) => ({ name: e.enum.name, path: e.path })),
  ),
  pascalRule("MESSAGE_PASCAL_CASE", "Checks that messages are PascalCase.", "Message", (f) =>
    messages(f.proto)
      .filter((m) => !m.isMapEntry)
      .map((m) => ({ name: m.message.name, path: m.path })),
  ),
  {
    id: "ENUM_FIRST_VALUE_ZERO",
    description: "Checks that all first values of enums have a numeric value of 0.",
    inDefault: true,
    check(ctx) {
      for (const file of ctx.files) {
        for (const e of enums(file.proto)) {
          const first = e.enum.value[0];
          if (first !== undefined && first.number !== 0) {
            ctx.report(this.id, file, [...e.path, 2, 0, 2], `First enum value ${q(first.name)} should have a numeric value of 0`);
          }
        }
      }
    },
  },
  {
    id: "ENUM_NO_ALLOW_ALIAS",
    description: "Checks that enums do not have the allow_alias option set.",
    inDefault: true,
    check(ctx) {
      for (const file of ctx.files) {
        for (const e of enums(file.proto)) {
          if (e.enum.options?.allowAlias === true) {
            ctx.report(this.id, file, [...e.path, 3, 2], `Enum option "allow_alias" on enum ${q(e.enum.name)} must be false.`);
          }
        }
      }
    },
  },
  {
    id: "ENUM_VALUE_PREFIX",
    description: "Checks that enum values are prefixed with ENUM_NAME_UPPER_SNAKE_CASE.",
    inDefault: true,
    check(ctx) {
      const fixFor = fixFinder(ctx);
      for (const file of ctx.files) {
        for (const v of enumValues(enums(file.proto))) {
          const prefix = enumValuePrefix(v.parent.enum.name);
          if (!v.value.name.startsWith(prefix)) {
            const message = `Enum value name ${q(v.value.name)} should be prefixed with ${q(prefix)}.`;
            ctx.report(this.id, file, [...v.path, 1], message, fixFor(file, v.parent));
          }
        }
      }
    },
  },
  {
    id: "ENUM_VALUE_UPPER_SNAKE_CASE",
    description: "Checks that enum values are UPPER_SNAKE_CASE.",
    inDefault: true,
    check(ctx) {
      for (const file of ctx.files) {
        for (const v of enumValues(enums(file.proto))) {
          const expected = toUpperSnakeCase(v.value.name);
          if (v.value.name !== expected) {
            ctx.report(this.id, file, [...v.path, 1], `Enum value name ${q(v.value.name)} should be UPPER_SNAKE_CASE, such as ${q(expected)}.`);
          }
        }
      }
    },
  },
  {
    id: "ENUM_ZERO_VALUE_SUFFIX",
    description: 'Checks that enum zero values have a consistent suffix (configurable, default suffix is "_UNSPECIFIED").',
    inDefault: true,
    check(ctx) {
      const fixFor = fixFinder(ctx);
      for (const file of ctx.files) {
        for (const v of enumValues(enums(file.proto))) {
          const suffix = ctx.settings.enumZeroValueSuffix;
          if (v.value.number === 0 && !v.value.name.endsWith(suffix)) {
            const message = `Enum zero value name ${q(v.value.name)} should be suffixed with ${q(suffix)}.`;
            ctx.report(this.id, file, [...v.path, 1], message, fixFor(file, v.parent));
          }
        }
      }
    },
  },
  {
    id: "FIELD_LOWER_SNAKE_CASE",
    description: "Checks that field names are lower_snake_case.",
    inDefault: true,
    check(ctx) {
      for (const file of ctx.files) {
        for (const f of fields(file.proto)) {
          if (f.parent?.isMapEntry) continue;
          const expected = toLowerSnakeCase(f.field.name);
          if (f.field.name !== expected) {
            ctx.report(this.id, file, [...f.path, 1], `Field name ${q(f.field.name)} should be lower_snake_case, such as ${q(expected)}.`);
          }
        }
      }
    },
  },
  {
    id: "FIELD_NOT_REQUIRED",
    description: "Checks that fields are not configured to be required.",
    inDefault: true,
    check(ctx) {
      for (const file of ctx.files) {
        for (const f of fields(file.proto)) {
          // Editions spell "required" as a field feature (LEGACY_REQUIRED cannot be set file-wide).
          const presence = f.field.options?.features?.fieldPresence;
          if (f.field.label === LABEL_REQUIRED || presence === LEGACY_REQUIRED) {
            ctx.report(this.id, file, [...f.path, 1], `Field named ${q(f.field.name)} should not be required.`);
          }
        }
      }
    },
  },
  {
    id: "ONEOF_LOWER_SNAKE_CASE",
    description: "Checks that oneof names are lower_snake_case.",
    inDefault: true,
    check(ctx) {
      for (const file of ctx.files) {
        for (const o of oneofs(messages(file.proto))) {
          const name = o.oneof.name;
          const expected = toLowerSnakeCase(name);
          if (name === expected) continue;
          // proto3 `optional` fields live in a synthetic oneof that buf does not judge.
          const members = o.parent.message.field.filter((fd) => inOneof(fd, o.index));
          if (members.length === 1 && members[0]!.proto3Optional) continue;
          ctx.report(this.id, file, [...o.path, 1], `Oneof name ${q(name)} should be lower_snake_case, such as ${q(expected)}.`);
        }
      }
    },
  },
];
