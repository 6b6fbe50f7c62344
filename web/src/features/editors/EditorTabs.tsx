// One tab per file of the workspace, named by the file (ARIA tabs), and the file actions: new,
// rename, delete. Every editor stays mounted (hidden when not in front) so each keeps its undo
// history and cursor. The input that makes the bytes is marked on its tab.
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useAppStore } from "../../store/index.ts";
import { EXTENSION, invalidName, KIND_LABEL, kindForName, newFile, uniqueName, type FileKind } from "../workspace/types.ts";
import { LinkedEditor } from "./LinkedEditor.tsx";

const KINDS: FileKind[] = ["proto", "protoscope", "textformat", "bytes", "text"];

type Form = { kind: "new" } | { kind: "rename"; file: string } | undefined;

export function EditorTabs() {
  const files = useAppStore((s) => s.files);
  const open = useAppStore((s) => s.openEditor);
  const active = useAppStore((s) => s.active);
  const setOpenEditor = useAppStore((s) => s.setOpenEditor);
  const readOnly = useAppStore((s) => s.readOnly);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const [form, setForm] = useState<Form>();
  const front = files.some((f) => f.name === open) ? open : files[0]?.name;
  // In a frame, a file's editor starts the first time its tab is in front (each Monaco editor
  // costs tens of milliseconds and megabytes; most readers never open the other tabs). The full
  // app starts them all, so a jump to a problem in another file finds its editor ready.
  const embedded = useAppStore((s) => s.embed !== undefined);
  const exercise = useAppStore((s) => s.exerciseFiles);
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set(front ? [front] : []));
  if (front && !shown.has(front)) setShown(new Set([...shown, front]));

  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const n = files.length;
    const next = e.key === "ArrowRight" ? (i + 1) % n : e.key === "ArrowLeft" ? (i + n - 1) % n : e.key === "Home" ? 0 : e.key === "End" ? n - 1 : -1;
    if (next < 0) return;
    e.preventDefault();
    setOpenEditor(files[next]!.name);
    tabRefs.current[next]?.focus();
  };

  return (
    <section className="editors" aria-label="Files">
      <div className="file-bar">
        <div role="tablist" aria-label="Files" className="tabs">
          {files.map((file, i) => (
            <button
              key={file.name}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`tab-${file.name}`}
              aria-controls={`panel-${file.name}`}
              aria-selected={front === file.name}
              tabIndex={front === file.name ? 0 : -1}
              className="tab"
              title={file.name === active ? `${file.name}: the input the bytes come from` : file.name}
              onClick={() => setOpenEditor(file.name)}
              onKeyDown={(e) => onKeyDown(e, i)}
            >
              {file.name}
              {file.name === active && <span className="tab-source"> (input)</span>}
              {exercise?.graded.includes(file.name) && <span className="tab-mark"> · graded</span>}
              {exercise?.given.includes(file.name) && <span className="tab-mark"> · given</span>}
            </button>
          ))}
        </div>
        {/* A frame keeps to its files (fewer stops for a keyboard passing through the page); so does an exercise. */}
        {!readOnly && !embedded && !exercise && (
          <div className="file-actions">
            <button type="button" onClick={() => setForm({ kind: "new" })} aria-expanded={form?.kind === "new"}>
              New file
            </button>
            {front && (
              <>
                <button type="button" onClick={() => setForm({ kind: "rename", file: front })} aria-expanded={form?.kind === "rename"}>
                  Rename
                </button>
                <DeleteButton name={front} />
              </>
            )}
          </div>
        )}
      </div>
      {form?.kind === "new" && <NewFileForm onDone={() => setForm(undefined)} />}
      {form?.kind === "rename" && <RenameForm file={form.file} onDone={() => setForm(undefined)} />}
      {files.map((file) => (
        <div key={file.name} role="tabpanel" id={`panel-${file.name}`} aria-labelledby={`tab-${file.name}`} hidden={front !== file.name} className="tab-panel">
          {(!embedded || shown.has(file.name)) && <LinkedEditor name={file.name} />}
        </div>
      ))}
      {files.length === 0 && <p className="editors-empty">No files. Use “New file” to start, or open an example.</p>}
    </section>
  );
}

function DeleteButton({ name }: { name: string }) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <button type="button" onClick={() => setConfirming(true)}>
        Delete
      </button>
    );
  }
  return (
    <span className="confirm" role="group" aria-label={`Delete ${name}?`}>
      Delete {name}?{" "}
      <button
        type="button"
        autoFocus
        onClick={() => {
          useAppStore.getState().deleteFile(name);
          setConfirming(false);
        }}
      >
        Yes, delete
      </button>
      <button type="button" onClick={() => setConfirming(false)}>
        Keep it
      </button>
    </span>
  );
}

function NewFileForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const files = useAppStore((s) => s.files);
  const [kind, setKind] = useState<FileKind>("proto");
  const [name, setName] = useState(() => uniqueName(files, "schema", EXTENSION.proto));
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const why = invalidName(files, name);
    if (why) return setError(why);
    const s = useAppStore.getState();
    // A new input reads its bytes with the type the current input uses.
    const type = s.files.find((f) => f.name === s.active);
    s.addFile(newFile(kind, name, type && "messageType" in type ? type.messageType : ""));
    onDone();
  };
  return (
    <form className="file-form" onSubmit={submit} aria-label="New file">
      <label htmlFor={`${id}-kind`}>Kind</label>
      <select
        id={`${id}-kind`}
        value={kind}
        onChange={(e) => {
          const k = e.target.value as FileKind;
          setKind(k);
          // Follow the kind with the extension while the name is still a suggestion.
          if (kindForName(name) !== k) setName(uniqueName(files, name.replace(/\.[^./]*$/, "") || "file", EXTENSION[k]));
        }}
      >
        {KINDS.map((k) => (
          <option key={k} value={k}>
            {KIND_LABEL[k]}
          </option>
        ))}
      </select>
      <NameFields
        id={id}
        label="Name"
        name={name}
        error={error}
        submit="Create"
        onCancel={onDone}
        onChange={(value) => {
          setName(value);
          setError(undefined);
          if (value.includes(".")) setKind(kindForName(value));
        }}
      />
    </form>
  );
}

function RenameForm({ file, onDone }: { file: string; onDone: () => void }) {
  const id = useId();
  const [name, setName] = useState(file);
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const why = useAppStore.getState().renameFile(file, name);
    if (why) return setError(why);
    onDone();
  };
  return (
    <form className="file-form" onSubmit={submit} aria-label={`Rename ${file}`}>
      <NameFields
        id={id}
        label={`New name for ${file}`}
        name={name}
        error={error}
        submit="Rename"
        onCancel={onDone}
        onChange={(value) => {
          setName(value);
          setError(undefined);
        }}
      />
    </form>
  );
}

/**
 * The part of the file forms that names the file: the name input (its problem, if any, announced
 * below it), the submit button and Cancel. `id` is the form's useId.
 */
function NameFields(props: { id: string; label: string; name: string; error: string | undefined; submit: string; onCancel: () => void; onChange: (name: string) => void }) {
  const { id, error } = props;
  return (
    <>
      <label htmlFor={`${id}-name`}>{props.label}</label>
      <input
        id={`${id}-name`}
        value={props.name}
        autoFocus
        aria-invalid={error !== undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <button type="submit">{props.submit}</button>
      <button type="button" onClick={props.onCancel}>
        Cancel
      </button>
      {error && (
        <span id={`${id}-error`} className="form-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
