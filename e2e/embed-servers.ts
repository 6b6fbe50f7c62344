// The two servers every embed spec needs: the built app under /wirelab/, and a host site under
// /none/ (another origin: another port) whose pages each test writes into `pages`. Started once
// per spec file, closed after it.
import { join } from "node:path";
import { test } from "@playwright/test";
import { startStaticServer, type StaticServer } from "./static-server.ts";

export interface EmbedServers {
  /** The app (dist/) under /wirelab/; set before the first test runs. */
  app: StaticServer;
  /** The host site under /none/, serving `pages` (path -> HTML). */
  host: StaticServer;
  pages: Record<string, string>;
}

export function embedServers(): EmbedServers {
  const dist = join(import.meta.dirname, "..", "dist");
  const servers = { pages: {} } as EmbedServers;
  test.beforeAll(async () => {
    servers.app = await startStaticServer({ root: dist, prefix: "/wirelab/" });
    servers.host = await startStaticServer({ root: dist, prefix: "/none/", pages: servers.pages });
  });
  test.afterAll(async () => {
    await servers.app.close();
    await servers.host.close();
  });
  return servers;
}
