/**
 * Where protoscope says an error is, so the CLI can print the same `line:column`. Protoscope's
 * scanner counts columns in bytes of UTF-8 and points where it stood when it failed: usually
 * after the token, after the opening quote of a string, at a symbol's start. The assembler's
 * spans (for editors) cover the token instead; these positions are only for printing.
 */
import { Scanner, TokenKind } from "./lexer.ts";

/** 1-based line and column of `offset`, the column counted in UTF-8 bytes, as protoscope does. */
export function byteColumnPosition(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  let bytes = 0;
  for (let i = lineStart; i < offset && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return { line, column: bytes + 1 };
}

/**
 * Where protoscope reports "unmatched '{'" for text whose braces are left open at the end (call it
 * only for such text: it must lex without errors). Protoscope assembles each `{ ... }` in a
 * recursive call that remembers the last token it read itself (a nested `{...}` counts as its
 * `{`); at the end of the input the innermost open call reports that token's position, which is
 * where the scanner stood after it (after the opening quote, for a string). When the call read
 * nothing, protoscope prints its zero position (`<input>:1:1`, no file, no real place): -1 then,
 * and the CLI prints the brace's own position instead. Groups `!{` do not open a call.
 */
export function protoscopeUnclosedAt(text: string): number {
  const scanner = new Scanner(text);
  /** The last token's position in each open `{` call, outermost first; `last` is the innermost's. */
  const calls: number[] = [];
  /** Open braces, innermost last: true for a group. */
  const open: boolean[] = [];
  // -1: protoscope's zero position ("<input>:1:1": it has none), when a call read nothing.
  let last = -1;
  for (let kind = scanner.next(); kind !== TokenKind.EOF; kind = scanner.next()) {
    switch (kind) {
      case TokenKind.OpenBrace:
        open.push(false);
        calls.push(scanner.end);
        last = -1;
        break;
      case TokenKind.OpenGroup:
        open.push(true);
        last = scanner.end;
        break;
      case TokenKind.CloseBrace:
        if (open.pop() === true) last = scanner.end;
        else last = calls.pop() ?? -1;
        break;
      case TokenKind.String:
        last = scanner.start + 1;
        break;
      default:
        last = scanner.end;
    }
  }
  return last;
}
