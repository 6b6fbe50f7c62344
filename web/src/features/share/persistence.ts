// Where the workspace comes from when the page opens, and how it is kept: a share link in the
// hash wins, then the autosave of this workspace, then the default example. Autosave writes the
// same versioned, compressed records as share links (files and view), so old saves migrate like
// old links.
//
// Nothing is lost:
// - an edit stays pending until a record of it (or of a later edit) is written: compressing off
//   the page does not count as saved until the Worker's answer is in storage, and closing or
//   hiding the page writes the pending state at once, on the page's thread;
// - a save that cannot be read (damaged, or written by a newer Wirelab) is moved to a backup key
//   and the learner is told, never overwritten by the next edit;
// - every workspace and every embedded frame has its own key, so an embed on the same origin
//   never overwrites the learner's own work.
import type { StoreApi } from "zustand";
import type { AppState } from "../../store/types.ts";
import { decodeShareLink, encodeShareHash, isShareHash, ShareLinkError, type ShareOptions } from "./shareLink.ts";
import type { SafeStorage } from "./storage.ts";
import { DEFAULT_EXAMPLE_ID, findExample, loadExample } from "../examples/catalog.ts";
import { sameWorkspace, type Workspace } from "../workspace/types.ts";
import { mergeWorkspaces } from "./tabs.ts";
import { captureView, type ViewState } from "../view/viewState.ts";

/**
 * Quiet time (ms) before an edit is saved. Default 300: a reload right after typing still finds
 * the edit (and `pagehide` writes anyway). Large workspaces wait a little longer, and are
 * compressed in the engine Worker at a lower level, so saving never stalls typing; 700 ms leaves
 * room for the Worker to finish well within two seconds of the last keystroke even for 1 MB, so
 * a crash (where no `pagehide` comes) loses at most the last two seconds.
 */
const AUTOSAVE_DELAY_MS = 300;
const AUTOSAVE_DELAY_LARGE_MS = 700;
const LARGE_WORKSPACE_CHARS = 256 * 1024;
/** DEFLATE level for large saves: level 9 costs several times level 6 on megabytes for a few percent. */
const LARGE_LEVEL: ShareOptions = { level: 6 };

function sizeOf(ws: Workspace): number {
  let n = 0;
  for (const f of ws.files) n += f.kind === "bytes" ? f.bytes.length : f.text.length;
  return n;
}

/**
 * The storage key of this page's workspace. `?workspace=NAME` keeps separate workspaces apart;
 * an embedded frame (`?embed`, with its own `?workspace=` or `?embed=NAME`) saves under
 * `wirelab:embed:...`, never under a learner's own key.
 */
export function workspaceKey(search: string): string {
  const params = new URLSearchParams(search);
  const name = params.get("workspace") || "default";
  if (params.has("embed")) return `wirelab:embed:${params.get("embed") || name}`;
  return `wirelab:workspace:${name}`;
}

export async function defaultWorkspace(): Promise<Workspace> {
  const entry = findExample(DEFAULT_EXAMPLE_ID);
  return entry
    ? loadExample(entry)
    : { files: [{ kind: "protoscope", name: "message.protoscope", text: "1: 150\n", messageType: "" }], active: "message.protoscope" };
}

/**
 * The key under which a lesson's workspace (its example or an exercise's files) and view are
 * saved while a lesson is open: the learner's own workspace stays under `key`, untouched, until
 * they leave the lesson (features/lessons/session.ts).
 */
export function lessonKey(key: string): string {
  return `${key}:lesson`;
}

/** The lesson a saved view has open ("" for none). */
function lessonOf(view: ViewState | undefined): string {
  const lesson = (view?.panels?.lessons as { lesson?: unknown } | undefined)?.lesson;
  return typeof lesson === "string" ? lesson : "";
}

/** The key under which the workspace displaced by an example, reset or link is kept. */
export function previousKey(key: string): string {
  return `${key}:previous`;
}

/** Where an unreadable save under `key` is moved: `<key>:unreadable`, numbered when taken. */
export function backupKey(storage: SafeStorage, key: string): string {
  const base = `${key}:unreadable`;
  if (storage.get(base) === undefined) return base;
  for (let i = 2; ; i++) if (storage.get(`${base}:${i}`) === undefined) return `${base}:${i}`;
}

interface Saved {
  workspace: Workspace;
  view: ViewState;
}

/** Reads a save; an unreadable one is moved to a backup key, and `notices` says where. */
function readSaved(storage: SafeStorage, key: string, notices: string[]): Saved | undefined {
  const saved = storage.get(key);
  if (!saved) return undefined;
  try {
    return decodeShareLink(saved);
  } catch (e) {
    const backup = backupKey(storage, key);
    const moved = storage.set(backup, saved);
    if (moved) storage.remove(key);
    const why = e instanceof ShareLinkError ? e.message : String(e);
    notices.push(
      moved
        ? `Your saved work could not be opened (${why}). It is kept, untouched, in this browser's storage under "${backup}".`
        : `Your saved work could not be opened (${why}), and there was no room to back it up: it stays under "${key}" until you edit.`,
    );
    return undefined;
  }
}

