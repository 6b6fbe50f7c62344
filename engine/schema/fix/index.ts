/** Fixes for schema diagnostics, as text edits with spans. */
export { applyEdits, applyFix } from "./apply.ts";
export {
  ALREADY_DEFINED_CODE,
  attachEnumCollisionFixes,
  enumPrefixFix,
  fixesForEnumCollision,
  prefixEdits,
  scanWorkspace,
  valueRenames,
  type Workspace,
} from "./enum-prefix.ts";
export { scanProto, tokenize, type ScannedEnum, type ScannedFile, type ScannedReference, type ScannedValue } from "./scan.ts";
