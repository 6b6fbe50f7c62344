// The Layout view's state: which message type, which two API levels side by side, and whether
// to count the allocations of decoding the workspace's bytes.
import type { StateCreator } from "zustand";
import type { GoApiLevel } from "../../../../engine/layout/index.ts";
import type { AppState } from "../../store/types.ts";
import { isInput } from "../workspace/types.ts";

export interface LayoutViewState {
  /** The message type; undefined: the workspace's chosen type, else the schema's first. */
  type: string | undefined;
  left: GoApiLevel;
  right: GoApiLevel;
  /** Count proto.Unmarshal's allocations for the workspace's bytes. */
  decode: boolean;
}

export interface LayoutSlice {
  layoutView: LayoutViewState;
  setLayoutView(view: Partial<LayoutViewState>): void;
}

export const DEFAULT_LAYOUT_VIEW: LayoutViewState = { type: undefined, left: "open", right: "opaque", decode: true };

export const createLayoutSlice: StateCreator<AppState, [], [], LayoutSlice> = (set) => ({
  layoutView: DEFAULT_LAYOUT_VIEW,
  setLayoutView: (view) => set((s) => ({ layoutView: { ...s.layoutView, ...view } })),
});

const LEVELS = new Set(["open", "hybrid", "opaque"]);

/** Validates a view from a link or a lesson. */
export function parseLayoutView(value: unknown): Partial<LayoutViewState> {
  if (!value || typeof value !== "object") return {};
  const v = value as Record<string, unknown>;
  const out: Partial<LayoutViewState> = {};
  if (typeof v.type === "string" && /^[\w.]{1,500}$/.test(v.type)) out.type = v.type;
  if (typeof v.left === "string" && LEVELS.has(v.left)) out.left = v.left as GoApiLevel;
  if (typeof v.right === "string" && LEVELS.has(v.right)) out.right = v.right as GoApiLevel;
  if (typeof v.decode === "boolean") out.decode = v.decode;
  return out;
}

/** What the Layout view asks the engine Worker for, read from the store. */
export interface LayoutRequest {
  /** The workspace's .proto files, in order (undefined: there are none). */
  protos: { name: string; text: string }[] | undefined;
  /** The type laid out: the view's choice, else the active input's. */
  type: string | undefined;
  /** The active input's chosen type. */
  activeType: string | undefined;
  /** The bytes whose decoding's allocations are counted (when asked for, and of that type). */
  bytes: Uint8Array | undefined;
}

export function layoutRequest(s: Pick<AppState, "files" | "active" | "layoutView" | "result">): LayoutRequest {
  const protos = s.files.flatMap((f) => (f.kind === "proto" ? [{ name: f.name, text: f.text }] : []));
  const active = s.files.find((f) => f.name === s.active && isInput(f)) ?? s.files.find(isInput);
  const activeType = active && "messageType" in active && active.messageType ? active.messageType : undefined;
  const type = s.layoutView.type ?? activeType;
  const bytes = s.result?.bytes;
  return {
    protos: protos.length > 0 ? protos : undefined,
    type,
    activeType,
    bytes: s.layoutView.decode && type === activeType && bytes && bytes.length > 0 ? bytes : undefined,
  };
}
