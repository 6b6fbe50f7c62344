// A small React wrapper around one Monaco editor: value in, changes out, markers from engine
// diagnostics, decorations for the linked highlights, cursor offsets out. Loaded lazily (see
// CodeEditor.tsx) so Monaco stays out of the initial chunk.
import { useEffect, useRef } from "react";
import type { Diagnostic } from "../../../../engine/diagnostics.ts";
import { monaco } from "./monaco/setup.ts";
import { themeFor } from "./monaco/themes.ts";
import { modelPath, registerEditor, type EditorName } from "./editorRegistry.ts";
import { useAppStore } from "../../store/index.ts";
import { rangeOf as rangeIn } from "./ranges.ts";
import { takeHandoff } from "./CodeEditor.tsx";

export interface Highlight {
  from: number;
  to: number;
  kind: "hover" | "selected";
}

export interface MonacoEditorProps {
  name: EditorName;
  language: string;
  /** The accessible name of the editor's textarea (the file's name). */
  ariaLabel: string;
  /** Shown, linked, not editable (a bytes file's disassembly). */
  readOnly?: boolean;
  value: string;
  onChange(value: string): void;
  diagnostics: readonly Diagnostic[];
  highlights: readonly Highlight[];
  /** Called with the cursor's character offset when the user moves it (not when the app does). */
  onCursor?(offset: number): void;
}

const SEVERITY = { error: 8, warning: 4, info: 2 } as const;

/**
 * Largest text (characters) whose brackets Monaco colours in pairs and matches at the cursor.
 * Both keep a tree of every bracket in the model. Colouring re-parses part of it on each edit: in
 * 1 MB of protoscope that took about 17 ms of every frame while typing (tasks over 50 ms), for a
 * cosmetic touch. Matching builds the whole tree at the first cursor move after the tree was
 * dropped (a model option changed, a large paste): about 200 ms in one task at 1 MB.
 */
export const BRACKET_COLOURS_LIMIT = 256 * 1024;

const TABBABLE = "a[href], summary, button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]";

