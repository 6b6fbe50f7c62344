import { describe, expect, it } from "vitest";
import { createStore } from "zustand/vanilla";
import type { AppState } from "../../store/types.ts";
import { useAppStore } from "../../store/index.ts";
import { PANELS } from "../panels/registry.ts";
import { applyView, captureView } from "./viewState.ts";
import { parseView } from "./viewTypes.ts";

/** A store in the page store's initial state (the page's own is a singleton the other tests change). */
function freshStore() {
  return createStore<AppState>()(() => ({ ...useAppStore.getInitialState() }));
}

describe("the side-panel registry", () => {
  it("finds every features/*/panel.ts, in order, with unique ids", () => {
    const ids = PANELS.map((p) => p.id);
    expect(ids[0]).toBe("fields");
    expect(ids).toEqual(expect.arrayContaining(["fields", "readings", "sizes"]));
    expect(new Set(ids).size).toBe(ids.length);
    const orders = PANELS.map((p) => p.order);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
  });
});

describe("the view", () => {
  it("is captured as plain data and applied back, part by part", () => {
    const store = useAppStore;
    store.getState().loadWorkspace({
      files: [
        { kind: "proto", name: "a.proto", text: "" },
        { kind: "protoscope", name: "m.protoscope", text: "1: 1", messageType: "" },
      ],
      active: "m.protoscope",
    });
    applyView(store, {
      editor: "a.proto",
      panel: "sizes",
      selection: [0, 2],
      theme: "dark",
      layout: "rows",
      wide: true,
      panels: { sizes: { level: 9, quality: 4, compared: [{ kind: "example", id: "0-1000-packed-varint" }, { kind: "nonsense" }] } },
    });
    const view = captureView(store.getState());
    expect(view).toMatchObject({ editor: "a.proto", panel: "sizes", selection: [0, 2], theme: "dark", layout: "rows", wide: true });
    expect(view.panels?.sizes).toEqual({ level: 9, quality: 4, compared: [{ kind: "example", id: "0-1000-packed-varint" }] });
    expect(JSON.parse(JSON.stringify(view))).toEqual(view);

    // Unknown files and panels are ignored; what is left out stays as it was.
    applyView(store, { editor: "nope.proto", panel: "nope" });
    expect(store.getState().openEditor).toBe("a.proto");
    expect(store.getState().sidePanel).toBe("sizes");
    applyView(store, { selection: null });
    expect(store.getState().selectedRange).toBeNull();
    expect(store.getState().theme).toBe("dark");
    expect(store.getState().sidePanelWide).toBe(true);
    applyView(store, { wide: false });
    expect(captureView(store.getState()).wide).toBe(false);
  });

  it("drops malformed parts of a view from outside", () => {
    expect(parseView({ editor: 1, panel: "x", selection: [3, 1], theme: "pink", layout: "rows", wide: "yes", panels: [] })).toEqual({ panel: "x", layout: "rows" });
    expect(parseView({ wide: true })).toEqual({ wide: true });
    expect(parseView("nonsense")).toEqual({});
  });

  it("a fresh store starts on the field tree, the system theme and the automatic layout", () => {
    const s = freshStore().getState();
    expect([s.sidePanel, s.theme, s.layout]).toEqual(["fields", "system", "auto"]);
  });
});
