// An exercise may bind one of its files to the Arena panel's operations or Go arena script: the
// panel then shows and edits that file (the same text as its editor tab, the text Check grades),
// and its own script waits until the exercise is closed.
import { useAppStore } from "../../store/index.ts";

/** The script the panel shows for `binding`, and how to change it. */
export function useBoundScript(binding: "arena.script" | "arena.goScript", own: string, setOwn: (text: string) => void): [string, (text: string) => void, string | undefined] {
  const file = useAppStore((s) => s.exerciseFiles?.bound[binding]);
  const text = useAppStore((s) => {
    const f = file ? s.files.find((x) => x.name === file) : undefined;
    return f && f.kind !== "bytes" ? f.text : undefined;
  });
  if (file === undefined || text === undefined) return [own, setOwn, undefined];
  const set = (next: string) => {
    const s = useAppStore.getState();
    s.setFileText(file, next);
    // A new script is a new trace: start it from the beginning, as the panel's own script does.
    if (binding === "arena.script") s.setArenaView({ step: 0, playing: false });
  };
  return [text, set, file];
}
