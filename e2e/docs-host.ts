// A documentation page as an author writes one: a column of prose (VitePress's default doc column
// is 688 px wide) with Wirelab frames between paragraphs, and a heading after them that a deep
// link can point at. The frames' snippets are the Embed dialog's own (embedParams.ts).
export interface DocsFrame {
  /** The snippet's HTML for this frame (an <iframe>, without the page's listener). */
  html: string;
}

/** Paragraphs of filler prose, so frames stand apart as they do in real documentation. */
function prose(n: number, seed: number): string {
  const sentence = "Protocol Buffers write each field as a tag, then its value; a varint keeps seven bits a byte.";
  return Array.from({ length: n }, (_, i) => `<p>${sentence} (${seed}.${i + 1})</p>`).join("\n");
}

export interface DocsPageOptions {
  /** Width of the text column, CSS pixels. Default 688 (VitePress's doc column). */
  column?: number;
  /** The page's one listener for every frame (the snippet's "once per page" part). */
  listener: string;
  frames: DocsFrame[];
  /** Paragraphs between frames. Default 2. */
  between?: number;
  /** Extra CSS for the host page (a dark site, say). */
  css?: string;
}

export function docsPage(options: DocsPageOptions): string {
  const column = options.column ?? 688;
  const between = options.between ?? 2;
  const body = options.frames.map((f, i) => `<h2 id="frame-${i + 1}">Frame ${i + 1}</h2>\n${prose(between, i + 1)}\n${f.html}`).join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Docs</title><link rel="icon" href="data:,">
<style>body{margin:0;font:16px/1.7 system-ui,sans-serif} main{box-sizing:border-box;max-width:${column}px;margin:0 auto;padding:24px 0} ${options.css ?? ""}</style>
</head><body><main>
<h1>Wire format</h1>
${body}
<h2 id="after">After the frames</h2>
${prose(3, 99)}
<div style="height:1200px"></div>
</main>
${options.listener}
</body></html>`;
}
