// Skip links: the first Tab on the page shows them; each moves the keyboard focus straight to a
// part of the workspace (the element with that id, made focusable where it is not already).
const TARGETS: readonly { id: string; label: string }[] = [
  { id: "editor-area", label: "Skip to the editor" },
  { id: "bytes-grid", label: "Skip to the bytes" },
  { id: "side-panels", label: "Skip to the side panels" },
  { id: "problems", label: "Skip to the problems" },
];

function jump(id: string) {
  const el = document.getElementById(id);
  if (!el) return;
  // The first visible control that takes typing or arrows (the editor in front, the grid, the
  // open tab); otherwise the target itself.
  const visible = (c: HTMLElement) => c.getClientRects().length > 0 && !c.closest("[hidden]");
  let inner: HTMLElement | undefined;
  for (const selector of [".monaco-host [role='textbox']", "[role='grid']", "[role='tab'][aria-selected='true']", "textarea, button"]) {
    inner = [...el.querySelectorAll<HTMLElement>(selector)].find(visible);
    if (inner) break;
  }
  const focusable = inner ?? el;
  if (!focusable.hasAttribute("tabindex") && !/^(A|BUTTON|INPUT|SELECT|TEXTAREA)$/.test(focusable.tagName)) focusable.tabIndex = -1;
  focusable.focus();
  focusable.scrollIntoView({ block: "nearest" });
}

export function SkipLinks() {
  return (
    <nav className="skip-links" aria-label="Skip links">
      {TARGETS.map((t) => (
        <a
          key={t.id}
          href={`#${t.id}`}
          onClick={(e) => {
            e.preventDefault();
            jump(t.id);
          }}
        >
          {t.label}
        </a>
      ))}
    </nav>
  );
}
