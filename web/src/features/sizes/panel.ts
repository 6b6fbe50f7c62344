// The Sizes panel in the side-panel registry. Its code and brotli's wasm load only when it is
// first shown; its state (settings, compared payloads) lives in the store (sizesSlice.ts).
import type { PanelDefinition } from "../panels/registry.ts";
import { COMPRESSION_EXAMPLES, isBrotliQuality, isDeflateLevel } from "../../../../engine/compress/index.ts";
import { decodeBase64, encodeBase64 } from "../share/base64.ts";
import type { ComparedPayload } from "./sizesSlice.ts";

type SavedPayload = { kind: "example"; id: string } | { kind: "pinned"; id: string; label: string; bytes: string };

function restore(value: unknown): ComparedPayload | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const v = value as Partial<SavedPayload>;
  if (v.kind === "example" && typeof v.id === "string" && COMPRESSION_EXAMPLES.some((e) => e.id === v.id)) return { kind: "example", id: v.id };
  if (v.kind === "pinned" && typeof v.id === "string" && typeof v.label === "string" && typeof v.bytes === "string") {
    const bytes = decodeBase64(v.bytes);
    return bytes ? { kind: "pinned", id: v.id, label: v.label, bytes } : undefined;
  }
  return undefined;
}

export const panel: PanelDefinition = {
  id: "sizes",
  label: "Sizes",
  order: 30,
  heavy: true,
  load: async () => (await import("./SizesMount.tsx")).SizesMount,
  view: {
    capture: (s) => ({
      level: s.sizesSettings.level,
      quality: s.sizesSettings.quality,
      compared: s.compared.map((p): SavedPayload => (p.kind === "example" ? p : { ...p, bytes: encodeBase64(p.bytes) })),
    }),
    apply: (value, store) => {
      if (typeof value !== "object" || value === null) return;
      const v = value as { level?: unknown; quality?: unknown; compared?: unknown };
      const s = store.getState();
      const level = typeof v.level === "number" && isDeflateLevel(v.level) ? v.level : s.sizesSettings.level;
      const quality = typeof v.quality === "number" && isBrotliQuality(v.quality) ? v.quality : s.sizesSettings.quality;
      s.setSizesSettings({ level, quality });
      if (Array.isArray(v.compared)) s.setCompared(v.compared.map(restore).filter((p): p is ComparedPayload => p !== undefined));
    },
  },
};
