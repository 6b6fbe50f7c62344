// Where the workspace comes from when the page opens, and how it is kept: a share link in the
// hash wins, then the autosave of this workspace, then the default example. Autosave writes the
// same versioned, compressed form as share links, so old saves migrate like old links.
import type { StoreApi } from "zustand";
import type { AppState } from "../../store/types.ts";
import { decodeShareHash, decodeShareLink, encodeShareHash, isShareHash, type ShareView } from "./shareLink.ts";
import type { SafeStorage } from "./storage.ts";
import { DEFAULT_EXAMPLE_ID, findExample, loadExample } from "../examples/catalog.ts";
import { EMPTY_WORKSPACE, type Workspace } from "../workspace/types.ts";
import { currentEngineClient } from "../engine/runner.ts";

/**
 * Quiet time (ms) before an edit is saved. Default 300: a reload right after typing still finds
 * the edit (and `pagehide` flushes anyway); large workspaces wait longer because compressing
 * megabytes costs tens of milliseconds on the main thread.
 */
const AUTOSAVE_DELAY_MS = 300;
const AUTOSAVE_DELAY_LARGE_MS = 1500;
const LARGE_WORKSPACE_CHARS = 256 * 1024;

function sizeOf(ws: Workspace): number {
  return ws.schema.length + ws.protoscope.length + ws.message.length + ws.bytes.length;
}

/** The storage key of this workspace: `?workspace=NAME` keeps separate workspaces apart. */
export function workspaceKey(search: string): string {
  const name = new URLSearchParams(search).get("workspace") ?? "default";
  return `wirelab:workspace:${name}`;
}

export async function defaultWorkspace(): Promise<Workspace> {
  const entry = findExample(DEFAULT_EXAMPLE_ID);
  return entry ? loadExample(entry) : { ...EMPTY_WORKSPACE, protoscope: "1: 150\n" };
}

/** The key under which the workspace displaced by an example, reset or link is kept. */
export function previousKey(key: string): string {
  return `${key}:previous`;
}

function readSaved(storage: SafeStorage, key: string): Workspace | undefined {
  const saved = storage.get(key);
  if (!saved) return undefined;
  try {
    return decodeShareHash(saved);
  } catch {
    return undefined; // a damaged save is dropped
  }
}

/**
 * Picks the starting workspace; `notice` explains a link that could not be opened. `previous`
 * is the work a link displaced (the autosave), or the one kept from an earlier replacement.
 */
export async function initialWorkspace(
  hash: string,
  storage: SafeStorage,
  key: string,
): Promise<{ workspace: Workspace; notice?: string; previous?: Workspace; view?: ShareView }> {
  let notice: string | undefined;
  const autosaved = readSaved(storage, key);
  const kept = readSaved(storage, previousKey(key));
  if (isShareHash(hash)) {
    try {
      const { workspace, view } = decodeShareLink(hash);
      const previous = autosaved ?? kept;
      return { workspace, view, ...(previous ? { previous } : {}) };
    } catch (e) {
      notice = `Could not open the link: ${e instanceof Error ? e.message : String(e)}`;
    }
  }
  const extra = { ...(notice ? { notice } : {}), ...(kept ? { previous: kept } : {}) };
  if (autosaved) return { workspace: autosaved, ...extra };
  return { workspace: await defaultWorkspace(), ...extra };
}

/** Saves after each pause in editing, and at once when the page is being hidden or closed. */
export function startAutosave(store: StoreApi<AppState>, storage: SafeStorage, key: string): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dirty = false;
  const write = (record: string) => {
    const ok = storage.set(key, record);
    if (!ok && store.getState().storageAvailable) store.getState().setStorageAvailable(false);
  };
  /** `offThread`: compress large workspaces in the engine Worker (not when the page is closing). */
  const save = (offThread: boolean) => {
    timer = undefined;
    if (!dirty) return;
    dirty = false;
    const snapshot = store.getState().snapshot();
    const client = currentEngineClient();
    if (offThread && client?.usesWorker && sizeOf(snapshot) > LARGE_WORKSPACE_CHARS) {
      const version = store.getState().editVersion;
      client.call("encodeShare", snapshot).then(
        // A newer edit may have been saved synchronously meanwhile (pagehide): keep the newest.
        (record) => store.getState().editVersion === version && write(record),
        () => store.getState().editVersion === version && write(encodeShareHash(snapshot)),
      );
      return;
    }
    write(encodeShareHash(snapshot));
  };
  const unsubscribe = store.subscribe((s, prev) => {
    if (s.previous !== prev.previous && s.previous) storage.set(previousKey(key), encodeShareHash(s.previous));
    if (s.editVersion === prev.editVersion) return;
    dirty = true;
    // The address bar's link described the workspace as it was opened; after an edit a reload
    // must come back to the edited work (the autosave), not to the link.
    if (isShareHash(location.hash)) history.replaceState(null, "", location.pathname + location.search);
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => save(true), sizeOf(s) > LARGE_WORKSPACE_CHARS ? AUTOSAVE_DELAY_LARGE_MS : AUTOSAVE_DELAY_MS);
  });
  const flush = () => save(false);
  const onVisibility = () => document.visibilityState === "hidden" && save(false);
  window.addEventListener("pagehide", flush);
  document.addEventListener("visibilitychange", onVisibility);
  return () => {
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
    window.removeEventListener("pagehide", flush);
    document.removeEventListener("visibilitychange", onVisibility);
  };
}
