// A share link pasted into a tab that is already open: the page does not reload (only the hash
// changed), so the link is opened here, as a fresh page would open it, and the learner's own work
// is kept: as the previous workspace ("Restore"), or aside while the link's lesson is open.
import type { StoreApi } from "zustand";
import type { AppState } from "../../store/types.ts";
import { applyView, type ViewState } from "../view/viewState.ts";
import { isBlank, sameWorkspace } from "../workspace/types.ts";
import { decodeShareLink, isShareHash } from "./shareLink.ts";

/** Whether a link's or a save's view opens a lesson. */
export function lessonInView(view: ViewState | undefined): boolean {
  const lesson = (view?.panels?.lessons as { lesson?: unknown } | undefined)?.lesson;
  return typeof lesson === "string" && lesson !== "";
}

/** Opens the link in `hash` (nothing when it is not a share link); says why when it cannot. */
export function openLinkInTab(store: StoreApi<AppState>, hash: string): void {
  if (!isShareHash(hash)) return;
  let link: ReturnType<typeof decodeShareLink>;
  try {
    link = decodeShareLink(hash);
  } catch (e) {
    store.getState().setNotice(`Could not open the link: ${e instanceof Error ? e.message : String(e)}`);
    return;
  }
  const s = store.getState();
  // The learner's own work: the workspace on screen, or the one a lesson keeps aside.
  const own = s.lessonOpen !== "" ? (s.lessonStash ?? s.snapshot()) : s.snapshot();
  if (s.lessonOpen !== "") {
    s.setExerciseOpen("");
    s.openLesson("");
    s.setLessonStash(undefined);
  }
  const state = store.getState();
  state.loadWorkspace(link.workspace);
  const kept = !sameWorkspace(own, link.workspace) && !isBlank(own);
  if (lessonInView(link.view)) state.setLessonStash(own);
  else if (kept) store.setState({ previous: own });
  applyView(store, link.view);
  state.setNotice(kept ? (lessonInView(link.view) ? "Opened the link's lesson: your own work comes back with “← Course”." : "Opened the link: your work before it is under Restore.") : "Opened the link.");
}
