// The workspace in the URL hash: `#w<version>.<payload>`. A link reproduces exactly what the
// sender saw, so every file of the workspace and the view are carried, and links made by older
// versions of the app keep opening (each old version has a migration to the next). Autosave
// writes the same records, so old saves migrate like old links.
//
// Version 1 (legacy): base64url of plain JSON `{ proto, protoscope }` (no compression, no mode).
// Version 2: base64url of raw DEFLATE (fflate) of JSON
//   `{ schema, protoscope, message, messageType, mode, bytes (base64) }`.
// Version 3: version 2 plus `view: { tab, selection }` (the editor in front, the selected bytes).
// Version 4 (current): a workspace of named files and the whole view:
//   `{ files: [{ name, kind, text | bytes (base64), messageType }], active, view: ViewState }`.
//   Saves written while the page closes may hold it as plain JSON: `#w4j.{...}`.
import { deflateSync, Inflate, strFromU8, strToU8 } from "fflate";
import { concatBytes } from "../../../../engine/wire/bytes.ts";
import { decodeBase64, encodeBase64 } from "./base64.ts";
import type { FileKind, Workspace, WorkspaceFile } from "../workspace/types.ts";
import { parseView, type ViewState } from "../view/viewTypes.ts";

export const SHARE_VERSION = 4;

/** Why a hash could not be opened; shown to the user instead of silently dropping the link. */
export class ShareLinkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ShareLinkError";
  }
}

export interface ShareOptions {
  /**
   * DEFLATE level, 0-9. Default 9: links are pasted into chats, every byte counts. Autosave of
   * megabytes uses a lower one (a level-9 pass over 1 MB costs several times a level-6 one).
   */
  level?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
  /**
   * Plain JSON, neither compressed nor base64 (`#w4j.{...}`): for a save written while the page
   * closes, when every millisecond counts (compressing 1 MB took 400 ms on a busy laptop; the
   * plain record takes a few). Larger, and not for links (it is not URL-safe).
   */
  raw?: boolean;
}

interface WorkspaceV1 {
  proto?: string;
  protoscope?: string;
}

type ModeV2 = "protoscope" | "textformat" | "bytes";

interface WorkspaceV2 {
  schema: string;
  protoscope: string;
  message: string;
  messageType: string;
  mode: ModeV2;
  /** Raw bytes as standard base64. */
  bytes: string;
}

interface WorkspaceV3 extends WorkspaceV2 {
  view: { tab: "schema" | "protoscope" | "message"; selection: [number, number] | null };
}

type FileV4 = { name: string; kind: FileKind; text?: string; bytes?: string; messageType?: string };

interface WorkspaceV4 {
  files: FileV4[];
  active: string;
  view: ViewState;
}

const KINDS: readonly FileKind[] = ["proto", "protoscope", "textformat", "bytes", "text"];

function asString(v: unknown): string {
  return typeof v === "string" ? v : "";
}

/** The file names version 3's three editors (and its raw bytes) become. */
export const V3_NAMES = { schema: "schema.proto", protoscope: "message.protoscope", message: "message.txtpb", bytes: "message.bin" } as const;

/** Each entry turns version N's decoded JSON into version N+1's. */
const MIGRATIONS: Record<number, (old: unknown) => unknown> = {
  3: (old): WorkspaceV4 => {
    const v3 = (old ?? {}) as Partial<WorkspaceV3>;
    const mode: ModeV2 = v3.mode === "textformat" || v3.mode === "bytes" ? v3.mode : "protoscope";
    const messageType = asString(v3.messageType);
    const files: FileV4[] = [];
    // Every editor that had text (and the one that made the bytes) becomes a file.
    if (asString(v3.schema) !== "") files.push({ name: V3_NAMES.schema, kind: "proto", text: asString(v3.schema) });
    if (asString(v3.protoscope) !== "" || mode === "protoscope") files.push({ name: V3_NAMES.protoscope, kind: "protoscope", text: asString(v3.protoscope), messageType });
    if (asString(v3.message) !== "" || mode === "textformat") files.push({ name: V3_NAMES.message, kind: "textformat", text: asString(v3.message), messageType });
    if (asString(v3.bytes) !== "" || mode === "bytes") files.push({ name: V3_NAMES.bytes, kind: "bytes", bytes: asString(v3.bytes), messageType });
    const active = mode === "textformat" ? V3_NAMES.message : mode === "bytes" ? V3_NAMES.bytes : V3_NAMES.protoscope;
    // In bytes mode version 3 showed the disassembly in its Protoscope tab: the bytes file's editor now.
    const tab = v3.view?.tab;
    const editor = tab === "schema" && files.some((f) => f.name === V3_NAMES.schema) ? V3_NAMES.schema : tab === "message" ? V3_NAMES.message : tab === "protoscope" && mode !== "bytes" ? V3_NAMES.protoscope : active;
    return { files, active, view: { editor, selection: v3.view?.selection ?? null } };
  },
  2: (old): WorkspaceV3 => {
    const v2 = old as WorkspaceV2;
    return { ...v2, view: { tab: v2.mode === "textformat" ? "message" : "protoscope", selection: null } };
  },
  1: (old): WorkspaceV2 => {
    const v1 = (old ?? {}) as WorkspaceV1;
    return { schema: asString(v1.proto), protoscope: asString(v1.protoscope), message: "", messageType: "", mode: "protoscope", bytes: "" };
  },
};

