// The Help dialog: what the panes are and every keyboard shortcut (from shortcuts.ts). A native
// modal <dialog>: it traps focus, closes on Escape and gives focus back to what opened it.
import { useEffect, useRef } from "react";
import { useAppStore } from "../../store/index.ts";
import { SHORTCUTS } from "./shortcuts.ts";

export function HelpDialog() {
  const open = useAppStore((s) => s.helpOpen);
  const setOpen = useAppStore((s) => s.setHelpOpen);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} className="help-dialog" aria-labelledby="help-title" onClose={() => setOpen(false)}>
      <h2 id="help-title">Help</h2>
      <p>
        Write a schema, protoscope text or a text-format message on the left; the bytes they make appear on the right, coloured by what
        they are. Hover or select a byte, a token or a field: the other two light up, and the Explain panel says what the byte means.
        Problems are listed at the bottom.
      </p>
      <table className="help-keys">
        <caption>Keyboard shortcuts</caption>
        <thead>
          <tr>
            <th scope="col">keys</th>
            <th scope="col">does</th>
            <th scope="col">where</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.keys + s.where}>
              <td>
                <kbd>{s.keys}</kbd>
              </td>
              <td>{s.does}</td>
              <td>{s.where}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <form method="dialog">
        <button type="submit" autoFocus>
          Close
        </button>
      </form>
    </dialog>
  );
}
