// Start-up: pick the workspace and view (share link, autosave, default example), start the
// engine runner and autosave, then render. Nothing here is fetched from another origin.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.tsx";
import { useAppStore } from "./store/index.ts";
import { startDerivedLayer, type DerivedLayer } from "./features/derived/layer.ts";
import { loadEngine } from "./features/runner/lazyEngine.ts";
import { browserStorage } from "./features/share/storage.ts";
import { browserHost, defaultWorkspace, initialWorkspace, startAutosave, workspaceKey } from "./features/share/persistence.ts";
import { DEFAULT_EXAMPLE_ID } from "./features/examples/catalog.ts";
import { sameWorkspace } from "./features/workspace/types.ts";
import { applyView } from "./features/view/viewState.ts";
import { startServiceWorker } from "./features/offline/serviceWorker.ts";
import { parseEmbedParams } from "./features/embed/embedParams.ts";
import { EmbedApp } from "./features/embed/EmbedApp.tsx";
import { startEmbed } from "./features/embed/embedStart.ts";
import { lessonInView, openLinkInTab } from "./features/share/openLink.ts";
import "./styles.css";

async function start() {
  const root = document.getElementById("root");
  if (!root) throw new Error("index.html has no #root element");
  // Fetch the engine chunk while the shell renders and the workspace is picked.
  loadEngine().catch(() => {}); // the runner falls back to the Worker, and retries later
  const store = useAppStore;

  // An embedded frame (?embed): its own start-up, storage and chrome (features/embed/).
  const embed = parseEmbedParams(location.search);
  if (embed) {
    // Before the first render: the frame's styles (no viewport-height units) from the first layout.
    document.documentElement.classList.add("embed-mode");
    store.getState().setEmbed(embed);
    createRoot(root).render(
      <StrictMode>
        <EmbedApp />
      </StrictMode>,
    );
    // The frame's autosave asks for the engine client, which starts once the workspace is loaded.
    const layer: { current?: DerivedLayer } = {};
    await startEmbed(store, embed, location.search, location.hash, () => layer.current?.engine);
    layer.current = startDerivedLayer(store);
    return;
  }

  const storage = browserStorage();
  const key = workspaceKey(location.search);
  store.getState().setStorageAvailable(storage.available);

  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

  const { workspace, notice, previous, view, stash } = await initialWorkspace(location.hash, storage, key);
  store.getState().loadWorkspace(workspace);
  // Opening in a lesson (the last visit's, or a link's): the learner's own work waits aside.
  const ownWork = stash ?? (view && lessonInView(view) ? (previous ?? (await defaultWorkspace())) : undefined);
  if (ownWork) store.getState().setLessonStash(ownWork);
  // The Examples menu shows the default example as open while the workspace is still it.
  if (sameWorkspace(workspace, await defaultWorkspace())) store.getState().setOpenExample(DEFAULT_EXAMPLE_ID);
  // A link (or the autosave) shows what was on screen: the same file and panel in front, the same bytes selected.
  if (view) applyView(store, view);
  if (notice) store.getState().setNotice(notice);
  const derived = startDerivedLayer(store);
  startAutosave(store, storage, key, browserHost(() => derived.engine));
  startServiceWorker(store);
  // After autosave starts, so the displaced work is written under its own key at once.
  if (previous && !ownWork && !sameWorkspace(previous, workspace)) store.setState({ previous });
  // A link pasted into this tab's address bar changes only the hash: open it here.
  window.addEventListener("hashchange", () => openLinkInTab(store, location.hash));
}

void start();
