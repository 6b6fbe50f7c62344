// The Evolve panel's state: the schema kept as v1 (the previous version readers were built with),
// the message type, and the "what if" change being tried. A link, a lesson step and an embed
// carry all of it (panel.ts), so v1 travels with the work.
import type { StateCreator } from "zustand";
import type { WhatIfChange, WhatIfTarget } from "../../../../engine/evolve/what-if.ts";
import type { AppState } from "../../store/types.ts";

export interface EvolveViewState {
  /** v1: schema files (name -> text); undefined until the learner keeps one (or a lesson gives it). */
  against: Record<string, string> | undefined;
  /** The message type; undefined: the input's type. */
  type: string | undefined;
  /** The change the "what if" menu is trying, if any. */
  whatIf: { target: WhatIfTarget; change: WhatIfChange } | undefined;
}

export interface EvolveSlice {
  evolveView: EvolveViewState;
  setEvolveView(view: Partial<EvolveViewState>): void;
  /** An exercise fixes v1 (its `against`): the panel offers no "keep" or "forget" while it is open. */
  evolveLocked: boolean;
  setEvolveLocked(locked: boolean): void;
  /** The learner's own Evolve state, kept aside while a lesson is open (a lesson brings its own v1). */
  evolveStash: EvolveViewState | undefined;
  setEvolveStash(view: EvolveViewState | undefined): void;
}

export const DEFAULT_EVOLVE_VIEW: EvolveViewState = { against: undefined, type: undefined, whatIf: undefined };

export const createEvolveSlice: StateCreator<AppState, [], [], EvolveSlice> = (set) => ({
  evolveView: DEFAULT_EVOLVE_VIEW,
  // v1 is work the learner keeps: a change is saved like an edit (the autosave watches viewVersion).
  setEvolveView: (view) => set((s) => ({ evolveView: { ...s.evolveView, ...view }, viewVersion: s.viewVersion + 1 })),
  evolveLocked: false,
  setEvolveLocked: (evolveLocked) => set({ evolveLocked }),
  evolveStash: undefined,
  setEvolveStash: (evolveStash) => set({ evolveStash }),
});

const MAX_FILES = 64;
const MAX_CHARS = 2_000_000;
const NAME = /^[\w./-]{1,300}\.proto$/;
const CHANGE_KINDS = new Set(["type", "packing", "cardinality", "oneof", "delete", "rename"]);

function parseChange(value: unknown): WhatIfChange | undefined {
  if (!value || typeof value !== "object") return undefined;
  const c = value as Record<string, unknown>;
  if (typeof c.kind !== "string" || !CHANGE_KINDS.has(c.kind)) return undefined;
  if (c.kind === "type") return typeof c.to === "string" && /^\w{1,20}$/.test(c.to) ? { kind: "type", to: c.to } : undefined;
  if (c.kind === "rename") return typeof c.to === "string" && /^\w{1,200}$/.test(c.to) ? { kind: "rename", to: c.to } : undefined;
  if (c.kind === "delete") return c.reserve === "none" || c.reserve === "number" || c.reserve === "number-and-name" ? { kind: "delete", reserve: c.reserve } : undefined;
  return { kind: c.kind as "packing" | "cardinality" | "oneof" };
}

/** Validates a view from a link, a lesson or an embed (anyone's data). */
export function parseEvolveView(value: unknown): Partial<EvolveViewState> {
  if (!value || typeof value !== "object") return {};
  const v = value as Record<string, unknown>;
  const out: Partial<EvolveViewState> = {};
  if (v.against === null) out.against = undefined;
  else if (v.against && typeof v.against === "object") {
    const entries = Object.entries(v.against as Record<string, unknown>).filter((e): e is [string, string] => NAME.test(e[0]) && typeof e[1] === "string");
    const size = entries.reduce((n, [, t]) => n + t.length, 0);
    if (entries.length > 0 && entries.length <= MAX_FILES && size <= MAX_CHARS) out.against = Object.fromEntries(entries);
  }
  if (typeof v.type === "string" && /^[\w.]{1,500}$/.test(v.type)) out.type = v.type;
  if (v.whatIf === null) out.whatIf = undefined;
  else if (v.whatIf && typeof v.whatIf === "object") {
    const w = v.whatIf as Record<string, unknown>;
    const t = w.target as Record<string, unknown> | undefined;
    const change = parseChange(w.change);
    if (change && t && typeof t.file === "string" && NAME.test(t.file) && typeof t.message === "string" && /^[\w.]{1,500}$/.test(t.message) && Number.isInteger(t.field)) {
      out.whatIf = { target: { file: t.file, message: t.message, field: t.field as number }, change };
    }
  }
  return out;
}
