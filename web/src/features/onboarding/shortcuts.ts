// Every keyboard shortcut of the app, in one table: the Help dialog lists it, and the code that
// binds a key names its entry here, so the two cannot drift apart silently.
export interface Shortcut {
  keys: string;
  does: string;
  where: string;
}

const mod = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform) ? "Cmd" : "Ctrl";

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: "Tab / Shift+Tab", does: "move between the parts of the page; the first Tab shows the skip links", where: "anywhere" },
  { keys: "Escape, then Tab", does: "leave the editor (Tab indents otherwise)", where: "editor" },
  { keys: `${mod}+M`, does: "switch whether Tab moves focus out of the editor or indents", where: "editor" },
  { keys: `${mod}+Enter`, does: "run the engine again now", where: "anywhere" },
  { keys: "Arrow keys, Page Up/Down, Home/End", does: "move over the bytes", where: "bytes" },
  { keys: "Shift+arrows", does: "select a run of bytes", where: "bytes" },
  { keys: `${mod}+C`, does: "copy the selected bytes as hex", where: "bytes" },
  { keys: "Escape", does: "clear the selection", where: "bytes" },
  { keys: "Up/Down, Left/Right", does: "move in the field tree; Left folds, Right unfolds", where: "field tree" },
  { keys: "Enter or Space", does: "select the field's bytes", where: "field tree" },
  { keys: "Left/Right", does: "switch side panel tabs", where: "panel tabs" },
  { keys: "?", does: "open this help (outside the editor)", where: "anywhere" },
];