export interface Start {
  workspace: Workspace;
  /** The view to restore (the link's, or the autosave's). */
  view?: ViewState;
  /** Why a link or a save could not be opened. */
  notice?: string;
  /** The work a link displaced (the autosave), or the one kept from an earlier replacement. */
  previous?: Workspace;
  /** The learner's own workspace, when the page opens in a lesson (it comes back when they leave it). */
  stash?: Workspace;
}

/** Picks the starting workspace and view. */
export async function initialWorkspace(hash: string, storage: SafeStorage, key: string): Promise<Start> {
  const notices: string[] = [];
  const autosaved = readSaved(storage, key, notices);
  const kept = readSaved(storage, previousKey(key), notices);
  if (isShareHash(hash)) {
    try {
      const { workspace, view } = decodeShareLink(hash);
      const previous = autosaved?.workspace ?? kept?.workspace;
      return { workspace, view, ...(notices.length ? { notice: notices.join(" ") } : {}), ...(previous ? { previous } : {}) };
    } catch (e) {
      notices.unshift(`Could not open the link: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const extra = { ...(notices.length ? { notice: notices.join(" ") } : {}), ...(kept ? { previous: kept.workspace } : {}) };
  // A lesson was open: its workspace and view, with the learner's own kept aside.
  const inLesson = readSaved(storage, lessonKey(key), notices);
  if (inLesson && lessonOf(inLesson.view) !== "") {
    const own = autosaved?.workspace ?? (await defaultWorkspace());
    return { workspace: inLesson.workspace, view: inLesson.view, stash: own, ...extra, ...(notices.length ? { notice: notices.join(" ") } : {}) };
  }
  if (autosaved) return { workspace: autosaved.workspace, view: autosaved.view, ...extra };
  return { workspace: await defaultWorkspace(), ...extra };
}

export interface Autosave {
  /** Writes the pending state now, on this thread (what `pagehide` does). */
  flush(): void;
  stop(): void;
}

/**
 * What autosave asks of the engine Worker: a share record encoded off the page. (The runner owns
 * the Worker's client; the page's start-up hands it in, so sharing never imports the runner.)
 */
export interface ShareEncoder {
  readonly usesWorker: boolean;
  call(command: "encodeShare", input: { workspace: Workspace; view?: ViewState; options?: ShareOptions }): Promise<string>;
}

/** What autosave needs of the page (a seam for tests). */
export interface AutosaveHost {
  /** Calls `flush` when the page is being hidden or closed; returns a function that stops it. */
  onHide(flush: () => void): () => void;
  /** After an edit the address bar's link no longer describes the workspace: drop it. */
  forgetLink(): void;
  /** The engine Worker's client, for compressing large workspaces off the page. */
  engine(): ShareEncoder | undefined;
  /** Calls `saved` when another tab writes a key of this storage; returns a function that stops it. */
  onOtherTab(saved: (key: string, value: string) => void): () => void;
}

/** The page's host; `engine` gives the engine Worker's client once the runner has started it. */
export const browserHost = (engine: () => ShareEncoder | undefined): AutosaveHost => ({
  onHide(flush) {
    const onVisibility = () => document.visibilityState === "hidden" && flush();
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  },
  forgetLink() {
    // A reload must come back to the edited work (the autosave), not to the link it was opened from.
    if (isShareHash(location.hash)) history.replaceState(null, "", location.pathname + location.search);
  },
  engine,
  onOtherTab(saved) {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== null && e.newValue !== null) saved(e.key, e.newValue);
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  },
});

/** The lesson and exercise a saved view has open, as one string ("" for none). */
function placeOf(view: ViewState | undefined): string {
  const lessons = view?.panels?.lessons as { lesson?: unknown; exercise?: unknown } | undefined;
  return `${typeof lessons?.lesson === "string" ? lessons.lesson : ""}/${typeof lessons?.exercise === "string" ? lessons.exercise : ""}`;
}

/** Saves after each pause in editing (files or view), and at once when the page is hidden or closed. */
export function startAutosave(store: StoreApi<AppState>, storage: SafeStorage, key: string, host: AutosaveHost): Autosave {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Changes seen (edits and view changes), and the change count of the newest record written. */
  let changes = 0;
  let written = 0;

  // A lesson's workspace is saved apart from the learner's own (lessonKey).
  const target = (lessonOpen: string) => (lessonOpen === "" ? key : lessonKey(key));
  /**
   * Per key, the last workspace this tab and another both had: the one it opened with, or the
   * other tab's last save it took in. Its own saves do not count: the other tab may not have seen
   * them (two saves can cross), so a merge starts from what both surely had.
   */
  const agreed = new Map<string, Workspace>([[target(store.getState().lessonOpen), store.getState().snapshot()]]);
  const write = (record: string, count: number, where: string) => {
    if (count <= written) return; // a newer record is in storage already
    if (storage.set(where, record)) written = count;
    else if (store.getState().storageAvailable) store.getState().setStorageAvailable(false);
  };

  /** `offThread`: compress large workspaces in the engine Worker (not when the page is closing). */
  const save = (offThread: boolean) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (written >= changes) return;
    const state = store.getState();
    if (state.tabConflict) {
      // Saving now would overwrite the other tab's work: wait for the learner's choice. A page
      // closing meanwhile keeps this tab's files as the previous work, where Restore finds them.
      if (!offThread) storage.set(previousKey(key), encodeShareHash(state.snapshot(), {}, sizeOf(state.snapshot()) > LARGE_WORKSPACE_CHARS ? { raw: true } : {}));
      return;
    }
    const count = changes;
    const workspace = state.snapshot();
    const view = captureView(state);
    const where = target(state.lessonOpen);
    const large = sizeOf(workspace) > LARGE_WORKSPACE_CHARS;
    const client = host.engine();
    if (offThread && large && client?.usesWorker) {
      // Pending until the answer is written: a close meanwhile writes it here, synchronously.
      client.call("encodeShare", { workspace, view, options: LARGE_LEVEL }).then(
        (record) => write(record, count, where),
        () => write(encodeShareHash(workspace, view, LARGE_LEVEL), count, where),
      );
      return;
    }
    // On the page: a large workspace is written as plain JSON when the page is going away (a few
    // milliseconds instead of hundreds: a closing tab may not wait), compressed otherwise.
    write(encodeShareHash(workspace, view, large ? (offThread ? LARGE_LEVEL : { raw: true }) : {}), count, where);
  };

  const unsubscribe = store.subscribe((s, prev) => {
    // The displaced work is written at once (plain JSON when large: compressing megabytes would stall the page).
    if (s.previous !== prev.previous && s.previous) storage.set(previousKey(key), encodeShareHash(s.previous, {}, sizeOf(s.previous) > LARGE_WORKSPACE_CHARS ? { raw: true } : {}));
    if (s.lessonOpen !== prev.lessonOpen) {
      // Entering or leaving a lesson: what was pending belongs where it was made, so write it there
      // now (the own workspace's last keystrokes before a lesson opens, say).
      if (written < changes) {
        const before = { files: prev.files, active: prev.active };
        write(encodeShareHash(before, captureView(prev), sizeOf(before) > LARGE_WORKSPACE_CHARS ? { raw: true } : {}), changes, target(prev.lessonOpen));
      }
      // Leaving: the lesson's record goes, so the next visit opens on the learner's own work.
      if (s.lessonOpen === "") storage.remove(lessonKey(key));
    }
    // A conflict resolved: what the tab now holds is saved, whichever side was kept.
    const resolved = prev.tabConflict !== undefined && s.tabConflict === undefined;
    if (s.editVersion === prev.editVersion && s.viewVersion === prev.viewVersion && !resolved) return;
    changes++;
    if (s.editVersion !== prev.editVersion) host.forgetLink();
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => save(true), sizeOf(s) > LARGE_WORKSPACE_CHARS ? AUTOSAVE_DELAY_LARGE_MS : AUTOSAVE_DELAY_MS);
  });
  // Another tab saved: take in what it changed, file by file (features/share/tabs.ts).
  const stopListening = host.onOtherTab((savedKey, record) => {
    const state = store.getState();
    if (savedKey !== key && savedKey !== lessonKey(key)) return;
    let theirs: { workspace: Workspace; view: ViewState };
    try {
      theirs = decodeShareLink(record);
    } catch {
      return;
    }
    const here = target(state.lessonOpen);
    if (savedKey !== here) {
      // The own workspace, saved by a tab outside the lesson this one has open: it is what comes
      // back when this tab leaves the lesson.
      if (savedKey === key && state.lessonStash) state.setLessonStash(theirs.workspace);
      return;
    }
    // A lesson's record from a tab in another lesson or exercise: nothing to merge with.
    if (here !== key && placeOf(theirs.view) !== placeOf(captureView(state))) return;
    if (state.tabConflict) {
      // Still waiting for the learner's choice: the choice is now against the other tab's newest save.
      state.setTabConflict({ theirs: theirs.workspace, files: state.tabConflict.files });
      return;
    }
    const ours = state.snapshot();
    const { merged, conflicts } = mergeWorkspaces(agreed.get(here) ?? ours, ours, theirs.workspace);
    agreed.set(here, theirs.workspace);
    if (conflicts.length > 0) {
      // Both changed the same files: nothing is overwritten until the learner chooses (TabConflict.tsx).
      state.setTabConflict({ theirs: theirs.workspace, files: conflicts });
      return;
    }
    if (!sameWorkspace(merged, ours)) state.takeFiles(merged);
    if (sameWorkspace(merged, theirs.workspace)) {
      // Nothing of this tab's is missing from their record: no need to write it back.
      written = changes;
    } else if (written >= changes) {
      // This tab's files have changes theirs lacks (their save crossed ours): save the merge.
      changes++;
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => save(true), AUTOSAVE_DELAY_MS);
    }
  });
  const flush = () => save(false);
  const stopHiding = host.onHide(flush);
  return {
    flush,
    stop() {
      unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
      stopHiding();
      stopListening();
    },
  };
}
