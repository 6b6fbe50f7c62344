import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LIBRARY_VERSIONS } from "./versions.ts";

const require = createRequire(import.meta.url);
const version = (pkg: string) => (JSON.parse(readFileSync(join(require.resolve(pkg).split(`node_modules/${pkg}`)[0]!, "node_modules", pkg, "package.json"), "utf8")) as { version: string }).version;

describe("the line-up names the versions that are installed", () => {
  it("for each library and for Wirelab", () => {
    expect(LIBRARY_VERSIONS).toEqual({
      wirelab: (JSON.parse(readFileSync(join(import.meta.dirname, "../../package.json"), "utf8")) as { version: string }).version,
      "@bufbuild/protobuf": version("@bufbuild/protobuf"),
      protobufjs: version("protobufjs"),
    });
  });
});
