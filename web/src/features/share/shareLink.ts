// The workspace in the URL hash: `#w<version>.<payload>`. A link reproduces exactly what the
// sender saw, so every field of the workspace is carried, and links made by older versions of
// the app keep opening (each old version has a migration to the next).
//
// Version 1 (legacy): base64url of plain JSON `{ proto, protoscope }` (no compression, no mode).
// Version 2 (current): base64url of raw DEFLATE (fflate, level 9) of JSON
//   `{ schema, protoscope, message, messageType, mode, bytes (base64) }`.
import { deflateSync, inflateSync, strFromU8, strToU8 } from "fflate";
import { decodeBase64, encodeBase64 } from "./base64.ts";
import type { InputMode, Workspace } from "../workspace/types.ts";

export const SHARE_VERSION = 2;

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

/** Each entry turns version N's decoded JSON into version N+1's. */
const MIGRATIONS: Record<number, (old: unknown) => unknown> = {
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

/** The hash (with its leading `#`) that reproduces `ws`. */
export function encodeShareHash(ws: Workspace): string {
  const json: WorkspaceV2 = {
    schema: ws.schema,
    protoscope: ws.protoscope,
    message: ws.message,
    messageType: ws.messageType,
    mode: ws.mode,
    bytes: encodeBase64(ws.bytes),
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
    text = strFromU8(version === 1 ? payload : inflateSync(payload));
  } catch {
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
  return toWorkspace(json);
}
