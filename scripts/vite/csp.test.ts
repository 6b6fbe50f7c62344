import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes, withCspMeta } from "./csp.ts";

const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

describe("inlineScriptHashes", () => {
  it("hashes the exact text of each inline script and skips scripts with src", () => {
    const html = `<head><script type="module" crossorigin>let a = "<script>";\n</script><script src="./x.js"></script><script>b()</script></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha('let a = "<script>";\n'), sha("b()")]);
  });
});

describe("contentSecurityPolicy", () => {
  const parse = (policy: string) =>
    Object.fromEntries(policy.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)]));

  it("allows the site only its own files, wasm compilation and inline styles", () => {
    const p = parse(contentSecurityPolicy("site"));
    expect(p["default-src"]).toEqual(["'none'"]);
    expect(p["script-src"]).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(p["worker-src"]).toEqual(["'self'"]);
    expect(p["connect-src"]).toEqual(["'self'"]);
    expect(p["object-src"]).toEqual(["'none'"]);
  });

  it("allows the single file its scripts by hash, blob: Workers and data: wasm, and no origin at all", () => {
    const policy = contentSecurityPolicy("single", ["AAA=", "BBB="]);
    const p = parse(policy);
    expect(p["script-src"]).toEqual(["'sha256-AAA='", "'sha256-BBB='", "'wasm-unsafe-eval'"]);
    expect(p["worker-src"]).toEqual(["blob:"]);
    expect(p["connect-src"]).toEqual(["data:"]);
    expect(policy).not.toContain("'self'");
    expect(policy).not.toContain("'unsafe-eval'");
  });
});

describe("withCspMeta", () => {
  it("puts the policy right after <meta charset>, before any script", () => {
    const html = withCspMeta(`<head>\n<meta charset="UTF-8" />\n<script>x</script>`, "default-src 'none'");
    expect(html.indexOf("Content-Security-Policy")).toBeGreaterThan(html.indexOf("charset"));
    expect(html.indexOf("Content-Security-Policy")).toBeLessThan(html.indexOf("<script>"));
  });

  it("refuses a page without <meta charset>", () => {
    expect(() => withCspMeta("<head></head>", "x")).toThrow(/no <meta charset>/);
  });
});
