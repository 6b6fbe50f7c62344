// Lesson presets on the page: the engine's table of presettable view state (which the loader
// checks lessons against) matches what each side panel captures, and every lesson's opening
// preset and steps, applied to a fresh store, come back out of the store exactly as written.
import { describe, expect, it } from "vitest";
import { createStore } from "zustand/vanilla";
import { PANEL_PRESET_KEYS, sidePanelId, type LessonPreset } from "../../../../engine/lessons/index.ts";
import { createAppState } from "../../store/appState.ts";
import type { AppState } from "../../store/types.ts";
import { findPanel, PANELS } from "../panels/registry.ts";
import { captureView } from "../view/viewState.ts";
import { COURSE, FIGURE_ENV } from "./course.ts";
import { applyPreset } from "./presets.ts";

/** Captured view state that is a result or a session, not something a lesson sets up. */
const NOT_PRESETS: Record<string, string[]> = { bench: ["runs"] };

describe("presettable view state", () => {
  it("names exactly the keys each side panel captures (but results such as bench runs)", () => {
    const state = createStore<AppState>()(createAppState).getState();
    for (const [id, keys] of Object.entries(PANEL_PRESET_KEYS)) {
      const panel = findPanel(id);
      expect(panel?.view, `panel ${id}`).toBeDefined();
      const captured = Object.keys(panel!.view!.capture(state) as object).filter((k) => !(NOT_PRESETS[id] ?? []).includes(k));
      // A panel that captures a new key: add it, with the type of its value, to PANEL_PRESET_KEYS
      // (engine/lessons/presets.ts), so lessons can preset it and the loader can check it.
      expect(captured.sort(), `panel ${id}: the keys it captures vs PANEL_PRESET_KEYS.${id} in engine/lessons/presets.ts`).toEqual(Object.keys(keys).sort());
    }
    // Every panel with view state, except the course itself, can be preset.
    const withView = PANELS.filter((p) => p.view && p.id !== "lessons").map((p) => p.id);
    expect(withView.sort()).toEqual(Object.keys(PANEL_PRESET_KEYS).sort());
  });
});

describe("every lesson's presets and steps", () => {
  for (const lesson of COURSE.lessons) {
    const presets: [string, LessonPreset][] = [["presets", lesson.meta.presets], ...lesson.meta.steps.map((s): [string, LessonPreset] => [`step ${s.id}`, s])];
    for (const [name, preset] of presets) {
      it(`${lesson.slug} ${name}: the store shows what it presets`, () => {
        const store = createStore<AppState>()(createAppState);
        applyPreset(store, lesson, lesson.meta.presets);
        applyPreset(store, lesson, preset);
        const s = store.getState();
        const view = captureView(s);
        const files = preset.files ?? lesson.meta.presets.files ?? {};
        for (const file of Object.keys(files)) expect(s.files.map((f) => f.name)).toContain(file);
        if (preset.active) expect(s.active).toBe(preset.active);
        if (preset.editor) expect(view.editor).toBe(preset.editor);
        if (preset.panel) expect(view.panel).toBe(sidePanelId(preset.panel));
        if (preset.selection) expect(view.selection).toEqual(preset.selection);
        if (preset.wide !== undefined) expect(view.wide).toBe(preset.wide);
        for (const [id, state] of Object.entries(preset.panels ?? {})) {
          // The Evolve panel's v1 is named by example paths in a lesson and held as texts.
          const expected = id === "evolve" && state.against ? { ...state, against: Object.fromEntries(Object.entries(state.against as Record<string, string>).map(([n, p]) => [n, FIGURE_ENV.examples[p]])) } : state;
          expect(view.panels?.[id], `panels.${id}`).toMatchObject(expected);
        }
      });
    }
  }
});
