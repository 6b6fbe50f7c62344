// Raw bytes in and out: paste hex or base64, open (or drop) a file, download the bytes shown.
import { useState } from "react";
import { useAppStore } from "../../store/index.ts";
import { parseBytes, type BytesFormat } from "./parseBytes.ts";
import { EXTENSION, uniqueName } from "../workspace/types.ts";

/**
 * Puts raw bytes into the workspace and makes them the source of the bytes shown. Named bytes (an
 * opened file) go to the bytes file of that name, new if need be; pasted bytes go to the bytes
 * file in use, else the first one, else a new `message.bin`. A new file is read with the current
 * input's message type.
 */
export function putBytes(bytes: Uint8Array, name?: string): void {
  const s = useAppStore.getState();
  const current = s.files.find((f) => f.name === s.active);
  const target =
    name !== undefined
      ? s.files.find((f) => f.name === name && f.kind === "bytes")
      : current?.kind === "bytes"
        ? current
        : s.files.find((f) => f.kind === "bytes");
  if (target) {
    s.setFileBytes(target.name, bytes);
  } else {
    const dot = name?.lastIndexOf(".") ?? -1;
    const fresh = name === undefined ? uniqueName(s.files, "message", EXTENSION.bytes) : uniqueName(s.files, dot > 0 ? name.slice(0, dot) : name, dot > 0 ? name.slice(dot) : "");
    s.addFile({ kind: "bytes", name: fresh, bytes, messageType: current && "messageType" in current ? current.messageType : "" });
  }
  const now = useAppStore.getState();
  now.setOpenEditor(now.active);
}

/** Reads a dropped or chosen file into the workspace as raw bytes (a new bytes file named after it). */
export async function openFile(file: Blob & { name?: string }): Promise<void> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  putBytes(bytes, file.name ? file.name : undefined);
}

export function BytesInput() {
  const [text, setText] = useState("");
  const [format, setFormat] = useState<"auto" | BytesFormat>("auto");
  const [error, setError] = useState<string | undefined>();

  const use = (value: string, as: "auto" | BytesFormat) => {
    setText(value);
    if (value.trim() === "") {
      setError(undefined);
      return;
    }
    const parsed = parseBytes(value, as === "auto" ? undefined : as);
    if (parsed.ok) {
      setError(undefined);
      putBytes(parsed.bytes);
    } else {
      setError(parsed.error);
    }
  };

  const download = () => {
    const bytes = useAppStore.getState().result?.bytes ?? new Uint8Array(0);
    const url = URL.createObjectURL(new Blob([bytes.slice()], { type: "application/octet-stream" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = "message.binpb";
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <div className="bytes-input">
      <label className="bytes-paste">
        Paste hex or base64
        <textarea
          value={text}
          rows={2}
          spellCheck={false}
          placeholder="08 96 01   or   CJYB"
          onChange={(e) => use(e.target.value, format)}
          aria-invalid={error !== undefined}
          aria-describedby={error ? "bytes-error" : undefined}
        />
      </label>
      <div className="bytes-actions">
        <label>
          Read as{" "}
          <select
            value={format}
            onChange={(e) => {
              const f = e.target.value as "auto" | BytesFormat;
              setFormat(f);
              use(text, f);
            }}
          >
            <option value="auto">auto</option>
            <option value="hex">hex</option>
            <option value="base64">base64</option>
          </select>
        </label>
        <label className="file-button">
          Open file…
          <input
            type="file"
            className="visually-hidden"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void openFile(file);
              e.target.value = "";
            }}
          />
        </label>
        <button type="button" onClick={download}>
          Download bytes
        </button>
      </div>
      {error && (
        <p id="bytes-error" className="bytes-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
