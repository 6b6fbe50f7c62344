import { describe, expect, it } from "vitest";
import { memoryIO } from "./io.ts";
import { importPathOf, loadProtoFiles, loadProtoWorkspace } from "./proto-loader.ts";

describe("loadProtoWorkspace", () => {
  const io = memoryIO({
    "protos/app/main.proto": 'syntax = "proto3";\nimport "lib/a.proto";\nimport "google/protobuf/timestamp.proto";\nimport "missing.proto";\n',
    "vendor/lib/a.proto": 'syntax = "proto3";\nimport public "lib/b.proto";\n',
    "vendor/lib/b.proto": 'syntax = "proto3";\n',
    "protos/lib/b.proto": "shadowed: the first -I directory that has a file wins",
  });

  it("maps command-line files to import paths and follows imports through the -I directories", () => {
    const ws = loadProtoWorkspace(["protos/app/main.proto"], ["protos", "vendor"], io);
    expect(ws.roots).toEqual(["app/main.proto"]);
    expect(ws.outside).toEqual([]);
    expect(Object.keys(ws.files).sort()).toEqual(["app/main.proto", "lib/a.proto", "lib/b.proto"]);
    // lib/b.proto exists under protos/ too, and protos/ comes first
    expect(ws.files["lib/b.proto"]).toMatch(/^shadowed/);
  });

  it("leaves well-known types and missing files to the compiler", () => {
    const files = loadProtoFiles(["protos/app/main.proto"], ["protos", "vendor"], io);
    expect(files["google/protobuf/timestamp.proto"]).toBeUndefined();
    expect(files["missing.proto"]).toBeUndefined();
  });

  it("reports files outside every -I directory", () => {
    const ws = loadProtoWorkspace(["vendor/lib/a.proto"], ["protos"], io);
    expect(ws.roots).toEqual([]);
    expect(ws.outside).toEqual(["vendor/lib/a.proto"]);
  });
});

describe("importPathOf", () => {
  it("strips the first matching -I directory, like protoc's virtual file names", () => {
    expect(importPathOf("a.proto", [])).toBe("a.proto");
    expect(importPathOf("./x/../a.proto", ["."])).toBe("a.proto");
    expect(importPathOf("src/pkg/a.proto", ["other", "src"])).toBe("pkg/a.proto");
    expect(importPathOf("/abs/dir/a.proto", ["/abs"])).toBe("dir/a.proto");
    expect(importPathOf("../up.proto", ["."])).toBeUndefined();
  });
});
