/**
 * Where the reference tools live (protoscope, protoc, buf), for golden scripts and differential
 * tests. Tests that need a tool skip, saying why, when it is absent; `.ci/run` installs all three.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { unzipSync } from "fflate";

export type ToolName = "protoscope" | "protoc" | "protoc-36" | "buf" | "go" | "protoc-gen-go";

/** Where `mvn dependency:get` leaves protoc 36.2 (see ../shared/REFERENCE-TOOLS.md; .ci/run fetches it). */
export const PROTOC_36_MAVEN_PATH = join(homedir(), ".m2", "repository", "com", "google", "protobuf", "protoc", "4.36.2", "protoc-4.36.2-linux-x86_64.exe");

/** protobuf-java of the same release: its jar carries the well-known .proto files protoc 36.2 ships without. */
export const PROTOBUF_JAVA_36_JAR = join(homedir(), ".m2", "repository", "com", "google", "protobuf", "protobuf-java", "4.36.2", "protobuf-java-4.36.2.jar");

/**
 * A folder holding the well-known types of protoc 36.2 (google/protobuf/*.proto), for `-I` after
 * the case's own roots; unpacked once from protobuf-java's jar. Undefined when the jar is absent.
 */
export function protoc36Include(): string | undefined {
  if (!existsSync(PROTOBUF_JAVA_36_JAR)) return undefined;
  const dir = join(tmpdir(), "wirelab-protoc-36.2-include");
  if (existsSync(join(dir, "google", "protobuf", "descriptor.proto"))) return dir;
  // Tests run in parallel: unpack beside it, then rename into place; a lost race leaves the winner's.
  const staging = mkdtempSync(join(tmpdir(), "wirelab-wkt-"));
  for (const [name, bytes] of Object.entries(unzipSync(readFileSync(PROTOBUF_JAVA_36_JAR), { filter: (f) => f.name.endsWith(".proto") }))) {
    mkdirSync(dirname(join(staging, name)), { recursive: true });
    writeFileSync(join(staging, name), bytes);
  }
  try {
    renameSync(staging, dir);
  } catch {
    rmSync(staging, { recursive: true, force: true });
  }
  return dir;
}

const cache = new Map<ToolName, string | undefined>();

/** The path of a reference tool, or undefined when it is not installed. */
export function findTool(name: ToolName): string | undefined {
  if (cache.has(name)) return cache.get(name);
  const candidates: string[] = [];
  if (name === "buf") {
    // buf 1.75 ships as one npm package per platform; the project depends on linux-x64's
    // (optional, so other platforms still install) and a buf on PATH serves elsewhere.
    const platform = `${process.platform === "win32" ? "win32" : process.platform}-${process.arch === "arm64" ? "arm64" : process.arch}`;
    candidates.push(join(process.cwd(), "node_modules", "@bufbuild", `buf-${platform}`, "bin", "buf"));
    candidates.push(join(process.cwd(), "node_modules", ".bin", "buf"));
  }
  if (name === "protoc-36") {
    // protoc 36.2, today's protoc: $WIRELAB_PROTOC_36, else Maven's local repository. It counts
    // as installed only with its well-known types (protoc36Include).
    if (!existsSync(PROTOBUF_JAVA_36_JAR)) {
      cache.set(name, undefined);
      return undefined;
    }
    if (process.env.WIRELAB_PROTOC_36) candidates.push(process.env.WIRELAB_PROTOC_36);
    candidates.push(PROTOC_36_MAVEN_PATH);
  }
  if (name !== "protoc-36") for (const dir of (process.env.PATH ?? "").split(delimiter)) if (dir) candidates.push(join(dir, name));
  if (name === "go") candidates.push("/usr/local/go/bin/go");
  if (name === "protoscope" || name === "protoc-gen-go") {
    if (process.env.GOBIN) candidates.push(join(process.env.GOBIN, name));
    candidates.push(join(process.env.GOPATH ?? join(homedir(), "go"), "bin", name));
  }
  const found = candidates.find((p) => existsSync(p));
  cache.set(name, found);
  return found;
}

/** A one-line reason for a skipped differential test. */
export function missingToolReason(name: ToolName): string {
  return `${name} is not installed (bash .ci/run installs it); skipping the tests that compare against it`;
}
