// Which input is the source of the bytes, switchable, and the message type the schema-aware
// inputs use (text format needs one; protoscope and raw bytes use it for names).
import { useAppStore } from "../../store/index.ts";
import type { InputMode } from "./types.ts";

const MODES: { id: InputMode; label: string }[] = [
  { id: "protoscope", label: "Protoscope" },
  { id: "textformat", label: "Text format" },
  { id: "bytes", label: "Raw bytes" },
];

const NO_TYPES: string[] = [];

export function ModeBar() {
  const mode = useAppStore((s) => s.mode);
  const setMode = useAppStore((s) => s.setMode);
  const messageType = useAppStore((s) => s.messageType);
  const setMessageType = useAppStore((s) => s.setMessageType);
  const types = useAppStore((s) => s.result?.messageTypes ?? NO_TYPES);
  const options = messageType && !types.includes(messageType) ? [messageType, ...types] : types;

  return (
    <div className="mode-bar">
      <fieldset className="mode-switch">
        <legend>Bytes from</legend>
        {MODES.map((m) => (
          <label key={m.id} className={mode === m.id ? "is-active" : undefined}>
            <input type="radio" name="mode" value={m.id} checked={mode === m.id} onChange={() => setMode(m.id)} />
            {m.label}
          </label>
        ))}
      </fieldset>
      <label className="type-picker">
        Message type
        <select value={messageType} onChange={(e) => setMessageType(e.target.value)}>
          <option value="">(none)</option>
          {options.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
