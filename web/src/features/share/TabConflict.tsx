// Another tab saved changes to the same files as this one: say so, and let the learner choose
// which version to keep. Nothing is lost either way: the other version becomes the previous work
// ("Restore"), and until the choice this tab saves nothing over the other's.
import { useAppStore } from "../../store/index.ts";

export function TabConflict() {
  const conflict = useAppStore((s) => s.tabConflict);
  if (!conflict) return null;
  const { resolveTabConflict } = useAppStore.getState();
  return (
    <section className="tab-conflict" role="alert" aria-label="Changed in another tab">
      <p>
        Another tab also changed <strong>{conflict.files.join(", ")}</strong>. This tab is not saving until you choose; the version you do not keep stays
        under Restore.
      </p>
      <button type="button" onClick={() => resolveTabConflict("mine")}>
        Keep this tab's version
      </button>{" "}
      <button type="button" onClick={() => resolveTabConflict("theirs")}>
        Take the other tab's version
      </button>
    </section>
  );
}
