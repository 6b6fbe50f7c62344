/**
 * A deterministic protoscope program of about a given size, for benchmarks (the `protoscope`
 * bench suite and scripts/bench-protoscope-vs-go.mjs). It looks like real disassembly: nested
 * messages with varints, zigzag and fixed-width numbers, floats, strings, packed fields, groups,
 * comments and the odd hex literal, so every part of the assembler is exercised in proportion.
 */
import { mulberry32 } from "./random.ts";

const WORDS = ["alpha", "beta", "gamma", "delta", "lorem", "ipsum", "wire", "bytes", "proto", "scope", "field", "value"];

/** Protoscope text of at least `targetChars` characters (ASCII, so also bytes). */
export function benchProgram(targetChars: number, seed = 1): string {
  // Seeded, so the corpus is the same on every run.
  const next = mulberry32(seed);
  const int = (max: number) => Math.floor(next() * max);
  const parts: string[] = [];
  let size = 0;
  const push = (s: string) => {
    parts.push(s);
    size += s.length;
  };

  function message(depth: number, indent: string): void {
    const fields = 3 + int(6);
    for (let i = 0; i < fields; i++) {
      const field = 1 + int(20);
      switch (int(10)) {
        case 0:
        case 1:
          push(`${indent}${field}: ${int(1 << (1 + int(30)))}\n`);
          break;
        case 2:
          push(`${indent}${field}: ${int(100000) - 50000}z\n`);
          break;
        case 3:
          push(`${indent}${field}: ${(next() * 1000 - 500).toFixed(1 + int(6))}${int(2) ? "" : "i32"}\n`);
          break;
        case 4: {
          const words: string[] = [];
          for (let j = 2 + int(24); j > 0; j--) words.push(WORDS[int(WORDS.length)]!);
          push(`${indent}${field}: {"${words.join(" ")} ${int(1000)}"}\n`);
          break;
        }
        case 5:
          push(`${indent}${field}: ${int(2) ? int(1 << 30) + "i32" : -int(1 << 30) + "i64"}\n`);
          break;
        case 6: {
          const n = 2 + int(8);
          const values: number[] = [];
          for (let j = 0; j < n; j++) values.push(int(300));
          push(`${indent}${field}: {${values.join(" ")}}  # packed\n`);
          break;
        }
        case 7:
          if (depth < 4) {
            push(`${indent}${field}: {\n`);
            message(depth + 1, indent + "  ");
            push(`${indent}}\n`);
          } else {
            push(`${indent}${field}: true\n`);
          }
          break;
        case 8:
          if (depth < 4) {
            push(`${indent}${field}: !{\n`);
            message(depth + 1, indent + "  ");
            push(`${indent}}\n`);
          } else {
            push(`${indent}${field}:I64 \`${int(0xffffff).toString(16).padStart(8, "0")}deadbeef\`\n`);
          }
          break;
        default:
          push(`${indent}${field}: {"\\x00\\n${WORDS[int(WORDS.length)]}\\"quoted\\""}\n`);
      }
    }
  }

  while (size < targetChars) {
    push(`1: {\n`);
    message(0, "  ");
    push(`}\n`);
  }
  return parts.join("");
}
