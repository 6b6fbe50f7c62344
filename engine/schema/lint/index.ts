/**
 * Lint: buf's rules with buf's exact messages and positions, over a FileDescriptorSet that
 * carries SourceCodeInfo (what protoc --include_source_info or our compiler produce). Like buf
 * lint, it works on descriptors, not on text; the source text is optional and only sharpens
 * positions (tabs, non-ASCII) and enables fixes.
 */
export { CATEGORIES, lint, RULES, selectRules, UNIMPLEMENTED_DEFAULT_RULES, type LintOptions, type RuleInfo } from "./lint.ts";
export { checkWorkspace, type CheckOptions, type CheckResult } from "./workspace.ts";
export { applyEdits, applyFix } from "../fix/apply.ts";
export { attachEnumCollisionFixes, enumPrefixFix, fixesForEnumCollision } from "../fix/enum-prefix.ts";
export { enumValuePrefix, toLowerSnakeCase, toPascalCase, toUpperSnakeCase } from "./case.ts";
export { DEFAULT_RULE_SETTINGS, type LintRule, type RuleSettings } from "./context.ts";
