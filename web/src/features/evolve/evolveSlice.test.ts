import { describe, expect, it } from "vitest";
import { createStore } from "zustand/vanilla";
import { createAppState } from "../../store/appState.ts";
import type { AppState } from "../../store/types.ts";
import { closeExercise, enterLesson, leaveLesson, lessonBySlug, openExercise } from "../lessons/session.ts";
import { panel } from "./panel.ts";
import { parseEvolveView } from "./evolveSlice.ts";

const OWN = { "mine.proto": 'syntax = "proto3";\nmessage Mine { int32 a = 1; }\n' };

describe("the Evolve panel's state", () => {
  it("a lesson brings its own v1, an exercise fixes its own, and the learner's comes back after", () => {
    const store = createStore<AppState>()(createAppState);
    store.getState().setEvolveView({ against: OWN, type: "Mine" });
    const lesson = lessonBySlug("evolution")!;
    enterLesson(store, lesson);
    expect(Object.keys(store.getState().evolveView.against!)).toEqual(["user.proto"]);
    expect(store.getState().evolveView.against!["user.proto"]).toContain("int32 balance_cents = 3;");
    openExercise(store, lesson, "poison-row");
    expect(store.getState().evolveLocked).toBe(true);
    expect(store.getState().evolveView.against!["user.proto"]).toContain("bytes note = 7;");
    closeExercise(store, lesson);
    expect(store.getState().evolveLocked).toBe(false);
    leaveLesson(store);
    expect(store.getState().evolveView).toMatchObject({ against: OWN, type: "Mine" });
  });

  it("a link's state is validated: file names, sizes, the change tried", () => {
    expect(parseEvolveView({ against: { "a.proto": "x", "../b": "y", "c.proto": 3 }, type: "a.B", whatIf: { target: { file: "a.proto", message: "B", field: 2 }, change: { kind: "type", to: "sint32" } } })).toEqual({
      against: { "a.proto": "x" },
      type: "a.B",
      whatIf: { target: { file: "a.proto", message: "B", field: 2 }, change: { kind: "type", to: "sint32" } },
    });
    expect(parseEvolveView({ whatIf: { target: { file: "a.proto", message: "B", field: 2 }, change: { kind: "explode" } } })).toEqual({});
    expect(parseEvolveView({ against: null, whatIf: null })).toEqual({ against: undefined, whatIf: undefined });
    // What a link captures, applied to a fresh store, is what the first store held.
    const a = createStore<AppState>()(createAppState);
    a.getState().setEvolveView({ against: OWN, type: "Mine", whatIf: { target: { file: "mine.proto", message: "Mine", field: 1 }, change: { kind: "delete", reserve: "number" } } });
    const b = createStore<AppState>()(createAppState);
    panel.view!.apply(JSON.parse(JSON.stringify(panel.view!.capture(a.getState()))), b);
    expect(b.getState().evolveView).toEqual(a.getState().evolveView);
  });
});
