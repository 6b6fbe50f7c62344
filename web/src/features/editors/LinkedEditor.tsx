// One workspace editor wired to the store: its text, its diagnostics as markers, and the two-way
// link with the bytes (hovered/selected byte ranges light tokens; the cursor selects bytes).
import { useCallback, useMemo } from "react";
import { spanFile, type Diagnostic } from "../../../../engine/diagnostics.ts";
import { useAppStore } from "../../store/index.ts";
import { nodeAtSource, sourcesForBytes } from "../selection/annotationIndex.ts";
import { CodeEditor, type Highlight } from "./CodeEditor.tsx";
import type { EditorName } from "./editorRegistry.ts";
import { PROTO, PROTOSCOPE, TEXT_FORMAT } from "./languages/ids.ts";
import { SCHEMA_FILE } from "../workspace/types.ts";

const NONE: Diagnostic[] = [];

const CONFIG: Record<EditorName, { language: string; label: string }> = {
  schema: { language: PROTO, label: "Schema" },
  protoscope: { language: PROTOSCOPE, label: "Protoscope" },
  message: { language: TEXT_FORMAT, label: "Message" },
};

export function LinkedEditor({ name }: { name: EditorName }) {
  const value = useAppStore((s) =>
    name === "schema" ? s.schema : name === "message" ? s.message : s.mode === "bytes" ? (s.result?.disassembly ?? s.protoscope) : s.protoscope,
  );
  const diagnostics = useAppStore((s) => {
    const d = s.result?.diagnostics;
    if (!d) return NONE;
    return name === "schema" ? d.schema : name === "message" ? d.message : d.protoscope;
  });
  const linked = useAppStore((s) => s.result?.sourceEditor === name);
  const sourceAnnotations = useAppStore((s) => s.result?.sourceAnnotations);
  const hoverRange = useAppStore((s) => (linked && s.hoverOrigin !== "editor" ? s.hoverRange : null));
  const selectedRange = useAppStore((s) => (linked ? s.selectedRange : null));

  const highlights = useMemo<Highlight[]>(() => {
    if (!linked || !sourceAnnotations) return [];
    const out: Highlight[] = [];
    if (selectedRange) for (const r of sourcesForBytes(sourceAnnotations, selectedRange)) out.push({ ...r, kind: "selected" });
    if (hoverRange) for (const r of sourcesForBytes(sourceAnnotations, hoverRange)) out.push({ ...r, kind: "hover" });
    return out;
  }, [linked, sourceAnnotations, hoverRange, selectedRange]);

  const onChange = useCallback(
    (text: string) => {
      const s = useAppStore.getState();
      if (name === "schema") s.setSchema(text);
      else if (name === "message") s.setMessage(text);
      else s.setProtoscope(text);
    },
    [name],
  );

  const onCursor = useCallback(
    (offset: number) => {
      const s = useAppStore.getState();
      if (s.result?.sourceEditor !== name) return;
      const node = nodeAtSource(s.result.sourceAnnotations, offset);
      s.select(node ? { start: node.bytes[0], end: node.bytes[1] } : null, "editor");
    },
    [name],
  );

  const shownDiagnostics = useMemo(
    () => (name === "schema" ? diagnostics.filter((d) => {
            const file = spanFile(d.span);
            return !file || file === SCHEMA_FILE;
          }) : diagnostics),
    [name, diagnostics],
  );

  return (
    <CodeEditor
      name={name}
      language={CONFIG[name].language}
      ariaLabel={CONFIG[name].label}
      value={value}
      onChange={onChange}
      diagnostics={shownDiagnostics}
      highlights={highlights}
      onCursor={onCursor}
    />
  );
}
