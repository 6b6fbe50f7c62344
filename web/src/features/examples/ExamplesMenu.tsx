import { useAppStore } from "../../store/index.ts";
import { EXAMPLES, loadExample } from "./catalog.ts";

/** Opens an example in place of the workspace (the first option says so). */
export function ExamplesMenu() {
  const replaceWorkspace = useAppStore((s) => s.replaceWorkspace);
  return (
    <label className="examples-menu">
      Examples
      <select
        value=""
        onChange={(e) => {
          const entry = EXAMPLES.find((x) => x.id === e.target.value);
          if (entry) void loadExample(entry).then(replaceWorkspace);
        }}
      >
        <option value="">Open an example…</option>
        {EXAMPLES.map((x) => (
          <option key={x.id} value={x.id}>
            {x.label}
          </option>
        ))}
      </select>
    </label>
  );
}
