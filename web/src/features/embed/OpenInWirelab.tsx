// "Open in Wirelab": the full app (this build, without the embed parameters) in a new tab, in the
// frame's live state. The link's address is written when it is about to be followed (pointer
// down, focus, click), so it always carries what the reader sees, without re-encoding the
// workspace on every keystroke.
import type { SyntheticEvent } from "react";
import { useAppStore } from "../../store/index.ts";
import { encodeShareHash } from "../share/shareLink.ts";
import { captureView } from "../view/viewState.ts";

/** The full app's address: this page's, without query or hash. */
export function appAddress(): string {
  return location.origin === "null" || location.protocol === "file:" ? location.href.split(/[?#]/)[0]! : location.origin + location.pathname;
}

export function liveLink(): string {
  const s = useAppStore.getState();
  return appAddress() + encodeShareHash(s.snapshot(), captureView(s));
}

export function OpenInWirelab({ compact }: { compact?: boolean }) {
  const refresh = (e: SyntheticEvent<HTMLAnchorElement>) => {
    e.currentTarget.href = liveLink();
  };
  return (
    <a
      className={compact ? "open-in-wirelab compact" : "open-in-wirelab"}
      href={appAddress()}
      target="_blank"
      rel="noopener"
      onPointerDown={refresh}
      onFocus={refresh}
      onClick={refresh}
      onAuxClick={refresh}
    >
      Open in Wirelab
    </a>
  );
}
