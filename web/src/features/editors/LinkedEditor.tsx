// One file's editor wired to the store: its text, its diagnostics as markers, and the two-way
// link with the bytes (hovered/selected byte ranges light tokens; the cursor selects bytes). A
// bytes file shows its disassembly, read-only, linked the same way.
import { useCallback, useMemo } from "react";
import { spanFile, type Diagnostic } from "../../../../engine/diagnostics.ts";
import type { FileKind } from "../../../../engine/workspace/types.ts";
import { useAppStore } from "../../store/index.ts";
import { nodeAtSource, sourcesForBytes } from "../selection/annotationIndex.ts";
import { CodeEditor, EditorFallback, type Highlight } from "./CodeEditor.tsx";
import { LIGHT_VIEW_LIMIT, LightEditor } from "./LightEditor.tsx";
import { PROTO, PROTOSCOPE, TEXT_FORMAT } from "./languages/ids.ts";
import { writeTyped } from "../runner/runner.ts";

const NONE: Diagnostic[] = [];

const LANGUAGE: Record<FileKind, string> = { proto: PROTO, protoscope: PROTOSCOPE, textformat: TEXT_FORMAT, bytes: PROTOSCOPE, text: "plaintext" };

export function LinkedEditor({ name }: { name: string }) {
  const kind = useAppStore((s) => s.files.find((f) => f.name === name)?.kind ?? "protoscope");
  const embedReadOnly = useAppStore((s) => s.readOnly);
  // An open exercise's given files are read-only; a read exercise's given bytes show no disassembly.
  const given = useAppStore((s) => s.exerciseFiles?.given.includes(name) === true);
  const veiled = useAppStore((s) => s.veil?.files.includes(name) === true);
  const awake = useAppStore((s) => s.awake);
  const value = useAppStore((s) => {
    const f = s.files.find((x) => x.name === name);
    if (!f) return "";
    if (f.kind !== "bytes") return f.text;
    if (s.veil?.files.includes(name)) return `# ${f.bytes.length.toLocaleString("en")} bytes: read them in the hex view.\n# Their disassembly shows once your answer passes (or you show the solution).\n`;
    if (s.result?.active === name) return s.result.disassembly ?? "";
    return `# ${f.bytes.length.toLocaleString("en")} bytes. Choose this file in "Bytes from" to see them disassembled here.\n`;
  });
  const diagnostics = useAppStore((s) => s.result?.diagnostics[name] ?? NONE);
  const linked = useAppStore((s) => s.result?.sourceFile === name) && !veiled;
  const annotations = useAppStore((s) => s.result?.annotations);
  const hoverRange = useAppStore((s) => (linked && s.hoverOrigin !== "editor" ? s.hoverRange : null));
  const selectedRange = useAppStore((s) => (linked ? s.selectedRange : null));

  const highlights = useMemo<Highlight[]>(() => {
    if (!linked || !annotations) return [];
    const out: Highlight[] = [];
    if (selectedRange) for (const r of sourcesForBytes(annotations, selectedRange)) out.push({ ...r, kind: "selected" });
    if (hoverRange) for (const r of sourcesForBytes(annotations, hoverRange)) out.push({ ...r, kind: "hover" });
    return out;
  }, [linked, annotations, hoverRange, selectedRange]);

  const onChange = useCallback((text: string) => writeTyped(() => useAppStore.getState().setFileText(name, text)), [name]);

  const onCursor = useCallback(
    (offset: number) => {
      const s = useAppStore.getState();
      if (s.result?.sourceFile !== name) return;
      // Typing moves the cursor before the engine has run on the new text: the tree shown is
      // the previous text's, so its offsets do not apply (and walking a large tree on every
      // keystroke would cost the frame). The cursor is mapped again when it moves on its own.
      if (s.resultEditVersion !== s.editVersion) return;
      const node = nodeAtSource(s.result.annotations, offset);
      s.select(node ? { start: node.bytes[0], end: node.bytes[1] } : null, "editor");
    },
    [name],
  );

  // Only spans in this file: a diagnostic of another file never lands here.
  const shownDiagnostics = useMemo(
    () =>
      diagnostics.filter((d) => {
        const file = spanFile(d.span);
        return !file || file === name;
      }),
    [name, diagnostics],
  );

  const ariaLabel = kind === "bytes" ? `${name} (disassembly, read-only)` : name;
  // A read-only frame shows its files without Monaco; a frame not yet in view shows their text.
  if (embedReadOnly && value.length <= LIGHT_VIEW_LIMIT) {
    return <LightEditor name={name} ariaLabel={ariaLabel} value={value} diagnostics={shownDiagnostics} highlights={highlights} onCursor={onCursor} />;
  }
  const props = {
    name,
    language: LANGUAGE[kind],
    ariaLabel,
    value,
    readOnly: kind === "bytes" || embedReadOnly || given,
    onChange,
    diagnostics: shownDiagnostics,
    highlights,
    onCursor,
  };
  return awake ? <CodeEditor {...props} /> : <EditorFallback {...props} />;
}
