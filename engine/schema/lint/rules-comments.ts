/**
 * buf's COMMENTS category (not in DEFAULT): every enum, enum value, field, message, oneof, RPC
 * and service needs a leading comment with at least one line of real text. A line that only
 * holds a `buf:lint:ignore` directive does not count as documentation; trailing comments do not
 * count at all. Synthetic elements (map entries, group fields, proto3-optional oneofs) are
 * skipped, as buf skips them.
 */
import { COMMENT_IGNORE_PREFIX, q, type LintFile, type LintRule } from "./context.ts";
import { elementRule, type Named } from "./rule-shapes.ts";
import { enums, enumValues, fields, isSyntheticOneof, messages, methods, oneofs, services } from "./walk.ts";

/** FieldDescriptorProto.Type.TYPE_GROUP. */
const TYPE_GROUP = 10;

function documented(comment: string): boolean {
  return comment.split("\n").some((line) => {
    const t = line.trim();
    return t !== "" && !t.startsWith(COMMENT_IGNORE_PREFIX);
  });
}

function commentRule(id: string, what: string, kind: string, each: (file: LintFile) => Named[]): LintRule {
  return elementRule({
    id,
    description: `Checks that ${what} have non-empty comments.`,
    inDefault: false,
    elements: each,
    judge: ({ name, path }, file) => {
      // No location (a synthetic element): nothing to document.
      if (file.span(path) === undefined || documented(file.leadingComments(path))) return undefined;
      return { path, message: `${kind} ${q(name)} should have a non-empty comment for documentation.` };
    },
  });
}

export const commentRules: LintRule[] = [
  commentRule("COMMENT_ENUM", "enums", "Enum", (f) => enums(f.proto).map((e) => ({ name: e.enum.name, path: e.path }))),
  commentRule("COMMENT_ENUM_VALUE", "enum values", "Enum value", (f) =>
    enumValues(enums(f.proto)).map((v) => ({ name: v.value.name, path: v.path })),
  ),
  commentRule("COMMENT_FIELD", "fields", "Field", (f) =>
    fields(f.proto)
      .filter((e) => !e.parent?.isMapEntry && e.field.type !== TYPE_GROUP)
      .map((e) => ({ name: e.field.name, path: e.path })),
  ),
  commentRule("COMMENT_MESSAGE", "messages", "Message", (f) =>
    messages(f.proto)
      .filter((m) => !m.isMapEntry)
      .map((m) => ({ name: m.message.name, path: m.path })),
  ),
  commentRule("COMMENT_ONEOF", "oneofs", "Oneof", (f) =>
    oneofs(messages(f.proto))
      .filter((o) => !isSyntheticOneof(o))
      .map((o) => ({ name: o.oneof.name, path: o.path })),
  ),
  commentRule("COMMENT_RPC", "RPCs", "RPC", (f) => methods(f.proto).map((m) => ({ name: m.method.name, path: m.path }))),
  commentRule("COMMENT_SERVICE", "services", "Service", (f) => services(f.proto).map((s) => ({ name: s.service.name, path: s.path }))),
];
