// The workspace in the URL hash: `#w<version>.<payload>`. A link reproduces exactly what the
// sender saw, so every field of the workspace is carried, and links made by older versions of
// the app keep opening (each old version has a migration to the next).
//
// Version 1 (legacy): base64url of plain JSON `{ proto, protoscope }` (no compression, no mode).
// Version 2: base64url of raw DEFLATE (fflate, level 9) of JSON
//   `{ schema, protoscope, message, messageType, mode, bytes (base64) }`.
// Version 3 (current): version 2 plus `view: { tab, selection }`, what the sender was looking
//   at (the editor in front, the selected bytes).
import { deflateSync, Inflate, strFromU8, strToU8 } from "fflate";
import { decodeBase64, encodeBase64 } from "./base64.ts";
import type { InputMode, Workspace } from "../workspace/types.ts";

export const SHARE_VERSION = 3;

/** What the sender was looking at, besides the workspace itself. */
export interface ShareView {
  tab: "schema" | "protoscope" | "message";
  /** Selected byte range [start, end), or null. */
  selection: [number, number] | null;
}

interface WorkspaceV1 {
  proto?: string;
  protoscope?: string;
}

interface WorkspaceV2 {
  schema: string;
  protoscope: string;
  message: string;
  messageType: string;
  mode: InputMode;
  /** Raw bytes as standard base64. */
  bytes: string;
}

/** Why a hash could not be opened; shown to the user instead of silently dropping the link. */
export class ShareLinkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ShareLinkError";
  }
}

const MODES: readonly InputMode[] = ["protoscope", "textformat", "bytes"];

function asString(v: unknown): string {
  return typeof v === "string" ? v : "";
}

interface WorkspaceV3 extends WorkspaceV2 {
  view: ShareView;
}

const TABS: readonly ShareView["tab"][] = ["schema", "protoscope", "message"];

/** Each entry turns version N's decoded JSON into version N+1's. */
const MIGRATIONS: Record<number, (old: unknown) => unknown> = {
  2: (old): WorkspaceV3 => {
    const v2 = old as WorkspaceV2;
    return { ...v2, view: { tab: v2.mode === "textformat" ? "message" : "protoscope", selection: null } };
  },
  1: (old): WorkspaceV2 => {
    const v1 = (old ?? {}) as WorkspaceV1;
    return {
      schema: asString(v1.proto),
      protoscope: asString(v1.protoscope),
      message: "",
      messageType: "",
      mode: "protoscope",
      bytes: "",
    };
  },
};

function toWorkspace(json: unknown): Workspace {
  if (typeof json !== "object" || json === null) throw new ShareLinkError("the link's workspace is not an object");
  const o = json as Partial<Record<keyof WorkspaceV2, unknown>>;
  const mode = MODES.includes(o.mode as InputMode) ? (o.mode as InputMode) : "protoscope";
  const bytes = decodeBase64(asString(o.bytes));
  if (!bytes) throw new ShareLinkError("the link's bytes are not valid base64");
  return {
    schema: asString(o.schema),
    protoscope: asString(o.protoscope),
    message: asString(o.message),
    messageType: asString(o.messageType),
    mode,
    bytes,
  };
}

function toView(json: unknown): ShareView {
  const v = (json as { view?: Partial<ShareView> }).view ?? {};
  const tab = TABS.includes(v.tab as ShareView["tab"]) ? (v.tab as ShareView["tab"]) : "protoscope";
  const sel = v.selection;
  const selection: [number, number] | null =
    Array.isArray(sel) && sel.length === 2 && sel.every((n) => Number.isInteger(n) && n >= 0) && sel[0]! < sel[1]! ? [sel[0]!, sel[1]!] : null;
  return { tab, selection };
}

/** The hash (with its leading `#`) that reproduces `ws` (and, when given, the sender's view). */
export function encodeShareHash(ws: Workspace, view?: ShareView): string {
  const json: WorkspaceV3 = {
    schema: ws.schema,
    protoscope: ws.protoscope,
    message: ws.message,
    messageType: ws.messageType,
    mode: ws.mode,
    bytes: encodeBase64(ws.bytes),
    view: view ?? { tab: ws.mode === "textformat" ? "message" : "protoscope", selection: null },
  };
  const packed = deflateSync(strToU8(JSON.stringify(json)), { level: 9 });
  return `#w${SHARE_VERSION}.${encodeBase64(packed, true)}`;
}

/** True when `hash` looks like a workspace link (so other hashes are left alone). */
export function isShareHash(hash: string): boolean {
  return /^#?w\d+\./.test(hash);
}

/**
 * Opens a hash made by any version of the app. Throws ShareLinkError with a readable reason when
 * the link is damaged (truncated by a chat app, say) or made by a newer version.
 */
export function decodeShareHash(hash: string): Workspace {
  return decodeShareLink(hash).workspace;
}

/**
 * Most bytes a link may inflate to (64 MiB). A link of a few hundred kilobytes can decompress a
 * thousandfold; without a bound, a crafted one would exhaust the tab's memory.
 */
export const MAX_LINK_BYTES = 64 * 1024 * 1024;

/** Inflates raw DEFLATE data, giving up as soon as the output passes `limit` bytes. */
function inflateBounded(data: Uint8Array, limit: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total > limit) throw new ShareLinkError(`the link is too large (it inflates past ${limit / 1024 / 1024} MiB)`);
    chunks.push(chunk);
  });
  inflater.push(data, true);
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Like decodeShareHash, with the sender's view (older links get the view their mode implies). */
export function decodeShareLink(hash: string): { workspace: Workspace; view: ShareView } {
  const match = /^#?w(\d+)\.(.*)$/s.exec(hash);
  if (!match) throw new ShareLinkError("not a Wirelab workspace link");
  let version = Number(match[1]);
  if (version > SHARE_VERSION) {
    throw new ShareLinkError(`the link was made by a newer Wirelab (format ${version}); this one reads up to ${SHARE_VERSION}`);
  }
  if (version < 1) throw new ShareLinkError(`unknown link format ${version}`);
  const payload = decodeBase64(match[2]!);
  if (!payload) throw new ShareLinkError("the link is damaged (not base64url)");
  let text: string;
  try {
    text = strFromU8(version === 1 ? payload : inflateBounded(payload, MAX_LINK_BYTES));
  } catch (e) {
    if (e instanceof ShareLinkError) throw e;
    throw new ShareLinkError("the link is damaged (it does not decompress)");
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ShareLinkError("the link is damaged (its workspace is not JSON)");
  }
  while (version < SHARE_VERSION) {
    json = MIGRATIONS[version]!(json);
    version++;
  }
  return { workspace: toWorkspace(json), view: toView(json) };
}
