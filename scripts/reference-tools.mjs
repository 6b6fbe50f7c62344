// Where the reference tools are, for the golden-file scripts (the tests use engine/testing/tools.ts).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { unzipSync } from "fflate";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Where `mvn dependency:get` leaves protoc 36.2 (.ci/run fetches it). */
export const PROTOC_36_MAVEN_PATH = join(homedir(), ".m2", "repository", "com", "google", "protobuf", "protoc", "4.36.2", "protoc-4.36.2-linux-x86_64.exe");

/** protobuf-java of the same release: its jar carries the well-known .proto files protoc 36.2 ships without. */
export const PROTOBUF_JAVA_36_JAR = join(homedir(), ".m2", "repository", "com", "google", "protobuf", "protobuf-java", "4.36.2", "protobuf-java-4.36.2.jar");

/** A folder with protoc 36.2's well-known types (google/protobuf/*.proto), unpacked from protobuf-java's jar; exits when absent. */
export function requireProtoc36Include() {
  if (!existsSync(PROTOBUF_JAVA_36_JAR)) {
    console.error("protobuf-java 4.36.2 (the well-known types of protoc 36.2) is not in Maven's repository; bash .ci/run fetches it");
    process.exit(1);
  }
  const dir = join(tmpdir(), "wirelab-protoc-36.2-include");
  if (existsSync(join(dir, "google", "protobuf", "descriptor.proto"))) return dir;
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

/** Path of "protoscope", "protoc", "protoc-36" (protoc 36.2), "buf", "go" or "protoc-gen-go", or undefined. */
export function findTool(name) {
  const candidates = [];
  if (name === "protoc-36") {
    if (process.env.WIRELAB_PROTOC_36) candidates.push(process.env.WIRELAB_PROTOC_36);
    candidates.push(PROTOC_36_MAVEN_PATH);
    return candidates.find((p) => existsSync(p));
  }
  if (name === "buf") {
    const arch = process.arch === "arm64" ? "arm64" : process.arch;
    candidates.push(join(root, "node_modules", "@bufbuild", `buf-${process.platform}-${arch}`, "bin", "buf"));
    candidates.push(join(root, "node_modules", ".bin", "buf"));
  }
  for (const dir of (process.env.PATH ?? "").split(delimiter)) if (dir) candidates.push(join(dir, name));
  if (name === "protoscope" || name === "protoc-gen-go") candidates.push(join(process.env.GOPATH ?? join(homedir(), "go"), "bin", name));
  if (name === "go") candidates.push("/usr/local/go/bin/go");
  return candidates.find((p) => existsSync(p));
}

/** Like findTool, but exits with a message when the tool is missing (golden scripts need it). */
export function requireTool(name) {
  const path = findTool(name);
  if (!path) {
    console.error(`${name} is not installed; bash .ci/run installs the reference tools`);
    process.exit(1);
  }
  return path;
}