function toWorkspace(json: unknown): Workspace {
  if (typeof json !== "object" || json === null) throw new ShareLinkError("the link's workspace is not an object");
  const o = json as Partial<Record<keyof WorkspaceV4, unknown>>;
  if (!Array.isArray(o.files)) throw new ShareLinkError("the link's workspace has no list of files");
  const files: WorkspaceFile[] = [];
  for (const raw of o.files as unknown[]) {
    const f = (raw ?? {}) as Partial<Record<keyof FileV4, unknown>>;
    const name = asString(f.name);
    const kind = f.kind as FileKind;
    if (name === "" || !KINDS.includes(kind)) throw new ShareLinkError("a file in the link has no name or an unknown kind");
    if (files.some((g) => g.name === name)) throw new ShareLinkError(`the link has two files named ${name}`);
    if (kind === "proto" || kind === "text") files.push({ kind, name, text: asString(f.text) });
    else if (kind === "bytes") {
      const bytes = decodeBase64(asString(f.bytes));
      if (!bytes) throw new ShareLinkError(`the bytes of ${name} are not valid base64`);
      files.push({ kind, name, bytes, messageType: asString(f.messageType) });
    } else files.push({ kind, name, text: asString(f.text), messageType: asString(f.messageType) });
  }
  return { files, active: asString(o.active) };
}

function fileJson(f: WorkspaceFile): FileV4 {
  if (f.kind === "proto" || f.kind === "text") return { name: f.name, kind: f.kind, text: f.text };
  if (f.kind === "bytes") return { name: f.name, kind: f.kind, bytes: encodeBase64(f.bytes), messageType: f.messageType };
  return { name: f.name, kind: f.kind, text: f.text, messageType: f.messageType };
}

/** The hash (with its leading `#`) that reproduces `ws` (and, when given, the sender's view). */
export function encodeShareHash(ws: Workspace, view: ViewState = {}, options: ShareOptions = {}): string {
  const json: WorkspaceV4 = { files: ws.files.map(fileJson), active: ws.active, view };
  if (options.raw) return `#w${SHARE_VERSION}j.${JSON.stringify(json)}`;
  const packed = deflateSync(strToU8(JSON.stringify(json)), { level: options.level ?? 9 });
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

/**
 * DEFLATE expands at most about 1032-fold, and fflate inflates all it is pushed before it calls
 * back with the output. Pushed whole, a 1 MB link of zeros would be inflated to a gigabyte before
 * the bound is looked at; pushed in slices of limit/1032 bytes, it is stopped at most about one
 * limit past the limit. Slices much smaller cost time: fflate starts a block over when a push ends
 * inside it (a 2 MB link took ten times as long in 1 KB slices; in 64 KB ones 1.1 to 2 times).
 */
function inflateSlice(limit: number): number {
  return Math.ceil(limit / 1032);
}

/** Inflates raw DEFLATE data, giving up soon after the output passes `limit` bytes. */
function inflateBounded(data: Uint8Array, limit: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total > limit) throw new ShareLinkError(`the link is too large (it inflates past ${limit / 1024 / 1024} MiB)`);
    chunks.push(chunk);
  });
  const slice = inflateSlice(limit);
  if (data.length === 0) inflater.push(data, true);
  for (let at = 0; at < data.length; at += slice) inflater.push(data.subarray(at, at + slice), at + slice >= data.length);
  return concatBytes(chunks);
}

/** The format version of a link or save, or undefined when it is not one. */
export function shareVersion(hash: string): number | undefined {
  const match = /^#?w(\d+)\./.exec(hash);
  return match ? Number(match[1]) : undefined;
}

/** Like decodeShareHash, with the sender's view (older links get the view their mode implies). */
export function decodeShareLink(hash: string): { workspace: Workspace; view: ViewState } {
  const match = /^#?w(\d+)(j?)\.(.*)$/s.exec(hash);
  if (!match) throw new ShareLinkError("not a Wirelab workspace link");
  let version = Number(match[1]);
  if (version > SHARE_VERSION) {
    throw new ShareLinkError(`it was made by a newer Wirelab (format ${version}); this one reads up to ${SHARE_VERSION}`);
  }
  if (version < 1 || (match[2] === "j" && version < 4)) throw new ShareLinkError(`unknown link format ${version}${match[2]}`);
  let text: string;
  if (match[2] === "j") {
    text = match[3]!;
  } else {
    const payload = decodeBase64(match[3]!);
    if (!payload) throw new ShareLinkError("the link is damaged (not base64url)");
    try {
      text = strFromU8(version === 1 ? payload : inflateBounded(payload, MAX_LINK_BYTES));
    } catch (e) {
      if (e instanceof ShareLinkError) throw e;
      throw new ShareLinkError("the link is damaged (it does not decompress)");
    }
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
  return { workspace: toWorkspace(json), view: parseView((json as { view?: unknown }).view) };
}
