// The update prompt: a new deployment never replaces the course silently, and never stays
// silently stale either. Work in progress is autosaved, so reloading loses nothing.
import { useAppStore } from "../../store/index.ts";
import { reloadIntoUpdate } from "./serviceWorker.ts";

export function UpdatePrompt() {
  const updateReady = useAppStore((s) => s.updateReady);
  const offlineReady = useAppStore((s) => s.offlineReady);
  if (updateReady) {
    return (
      <div className="update-prompt" role="alert">
        A new version of Wirelab is available.{" "}
        <button type="button" onClick={reloadIntoUpdate}>
          Reload to update
        </button>{" "}
        <span className="update-note">(your work is saved first)</span>
      </div>
    );
  }
  if (!offlineReady) return null;
  return (
    <span className="offline-ready" role="status" title="Ready to work offline: this app is saved in the browser">
      <span aria-hidden="true">Offline ✓</span>
      <span className="visually-hidden">Ready to work offline</span>
    </span>
  );
}
