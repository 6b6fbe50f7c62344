// The workspace's <main>, busy (aria-busy) while the engine runs. A component of its own so that
// the `running` flag, which flips on every keystroke of a large input, re-renders only this
// element: its children are elements made by the app, which React leaves alone when they are
// unchanged (before, the whole app re-rendered twice per keystroke to update one attribute).
import type { ReactNode } from "react";
import { useAppStore } from "../../store/index.ts";

export function WorkspaceRegion({ children }: { children: ReactNode }) {
  const running = useAppStore((s) => s.running);
  return (
    <main className="workspace" aria-busy={running}>
      {children}
    </main>
  );
}
