// One line under the editors saying how Tab behaves and how to leave an editor from the keyboard
// (Monaco keeps Tab for indenting unless asked). Live, so a screen reader hears the change.
import { useAppStore } from "../../store/index.ts";

const mod = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform) ? "Cmd" : "Ctrl";

export function EditorKeyHint() {
  const moves = useAppStore((s) => s.tabMovesFocus);
  const armed = useAppStore((s) => s.tabEscapeArmed);
  const text = moves
    ? `Tab moves the focus out of the editor (${mod}+M: Tab indents again).`
    : armed
      ? "Press Tab to leave the editor."
      : `Tab indents. To leave the editor: Escape, then Tab (or ${mod}+M: Tab moves the focus).`;
  return (
    <p className="editor-key-hint" aria-live="polite">
      {text}
    </p>
  );
}
