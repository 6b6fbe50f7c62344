// The snippets an author pastes: each form parses as its page's syntax, and the HTML listener, run
// against a stand-in page, sizes only the frame that sent a message from the app's origin, sends
// the site's theme, and can be pasted twice without listening twice. (e2e/embed-docs.spec.ts runs
// all three in Chromium: a real VitePress site, compiled MDX, plain HTML.)
import { Script, createContext } from "node:vm";
import { compile } from "@mdx-js/mdx";
import { describe, expect, it } from "vitest";
import { appOrigin, frameMarkup, fullSnippet, pageListener, SNIPPET_FORMS } from "./snippets.ts";

const SRC = "https://docs.example.org/wirelab/?embed=frame-1&panel=fields&title=%22x%22#w4.abc";
const FRAME = { src: SRC, title: 'Wirelab: "<b>" & co', height: 612.4 };

describe("frameMarkup", () => {
  it("HTML and VitePress: escaped attributes, the starting height in pixels, lazy loading", () => {
    for (const form of ["html", "vitepress"] as const) {
      const html = frameMarkup(form, FRAME);
      expect(html).toBe(
        `<iframe src="https://docs.example.org/wirelab/?embed=frame-1&amp;panel=fields&amp;title=%22x%22#w4.abc" title="Wirelab: &quot;&lt;b&gt;&quot; &amp; co" style="width: 100%; height: 612px; border: 0" loading="lazy"></iframe>`,
      );
    }
  });

  it("MDX: string expressions and a style object, no HTML entities", () => {
    expect(frameMarkup("mdx", FRAME)).toBe(
      `<iframe src={"https://docs.example.org/wirelab/?embed=frame-1&panel=fields&title=%22x%22#w4.abc"} title={"Wirelab: \\"\\u003cb>\\" & co"} style={{ width: "100%", height: 612, border: 0 }} loading="lazy" />`,
    );
  });
});

describe("pageListener", () => {
  it("names the app's origin, the message types and checks the sender", () => {
    for (const { id } of SNIPPET_FORMS) {
      const code = pageListener(id, appOrigin(SRC));
      expect(code).toContain('const wirelab = "https://docs.example.org";');
      expect(code).toContain('e.data?.type !== "wirelab:resize"');
      expect(code).toContain("f.contentWindow !== e.source");
      expect(code).toContain('type: "wirelab:theme"');
    }
  });

  it("MDX: the listener and the frame compile as one MDX page", async () => {
    const page = `# Varints\n\n${pageListener("mdx", appOrigin(SRC))}\n\nSome prose.\n\n${frameMarkup("mdx", FRAME)}\n`;
    const out = String(await compile(page));
    expect(out).toContain("function WirelabFrames");
    expect(out).toContain('"https://docs.example.org/wirelab/?embed=frame-1&panel=fields&title=%22x%22#w4.abc"');
  });

  it("VitePress: one <script setup> block, whose body is a module", () => {
    const code = pageListener("vitepress", appOrigin(SRC));
    expect(code.match(/<script setup>/g)).toHaveLength(1);
    expect(code.trim().endsWith("</script>")).toBe(true);
    expect(code).toContain('import { useData } from "vitepress";');
  });
});

/** A stand-in page for the HTML listener: frames with a content window each, posted messages recorded. */
function fakePage(origin: string) {
  const listeners: ((e: unknown) => void)[] = [];
  const posted: { frame: number; message: unknown; target: string }[] = [];
  const frames = [0, 1].map((i) => ({
    src: i === 0 ? `${origin}/wirelab/?embed` : "https://elsewhere.example/x",
    style: { height: "480px" },
    dataset: {} as Record<string, string>,
    contentWindow: { postMessage: (message: unknown, target: string) => posted.push({ frame: i, message, target }) },
  }));
  const window: Record<string, unknown> = {
    addEventListener: (type: string, f: (e: unknown) => void) => type === "message" && listeners.push(f),
    document: { querySelectorAll: () => frames },
  };
  window.window = window;
  const context = createContext(window);
  const dispatch = (e: unknown) => listeners.forEach((f) => f(e));
  return { context, frames, posted, listeners, dispatch, window };
}

describe("the HTML listener, run", () => {
  const origin = appOrigin(SRC);
  const body = (html: string) => /<script>([\s\S]*)<\/script>/.exec(html)![1]!;

  it("sizes the frame that sent the message, from the app's origin only; pasted twice, listens once", () => {
    const page = fakePage(origin);
    const script = new Script(body(pageListener("html", origin)));
    script.runInContext(page.context);
    script.runInContext(page.context);
    expect(page.listeners).toHaveLength(1);
    const [mine, other] = page.frames;
    page.dispatch({ origin, source: mine!.contentWindow, data: { type: "wirelab:resize", height: 640 } });
    expect(mine!.style.height).toBe("640px");
    // Another origin, another type, another frame's window: nothing changes.
    page.dispatch({ origin: "https://evil.example", source: mine!.contentWindow, data: { type: "wirelab:resize", height: 9 } });
    page.dispatch({ origin, source: mine!.contentWindow, data: { type: "other", height: 9 } });
    page.dispatch({ origin, source: other!.contentWindow, data: { type: "wirelab:resize", height: 9 } });
    expect(mine!.style.height).toBe("640px");
    expect(other!.style.height).toBe("480px");
    // No theme is sent until the site names one; then every Wirelab frame gets it, to the app's origin only.
    expect(page.posted).toEqual([]);
    (page.window.wirelabTheme as (t: string) => void)("dark");
    expect(page.posted).toEqual([{ frame: 0, message: { type: "wirelab:theme", theme: "dark" }, target: origin }]);
  });

  it("a frame that loads after the site chose its theme gets it with its first height", () => {
    const page = fakePage(origin);
    new Script(body(fullSnippet("html", FRAME))).runInContext(page.context);
    (page.window.wirelabTheme as (t: string) => void)("light");
    page.posted.length = 0;
    page.dispatch({ origin, source: page.frames[0]!.contentWindow, data: { type: "wirelab:resize", height: 500 } });
    page.dispatch({ origin, source: page.frames[0]!.contentWindow, data: { type: "wirelab:resize", height: 510 } });
    expect(page.posted).toEqual([{ frame: 0, message: { type: "wirelab:theme", theme: "light" }, target: origin }]);
  });
});
