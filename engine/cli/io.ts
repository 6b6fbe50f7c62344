/**
 * The CLI's window on the outside world, behind a seam so tests can run commands in-process
 * with captured output and files.
 */
import { readFileSync, writeFileSync } from "node:fs";

export interface CliIO {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Binary output to standard output. */
  stdoutBytes(bytes: Uint8Array): void;
  /** Reads a file, or standard input for "-". */
  readFile(path: string): Uint8Array;
  writeFile(path: string, bytes: Uint8Array | string): void;
}

let pipeGuarded = false;

/**
 * A Buffer as a plain Uint8Array over the same memory: no copy of a large input (copying cost
 * about 2 ms for 4 MB), but the plain array's semantics (`slice` copies, as the engine expects).
 */
function asPlainBytes(b: Buffer): Uint8Array {
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

export function nodeIO(): CliIO {
  // `wirelab ... | head` closes the pipe early: that is the reader's choice, not an error.
  if (!pipeGuarded) {
    pipeGuarded = true;
    for (const stream of [process.stdout, process.stderr]) {
      stream.on("error", (e: NodeJS.ErrnoException) => {
        if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
        throw e;
      });
    }
  }
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    stdoutBytes: (bytes) => void process.stdout.write(bytes),
    readFile: (path) => asPlainBytes(readFileSync(path === "-" ? 0 : path)),
    writeFile: (path, data) => writeFileSync(path, data),
  };
}

/** An in-memory IO for tests: files from a map, output captured. */
export function memoryIO(files: Record<string, Uint8Array | string> = {}, stdin: Uint8Array | string = ""): CliIO & {
  out: string;
  err: string;
  outBytes: Uint8Array[];
  written: Record<string, Uint8Array | string>;
} {
  const enc = new TextEncoder();
  const asBytes = (v: Uint8Array | string) => (typeof v === "string" ? enc.encode(v) : v);
  const io = {
    out: "",
    err: "",
    outBytes: [] as Uint8Array[],
    written: {} as Record<string, Uint8Array | string>,
    stdout(text: string) {
      io.out += text;
    },
    stderr(text: string) {
      io.err += text;
    },
    stdoutBytes(bytes: Uint8Array) {
      io.outBytes.push(bytes.slice());
    },
    readFile(path: string): Uint8Array {
      if (path === "-") return asBytes(stdin);
      const v = io.written[path] ?? files[path];
      if (v === undefined) {
        const e = new Error(`ENOENT: no such file or directory, open '${path}'`) as Error & { code: string };
        e.code = "ENOENT";
        throw e;
      }
      return asBytes(v);
    },
    writeFile(path: string, data: Uint8Array | string) {
      io.written[path] = data;
    },
  };
  return io;
}
