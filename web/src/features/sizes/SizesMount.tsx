// The Sizes panel as the side-panel registry shows it: the current bytes and the store's settings.
import { useAppStore } from "../../store/index.ts";
import { SizesPanel } from "./SizesPanel.tsx";

const EMPTY = new Uint8Array(0);

export function SizesMount() {
  const bytes = useAppStore((s) => s.result?.bytes ?? EMPTY);
  return <SizesPanel bytes={bytes} />;
}
