// Which input file the bytes come from, and the message type that input is read with (text
// format needs one to encode; protoscope and raw bytes use it for names).
import { useAppStore } from "../../store/index.ts";
import { activeInput, isInput } from "./types.ts";
import { useEngine } from "../runner/lazyEngine.ts";

const NO_TYPES: string[] = [];

export function ModeBar() {
  const files = useAppStore((s) => s.files);
  const active = useAppStore((s) => s.active);
  const setActive = useAppStore((s) => s.setActive);
  const setMessageType = useAppStore((s) => s.setMessageType);
  const types = useAppStore((s) => s.result?.messageTypes ?? NO_TYPES);
  const inputs = files.filter(isInput);
  const input = activeInput({ files, active });
  const messageType = input?.messageType ?? "";
  const gone = messageType !== "" && types.length > 0 && !types.includes(messageType);
  const options = gone ? [messageType, ...types] : types;
  // The chosen type was renamed or removed: say so and offer the closest one (engine's choice).
  // (Through the lazily loaded engine: the first chunk stays free of engine code.)
  const engine = useEngine();
  const closest = gone && engine ? engine.closestName(messageType, types) : undefined;

  return (
    <div className="mode-bar">
      <label className="input-picker">
        Bytes from
        <select value={input?.name ?? ""} onChange={(e) => setActive(e.target.value)} disabled={inputs.length === 0}>
          {inputs.length === 0 && <option value="">(no input file)</option>}
          {inputs.map((f) => (
            <option key={f.name} value={f.name}>
              {f.name}
            </option>
          ))}
        </select>
      </label>
      <label className="type-picker">
        Message type
        <select value={messageType} disabled={!input} onChange={(e) => input && setMessageType(input.name, e.target.value)}>
          <option value="">(none)</option>
          {options.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      {gone && input && (
        <span className="type-gone" role="status">
          No “{messageType}” in the schema.{" "}
          {closest && (
            <button type="button" onClick={() => setMessageType(input.name, closest)}>
              Use {closest}
            </button>
          )}
        </span>
      )}
    </div>
  );
}
