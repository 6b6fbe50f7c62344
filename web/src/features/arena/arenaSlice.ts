// The Arena view's state: the operation script, which reading of the post runs it, where the
// operations come from, and the player (step, playing, speed). Links and lessons preset it
// through the panel's `view` (./panel.ts).
import type { StateCreator } from "zustand";
import type { ArenaMode } from "../../../../engine/arena/index.ts";
import type { AppState } from "../../store/types.ts";

/** Where the allocations come from: the learner's script, or every node of the decoded message. */
export type ArenaSource = "script" | "message";

export const ARENA_SPEEDS = [0.25, 0.5, 1, 2, 4] as const;

export const DEFAULT_ARENA_SCRIPT = "alloc:24, alloc:100, alloc:8, alloc:300\nreset\nalloc:24, alloc:100\nrealloc:5:160\nalloc:4096";

export const DEFAULT_GO_ARENA_SCRIPT = "new p int\nmakeslice s int32 2 4\nappend s 3   # past the capacity: moves to the heap\nclone c p\nfree\nwrite p\nread s[0]\nwrite c";

export interface ArenaViewState {
  script: string;
  /** The Go arena package script (engine/arena/goarena.ts). */
  goScript: string;
  mode: ArenaMode;
  source: ArenaSource;
  /** Events applied (0 = before the first). */
  step: number;
  playing: boolean;
  /** Playback speed, 0.25x to 4x. */
  speed: number;
}

export interface ArenaSlice {
  arena: ArenaViewState;
  setArenaScript(script: string): void;
  setGoArenaScript(goScript: string): void;
  setArenaMode(mode: ArenaMode): void;
  setArenaSource(source: ArenaSource): void;
  setArenaStep(step: number): void;
  setArenaPlaying(playing: boolean): void;
  setArenaSpeed(speed: number): void;
  setArenaView(view: Partial<ArenaViewState>): void;
}

export const DEFAULT_ARENA_VIEW: ArenaViewState = { script: DEFAULT_ARENA_SCRIPT, goScript: DEFAULT_GO_ARENA_SCRIPT, mode: "design", source: "script", step: 0, playing: false, speed: 1 };

export const createArenaSlice: StateCreator<AppState, [], [], ArenaSlice> = (set) => {
  const patch = (p: Partial<ArenaViewState>) => set((s) => ({ arena: { ...s.arena, ...p } }));
  return {
    arena: DEFAULT_ARENA_VIEW,
    // A new script, mode or source is a new trace: start it from the beginning.
    setArenaScript: (script) => patch({ script, step: 0, playing: false }),
    setGoArenaScript: (goScript) => patch({ goScript }),
    setArenaMode: (mode) => patch({ mode, step: 0, playing: false }),
    setArenaSource: (source) => patch({ source, step: 0, playing: false }),
    setArenaStep: (step) => patch({ step: Math.max(0, Math.floor(step)) }),
    setArenaPlaying: (playing) => patch({ playing }),
    setArenaSpeed: (speed) => patch({ speed: ARENA_SPEEDS.includes(speed as (typeof ARENA_SPEEDS)[number]) ? speed : 1 }),
    setArenaView: (view) => patch(view),
  };
};

/** Validates a view from a link or a lesson (anyone can write one). */
export function parseArenaView(value: unknown): Partial<ArenaViewState> {
  if (!value || typeof value !== "object") return {};
  const v = value as Record<string, unknown>;
  const out: Partial<ArenaViewState> = {};
  if (typeof v.script === "string" && v.script.length <= 100_000) out.script = v.script;
  if (typeof v.goScript === "string" && v.goScript.length <= 100_000) out.goScript = v.goScript;
  if (v.mode === "design" || v.mode === "listing") out.mode = v.mode;
  if (v.source === "script" || v.source === "message") out.source = v.source;
  if (typeof v.step === "number" && Number.isFinite(v.step) && v.step >= 0) out.step = Math.floor(v.step);
  if (typeof v.speed === "number" && ARENA_SPEEDS.includes(v.speed as (typeof ARENA_SPEEDS)[number])) out.speed = v.speed;
  return out;
}
