// Registers the hosted build's service worker (scripts/vite/pwa.ts) and reports to the store.
// In the single-file build the PWA plugin is disabled and `virtual:pwa-register` does nothing;
// from file:// there are no service workers at all.
import { registerSW } from "virtual:pwa-register";
import type { StoreApi, UseBoundStore } from "zustand";
import type { AppState } from "../../store/types.ts";

/** How often an open tab asks the server whether a new build was deployed. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let activateUpdate: ((reloadPage?: boolean) => Promise<void>) | undefined;

export function startServiceWorker(store: UseBoundStore<StoreApi<AppState>>): void {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  activateUpdate = registerSW({
    onOfflineReady: () => store.getState().setOfflineReady(true),
    onNeedRefresh: () => store.getState().setUpdateReady(true),
    onRegisteredSW: (_url, registration) => {
      // Browsers look for a new service worker on each navigation; a tab left open all day
      // (a workshop) should hear of a deployment too.
      if (registration) setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_INTERVAL_MS);
    },
    onRegisterError: () => {},
  });
}

/** Moves to the waiting build: it takes control and the page reloads into it. */
export function reloadIntoUpdate(): void {
  void activateUpdate?.(true);
}
