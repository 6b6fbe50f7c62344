// The Bench panel as a side panel: every suite, chosen in the panel (lessons render BenchPanel
// with their own suite and cases instead).
import { BenchPanel } from "./BenchPanel.tsx";

export function BenchMount() {
  return <BenchPanel />;
}
