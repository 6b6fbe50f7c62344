// "Copy link", "Reset to example" and the line that says whether work is being saved.
import { useState } from "react";
import { useAppStore } from "../../store/index.ts";
import { encodeShareHash } from "./shareLink.ts";
import { copyText } from "../hex/clipboard.ts";
import { defaultWorkspace } from "./persistence.ts";
import { captureView } from "../view/viewState.ts";
import { DEFAULT_EXAMPLE_ID } from "../examples/catalog.ts";

export function ShareControls() {
  const [link, setLink] = useState<string | undefined>();
  const storageAvailable = useAppStore((s) => s.storageAvailable);
  const notice = useAppStore((s) => s.notice);

  const copyLink = async () => {
    const s = useAppStore.getState();
    const hash = encodeShareHash(s.snapshot(), captureView(s));
    history.replaceState(null, "", hash);
    const url = location.href;
    setLink(url);
    const ok = await copyText(url);
    useAppStore.getState().setNotice(ok ? "Link copied" : "Copy the link from the box");
  };

  const reset = async () => {
    useAppStore.getState().replaceWorkspace(await defaultWorkspace());
    useAppStore.getState().setOpenExample(DEFAULT_EXAMPLE_ID);
  };
  const hasPrevious = useAppStore((s) => s.previous !== undefined);
  // In a lesson the workspace is the lesson's; the own workspace comes back with "← Course".
  const inLesson = useAppStore((s) => s.lessonOpen !== "");

  return (
    <div className="share-controls">
      <button type="button" onClick={() => void copyLink()}>
        Copy link
      </button>
      <button type="button" onClick={() => void reset()} disabled={inLesson} title={inLesson ? "Your own workspace is kept aside during a lesson: go back to the course first" : undefined}>
        Reset to example
      </button>
      {hasPrevious && !inLesson && (
        <button type="button" onClick={() => useAppStore.getState().restorePrevious()} title="Bring back the workspace the last example, reset or link replaced">
          {/* Short on screen so the toolbar keeps to one line; the full name for everyone else. */}
          Restore<span className="visually-hidden"> previous work</span>
        </button>
      )}
      {link && (
        <label className="share-link">
          Share link
          <input readOnly value={link} onFocus={(e) => e.target.select()} />
        </label>
      )}
      <p className="status" role="status">
        {!storageAvailable && (
          <span className="not-saved">
            {window.self !== window.top ? "Storage is blocked in this frame: " : "Storage is unavailable: "}
            your work is not saved. Use Copy link to keep it.
          </span>
        )}
        {notice && <span className="notice"> {notice}</span>}
      </p>
    </div>
  );
}
