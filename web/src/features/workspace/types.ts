// The workspace the web app edits is the engine's (engine/workspace/types.ts): named files and
// the input that produces the bytes. This module adds what editing needs: new names, checks.
import type { FileKind, InputFile, Workspace, WorkspaceFile } from "../../../../engine/workspace/types.ts";

export type { FileKind, InputFile, Workspace, WorkspaceFile } from "../../../../engine/workspace/types.ts";
export { activeInput, isInput, kindForName } from "../../../../engine/workspace/types.ts";

export const EMPTY_WORKSPACE: Workspace = { files: [], active: "" };

/** The extension a new file of each kind gets. */
export const EXTENSION: Record<FileKind, string> = { proto: ".proto", protoscope: ".protoscope", textformat: ".txtpb", bytes: ".bin", text: ".txt" };

export const KIND_LABEL: Record<FileKind, string> = { proto: "Schema (.proto)", protoscope: "Protoscope", textformat: "Text format", bytes: "Raw bytes", text: "Plain text (notes, answers)" };

/** `base` + extension, numbered (`message2.protoscope`) when the name is taken. */
export function uniqueName(files: readonly WorkspaceFile[], base: string, ext: string): string {
  const taken = new Set(files.map((f) => f.name));
  if (!taken.has(base + ext)) return base + ext;
  for (let i = 2; ; i++) if (!taken.has(`${base}${i}${ext}`)) return `${base}${i}${ext}`;
}

/** Why `name` cannot name a file (or undefined when it can). */
export function invalidName(files: readonly WorkspaceFile[], name: string, except?: string): string | undefined {
  if (name.trim() === "") return "A file needs a name.";
  if (name !== name.trim()) return "A file name cannot start or end with spaces.";
  if (/[\\\0]|^\/|\/\/|(^|\/)\.\.?(\/|$)/.test(name)) return "Use a relative path with forward slashes, like common/money.proto.";
  if (files.some((f) => f.name === name && f.name !== except)) return `There is already a file named ${name}.`;
  return undefined;
}

/** An empty file of `kind`, named `name`. */
export function newFile(kind: FileKind, name: string, messageType = ""): WorkspaceFile {
  if (kind === "proto" || kind === "text") return { kind, name, text: "" };
  if (kind === "bytes") return { kind, name, bytes: new Uint8Array(0), messageType };
  return { kind, name, text: "", messageType };
}

export function fileText(f: WorkspaceFile | undefined): string {
  return f && f.kind !== "bytes" ? f.text : "";
}

export function isInputFile(f: WorkspaceFile | undefined): f is InputFile {
  return f !== undefined && (f.kind === "protoscope" || f.kind === "textformat" || f.kind === "bytes");
}

export function sameWorkspace(a: Workspace, b: Workspace): boolean {
  if (a.active !== b.active || a.files.length !== b.files.length) return false;
  return a.files.every((f, i) => {
    const g = b.files[i]!;
    if (f.kind !== g.kind || f.name !== g.name) return false;
    if ("messageType" in f && "messageType" in g && f.messageType !== g.messageType) return false;
    if (f.kind === "bytes" && g.kind === "bytes") return f.bytes.length === g.bytes.length && f.bytes.every((x, k) => x === g.bytes[k]);
    return fileText(f) === fileText(g);
  });
}

/** True when the workspace holds nothing a learner wrote (no text, no bytes). */
export function isBlank(ws: Workspace): boolean {
  return ws.files.every((f) => (f.kind === "bytes" ? f.bytes.length === 0 : f.text.trim() === ""));
}
