// The Embed dialog: writes the <iframe> snippet for what is on screen (the workspace and view as a
// share state in the frame's hash, plus the embed parameters chosen here). docs/EMBEDDING.md says
// what each parameter does.
import { useId, useRef, useState } from "react";
import { useAppStore } from "../../store/index.ts";
import { PANELS } from "../panels/registry.ts";
import { encodeShareHash } from "../share/shareLink.ts";
import { captureView } from "../view/viewState.ts";
import { copyText } from "../hex/clipboard.ts";
import { embedQuery, embedSnippet, MAX_TITLE, type EmbedTheme } from "./embedParams.ts";
import { appAddress } from "./OpenInWirelab.tsx";

interface Choices {
  name: string;
  panel: string;
  readOnly: boolean;
  toolbar: boolean;
  save: boolean;
  theme: EmbedTheme;
  title: string;
  height: number;
}

/** The snippet for the current workspace and view with `choices`. */
export function snippetFor(choices: Choices): { src: string; html: string } {
  const s = useAppStore.getState();
  const name = /^[A-Za-z0-9_-]{1,64}$/.test(choices.name) ? choices.name : "default";
  const query = embedQuery({
    name,
    panel: choices.panel,
    readOnly: choices.readOnly,
    toolbar: choices.toolbar,
    save: choices.save,
    theme: choices.theme,
    ...(choices.title.trim() ? { title: choices.title.trim().slice(0, MAX_TITLE) } : {}),
  });
  const src = appAddress() + query + encodeShareHash(s.snapshot(), captureView(s));
  const title = choices.title.trim() ? `Wirelab: ${choices.title.trim()}` : "Wirelab";
  return { src, html: embedSnippet({ src, title, height: choices.height }) };
}

export function EmbedButton() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
          dialog.current?.showModal();
        }}
      >
        Embed
      </button>
      <dialog ref={dialog} className="embed-dialog" aria-labelledby="embed-dialog-title" onClose={() => setOpen(false)}>
        {open && <EmbedForm onClose={() => dialog.current?.close()} />}
      </dialog>
    </>
  );
}

function EmbedForm({ onClose }: { onClose: () => void }) {
  const id = useId();
  const sidePanel = useAppStore((s) => s.sidePanel);
  const [choices, setChoices] = useState<Choices>({
    name: "wirelab",
    panel: sidePanel,
    readOnly: false,
    toolbar: true,
    save: true,
    theme: "system",
    title: "",
    height: 480,
  });
  const [copied, setCopied] = useState<string>();
  const set = (patch: Partial<Choices>) => {
    setChoices((c) => ({ ...c, ...patch }));
    setCopied(undefined);
  };
  const { html } = snippetFor(choices);
  const copy = async () => setCopied((await copyText(html)) ? "Snippet copied" : "Select the snippet and copy it");

  return (
    <form method="dialog" className="embed-form" onSubmit={(e) => e.preventDefault()}>
      <h2 id="embed-dialog-title">Embed this view</h2>
      <p className="embed-help">
        Paste this into a web page to show the current files and panel in a frame that sizes itself to its content, with
        a link back to the full app. See docs/EMBEDDING.md for every parameter.
      </p>
      <div className="embed-options">
        <label>
          Panel
          <select value={choices.panel} onChange={(e) => set({ panel: e.target.value })}>
            {PANELS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Theme
          <select value={choices.theme} onChange={(e) => set({ theme: e.target.value as EmbedTheme })}>
            <option value="system">Reader's system setting</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </label>
        <label>
          Title
          <input type="text" value={choices.title} maxLength={MAX_TITLE} onChange={(e) => set({ title: e.target.value })} />
        </label>
        <label>
          Frame name (keeps its saves apart)
          <input type="text" value={choices.name} pattern="[A-Za-z0-9_-]{1,64}" onChange={(e) => set({ name: e.target.value })} />
        </label>
        <label>
          Starting height (px)
          <input type="number" min={120} max={4000} value={choices.height} onChange={(e) => set({ height: Number(e.target.value) || 480 })} />
        </label>
        <label className="check">
          <input type="checkbox" checked={choices.readOnly} onChange={(e) => set({ readOnly: e.target.checked })} /> Read-only
        </label>
        <label className="check">
          <input type="checkbox" checked={!choices.toolbar} onChange={(e) => set({ toolbar: !e.target.checked })} /> Hide the toolbar
        </label>
        <label className="check">
          <input type="checkbox" checked={choices.save} onChange={(e) => set({ save: e.target.checked })} /> Keep the reader's edits
        </label>
      </div>
      <label htmlFor={`${id}-snippet`}>Snippet</label>
      <textarea id={`${id}-snippet`} className="embed-snippet" readOnly value={html} rows={9} onFocus={(e) => e.target.select()} />
      {location.protocol === "file:" && <p className="embed-help">This copy runs from a file: host the dist/ folder on a web server for the frame to load.</p>}
      <div className="embed-actions">
        <button type="button" onClick={() => void copy()}>
          Copy snippet
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
        <span role="status">{copied}</span>
      </div>
    </form>
  );
}
