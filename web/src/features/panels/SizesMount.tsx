// Mount point for the Sizes panel, which another feature folder (web/src/features/sizes/) provides.
// The glob finds it when it exists and costs nothing when it does not; it loads on first view,
// so brotli's wasm arrives only when sizes are asked for.
import { lazy, Suspense, type ComponentType } from "react";
import { useAppStore } from "../../store/index.ts";

type SizesModule = { SizesPanel: ComponentType<{ bytes: Uint8Array }> };
const modules = import.meta.glob<SizesModule>("../sizes/index.ts");
const loadSizes = Object.values(modules)[0];

/** True when the build includes a Sizes panel. */
export const HAS_SIZES_PANEL = loadSizes !== undefined;

const LazySizes = loadSizes ? lazy(async () => ({ default: (await loadSizes()).SizesPanel })) : undefined;
const EMPTY = new Uint8Array(0);

export function SizesMount() {
  const bytes = useAppStore((s) => s.result?.bytes ?? EMPTY);
  if (!LazySizes) return null;
  return (
    <Suspense fallback={<p>Loading sizes…</p>}>
      <LazySizes bytes={bytes} />
    </Suspense>
  );
}
