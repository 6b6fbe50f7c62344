// A plain static file server for the shipping tests: what a site host does with dist/, nothing
// more (no SPA rewrites, no compression, no special headers unless a test asks for them).
// It serves `root` under `prefix` (e.g. "/course/wirelab/") on an ephemeral port, so tests can
// run beside `vite preview` and each other.
import { createServer, type Server } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".ttf": "font/ttf",
  ".woff2": "font/woff2",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".txt": "text/plain; charset=utf-8",
};

export interface StaticServer {
  /** "http://127.0.0.1:PORT" */
  origin: string;
  /** The app's address: origin + prefix. */
  url: string;
  /** Every path requested, in order (for tests that count what was fetched). */
  requests: string[];
  close(): Promise<void>;
}

export interface StaticServerOptions {
  root: string;
  /** Path the folder is served under; starts and ends with "/". */
  prefix?: string;
  /** Extra response headers (e.g. COOP/COEP). */
  headers?: Record<string, string>;
  /** Serves a host page (for embedding tests) at this path with this HTML. */
  pages?: Record<string, string>;
}

export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const prefix = options.prefix ?? "/";
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
      requests.push(path);
      const page = options.pages?.[path];
      if (page !== undefined) {
        res.writeHead(200, { "content-type": TYPES[".html"]!, "cache-control": "no-store", ...options.headers });
        res.end(page);
        return;
      }
      if (!path.startsWith(prefix)) {
        res.writeHead(404).end("not found");
        return;
      }
      let file = normalize(join(options.root, path.slice(prefix.length)));
      if (!(file + sep).startsWith(normalize(options.root + sep)) && file !== normalize(options.root)) {
        res.writeHead(403).end("forbidden");
        return;
      }
      try {
        if ((await stat(file)).isDirectory()) file = join(file, "index.html");
        const body = await readFile(file);
        res.writeHead(200, {
          "content-type": TYPES[extname(file)] ?? "application/octet-stream",
          // Like a careful host: revalidate everything, so a new deployment is seen at once.
          "cache-control": "no-cache",
          ...options.headers,
        });
        res.end(body);
      } catch {
        res.writeHead(404).end("not found");
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  const origin = `http://127.0.0.1:${address.port}`;
  return {
    origin,
    url: origin + prefix,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
