import { useAppStore } from "../../store/index.ts";
import { EXAMPLES, loadExample } from "./catalog.ts";

/**
 * Opens an example in place of the workspace (the replaced work can be restored). Each entry has
 * a human title and a one-line description; the open example is the selected one.
 */
export function ExamplesMenu() {
  const replaceWorkspace = useAppStore((s) => s.replaceWorkspace);
  const open = useAppStore((s) => s.openExample);
  const setOpen = useAppStore((s) => s.setOpenExample);
  const current = EXAMPLES.find((x) => x.id === open);
  // In a lesson the workspace is the lesson's: examples wait until the learner goes back to the course.
  const inLesson = useAppStore((s) => s.lessonOpen !== "");
  return (
    <label className="examples-menu" title={inLesson ? "Examples open in your own workspace: go back to the course first (← Course)" : current ? `${current.label}: ${current.description}` : "Open an example"}>
      Examples
      <select
        disabled={inLesson}
        value={current ? current.id : ""}
        aria-description={current?.description}
        onChange={(e) => {
          const entry = EXAMPLES.find((x) => x.id === e.target.value);
          if (entry)
            void loadExample(entry).then((ws) => {
              replaceWorkspace(ws);
              setOpen(entry.id);
            });
        }}
      >
        <option value="">Open an example…</option>
        {EXAMPLES.map((x) => (
          <option key={x.id} value={x.id} title={x.description}>
            {x.label}
          </option>
        ))}
      </select>
    </label>
  );
}
