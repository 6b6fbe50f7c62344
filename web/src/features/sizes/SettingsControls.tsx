// Level and quality controls. Each is a labelled number input with its range and default in
// the description, so a screen reader announces what it changes.
import { useId } from "react";
import { DEFAULT_SETTINGS, isBrotliQuality, isDeflateLevel } from "../../../../engine/compress/index.ts";
import type { CompressSettings } from "../../../../engine/compress/index.ts";

export function SettingsControls({ settings, onChange }: { settings: CompressSettings; onChange: (s: CompressSettings) => void }) {
  const id = useId();
  return (
    <fieldset className="sizes-settings">
      <legend>Settings</legend>
      <label htmlFor={`${id}-level`}>DEFLATE level (gzip, zlib, deflate)</label>
      <input
        id={`${id}-level`}
        type="number"
        min={0}
        max={9}
        step={1}
        value={settings.level}
        aria-describedby={`${id}-level-help`}
        onChange={(e) => {
          const n = Number(e.target.value);
          if (isDeflateLevel(n)) onChange({ ...settings, level: n });
        }}
      />
      <span id={`${id}-level-help`} className="sizes-help">
        0 stores, 9 searches hardest; default {DEFAULT_SETTINGS.level}
      </span>
      <label htmlFor={`${id}-quality`}>Brotli quality</label>
      <input
        id={`${id}-quality`}
        type="number"
        min={0}
        max={11}
        step={1}
        value={settings.quality}
        aria-describedby={`${id}-quality-help`}
        onChange={(e) => {
          const n = Number(e.target.value);
          if (isBrotliQuality(n)) onChange({ ...settings, quality: n });
        }}
      />
      <span id={`${id}-quality-help`} className="sizes-help">
        0 fastest, 11 smallest; default {DEFAULT_SETTINGS.quality} (servers compressing on the fly often use 4 to 6)
      </span>
      <button type="button" onClick={() => onChange({ ...DEFAULT_SETTINGS })}>
        Reset to defaults
      </button>
    </fieldset>
  );
}
