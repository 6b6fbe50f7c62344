// Applying a schema fix to the whole workspace: the engine adds the edits other files need (a
// text-format message using renamed enum values) and the store takes the changed files as one edit.
import type { Fix } from "../../../../engine/diagnostics.ts";
import { useAppStore } from "../../store/index.ts";
import { loadEngine } from "../runner/lazyEngine.ts";

/** Applies `fix` (whose edits without a file belong to `file`). */
export async function applyFix(fix: Fix, file: string): Promise<void> {
  try {
    const engine = await loadEngine();
    const state = useAppStore.getState();
    const before = state.snapshot();
    const after = engine.applyFixToWorkspace(before, fix, file);
    state.updateFiles(after.files.filter((f, i) => f !== before.files[i]));
  } catch (e) {
    useAppStore.getState().setEngineError(`The fix could not be applied: ${e instanceof Error ? e.message : String(e)}`);
  }
}
