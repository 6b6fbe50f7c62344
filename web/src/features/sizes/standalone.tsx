// The Sizes panel on its own, for `?panel=sizes` (embedding one panel, and the e2e test when
// the app shell does not show the panel): the bytes are the post's packed fixed32 example, or
// the hex in `?bytes=08 96 01`.
import { createRoot } from "react-dom/client";
import { StrictMode } from "react";
import { exampleBytes, findExample } from "../../../../engine/compress/index.ts";
import { SizesPanel } from "./SizesPanel.tsx";

function bytesFromQuery(search: string): Uint8Array {
  const hex = new URLSearchParams(search).get("bytes");
  if (hex) {
    const digits = hex.replace(/[^0-9a-f]/gi, "");
    if (digits.length % 2 === 0) return Uint8Array.from(digits.match(/../g) ?? [], (h) => parseInt(h, 16));
  }
  return exampleBytes(findExample("0-1000-packed-fixed32")!);
}

/** Whether the page was asked for the Sizes panel alone. */
export function wantsStandaloneSizes(search: string): boolean {
  return new URLSearchParams(search).get("panel") === "sizes";
}

export function mountStandaloneSizes(root: HTMLElement, search: string): void {
  createRoot(root).render(
    <StrictMode>
      <main>
        <h1>Wirelab: compressed sizes</h1>
        <SizesPanel bytes={bytesFromQuery(search)} />
      </main>
    </StrictMode>,
  );
}