/** Focuses the next (dir 1) or previous (dir -1) tabbable element outside the focused editor. */
function moveFocus(dir: 1 | -1): void {
  const host = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>(".monaco-host");
  if (!host) return;
  // checkVisibility also rules out the insides of a closed <details> (content-visibility: hidden).
  const all = [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => el.tabIndex >= 0 && !host.contains(el) && el.checkVisibility() && !el.closest("[hidden], [inert]"),
  );
  const after = all.filter((el) => host.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
  const before = all.filter((el) => host.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING).reverse();
  for (const target of dir === 1 ? after : before) {
    target.focus();
    if (document.activeElement === target) return;
  }
}

export default function MonacoEditor(props: MonacoEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const lastValue = useRef(props.value);
  const applying = useRef(false);
  const latest = useRef(props);
  latest.current = props;
  const decorations = useRef<monaco.editor.IEditorDecorationsCollection | null>(null);

  useEffect(() => {
    const uri = monaco.Uri.from({ scheme: "inmemory", authority: "wirelab", path: modelPath(props.name) });
    monaco.editor.getModel(uri)?.dispose();
    const model = monaco.editor.createModel(latest.current.value, props.language, uri);
    lastValue.current = latest.current.value;
    const editor = monaco.editor.create(host.current!, {
      model,
      ariaLabel: props.ariaLabel,
      theme: themeFor(useAppStore.getState().theme),
      readOnly: latest.current.readOnly === true,
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 14,
      fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
      scrollBeyondLastLine: false,
      // A wheel over an editor with nothing (more) to scroll scrolls the page: an embed in a
      // documentation page, or the app stacked on a phone, must not trap the reader's wheel.
      scrollbar: { alwaysConsumeMouseWheel: false },
      wordWrap: "off",
      lineNumbersMinChars: 3,
      renderLineHighlight: "line",
      fixedOverflowWidgets: true,
      lightbulb: { enabled: monaco.editor.ShowLightbulbIconMode.OnCode },
      // Suggestions only where a language offers them (editions features after `features.`),
      // never the document's words while typing.
      quickSuggestions: false,
      wordBasedSuggestions: "off",
      // Tab moves focus out of the editor when the user asks for it (see below).
      tabFocusMode: false,
    });
    editorRef.current = editor;
    // When Monaco is up (the embeds' benchmark reads it: e2e/embed-load.spec.ts).
    performance.mark("wirelab:editor-ready", { detail: { name: props.name } });
    // The plain editor had the focus: carry on from its cursor.
    const handoff = takeHandoff(props.name);
    if (handoff) {
      const start = model.getPositionAt(handoff.start);
      const end = model.getPositionAt(handoff.end);
      editor.setSelection(new monaco.Selection(start.lineNumber, start.column, end.lineNumber, end.column));
      editor.focus();
    }
    decorations.current = editor.createDecorationsCollection();

    // Keyboard users must be able to leave: Escape makes the next Tab move the focus on (any
    // other key cancels that), and Ctrl/Cmd+M switches Tab between indenting and moving focus.
    // Both are stated under the editor (EditorKeyHint) and in the Help dialog. While Tab leaves,
    // a context key routes Tab and Shift+Tab to moving the focus, as the browser would.
    // Standalone Monaco keeps one keybinding table for every editor (the last added handler
    // runs, whichever editor has the focus), so handlers only change the store and act on the
    // focused editor; each editor follows the store into its own context key.
    const store = useAppStore;
    const tabLeaves = editor.createContextKey<boolean>("wirelabTabLeaves", false);
    const applyTabMode = () => {
      const s = store.getState();
      tabLeaves.set(s.tabMovesFocus || s.tabEscapeArmed);
    };
    editor.addCommand(
      monaco.KeyCode.Escape,
      () => store.getState().setTabEscapeArmed(true),
      "editorTextFocus && !suggestWidgetVisible && !findWidgetVisible && !parameterHintsVisible && !renameInputVisible && !inSnippetMode && !hasMultipleSelections && !markersNavigationVisible",
    );
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyM, () => {
      const s = store.getState();
      s.setTabMovesFocus(!s.tabMovesFocus);
      s.setTabEscapeArmed(false);
    });
    editor.addCommand(monaco.KeyCode.Tab, () => moveFocus(1), "editorTextFocus && wirelabTabLeaves && !suggestWidgetVisible");
    editor.addCommand(monaco.KeyMod.Shift | monaco.KeyCode.Tab, () => moveFocus(-1), "editorTextFocus && wirelabTabLeaves && !suggestWidgetVisible");
    const disarm = () => {
      if (store.getState().tabEscapeArmed) store.getState().setTabEscapeArmed(false);
    };
    // Any key but Tab, Escape and Shift disarms; so does leaving the editor.
    const keys = editor.onKeyDown((e) => {
      if (e.keyCode !== monaco.KeyCode.Tab && e.keyCode !== monaco.KeyCode.Escape && e.keyCode !== monaco.KeyCode.Shift) disarm();
    });
    const blur = editor.onDidBlurEditorText(disarm);
    const modeWatch = store.subscribe((s, old) => {
      if (s.tabMovesFocus !== old.tabMovesFocus || s.tabEscapeArmed !== old.tabEscapeArmed) applyTabMode();
    });
    applyTabMode();

    // Colouring is a model option (the editor's option would set it for every model through the
    // shared configuration); matching is read from this editor's own options.
    let bracketColours: boolean | undefined;
    const colourBrackets = () => {
      const colours = model.getValueLength() <= BRACKET_COLOURS_LIMIT;
      if (colours === bracketColours) return;
      bracketColours = colours;
      model.updateOptions({ bracketColorizationOptions: { enabled: colours, independentColorPoolPerBracketType: false } });
      editor.updateOptions({ matchBrackets: colours ? "always" : "never" });
      // What the editor now does, for tests and styles: the option as Monaco reads it back.
      host.current!.dataset.bracketMatching = editor.getOption(monaco.editor.EditorOption.matchBrackets);
    };
    colourBrackets();
    const changes = model.onDidChangeContent(() => {
      colourBrackets();
      if (applying.current) return;
      const value = model.getValue();
      lastValue.current = value;
      latest.current.onChange(value);
    });
    const cursor = editor.onDidChangeCursorPosition((e) => {
      if (applying.current || !editor.hasTextFocus()) return;
      latest.current.onCursor?.(model.getOffsetAt(e.position));
    });
    const media = typeof matchMedia === "function" ? matchMedia("(prefers-color-scheme: dark)") : undefined;
    const onScheme = () => monaco.editor.setTheme(themeFor(useAppStore.getState().theme));
    media?.addEventListener("change", onScheme);
    const unsubscribeTheme = useAppStore.subscribe((s, prev) => s.theme !== prev.theme && onScheme());

    const unregister = registerEditor(props.name, {
      reveal(span) {
        const range = rangeIn(monaco, model, span);
        editor.setSelection(range);
        editor.revealRangeInCenterIfOutsideViewport(range);
        editor.focus();
      },
    });
    return () => {
      unregister();
      unsubscribeTheme();
      media?.removeEventListener("change", onScheme);
      changes.dispose();
      cursor.dispose();
      keys.dispose();
      blur.dispose();
      modeWatch();
      editor.dispose();
      model.dispose();
      editorRef.current = null;
    };
    // The editor is created once per name; later prop changes are applied by the effects below.
  }, [props.name]);

  // Value from the store (example, share link, reset, disassembly): replace as one undoable edit.
  useEffect(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!editor || !model || props.value === lastValue.current) return;
    lastValue.current = props.value;
    applying.current = true;
    try {
      model.pushEditOperations([], [{ range: model.getFullModelRange(), text: props.value }], () => null);
    } finally {
      applying.current = false;
    }
  }, [props.value]);

  useEffect(() => {
    editorRef.current?.updateOptions({ readOnly: props.readOnly === true });
  }, [props.readOnly]);

  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (!model) return;
    const markers = props.diagnostics.flatMap((d) => {
      // Bytes are not in this editor; a diagnostic without a position is marked only where the
      // engine knows its declaration (the Problems list shows every one).
      const span = d.span.kind === "text" ? d.span : d.span.kind === "none" ? d.span.near : undefined;
      if (span === undefined) return [];
      const range = rangeIn(monaco, model, span);
      return [
        {
          severity: SEVERITY[d.severity],
          message: [d.message, ...(d.notes ?? [])].join("\n"),
          code: d.code,
          source: d.code.includes("/") ? "wirelab" : "buf lint",
          startLineNumber: range.startLineNumber,
          startColumn: range.startColumn,
          endLineNumber: range.endLineNumber,
          // A zero-width span still gets a visible squiggle.
          endColumn: range.isEmpty() ? range.startColumn + 1 : range.endColumn,
        },
      ];
    });
    monaco.editor.setModelMarkers(model, "wirelab", markers);
  }, [props.diagnostics]);

  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (!model || !decorations.current) return;
    const length = model.getValueLength();
    decorations.current.set(
      props.highlights
        .filter((h) => h.from <= length)
        .map((h) => {
          const start = model.getPositionAt(h.from);
          const end = model.getPositionAt(Math.min(h.to, length));
          return {
            range: new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column),
            options: { inlineClassName: h.kind === "hover" ? "wl-token-hover" : "wl-token-selected" },
          };
        }),
    );
    const first = props.highlights[0];
    if (first && first.kind === "selected" && !editorRef.current!.hasTextFocus()) {
      const pos = model.getPositionAt(first.from);
      editorRef.current!.revealPositionInCenterIfOutsideViewport(pos);
    }
  }, [props.highlights]);

  return <div ref={host} className="monaco-host" data-editor={props.name} data-readonly={props.readOnly ? "true" : undefined} />;
}
