export { goStructLayout, hasPresence, usesPresenceBit, scalarGoType, GO_API_LEVELS, type GoApiLevel, type GoStructField, type GoStructLayout } from "./struct.ts";
export { decodeAllocs, roundUpSize, nextSliceCap, type AllocItem, type DecodeAllocs } from "./allocs.ts";
export { goCamelCase, goIdent } from "./names.ts";
export { declaredApiLevel } from "./api-level.ts";
export { layoutsOf, workspaceLayouts, type WorkspaceLayouts, type LevelLayout } from "./workspace.ts";
