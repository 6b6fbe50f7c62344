// The embedded frame: the panes and nothing of the app's chrome; a bar with the author's title
// and the "Open in Wirelab" link (or only the link, with toolbar=0); what was ignored among the
// parameters, as text. Its height goes to the parent page (./resize.ts).
import { useEffect, useRef, type CSSProperties } from "react";
import { useAppStore } from "../../store/index.ts";
import { EditorTabs } from "../editors/EditorTabs.tsx";
import { preloadEditor } from "../editors/CodeEditor.tsx";
import { ModeBar } from "../workspace/ModeBar.tsx";
import { WorkspaceRegion } from "../workspace/WorkspaceRegion.tsx";
import { OutputPanes } from "../workspace/OutputPanes.tsx";
import { TabConflict } from "../share/TabConflict.tsx";
import { useDocumentTheme } from "../view/useDocumentTheme.ts";
import { OpenInWirelab } from "./OpenInWirelab.tsx";
import { followParentTheme, reportHeight } from "./resize.ts";

/** Pixels: Monaco's line height, the tabs and padding around the text, the least and most an editor gets. */
const EDITOR_LINE = 19;
const EDITOR_CHROME = 48;
const EDITOR_MIN = 150;
const EDITOR_MAX = 300;
/** Pixels: a hex row, the least and most the rows get (the rest of the bytes scroll). */
const HEX_ROW = 22;
const HEX_MIN = 2 * HEX_ROW;
const HEX_MAX = 8 * HEX_ROW;

function lineCount(text: string): number {
  let n = 1;
  for (let i = text.indexOf("\n"); i >= 0 && n <= 64; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

export function EmbedApp() {
  const embed = useAppStore((s) => s.embed);
  const readOnly = useAppStore((s) => s.readOnly);
  const storageAvailable = useAppStore((s) => s.storageAvailable);
  const notice = useAppStore((s) => s.notice);
  // "Use the whole window" (a link's or a lesson step's `wide`) works in a frame too.
  const wide = useAppStore((s) => s.sidePanelWide);
  const root = useRef<HTMLDivElement>(null);
  // Panes as tall as a short example needs (a three-line file does not get a 300 px editor), up to a
  // cap; they grow as the reader adds lines. Sizes from the content, never from the viewport.
  const lines = useAppStore((s) => s.files.reduce((most, f) => Math.max(most, f.kind === "bytes" ? 16 : lineCount(f.text)), 1));
  const bytes = useAppStore((s) => s.result?.bytes.length ?? 0);
  const paneSizes = {
    "--embed-editor-height": `${Math.min(EDITOR_MAX, Math.max(EDITOR_MIN, lines * EDITOR_LINE + EDITOR_CHROME))}px`,
    "--embed-hex-height": `${Math.min(HEX_MAX, Math.max(HEX_MIN, Math.ceil(bytes / 8) * HEX_ROW))}px`,
  } as CSSProperties;

  useDocumentTheme();

  useEffect(() => {
    if (!root.current) return;
    const reporter = reportHeight(root.current);
    return () => reporter.stop();
  }, []);
  // Asleep until the reader can see the frame, or reaches it with the keyboard or the pointer.
  useEffect(() => {
    const el = root.current;
    if (!el || useAppStore.getState().awake) return;
    const wake = () => {
      useAppStore.getState().wake();
      // Monaco's 3 MB start compiling now, while the workspace and the engine load.
      if (!useAppStore.getState().readOnly) preloadEditor();
      stop();
    };
    const observer = typeof IntersectionObserver === "function" ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && wake()) : undefined;
    if (observer) observer.observe(el);
    else wake();
    const events = ["focusin", "pointerenter", "pointerdown", "keydown"] as const;
    for (const type of events) el.addEventListener(type, wake);
    function stop() {
      observer?.disconnect();
      for (const type of events) el!.removeEventListener(type, wake);
    }
    return stop;
  }, []);
  // The host site's own light/dark toggle (a `wirelab:theme` message from the parent window).
  useEffect(() => followParentTheme((t) => useAppStore.getState().setTheme(t)), []);

  const toolbar = embed?.toolbar ?? true;
  return (
    <div ref={root} className={`app embed${wide ? " side-wide" : ""}`} style={paneSizes} data-readonly={readOnly ? "true" : undefined}>
      {toolbar && (
        <div className="embed-bar">
          <span className="embed-title">{embed?.title ?? "Wirelab"}</span>
          {readOnly ? <span className="embed-readonly">read-only</span> : <ModeBar />}
          <OpenInWirelab />
        </div>
      )}
      {(embed?.ignored.length ?? 0) > 0 && (
        <ul className="embed-ignored" aria-label="Ignored parameters">
          {embed!.ignored.map((text, i) => (
            <li key={i}>{text}</li>
          ))}
        </ul>
      )}
      {((!storageAvailable && !readOnly) || notice) && (
        <p className="status" role="status">
          {!storageAvailable && !readOnly && "Storage is blocked in this frame: your edits are not saved. "}
          {notice}
        </p>
      )}
      {/* The same saved frame open in two tabs, both edited: the choice of version. */}
      <TabConflict />
      <WorkspaceRegion>
        <div className="inputs">
          <EditorTabs />
        </div>
        <OutputPanes />
      </WorkspaceRegion>
      {!toolbar && <OpenInWirelab compact />}
    </div>
  );
}
