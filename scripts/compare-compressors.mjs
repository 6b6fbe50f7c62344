#!/usr/bin/env node
// Compares the compressed sizes Wirelab reports (fflate, brotli-wasm) with other
// implementations of the same formats, for the post's six payloads (examples/compression/*.pb):
//   - Node's zlib module (gzip, zlib, raw deflate at level 6; brotli at quality 11, window 22):
//     Node bundles Chromium's fork of zlib and Google's C brotli encoder;
//   - the `gzip` command (GNU gzip, its own DEFLATE code), reading standard input so no file
//     name goes into the header, when it is on PATH;
//   - Go's compress/gzip, compress/zlib and compress/flate at their default level, when `go`
//     is on PATH (a throwaway program in a temporary directory).
// This is a script, not part of the app: it needs Node APIs and local tools.
//
//   node scripts/compare-compressors.mjs [--json]
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { register } from "tsx/esm/api";

register();
const { COMPRESSION_EXAMPLES, compressedSizes, resultFor, loadBrotli } = await import("../engine/compress/index.ts");
const { nodeBrotliLoader } = await import("../engine/cli/brotli-node.ts");

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const brotli = await loadBrotli(nodeBrotliLoader);

function hasCommand(name) {
  return spawnSync(name, ["--version"], { stdio: "ignore" }).status === 0 || spawnSync(name, ["version"], { stdio: "ignore" }).status === 0;
}

const GO_PROGRAM = `package main

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"fmt"
	"os"
)

func main() {
	for _, path := range os.Args[1:] {
		data, err := os.ReadFile(path)
		if err != nil {
			panic(err)
		}
		var g, z, d bytes.Buffer
		gw := gzip.NewWriter(&g)
		gw.Write(data)
		gw.Close()
		zw := zlib.NewWriter(&z)
		zw.Write(data)
		zw.Close()
		fw, _ := flate.NewWriter(&d, flate.DefaultCompression)
		fw.Write(data)
		fw.Close()
		fmt.Println(g.Len(), z.Len(), d.Len())
	}
}
`;

function goSizes(paths) {
  if (!hasCommand("go")) return undefined;
  const dir = mkdtempSync(join(tmpdir(), "wirelab-go-"));
  try {
    writeFileSync(join(dir, "main.go"), GO_PROGRAM);
    writeFileSync(join(dir, "go.mod"), "module sizes\n\ngo 1.20\n");
    const out = execFileSync("go", ["run", ".", ...paths], { cwd: dir, encoding: "utf8", env: { ...process.env, GOFLAGS: "-mod=mod" } });
    return out.trim().split("\n").map((line) => {
      const [gzip, zlibSize, deflate] = line.split(" ").map(Number);
      return { gzip, zlib: zlibSize, deflate };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const paths = COMPRESSION_EXAMPLES.map((e) => join(root, "examples", "compression", `${e.id}.pb`));
const go = goSizes(paths);
const gnuGzip = hasCommand("gzip");

const rows = COMPRESSION_EXAMPLES.map((e, i) => {
  const input = new Uint8Array(readFileSync(paths[i]));
  const ours = compressedSizes(input, brotli);
  const size = (a) => resultFor(ours, a).size;
  return {
    file: e.id,
    post: e.post,
    wirelab: { raw: input.length, gzip: size("gzip"), zlib: size("zlib"), deflate: size("deflate"), brotli: size("brotli") },
    node: {
      gzip: zlib.gzipSync(input, { level: 6 }).length,
      zlib: zlib.deflateSync(input, { level: 6 }).length,
      deflate: zlib.deflateRawSync(input, { level: 6 }).length,
      brotli: zlib.brotliCompressSync(input, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_LGWIN]: 22 },
      }).length,
    },
    gnuGzip: gnuGzip ? execFileSync("gzip", ["-6", "-c"], { input }).length : undefined,
    go: go?.[i],
  };
});

if (process.argv.includes("--json")) {
  console.log(JSON.stringify({ node: process.version, zlib: process.versions.zlib, brotli: process.versions.brotli, rows }, null, 2));
} else {
  const dash = (v) => (v === undefined ? "–" : String(v));
  console.log(`Node ${process.version} (zlib ${process.versions.zlib}, brotli ${process.versions.brotli}); Wirelab: fflate level 6, brotli-wasm quality 11`);
  console.log("");
  console.log("| file | post's name | raw | gzip: post / GNU gzip / ours / Node / Go | zlib: post / ours / Node / Go | deflate: ours / Node / Go | brotli: post / ours / Node |");
  console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
  for (const r of rows) {
    const e = COMPRESSION_EXAMPLES.find((x) => x.id === r.file);
    console.log(
      `| ${r.file} | ${e.postName} | ${r.wirelab.raw} | ${dash(r.post.gzip)} / ${dash(r.gnuGzip)} / ${r.wirelab.gzip} / ${r.node.gzip} / ${dash(r.go?.gzip)} ` +
        `| ${dash(r.post.zlib)} / ${r.wirelab.zlib} / ${r.node.zlib} / ${dash(r.go?.zlib)} ` +
        `| ${r.wirelab.deflate} / ${r.node.deflate} / ${dash(r.go?.deflate)} ` +
        `| ${r.post.brotli} / ${r.wirelab.brotli} / ${r.node.brotli} |`,
    );
  }
}
