/** A workspace of named files -> every result the app, the CLI and lesson checks show. */
export { runWorkspace, workspaceSchema, createWorkspaceCache, pendingAssembly, advanceAssembly, type WorkspaceCache, type WorkspaceCacheOptions } from "./run.ts";
export { compileSchema, workspaceLintRules, type CompiledSchema } from "./schema.ts";
export { symbolAt } from "./declarations.ts";
export { completeFix, applyFixToWorkspace, applyWorkspaceEdits } from "./fix.ts";
export * from "./types.ts";
