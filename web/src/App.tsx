// The workspace: inputs on the left, the bytes and what they mean on the right, problems below.
import "./features/onboarding/onboarding.css";
import { lazy, Suspense, useEffect, type DragEvent } from "react";
import { useAppStore } from "./store/index.ts";
import { EditorTabs } from "./features/editors/EditorTabs.tsx";
import { ModeBar } from "./features/workspace/ModeBar.tsx";
import { WorkspaceRegion } from "./features/workspace/WorkspaceRegion.tsx";
import { OutputPanes } from "./features/workspace/OutputPanes.tsx";
import { ExamplesMenu } from "./features/examples/ExamplesMenu.tsx";
import { ShareControls } from "./features/share/ShareControls.tsx";
import { ViewControls } from "./features/view/ViewControls.tsx";
import { useDocumentTheme } from "./features/view/useDocumentTheme.ts";
import { UpdatePrompt } from "./features/offline/UpdatePrompt.tsx";
import { EmbedButton } from "./features/embed/EmbedDialog.tsx";
import { BytesInput, openFile, putBytes } from "./features/bytes-input/BytesInput.tsx";
import { parseBytes } from "./features/bytes-input/parseBytes.ts";
import { SkipLinks } from "./features/onboarding/SkipLinks.tsx";
import { Welcome } from "./features/onboarding/Welcome.tsx";
import { TabConflict } from "./features/share/TabConflict.tsx";
import { HelpDialog } from "./features/onboarding/HelpDialog.tsx";
import { EditorKeyHint } from "./features/onboarding/EditorKeyHint.tsx";

/** The open lesson's page, a column beside the workspace; the course's code loads with the first lesson opened. */
const LessonPane = lazy(() => import("./features/lessons/LessonsPanel.tsx").then((m) => ({ default: m.LessonPane })));
/** The open exercise above the editors (its files are the workspace; Check grades them). */
const ExerciseBar = lazy(() => import("./features/lessons/ExerciseBar.tsx").then((m) => ({ default: m.ExerciseBar })));

function onDrop(e: DragEvent) {
  const file = e.dataTransfer.files[0];
  if (file) {
    e.preventDefault();
    void openFile(file);
    return;
  }
  const text = e.dataTransfer.getData("text/plain");
  // Text dropped on an editor is the editor's business; elsewhere, hex or base64 becomes bytes.
  if (text && !(e.target as HTMLElement).closest(".monaco-host")) {
    const parsed = parseBytes(text);
    if (parsed.ok) {
      e.preventDefault();
      putBytes(parsed.bytes);
    }
  }
}

export function App() {
  const bytesActive = useAppStore((s) => s.files.find((f) => f.name === s.active)?.kind === "bytes");
  const layout = useAppStore((s) => s.layout);
  const sideWide = useAppStore((s) => s.sidePanelWide);
  const lessonOpen = useAppStore((s) => s.lessonOpen !== "");
  const exerciseOpen = useAppStore((s) => s.lessonOpen !== "" && s.exerciseOpen !== "");

  // The theme from the store: "system" leaves the colour scheme to the operating system.
  useDocumentTheme();

  // Ctrl/Cmd+Enter re-runs the engine now (in the Worker when the workspace is large).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        useAppStore.getState().requestRun();
      } else if (e.key === "?" && !e.ctrlKey && !e.metaKey && !e.altKey) {
        // "?" opens the help, except where it is text being typed.
        const t = e.target as HTMLElement | null;
        if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
        e.preventDefault();
        useAppStore.getState().setHelpOpen(true);
      }
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, []);

  return (
    <div className={`app layout-${layout}${sideWide ? " side-wide" : ""}${lessonOpen ? " lesson-open" : ""}`} onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
      <SkipLinks />
      <header className="app-header">
        <h1>Wirelab</h1>
        <ModeBar />
        <ExamplesMenu />
        <ShareControls />
        <EmbedButton />
        <details className="header-menu">
          <summary>View</summary>
          <div className="header-menu-body">
            <ViewControls />
          </div>
        </details>
        <UpdatePrompt />
        <button type="button" onClick={() => useAppStore.getState().setHelpOpen(true)}>
          Help
        </button>
      </header>
      <Welcome />
      <TabConflict />
      <HelpDialog />
      <WorkspaceRegion>
        {lessonOpen && (
          <Suspense fallback={<p className="lesson-pane">Loading the lesson…</p>}>
            <LessonPane />
          </Suspense>
        )}
        <div className="inputs" id="editor-area">
          {exerciseOpen && (
            <Suspense fallback={<p className="exercise-bar">Loading the exercise…</p>}>
              <ExerciseBar />
            </Suspense>
          )}
          <EditorTabs />
          <EditorKeyHint />
          {/* An exercise's bytes are given: nothing to paste over them. */}
          {!exerciseOpen && (
            <details className="raw-bytes" open={bytesActive}>
              <summary>Raw bytes: paste, open, download</summary>
              <BytesInput />
            </details>
          )}
        </div>
        <OutputPanes />
      </WorkspaceRegion>
    </div>
  );
}
