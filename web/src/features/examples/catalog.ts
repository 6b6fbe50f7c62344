// The Examples menu, built from the files under examples/ at build time. An example is a folder
// with a schema (`*.proto`) and a protoscope (`*.protoscope`) and/or text-format (`*.txtpb`,
// `*.textproto`) message; a folder with several messages gives one entry per message. Files are
// loaded only when an example is chosen (each is its own small chunk).
import type { InputMode, Workspace } from "../workspace/types.ts";

type Loader = () => Promise<string>;

const files = import.meta.glob<string>("/examples/**/*.{proto,protoscope,txtpb,textproto}", {
  query: "?raw",
  import: "default",
});

export interface ExampleEntry {
  id: string;
  label: string;
  schema: Loader | undefined;
  protoscope: Loader | undefined;
  message: Loader | undefined;
}

function folderOf(path: string): string {
  return path.slice("/examples/".length, path.lastIndexOf("/"));
}

function baseName(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return name.slice(0, name.lastIndexOf("."));
}

function buildCatalog(): ExampleEntry[] {
  const byFolder = new Map<string, string[]>();
  for (const path of Object.keys(files)) {
    const folder = folderOf(path);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), path]);
  }
  const entries: ExampleEntry[] = [];
  for (const [folder, paths] of [...byFolder].sort(([a], [b]) => a.localeCompare(b))) {
    const protos = paths.filter((p) => p.endsWith(".proto"));
    const scopes = paths.filter((p) => p.endsWith(".protoscope"));
    const texts = paths.filter((p) => p.endsWith(".txtpb") || p.endsWith(".textproto"));
    // A single schema serves every message in the folder; otherwise match by base name.
    const schemaFor = (base: string) => (protos.length === 1 ? protos[0] : protos.find((p) => baseName(p) === base));
    const bases = new Set([...scopes, ...texts].map(baseName));
    if (bases.size === 0 && protos.length > 0) bases.add(baseName(protos[0]!));
    for (const base of [...bases].sort()) {
      const scope = scopes.find((p) => baseName(p) === base);
      const text = texts.find((p) => baseName(p) === base);
      const schema = schemaFor(base);
      entries.push({
        id: bases.size === 1 ? folder : `${folder}/${base}`,
        label: bases.size === 1 ? folder : `${folder} / ${base}`,
        schema: schema ? files[schema] : undefined,
        protoscope: scope ? files[scope] : undefined,
        message: text ? files[text] : undefined,
      });
    }
  }
  return entries;
}

export const EXAMPLES: readonly ExampleEntry[] = buildCatalog();

/** The example a fresh workspace starts with (and "Reset to example" returns to). */
export const DEFAULT_EXAMPLE_ID = "ide/01-varint";

/** Reads the `# proto-message: pkg.Msg` header that text-format files conventionally carry. */
export function messageTypeFromHeader(text: string): string {
  return /^#\s*proto-message:\s*([\w.]+)/m.exec(text)?.[1] ?? "";
}

/** Loads an example's files into a workspace. */
export async function loadExample(entry: ExampleEntry): Promise<Workspace> {
  const [schema, protoscope, message] = await Promise.all([entry.schema?.(), entry.protoscope?.(), entry.message?.()]);
  const mode: InputMode = protoscope !== undefined ? "protoscope" : message !== undefined ? "textformat" : "protoscope";
  return {
    schema: schema ?? "",
    protoscope: protoscope ?? "",
    message: message ?? "",
    messageType: message ? messageTypeFromHeader(message) : "",
    bytes: new Uint8Array(0),
    mode,
  };
}

export function findExample(id: string): ExampleEntry | undefined {
  return EXAMPLES.find((e) => e.id === id);
}
