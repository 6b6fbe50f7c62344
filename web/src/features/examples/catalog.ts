// The Examples menu, built from the files under examples/ at build time. An example is a folder
// with a schema (`*.proto`) and a protoscope (`*.protoscope`) and/or text-format (`*.txtpb`,
// `*.textproto`) message; a folder with several messages gives one entry per message. Under
// examples/lessons/ only the entries catalog.json titles are listed (the rest are exercise files). Files are
// loaded only when an example is chosen (each is its own small chunk), except the default
// example's, which come with the page.
import type { Workspace, WorkspaceFile } from "../workspace/types.ts";
import about from "../../../../examples/catalog.json";

/** Each example's human title and one-line description (examples/catalog.json). */
const ABOUT: Record<string, { title: string; description: string } | undefined> = about;

type Loader = () => Promise<string>;

const lazyFiles = import.meta.glob<string>("/examples/**/*.{proto,protoscope,txtpb,textproto}", {
  query: "?raw",
  import: "default",
});

/**
 * The default example's files (a few hundred bytes) come with the page, so a first visit's
 * workspace needs no further request before its first run. The folder must be DEFAULT_EXAMPLE_ID's
 * (catalog.test.ts checks it).
 */
const DEFAULT_EXAMPLE_FILES = import.meta.glob<string>("/examples/ide/01-varint/*.{proto,protoscope,txtpb,textproto}", {
  query: "?raw",
  import: "default",
  eager: true,
});

const files: Record<string, Loader> = { ...lazyFiles };
for (const [path, text] of Object.entries(DEFAULT_EXAMPLE_FILES)) files[path] = () => Promise.resolve(text);

export interface ExampleEntry {
  id: string;
  /** The human title (examples/catalog.json), else the folder's name. */
  label: string;
  /** One line saying what the example shows ("" when catalog.json has none). */
  description: string;
  /** Every .proto file of the folder, by file name (they may import each other). */
  schemas: { name: string; load: Loader }[];
  protoscope: { name: string; load: Loader } | undefined;
  message: { name: string; load: Loader } | undefined;
}

function fileName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
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
  // Code-unit order (the same as the locale's for these ASCII names): the first localeCompare of a
  // page builds ICU's collator, some 25 ms of the first load.
  for (const [folder, paths] of [...byFolder].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const protos = paths.filter((p) => p.endsWith(".proto"));
    const scopes = paths.filter((p) => p.endsWith(".protoscope"));
    const texts = paths.filter((p) => p.endsWith(".txtpb") || p.endsWith(".textproto"));
    const bases = new Set([...scopes, ...texts].map(baseName));
    if (bases.size === 0 && protos.length > 0) bases.add(baseName(protos[0]!));
    for (const base of [...bases].sort()) {
      const scope = scopes.find((p) => baseName(p) === base);
      const text = texts.find((p) => baseName(p) === base);
      const id = bases.size === 1 ? folder : `${folder}/${base}`;
      // A lesson's folder also holds its exercises' given files: only what catalog.json titles is
      // an example to open from the menu.
      if (id.startsWith("lessons/") && !ABOUT[id]) continue;
      entries.push({
        id,
        label: ABOUT[id]?.title ?? (bases.size === 1 ? folder : `${folder} / ${base}`),
        description: ABOUT[id]?.description ?? "",
        schemas: protos.map((p) => ({ name: fileName(p), load: files[p]! })),
        protoscope: scope ? { name: fileName(scope), load: files[scope]! } : undefined,
        message: text ? { name: fileName(text), load: files[text]! } : undefined,
      });
    }
  }
  return entries;
}

export const EXAMPLES: readonly ExampleEntry[] = buildCatalog();

/** The example a fresh workspace starts with (and "Reset to example" returns to). */
export const DEFAULT_EXAMPLE_ID = "ide/01-varint";

/**
 * The paths of the files that come with the page, and of all files (a unit test checks that the
 * eager ones are all of DEFAULT_EXAMPLE_ID's: a renamed default example must move the eager glob
 * above with it).
 */
export function exampleFilePaths(): { eager: string[]; all: string[] } {
  return { eager: Object.keys(DEFAULT_EXAMPLE_FILES).sort(), all: Object.keys(files).sort() };
}

/** Reads the `# proto-message: pkg.Msg` header that text-format files conventionally carry. */
export function messageTypeFromHeader(text: string): string {
  return /^#\s*proto-message:\s*([\w.]+)/m.exec(text)?.[1] ?? "";
}

/** Loads an example's files into a workspace: the schemas, then the protoscope and text-format messages. */
export async function loadExample(entry: ExampleEntry): Promise<Workspace> {
  const [schemas, protoscope, message] = await Promise.all([
    Promise.all(entry.schemas.map((s) => s.load())),
    entry.protoscope?.load(),
    entry.message?.load(),
  ]);
  // The text-format header names the type; the protoscope message is read with it too (names in the tree).
  const messageType = message ? messageTypeFromHeader(message) : "";
  const files: WorkspaceFile[] = entry.schemas.map((s, i) => ({ kind: "proto", name: s.name, text: schemas[i]! }));
  if (entry.protoscope && protoscope !== undefined) files.push({ kind: "protoscope", name: entry.protoscope.name, text: protoscope, messageType });
  if (entry.message && message !== undefined) files.push({ kind: "textformat", name: entry.message.name, text: message, messageType });
  if (!entry.protoscope && !entry.message) files.push({ kind: "protoscope", name: "message.protoscope", text: "", messageType: "" });
  const active = entry.protoscope?.name ?? entry.message?.name ?? "message.protoscope";
  return { files, active };
}

export function findExample(id: string): ExampleEntry | undefined {
  return EXAMPLES.find((e) => e.id === id);
}
