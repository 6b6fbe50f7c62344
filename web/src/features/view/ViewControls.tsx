// Theme and layout, from the store (so a link, a lesson or an embed can set them too).
import { useAppStore } from "../../store/index.ts";
import { LAYOUTS, THEMES, type Layout, type Theme } from "./viewSlice.ts";

const THEME_LABEL: Record<Theme, string> = { system: "System", light: "Light", dark: "Dark" };
const LAYOUT_LABEL: Record<Layout, string> = { auto: "Auto", columns: "Side by side", rows: "Stacked" };

export function ViewControls() {
  const theme = useAppStore((s) => s.theme);
  const layout = useAppStore((s) => s.layout);
  const setTheme = useAppStore((s) => s.setTheme);
  const setLayout = useAppStore((s) => s.setLayout);
  return (
    <div className="view-controls">
      <label>
        Theme
        <select value={theme} onChange={(e) => setTheme(e.target.value as Theme)}>
          {THEMES.map((t) => (
            <option key={t} value={t}>
              {THEME_LABEL[t]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Layout
        <select value={layout} onChange={(e) => setLayout(e.target.value as Layout)}>
          {LAYOUTS.map((l) => (
            <option key={l} value={l}>
              {LAYOUT_LABEL[l]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
