import { describe, expect, it } from "vitest";
import { unescapeString } from "./unescape.ts";

// The goldens cover escapes protoc reads from a file; these are the cases a file cannot hold.
describe("string tokens to bytes", () => {
  const cases: [string, string, number[]][] = [
    ["a lone surrogate written as itself becomes U+FFFD, as in a UTF-8 file", '"a\ud800b"', [0x61, 0xef, 0xbf, 0xbd, 0x62]],
    ["a surrogate pair written as itself is one character", '"\ud83d\ude00"', [0xf0, 0x9f, 0x98, 0x80]],
    ["a lone surrogate escaped with \\u keeps protoc's three bytes", '"\\ud800"', [0xed, 0xa0, 0x80]],
    ["an unterminated string keeps what it has", '"ab', [0x61, 0x62]],
    ["single quotes", "'\"'", [0x22]],
  ];
  for (const [name, token, bytes] of cases) {
    it(name, () => {
      expect(unescapeString(token)).toEqual(bytes);
    });
  }
});
