// How an embedded frame starts: where its work comes from, where it saves, and what it never
// does (rewrite its own address). The full app's start-up is in main.tsx; this is the frame's.
import type { StoreApi } from "zustand";
import type { AppState } from "../../store/types.ts";
import { browserHost, initialWorkspace, startAutosave, workspaceKey, type AutosaveHost, type ShareEncoder } from "../share/persistence.ts";
import { createSafeStorage, browserStorage, type SafeStorage } from "../share/storage.ts";
import { decodeShareLink, isShareHash } from "../share/shareLink.ts";
import { findExample, loadExample } from "../examples/catalog.ts";
import { applyView, type ViewState } from "../view/viewState.ts";
import { findPanel } from "../panels/registry.ts";
import { shortHash, type EmbedOptions } from "./embedParams.ts";
import type { Workspace } from "../workspace/types.ts";

/** A Storage that lives as long as the page: `save=0` frames keep nothing. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

/**
 * The frame's storage key: the embed's own (`wirelab:embed:NAME`, never a learner's), plus a
 * digest of what the frame was given, so an author who changes the snippet's content gives
 * readers a fresh start instead of their edits of the old one.
 */
export function embedKey(search: string, hash: string, options: EmbedOptions): string {
  const given = [hash, options.example ?? "", options.lesson ?? "", options.step ?? ""].join("|");
  return `${workspaceKey(search)}:${shortHash(given)}`;
}

export function embedStorage(options: EmbedOptions): SafeStorage {
  return options.save ? browserStorage() : createSafeStorage(memoryStorage);
}

/** Autosave's page seam without the one thing a frame must not do: touch its own URL. */
export const embedHost = (engine: () => ShareEncoder | undefined): AutosaveHost => ({ ...browserHost(engine), forgetLink() {} });

export interface EmbedStart {
  workspace: Workspace;
  view: ViewState;
  notice?: string;
}

/** The frame's own saved work first (a reload keeps the reader's edits), then the hash, the example, the default. */
export async function embedWorkspace(options: EmbedOptions, hash: string, storage: SafeStorage, key: string): Promise<EmbedStart> {
  if (storage.get(key) !== undefined) {
    const saved = await initialWorkspace("", storage, key);
    return { workspace: saved.workspace, view: saved.view ?? {}, ...(saved.notice ? { notice: saved.notice } : {}) };
  }
  if (isShareHash(hash)) {
    try {
      return decodeShareLink(hash);
    } catch (e) {
      options.ignored.push(`Could not open the frame's share state: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  if (options.example) {
    const entry = findExample(options.example);
    if (entry) return { workspace: await loadExample(entry), view: {} };
    options.ignored.push(`Ignored example="${options.example}": there is no such example.`);
  }
  const fallback = await initialWorkspace("", storage, key);
  return { workspace: fallback.workspace, view: {} };
}

/** Presets the frame for `lesson=SLUG&step=N` (steps count from 1, in the order the lesson declares them). */
async function applyLessonStep(store: StoreApi<AppState>, options: EmbedOptions): Promise<void> {
  const [{ COURSE }, { applyPreset }, { findLesson }] = await Promise.all([
    import("../lessons/course.ts"),
    import("../lessons/presets.ts"),
    import("../../../../engine/lessons/loader.ts"),
  ]);
  const lesson = findLesson(COURSE, options.lesson!);
  if (!lesson) {
    options.ignored.push(`Ignored lesson="${options.lesson}": there is no such lesson (lessons: ${COURSE.lessons.map((l) => l.slug).join(", ")}).`);
    return;
  }
  applyPreset(store, lesson, lesson.meta.presets, { opening: true });
  // Not shown in the frame, but carried by "Open in Wirelab": the full app opens on this lesson.
  store.getState().openLesson(lesson.slug);
  const steps = lesson.meta.steps;
  const step = options.step === undefined ? undefined : steps[options.step - 1];
  if (step) applyPreset(store, lesson, step);
  else if (options.step !== undefined) options.ignored.push(`Ignored step="${options.step}": the ${lesson.slug} lesson has ${steps.length} step${steps.length === 1 ? "" : "s"}.`);
  // The bar names the lesson (and the step) unless the author gave a title.
  options.title ??= step ? `${lesson.meta.title}: ${step.label}` : lesson.meta.title;
}

/** Loads the frame's workspace and view, applies its parameters, and starts its autosave. */
export async function startEmbed(store: StoreApi<AppState>, options: EmbedOptions, search: string, hash: string, engine: () => ShareEncoder | undefined): Promise<void> {
  const storage = embedStorage(options);
  const key = embedKey(search, hash, options);
  store.getState().setStorageAvailable(storage.available);
  const start = await embedWorkspace(options, hash, storage, key);
  store.getState().loadWorkspace(start.workspace);
  applyView(store, start.view);
  // A lesson step: the lesson's files (unless the frame's saved work has them) and its panels,
  // then the step's. The course's code loads only for frames that ask for a lesson.
  if (options.lesson) await applyLessonStep(store, options);
  // The parameters win over the state's own view: they are what the author asked for.
  if (options.panel) {
    if (findPanel(options.panel)) applyView(store, { panel: options.panel });
    else options.ignored.push(`Ignored panel="${options.panel}": this build has no such panel.`);
  }
  if (options.theme) applyView(store, { theme: options.theme });
  // Re-set so the frame shows what was ignored along the way.
  store.getState().setEmbed({ ...options, ignored: [...options.ignored] });
  if (start.notice) store.getState().setNotice(start.notice);
  startAutosave(store, storage, key, embedHost(engine));
}

