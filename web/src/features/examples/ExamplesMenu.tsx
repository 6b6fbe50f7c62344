import { useAppStore } from "../../store/index.ts";
import { EXAMPLES, loadExample } from "./catalog.ts";

/** Opens an example in place of the workspace (the first option says so). */
export function ExamplesMenu() {
  const loadWorkspace = useAppStore((s) => s.loadWorkspace);
  return (
    <label className="examples-menu">
      Examples
      <select
        value=""
        onChange={(e) => {
          const entry = EXAMPLES.find((x) => x.id === e.target.value);
          if (entry) void loadExample(entry).then(loadWorkspace);
        }}
      >
        <option value="">Open an example… (replaces the workspace)</option>
        {EXAMPLES.map((x) => (
          <option key={x.id} value={x.id}>
            {x.label}
          </option>
        ))}
      </select>
    </label>
  );
}
