import { describe, expect, it } from "vitest";
import { createStore } from "zustand/vanilla";
import type { AppState } from "../../store/types.ts";
import { createAppState } from "../../store/appState.ts";
import type { Workspace } from "../workspace/types.ts";
import { openLinkInTab } from "./openLink.ts";
import { encodeShareHash } from "./shareLink.ts";

const scope = (text: string): Workspace => ({ files: [{ kind: "protoscope", name: "m.protoscope", text, messageType: "" }], active: "m.protoscope" });

describe("a share link pasted into an open tab", () => {
  it("opens the link's workspace and view, and keeps the learner's work as the previous one", () => {
    const store = createStore<AppState>()(createAppState);
    store.getState().loadWorkspace(scope("1: 1"));
    openLinkInTab(store, encodeShareHash(scope("2: 2"), { panel: "readings", selection: [0, 1] }));
    const s = store.getState();
    expect(s.snapshot()).toEqual(scope("2: 2"));
    expect(s.previous).toEqual(scope("1: 1"));
    expect(s.sidePanel).toBe("readings");
    expect(s.selectedRange).toEqual({ start: 0, end: 1 });
    expect(s.notice).toBe("Opened the link: your work before it is under Restore.");
  });

  it("from inside a lesson, keeps the learner's own work (not the lesson's files) as the previous one", () => {
    const store = createStore<AppState>()(createAppState);
    store.getState().setLessonStash(scope("own"));
    store.getState().openLesson("varints");
    store.getState().loadWorkspace(scope("lesson"));
    openLinkInTab(store, encodeShareHash(scope("3: 3")));
    const s = store.getState();
    expect([s.lessonOpen, s.lessonStash, s.previous, s.snapshot()]).toEqual(["", undefined, scope("own"), scope("3: 3")]);
  });

  it("says why a broken link cannot be opened, and leaves the work alone", () => {
    const store = createStore<AppState>()(createAppState);
    store.getState().loadWorkspace(scope("1: 1"));
    const good = encodeShareHash(scope("2: 2"));
    openLinkInTab(store, good.slice(0, good.length - 6) + "!!!!!!");
    expect(store.getState().snapshot()).toEqual(scope("1: 1"));
    expect(store.getState().notice).toMatch(/^Could not open the link: /);
    // Not a share link at all (an anchor): nothing happens.
    store.getState().setNotice(undefined);
    openLinkInTab(store, "#section-2");
    expect([store.getState().notice, store.getState().snapshot()]).toEqual([undefined, scope("1: 1")]);
  });
});
