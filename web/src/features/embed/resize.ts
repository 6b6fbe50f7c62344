// The messages between an embedded frame and the page that hosts it (docs/EMBEDDING.md):
// - out: `{type: "wirelab:resize", height}`, the frame's content height, whenever it changes, so
//   the host can size the <iframe> to fit;
// - in: `{type: "wirelab:theme", theme}`, from the parent window only, so a site's own dark
//   toggle reaches its frames.
// No library: a ResizeObserver and postMessage.

/** `{ type: "wirelab:resize", height }`: height in CSS pixels, a whole number. */
export interface ResizeMessage {
  type: "wirelab:resize";
  height: number;
}

export const RESIZE_MESSAGE_TYPE = "wirelab:resize";
export const THEME_MESSAGE_TYPE = "wirelab:theme";

/**
 * Growths in a row that follow the host applying the frame's own height before the frame stops
 * growing. Default 3: a change of content (a panel loading, a tab chosen) gives one message, a
 * change of the frame's width one or two; more, each answering the height the host just applied,
 * is a feedback loop (content sized by the viewport's height, which is the height posted), and
 * posting on would grow the frame without end.
 */
export const MAX_ECHOES = 3;

/** Milliseconds after the viewport's height changed within which a growth counts as its echo. */
const ECHO_WINDOW_MS = 250;

export interface HeightReporter {
  /** Stops observing. */
  stop(): void;
  /** Messages posted so far (for tests and the page's own diagnostics). */
  readonly posted: number;
  /** True once a feedback loop was caught and growth is held. */
  readonly held: boolean;
}

/**
 * Posts `element`'s height to `parent` now and on every change, until `stop()`. The height is not
 * a secret, so any parent may read it ("*"); the host page's own listener checks where a message
 * came from. A growth that answers the height the host just applied, several times in a row, is
 * not posted (see MAX_ECHOES); a change of the frame's width, or a change the viewport did not
 * cause, lets it post again.
 */
export function reportHeight(element: HTMLElement, parent: Window | null = window.parent): HeightReporter {
  let posted = 0;
  let held = false;
  if (!parent || parent === window) return { stop() {}, posted, held };
  let last = -1;
  let echoes = 0;
  let viewportChangedAt = -Infinity;
  let viewport = { width: window.innerWidth, height: window.innerHeight };
  const onViewport = () => {
    const now = { width: window.innerWidth, height: window.innerHeight };
    if (now.width !== viewport.width) {
      // A new width is a new layout: whatever was held may post again.
      echoes = 0;
      held = false;
    } else if (now.height !== viewport.height) {
      viewportChangedAt = performance.now();
    }
    viewport = now;
  };
  const send = () => {
    const height = Math.ceil(element.getBoundingClientRect().height);
    if (height === last) return;
    const echo = last >= 0 && height > last && performance.now() - viewportChangedAt < ECHO_WINDOW_MS;
    echoes = echo ? echoes + 1 : 0;
    if (echo && echoes > MAX_ECHOES) {
      if (!held) console.warn(`Wirelab: this frame's height kept growing with the height its page gave it; holding it at ${last} px.`);
      held = true;
      return;
    }
    held = false;
    last = height;
    posted++;
    const message: ResizeMessage = { type: RESIZE_MESSAGE_TYPE, height };
    parent.postMessage(message, "*");
  };
  addEventListener("resize", onViewport);
  const observer = new ResizeObserver(send);
  observer.observe(element);
  send();
  return {
    stop() {
      observer.disconnect();
      removeEventListener("resize", onViewport);
    },
    get posted() {
      return posted;
    },
    get held() {
      return held;
    },
  };
}

/** The theme a `wirelab:theme` message asks for, or undefined when it is not one. */
export function themeFromMessage(data: unknown): "light" | "dark" | "system" | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const { type, theme } = data as { type?: unknown; theme?: unknown };
  if (type !== THEME_MESSAGE_TYPE) return undefined;
  return theme === "light" || theme === "dark" || theme === "system" ? theme : undefined;
}

/**
 * Applies `{type: "wirelab:theme", theme}` messages from `parent` (and no other window: a message's
 * source is checked, not its origin, since the host may be any site) until the returned function
 * is called.
 */
export function followParentTheme(apply: (theme: "light" | "dark" | "system") => void, parent: Window | null = window.parent): () => void {
  if (!parent || parent === window) return () => {};
  const onMessage = (event: MessageEvent) => {
    if (event.source !== parent) return;
    const theme = themeFromMessage(event.data);
    if (theme) apply(theme);
  };
  addEventListener("message", onMessage);
  return () => removeEventListener("message", onMessage);
}
