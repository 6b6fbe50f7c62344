/**
 * Layouts for a workspace: from its compiled .proto files, find a message type, and return its Go
 * struct under each API level (and, given bytes, the allocations of decoding them) as plain data
 * a Worker can send to a view. The page's engine Worker lays out from the schema it has cached
 * for its runs (`layoutsOf`); the CLI compiles the files itself (`workspaceLayouts`).
 */
import type { DescMessage, FileRegistry } from "@bufbuild/protobuf";
import type { Diagnostic } from "../diagnostics.ts";
import { compile } from "../schema/index.ts";
import { declaredApiLevel } from "./api-level.ts";
import { WireError } from "../wire/index.ts";
import { decodeAllocs, type DecodeAllocs } from "./allocs.ts";
import { GO_API_LEVELS, goStructLayout, type GoApiLevel, type GoStructLayout } from "./struct.ts";

export interface LevelLayout {
  layout: GoStructLayout;
  /** With bytes: what decoding them allocates (hybrid decodes as open does). */
  allocs?: DecodeAllocs;
}

export interface WorkspaceLayouts {
  /** The type asked for, or the first message of the workspace. */
  type: string | undefined;
  /** Every message type, for a picker. */
  types: string[];
  /** The level the schema declares (features.(pb.go).api_level), if any. */
  declared: GoApiLevel | undefined;
  levels: LevelLayout[];
  /** Schema errors, or why the bytes could not be decoded. */
  diagnostics: Diagnostic[];
}

export function workspaceLayouts(files: Record<string, string>, typeName: string | undefined, bytes?: Uint8Array): WorkspaceLayouts {
  return layoutsOf(compile(files), new Set(Object.keys(files)), typeName, bytes);
}

/**
 * Layouts from a schema already compiled: `files` are the workspace's own .proto files (their
 * messages are offered; imported ones, such as the well-known types, are not).
 */
export function layoutsOf(
  compiled: { registry: FileRegistry | undefined; diagnostics: readonly Diagnostic[] },
  files: ReadonlySet<string>,
  typeName: string | undefined,
  bytes?: Uint8Array,
): WorkspaceLayouts {
  const diagnostics = compiled.diagnostics.filter((d) => d.severity === "error");
  const empty: WorkspaceLayouts = { type: typeName, types: [], declared: undefined, levels: [], diagnostics };
  const registry = compiled.registry;
  if (!registry || diagnostics.length > 0) return empty;
  const types: string[] = [];
  for (const t of registry) if (t.kind === "message" && !t.proto.options?.mapEntry && files.has(t.file.proto.name)) types.push(t.typeName);
  const chosen = typeName && types.includes(typeName) ? typeName : types[0];
  const message = chosen ? (registry.getMessage(chosen) as DescMessage | undefined) : undefined;
  if (!message) return { ...empty, types };
  const levels: LevelLayout[] = [];
  for (const api of GO_API_LEVELS) {
    const entry: LevelLayout = { layout: goStructLayout(message, api) };
    if (bytes) {
      try {
        entry.allocs = decodeAllocs(message, bytes, api === "hybrid" ? "open" : api);
      } catch (e) {
        if (!(e instanceof WireError)) throw e;
        if (api === "open") diagnostics.push({ code: "layout/undecodable", severity: "error", message: e.reason, span: { kind: "bytes", start: e.offset, end: e.offset } });
      }
    }
    levels.push(entry);
  }
  return { type: chosen, types, declared: declaredApiLevel(message), levels, diagnostics };
}
