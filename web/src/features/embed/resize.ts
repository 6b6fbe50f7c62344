// The one message an embedded frame sends its parent: its content's height, whenever it changes,
// so the host page can size the <iframe> to fit (docs/EMBEDDING.md). No library: a
// ResizeObserver and postMessage.

/** `{ type: "wirelab:resize", height }`: height in CSS pixels, a whole number. */
export interface ResizeMessage {
  type: "wirelab:resize";
  height: number;
}

export const RESIZE_MESSAGE_TYPE = "wirelab:resize";

/**
 * Posts `element`'s height to `parent` now and on every change, until the returned function is
 * called. The height is not a secret, so any parent may read it ("*"); the host page's own
 * listener checks where a message came from.
 */
export function reportHeight(element: HTMLElement, parent: Window | null = window.parent): () => void {
  if (!parent || parent === window) return () => {};
  let last = -1;
  const send = () => {
    const height = Math.ceil(element.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    const message: ResizeMessage = { type: RESIZE_MESSAGE_TYPE, height };
    parent.postMessage(message, "*");
  };
  const observer = new ResizeObserver(send);
  observer.observe(element);
  send();
  return () => observer.disconnect();
}
