import { describe, expect, it } from "vitest";
import { embedQuery, escapeHtml, parseEmbedParams } from "./embedParams.ts";

describe("parseEmbedParams", () => {
  it("is undefined without ?embed", () => {
    expect(parseEmbedParams("")).toBeUndefined();
    expect(parseEmbedParams("?panel=sizes")).toBeUndefined();
  });

  it("reads every parameter", () => {
    const o = parseEmbedParams("?embed=docs-1&lesson=varints&step=2&panel=sizes&readonly&toolbar=0&theme=dark&save=0&title=Tags%20%26%20varints&example=01-varint");
    expect(o).toEqual({
      name: "docs-1",
      lesson: "varints",
      step: 2,
      panel: "sizes",
      example: "01-varint",
      readOnly: true,
      toolbar: false,
      theme: "dark",
      save: false,
      title: "Tags & varints",
      ignored: [],
    });
  });

  it("has defaults: editable, with a toolbar, saving under the default name", () => {
    expect(parseEmbedParams("?embed")).toEqual({ name: "default", readOnly: false, toolbar: true, save: true, ignored: [] });
    expect(parseEmbedParams("?embed&readonly=0&toolbar=1")!.readOnly).toBe(false);
  });

  it("drops what does not fit and says so as text", () => {
    const o = parseEmbedParams(`?embed=${encodeURIComponent("a b")}&panel=${encodeURIComponent("<img src=x onerror=alert(1)>")}&step=0&theme=neon&lesson=../x`)!;
    expect(o.name).toBe("default");
    expect(o.panel).toBeUndefined();
    expect(o.step).toBeUndefined();
    expect(o.theme).toBeUndefined();
    expect(o.lesson).toBeUndefined();
    expect(o.ignored).toEqual([
      'Ignored embed="a b": a frame name is letters, digits, - and _.',
      'Ignored lesson="../x": not a lesson id.',
      'Ignored step="0": a step is a number from 1.',
      'Ignored panel="<img src=x onerror=alert(1)>": not a panel id.',
      'Ignored theme="neon": use light, dark or system.',
    ]);
  });

  it("cuts long titles and blanks control characters", () => {
    const o = parseEmbedParams(`?embed&title=${encodeURIComponent("a\nb" + "x".repeat(200))}`)!;
    expect(o.title!.startsWith("a b")).toBe(true);
    expect(o.title!.length).toBe(121);
  });
});

describe("embedQuery", () => {
  it("round-trips through parseEmbedParams", () => {
    const options = { name: "n1", lesson: "arena", step: 3, panel: "fields", readOnly: true, toolbar: false, theme: "light" as const, save: false, title: "A <b> title" };
    expect(parseEmbedParams(embedQuery(options))).toEqual({ ...options, ignored: [] });
    expect(embedQuery({ name: "default", readOnly: false, toolbar: true, save: true })).toBe("?embed");
  });
});

describe("escapeHtml", () => {
  it("leaves no markup", () => {
    expect(escapeHtml(`<a href="x">&</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;");
  });
});

describe("example ids", () => {
  it("accepts the Examples menu's ids, folders included, and nothing that climbs or escapes", () => {
    for (const id of ["enum-collision", "ide/01-varint", "compression/0-1000-packed-varint", "lessons/varints/minus-one"]) {
      expect(parseEmbedParams(`?embed&example=${encodeURIComponent(id)}`)?.example).toBe(id);
    }
    for (const id of ["../secret", "ide//x", "/ide", "ide/", "IDE/x", "a/b/c/d/e/f", "ide/<b>"]) {
      const parsed = parseEmbedParams(`?embed&example=${encodeURIComponent(id)}`)!;
      expect(parsed.example, id).toBeUndefined();
      expect(parsed.ignored[0], id).toMatch(/^Ignored example=".*": not an example id\.$/);
    }
  });
});
