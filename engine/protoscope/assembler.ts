/**
 * The protoscope assembler: text to bytes, byte-identical to `protoscope -s`, plus the
 * annotation tree that maps every output byte back to the text.
 *
 * One pass over the tokens with an explicit stack (no recursion, so any nesting depth works).
 * The state between tokens is protoscope's:
 * - a pending `long-form:N`, which the next token must use: a varint (or tag), a `{`, or the `}`
 *   of a group (whose end tag it pads);
 * - a pending tag. Its bytes are written when the next token arrives, because a tag without a
 *   wire type (`1:`) takes it from that token: `{` gives LEN, `!{` SGROUP, an i32 integer or
 *   float I32, an i64 integer, a float or inf64 I64, and anything else VARINT. (Protoscope ORs
 *   the type into the first byte already written; OR-ing it into the value before writing is
 *   the same, since the first byte holds the low bits, and needs no going back.)
 * - open `{` and `!{`: `}` closes the innermost; a group's `}` writes its end tag
 *   (field << 3 | 4, from the field number as written, before any zigzag).
 *
 * Length prefixes are inserted at the end by LengthPrefixPlan (no byte is moved twice).
 * On the first error the assembler stops and returns that error with empty bytes and
 * annotations (nothing partial: a half-built output has no meaningful length prefixes).
 */
import { MAX_FIELD_NUMBER } from "../annotate/types.ts";
import type { AnnotationList } from "../annotate/types.ts";
import { type Diagnostic, LineIndex, noSpan } from "../diagnostics.ts";
// Wire modules one by one rather than the index: the CLI starts faster loading only these.
import { GrowableWriter } from "../wire/growable-writer.ts";
import { AnnotationBuilder, isUtf8, NO_NODE, type NodeId, type NodeKind, NodeKinds } from "./assemble-annotations.ts";
import {
  type AssemblyMemo,
  CP_ERRORS,
  CP_LAST_TOP,
  CP_MESSAGES,
  CP_POS,
  CP_PREFIX_BYTES,
  CP_PREFIXES,
  CP_RAW,
  CP_ROWS,
  CP_STRIDE,
  CP_WARNINGS,
  commonPrefixLength,
  MEMO_MAX_ROWS,
} from "./assembly-memo.ts";
import { AssembleError, AssembleErrorCode } from "./errors.ts";
import { LengthPrefixPlan } from "./length-prefixes.ts";
import { Scanner, symbolEnd, TokenKind } from "./lexer.ts";
import { byteColumnPosition, protoscopeUnclosedAt } from "./positions.ts";
import { decodedView, decodeHex, decodeString } from "./literals.ts";
import {
  Encoding,
  newSymbolValue,
  parseSymbol,
  type SymbolValue,
  SymbolKind,
  WIRE_EGROUP,
  WIRE_LEN,
  WIRE_SGROUP,
  WIRE_VARINT,
} from "./token-values.ts";
import { MAX_LONG_FORM, writeVarint } from "./varint-writer.ts";

export interface AssembleOptions {
  /**
   * Build the annotation tree. Default true. Bytes alone are about twice as fast and need far
   * less memory; the CLI's `assemble` turns it off.
   */
  annotations?: boolean;
  /**
   * Most annotation nodes to build, default 2 000 000 (a few hundred MB of objects). Past it the
   * tree is dropped (annotations: []) and a warning `protoscope/annotations-omitted` explains why;
   * the bytes are unaffected.
   */
  maxAnnotations?: number;
  /**
   * Keep going after an error (the IDE's mode; default false, protoscope's strictness, which the
   * CLI keeps). Each error is reported, its token skipped, and assembly goes on; the bytes of
   * everything else stay, braces still open at the end are closed there (no end tag is invented
   * for a group), and the tree gets a zero-width `error` node, with the error's source range and
   * message, at the byte where the skipped token's bytes would have gone. At most
   * MAX_RECOVERED_ERRORS errors: past them the rest of the input is not read.
   */
  recover?: boolean;
  /**
   * Tests only: hand every token to the general handlers, skipping the loop's own handling of
   * the commonest tokens. The result must be identical either way (assemble.fast-path.test.ts).
   */
  generalOnly?: boolean;
  /**
   * What the previous assembly of this document kept (createAssemblyMemo, ./assembly-memo.ts):
   * the run resumes from the last checkpoint before the first changed character, with the same
   * result as a fresh run, and leaves the memo for the next. Used only when recovering with
   * annotations (the editor's mode); ignored otherwise.
   */
  memo?: AssemblyMemo;
}

export interface AssembleResult {
  /** The assembled bytes; empty when there is an error (unless recovering). */
  bytes: Uint8Array;
  /** The annotation tree over `bytes`; empty when there is an error (unless recovering). */
  annotations: AnnotationList;
  /**
   * At most one error (the first; assembly stops there) or, recovering, one per error; and
   * possibly warnings.
   */
  diagnostics: Diagnostic[];
}

/** Most errors a recovering assembly reports before it stops reading. */
export const MAX_RECOVERED_ERRORS = 100;

/**
 * Largest output, in bytes (256 MiB): checked after every token (and where long-form padding is
 * written), so a huge input fails with a position instead of exhausting memory.
 */
const MAX_OUTPUT = 256 * 1024 * 1024;
const DEFAULT_MAX_ANNOTATIONS = 2_000_000;

const OPEN_BRACE = 0;
const OPEN_GROUP = 1;

// Character codes the bytes-only loop looks at.
const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const HASH = 0x23;
const OPEN = 0x7b;
const CLOSE = 0x7d;
const COLON = 0x3a;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;

function isSymbolEnd(c: number): boolean {
  return c < 128 && symbolEnd[c] === 1;
}

/** Assembles protoscope text. Never throws for bad input: errors come back as diagnostics. */
export function assemble(text: string, options: AssembleOptions = {}): AssembleResult {
  const annotations = options.annotations ?? true;
  const recover = options.recover ?? false;
  const memo = annotations && recover ? options.memo : undefined;
  const assembler = new Assembler(text, annotations, options.maxAnnotations ?? DEFAULT_MAX_ANNOTATIONS, recover, options.generalOnly ?? false, memo);
  try {
    return assembler.run();
  } catch (e) {
    if (!(e instanceof AssembleError)) throw e;
    return { bytes: new Uint8Array(0), annotations: [], diagnostics: [...assembler.errors, errorDiagnostic(text, e, null)] };
  }
}

/** The diagnostic for an assembler error (`lines` made on first use). */
function errorDiagnostic(text: string, e: AssembleError, lines: LineIndex | null): Diagnostic {
  const d: Diagnostic = { code: e.code, severity: "error", message: e.message, span: (lines ?? new LineIndex(text)).span(e.from, e.to) };
  if (e.at >= 0) d.printedAt = byteColumnPosition(text, e.at);
  return d;
}

class Assembler {
  private readonly scanner: Scanner;
  private readonly w: GrowableWriter;
  private prefixes: LengthPrefixPlan;
  private readonly sym: SymbolValue = newSymbolValue();
  private ann: AnnotationBuilder | null;
  private annotationsDropped = false;
  /** Errors recovered from so far (recovering mode). */
  readonly errors: Diagnostic[] = [];
  private lines: LineIndex | null = null;
  /** Where the token being handled starts (what recovery skips from). */
  private tokenStart = 0;

  // The pending long-form:N (-1: none) and its source range.
  private longForm = -1;
  private longFormFrom = 0;
  private longFormTo = 0;

  // The pending tag: its value (wire type still 0 when inferred), padding, field number as written.
  private tagPending = false;
  private tagLo = 0;
  private tagHi = 0;
  private tagLongForm = -1;
  private tagInferred = false;
  private tagFieldLo = 0;
  private tagFieldHi = 0;
  private tagFrom = 0;
  private tagTo = 0;

  // Open `{` and `!{`, innermost last: kind, field number halves of groups, source start.
  private readonly openKind: number[] = [];
  private readonly openFieldLo: number[] = [];
  private readonly openFieldHi: number[] = [];
  private readonly openFrom: number[] = [];
  private readonly openTo: number[] = [];

  // Checkpoints for the memo (null: no memo), and the offset from which to record the next.
  private checkpoints: number[] | null = null;
  private nextCheckpoint = Infinity;

  constructor(
    private readonly text: string,
    annotations: boolean,
    private readonly maxAnnotations: number,
    private readonly recover: boolean,
    private readonly generalOnly: boolean,
    private readonly memo: AssemblyMemo | undefined,
  ) {
    this.scanner = new Scanner(text);
    const guess = Math.min(Math.max(text.length >> 1, 1024), 64 * 1024 * 1024);
    this.w = new GrowableWriter({ initialCapacity: guess });
    if (memo === undefined) {
      this.prefixes = new LengthPrefixPlan();
      this.ann = annotations ? new AnnotationBuilder(text) : null;
    } else {
      this.prefixes = memo.plan ?? new LengthPrefixPlan();
      this.ann = new AnnotationBuilder(text, memo.columns ?? undefined);
      this.resume(memo);
    }
  }

  /**
   * Takes from the memo everything up to its last checkpoint in the text the two runs share, and
   * starts reading there (or at the start, with the memo's storage reused, when there is none).
   */
  private resume(memo: AssemblyMemo): void {
    const at = memo.valid && memo.maxAnnotations === this.maxAnnotations ? memo.lastCheckpointAtOrBefore(commonPrefixLength(memo.text, this.text)) : -1;
    // From here until finish() keeps the new run, the memo describes no run.
    memo.valid = false;
    memo.resumedAt = -1;
    this.nextCheckpoint = 0;
    if (at < 0) {
      this.checkpoints = [];
      this.prefixes.truncate(0, 0);
      this.ann!.emptyRoot();
      return;
    }
    const cp = memo.checkpoints;
    this.checkpoints = cp.slice(0, at + CP_STRIDE);
    this.w.raw(memo.raw.subarray(0, cp[at + CP_RAW]!));
    this.prefixes.truncate(cp[at + CP_PREFIXES]!, cp[at + CP_PREFIX_BYTES]!);
    this.ann!.restore(cp[at + CP_ROWS]!, cp[at + CP_LAST_TOP]!, memo, cp[at + CP_MESSAGES]!, cp[at + CP_WARNINGS]!);
    this.errors.push(...memo.errors.slice(0, cp[at + CP_ERRORS]!));
    const pos = cp[at + CP_POS]!;
    this.scanner.pos = pos;
    memo.resumedAt = pos;
    this.nextCheckpoint = pos + memo.interval;
  }

  /**
   * Records a checkpoint at `p`, the start of a token, if the state there is one the memo can
   * resume from: no brace open, nothing pending, and the token begins a line.
   */
  private checkpoint(p: number): void {
    const ann = this.ann;
    if (ann === null || this.openKind.length !== 0 || this.tagPending || this.longForm >= 0 || (p > 0 && this.text.charCodeAt(p - 1) !== LF)) return;
    this.checkpoints!.push(p, this.w.length, this.prefixes.count, this.prefixes.total, ann.rowCount, ann.lastTopLevel, this.errors.length, ann.messageList.length, ann.tooLargeFields.length);
    this.nextCheckpoint = p + this.memo!.interval;
  }

  run(): AssembleResult {
    const scanner = this.scanner;
    for (;;) {
      try {
        return this.loop();
      } catch (e) {
        if (!this.recover || !(e instanceof AssembleError) || e.code === AssembleErrorCode.outputTooLarge) throw e;
        // Recovering: the error is reported, its token skipped, and the loop goes on from there.
        // Every handler checks before it changes any state, so skipping leaves the state as it
        // was before the token (a pending tag stays pending for the next token, a pending
        // long-form is dropped).
        this.recovered(e);
        // A token the scanner could not read (an unmatched quote, a lone `!`): go past what the
        // error covers, and always forward.
        const before = this.tokenStart;
        if (scanner.pos <= before) scanner.pos = Math.max(e.to, before + 1);
        if (this.errors.length >= MAX_RECOVERED_ERRORS) return this.finish(true);
      }
    }
  }
  /** Reports a recovered error, with an `error` node where its bytes would have been. */
  private recovered(e: AssembleError): void {
    if (e.code === AssembleErrorCode.longFormMisplaced) this.longForm = -1;
    this.errors.push(errorDiagnostic(this.text, e, (this.lines ??= new LineIndex(this.text))));
    if (this.ann !== null) this.ann.add(this.ann.error(this.w.length, this.prefixes.count, e.from, e.to, e.message));
  }

  /** Handles the token the scanner has just read (anything but EOF). */
  private token(kind: TokenKind): void {
    const scanner = this.scanner;
    switch (kind) {
      case TokenKind.Symbol:
        this.symbol(scanner.start, scanner.end);
        break;
      case TokenKind.String:
      case TokenKind.Hex:
        this.literal(kind, scanner.start, scanner.end);
        break;
      case TokenKind.OpenBrace:
        this.openBrace(scanner.start);
        break;
      case TokenKind.OpenGroup:
        this.openGroup(scanner.start, scanner.end);
        break;
      case TokenKind.CloseBrace:
        this.close(scanner.start, scanner.end);
        break;
    }
    if (this.w.length > MAX_OUTPUT) this.tooLarge(scanner.start, scanner.end);
  }

  /**
   * The one loop, for every mode (bytes alone, annotated, recovering). The commonest tokens by
   * far (whitespace, comments, `{`, `}`, decimal integers of 1-9 digits and `N:` tags) are handled
   * right here; any other token goes through the Scanner and the general handlers from the same
   * position, so bytes, nodes and errors are exactly those of the general path. `scanner.pos`
   * is kept at the start of the token being handled, so an error leaves it where recovery
   * (run()) expects it.
   *
   * Why not the Scanner for every token: the general path's chain of calls per token (scanner,
   * symbol, parseSymbol, writer) costs about as much again as the work itself, and one loop doing
   * most of the work in one function is optimised in place (on-stack replacement) after a few
   * thousand tokens, which matters for a CLI run in a fresh process.
   */
  private loop(): AssembleResult {
    const text = this.text;
    const n = text.length;
    const scanner = this.scanner;
    const w = this.w;
    let p = scanner.pos;
    for (;;) {
      let c = 0;
      while (p < n) {
        c = text.charCodeAt(p);
        if (c === SPACE || c === LF || c === TAB || c === CR) {
          p++;
        } else if (c === HASH) {
          const nl = text.indexOf("\n", p);
          p = nl < 0 ? n : nl;
        } else {
          break;
        }
      }
      scanner.pos = p;
      this.tokenStart = p;
      if (p >= n) break;
      if (p >= this.nextCheckpoint) this.checkpoint(p);
      const ann = this.ann;
      if (this.generalOnly) {
        p = this.general(p);
      } else if (c === OPEN) {
        this.openBrace(p);
        p++;
      } else if (c === CLOSE) {
        this.close(p, p + 1);
        p++;
      } else if (c >= DIGIT_0 && c <= DIGIT_9 && this.longForm < 0) {
        // 1-9 decimal digits: an exact number, and v * 8 (the tag) stays below 2^53 too.
        const start = p;
        let q = p;
        let v = 0;
        while (q < n && q - start < 10) {
          const d = text.charCodeAt(q);
          if (d < DIGIT_0 || d > DIGIT_9) break;
          v = v * 10 + (d - DIGIT_0);
          q++;
        }
        const after = q < n ? text.charCodeAt(q) : SPACE;
        if (q - start <= 9 && after < 128 && symbolEnd[after] === 1) {
          // A plain varint: it tells a pending tag VARINT (and joins it in one field node).
          let tag: NodeId = NO_NODE;
          if (this.tagPending) tag = this.emitTag(WIRE_VARINT);
          const rawStart = w.length;
          w.varint(v, 0);
          if (ann !== null) {
            const k = this.prefixes.count;
            const value = ann.number(NodeKinds.varint, rawStart, k, w.length, k, start, start, q);
            if (tag !== NO_NODE && (this.tagInferred || ann.wireTypeOf(tag) === WIRE_VARINT)) ann.addField(tag, value);
            else {
              if (tag !== NO_NODE) ann.add(tag);
              ann.add(value);
            }
          }
          p = q;
        } else if (q - start <= 9 && after === COLON && (q + 1 >= n || isSymbolEnd(text.charCodeAt(q + 1)))) {
          // `N:`, a tag whose wire type comes from the next token (a pending one is a varint).
          if (this.tagPending) {
            const tag = this.emitTag(WIRE_VARINT);
            if (tag !== NO_NODE) ann!.add(tag);
          }
          const shifted = v * 8;
          this.tagPending = true;
          this.tagLo = shifted >>> 0;
          this.tagHi = Math.floor(shifted / 4294967296);
          this.tagLongForm = -1;
          this.tagInferred = true;
          this.tagFieldLo = v;
          this.tagFieldHi = 0;
          this.tagFrom = start;
          this.tagTo = q + 1;
          p = q + 1;
        } else {
          p = this.general(p);
        }
      } else {
        p = this.general(p);
      }
      if (w.length > MAX_OUTPUT) this.tooLarge(scanner.pos, p);
      if (ann !== null && ann.count > this.maxAnnotations) {
        this.ann = null;
        this.annotationsDropped = true;
      }
    }
    return this.finish();
  }

  /** Reads and handles one token at `p` the general way; returns the offset after it. */
  private general(p: number): number {
    const scanner = this.scanner;
    scanner.pos = p;
    this.token(scanner.next());
    return scanner.pos;
  }

  private misplacedLongForm(): AssembleError {
    return new AssembleError(
      AssembleErrorCode.longFormMisplaced,
      this.longFormFrom,
      this.longFormTo,
      "long-form:N must be followed by a varint, a tag, '{', or the '}' that ends a group",
      this.longFormTo,
    );
  }

  private symbol(start: number, end: number): void {
    const sym = this.sym;
    try {
      parseSymbol(this.text, start, end, sym);
    } catch (e) {
      // protoscope reports a symbol's errors at the symbol's start (all but "unrecognized symbol").
      if (e instanceof AssembleError && e.at !== -1) e.at = start;
      throw e;
    }
    if (sym.kind === SymbolKind.LongForm) {
      if (this.longForm >= 0) throw this.misplacedLongForm();
      if (sym.small > MAX_LONG_FORM) {
        throw new AssembleError(
          AssembleErrorCode.longFormTooLarge,
          start,
          end,
          `long-form:${sym.small > 1e9 ? "…" : sym.small} pads too much: at most long-form:${MAX_LONG_FORM} (a varint is at most 10 bytes)`,
        );
      }
      this.longForm = sym.small;
      this.longFormFrom = start;
      this.longFormTo = end;
      return;
    }
    const isVarint = sym.kind === SymbolKind.Integer && (sym.encoding === Encoding.Varint || sym.encoding === Encoding.Zigzag);
    let longForm = -1;
    let from = start;
    if (this.longForm >= 0) {
      if (!isVarint) throw this.misplacedLongForm();
      longForm = this.longForm;
      from = this.longFormFrom;
      this.longForm = -1;
    }
    const isTag = sym.kind === SymbolKind.Integer && sym.isTag;
    // What this token tells an inferred tag before it: a tag token counts as a plain varint.
    const suggested = isTag ? WIRE_VARINT : sym.wireType;

    const w = this.w;
    const ann = this.ann;
    let tag: NodeId = NO_NODE;
    let groupWithTag = false;
    if (this.tagPending) {
      tag = this.emitTag(suggested);
      groupWithTag = !isTag && (this.tagInferred || (tag !== NO_NODE && ann!.wireTypeOf(tag) === suggested));
    }
    if (isTag) {
      this.tagPending = true;
      this.tagLo = sym.lo;
      this.tagHi = sym.hi;
      this.tagLongForm = longForm;
      this.tagInferred = sym.inferred;
      this.tagFieldLo = sym.literalLo;
      this.tagFieldHi = sym.literalHi;
      this.tagFrom = from;
      this.tagTo = end;
      if (tag !== NO_NODE) ann!.add(tag);
      return;
    }

    const rawStart = w.length;
    let kind: NodeKind;
    switch (sym.kind) {
      case SymbolKind.Integer:
        switch (sym.encoding) {
          case Encoding.I32:
            w.fixed32(sym.lo);
            kind = NodeKinds.i32;
            break;
          case Encoding.I64:
            w.fixed32(sym.lo).fixed32(sym.hi);
            kind = NodeKinds.i64;
            break;
          default:
            if (longForm >= 0) {
              writeVarint(w, sym.lo, sym.hi, longForm);
              this.checkSize(from, end);
            } else {
              w.varint(sym.lo, sym.hi);
            }
            kind = sym.encoding === Encoding.Zigzag ? NodeKinds.zigzag : NodeKinds.varint;
        }
        break;
      case SymbolKind.Float:
        if (sym.width === 32) {
          w.float(sym.float);
          kind = NodeKinds.float;
        } else {
          w.double(sym.float);
          kind = NodeKinds.double;
        }
        break;
      default:
        w.bool(sym.small === 1);
        kind = NodeKinds.varint;
    }
    if (ann === null) return;
    const k = this.prefixes.count;
    const value = ann.number(kind, rawStart, k, w.length, k, from, start, end);
    if (tag !== NO_NODE && groupWithTag) {
      ann.addField(tag, value);
    } else {
      if (tag !== NO_NODE) ann.add(tag);
      ann.add(value);
    }
  }

  private literal(kind: TokenKind, start: number, end: number): void {
    const text = this.text;
    const n = kind === TokenKind.String ? decodeString(text, start, end) : decodeHex(text, start, end);
    if (this.longForm >= 0) throw this.misplacedLongForm();
    const ann = this.ann;
    if (this.tagPending) {
      const tag = this.emitTag(WIRE_VARINT);
      if (tag !== NO_NODE) ann!.add(tag);
    }
    const w = this.w;
    const rawStart = w.length;
    const bytes = decodedView(n);
    w.raw(bytes);
    if (ann === null) return;
    const k = this.prefixes.count;
    // A string literal whose bytes are UTF-8 reads as text; any other literal as hex.
    ann.add(ann.literal(kind === TokenKind.String && isUtf8(bytes), rawStart, k, w.length, start, end));
  }

  private openBrace(start: number): void {
    const ann = this.ann;
    let tag: NodeId = NO_NODE;
    let grouped = false;
    let tagRaw = 0;
    let tagK = 0;
    if (this.tagPending) {
      tagRaw = this.w.length;
      tagK = this.prefixes.count;
      tag = this.emitTag(WIRE_LEN);
      grouped = tag !== NO_NODE && (this.tagInferred || ann!.wireTypeOf(tag) === WIRE_LEN);
      if (tag !== NO_NODE && !grouped) ann!.add(tag);
    }
    const rawPos = this.w.length;
    const from = this.longForm >= 0 ? this.longFormFrom : start;
    const longForm = this.longForm;
    this.longForm = -1;
    const slot = this.prefixes.open(rawPos, longForm < 0 ? 0 : longForm);
    this.openKind.push(OPEN_BRACE);
    this.openFieldLo.push(0);
    this.openFieldHi.push(0);
    this.openFrom.push(from);
    this.openTo.push(start + 1);
    if (ann === null) return;
    // The length is known at the `}`; its reading is filled in then.
    const length = ann.length(rawPos, slot, slot + 1, from, start + 1);
    if (grouped) ann.open(tag, length, tagRaw, tagK, ann.fromOf(tag));
    else ann.open(NO_NODE, length, rawPos, slot, from);
  }

  private openGroup(start: number, end: number): void {
    if (this.longForm >= 0) throw this.misplacedLongForm();
    if (!this.tagPending || !this.tagInferred || (this.tagFieldLo === 0xffffffff && this.tagFieldHi === 0xffffffff)) {
      throw new AssembleError(
        AssembleErrorCode.groupWithoutTag,
        start,
        end,
        "a group !{ must come right after a field number without a wire type, as in 5: !{ ... } (and not -1:)",
        end,
      );
    }
    const tagRaw = this.w.length;
    const tagK = this.prefixes.count;
    const fieldLo = this.tagFieldLo;
    const fieldHi = this.tagFieldHi;
    const tag = this.emitTag(WIRE_SGROUP);
    this.openKind.push(OPEN_GROUP);
    this.openFieldLo.push(fieldLo);
    this.openFieldHi.push(fieldHi);
    this.openFrom.push(start);
    this.openTo.push(end);
    if (this.ann !== null) this.ann.open(tag, NO_NODE, tagRaw, tagK, this.ann.fromOf(tag));
  }

  private close(start: number, end: number): void {
    const depth = this.openKind.length;
    if (depth === 0) {
      if (this.longForm >= 0) throw this.misplacedLongForm();
      throw new AssembleError(AssembleErrorCode.unmatchedClose, start, end, "unmatched '}': no '{' or '!{' is open", end);
    }
    // Checked before anything changes, so a recovering assembly can skip this `}`.
    if (this.openKind[depth - 1] === OPEN_BRACE && this.longForm >= 0) throw this.misplacedLongForm();
    const kind = this.openKind.pop()!;
    const fieldLo = this.openFieldLo.pop()!;
    const fieldHi = this.openFieldHi.pop()!;
    this.openFrom.pop();
    this.openTo.pop();
    const ann = this.ann;
    if (this.tagPending) {
      const tag = this.emitTag(WIRE_VARINT);
      if (tag !== NO_NODE) ann!.add(tag);
    }
    const w = this.w;
    if (kind === OPEN_GROUP) {
      // The end tag: field << 3 | EGROUP, over all 64 bits.
      const lo = ((fieldLo << 3) | WIRE_EGROUP) >>> 0;
      const hi = ((fieldHi << 3) | (fieldLo >>> 29)) >>> 0;
      const rawStart = w.length;
      const from = this.longForm >= 0 ? this.longFormFrom : start;
      if (this.longForm >= 0) {
        writeVarint(w, lo, hi, this.longForm);
        this.longForm = -1;
        this.checkSize(from, end);
      } else {
        w.varint(lo, hi);
      }
      if (ann === null) return;
      const k = this.prefixes.count;
      ann.add(ann.groupEnd(lo, hi, rawStart, w.length, k, from, end));
      ann.close(w.length, k, end, 0);
      return;
    }
    const length = this.prefixes.close(w.length);
    if (length > MAX_OUTPUT) this.tooLarge(start, end);
    if (ann !== null) ann.close(w.length, this.prefixes.count, end, length);
  }

  /** Writes the pending tag with `wireType` if its type is inferred; returns its node (annotations on). */
  private emitTag(wireType: number): NodeId {
    this.tagPending = false;
    const lo = this.tagInferred ? (this.tagLo | wireType) >>> 0 : this.tagLo;
    const w = this.w;
    const rawStart = w.length;
    if (this.tagLongForm >= 0) {
      writeVarint(w, lo, this.tagHi, this.tagLongForm);
      this.checkSize(this.tagFrom, this.tagTo);
    } else {
      w.varint(lo, this.tagHi);
    }
    const ann = this.ann;
    if (ann === null) return NO_NODE;
    return ann.tag(lo, this.tagHi, rawStart, w.length, this.prefixes.count, this.tagFrom, this.tagTo);
  }

  /**
   * Recovering, at the end of the input: closes every open brace there, innermost first. A `{`
   * gets its length prefix over what it holds; a group gets no end tag (none was written).
   */
  private closeAll(): void {
    const end = this.text.length;
    while (this.openKind.length > 0) {
      const kind = this.openKind.pop()!;
      this.openFieldLo.pop();
      this.openFieldHi.pop();
      this.openFrom.pop();
      this.openTo.pop();
      const w = this.w;
      if (kind === OPEN_GROUP) {
        if (this.ann !== null) this.ann.close(w.length, this.prefixes.count, end, 0);
        continue;
      }
      const length = this.prefixes.close(w.length);
      if (this.ann !== null) this.ann.close(w.length, this.prefixes.count, end, length);
    }
  }

  private checkSize(from: number, to: number): void {
    if (this.w.length > MAX_OUTPUT) this.tooLarge(from, to);
  }

  private tooLarge(from: number, to: number): never {
    throw new AssembleError(
      AssembleErrorCode.outputTooLarge,
      from,
      to,
      `the output passes ${MAX_OUTPUT / 1024 / 1024} MiB, the assembler's limit`,
    );
  }

  /** Leaves this run in the memo for the next (before finish() adds its warnings to `errors`). */
  private keep(memo: AssemblyMemo, raw: Uint8Array): void {
    const ann = this.ann;
    if (ann === null || ann.rowCount > MEMO_MAX_ROWS) {
      // Too large to keep (or the tree was dropped): the next run starts afresh.
      memo.columns = null;
      memo.plan = null;
      memo.checkpoints = [];
      return;
    }
    memo.text = this.text;
    memo.maxAnnotations = this.maxAnnotations;
    memo.checkpoints = this.checkpoints!;
    memo.raw = raw.slice();
    memo.plan = this.prefixes;
    memo.columns = ann.columns;
    memo.errors = this.errors.slice();
    memo.messages = ann.messageList;
    memo.warnings = ann.tooLargeFields;
    memo.valid = true;
  }

  /** The end of the input (or, `stopped`, of reading it after too many errors). */
  private finish(stopped = false): AssembleResult {
    if (stopped) {
      const at = this.scanner.pos;
      this.recovered(new AssembleError(AssembleErrorCode.tooManyErrors, at, this.text.length, `more than ${MAX_RECOVERED_ERRORS} errors: the rest of the input is not read`, -1));
    }
    if (this.longForm >= 0) {
      if (!this.recover) throw this.misplacedLongForm();
      this.recovered(this.misplacedLongForm());
    }
    if (this.tagPending) {
      const tag = this.emitTag(WIRE_VARINT);
      if (tag !== NO_NODE) this.ann!.add(tag);
    }
    const depth = this.openKind.length;
    if (depth > 0) {
      const isGroup = this.openKind[depth - 1] === OPEN_GROUP;
      const error = new AssembleError(
        AssembleErrorCode.unclosedBrace,
        this.openFrom[depth - 1]!,
        this.openTo[depth - 1]!,
        `unmatched '${isGroup ? "!{" : "{"}': the input ends before its '}'` +
          (depth > 1 ? ` (${depth} braces are open)` : ""),
        // Where protoscope would say, when the text lexes (a recovered lexer error may stop it).
        this.errors.length === 0 ? protoscopeUnclosedAt(this.text) : -1,
      );
      if (!this.recover) throw error;
      this.recovered(error);
      this.closeAll();
    }
    const raw = this.w.finish();
    const merged = this.prefixes.merge(raw);
    // A view of a much bigger buffer is copied out, so the result does not pin the writer's slab.
    const bytes = merged === raw && raw.buffer.byteLength > 2 * raw.length + 65536 ? raw.slice() : merged;
    const diagnostics: Diagnostic[] = this.errors;
    let annotations: AnnotationList = [];
    const memo = this.memo;
    if (memo !== undefined) this.keep(memo, raw);
    if (this.ann !== null) {
      // Columns the memo kept stay raw (offsets are fixed in a copy); otherwise they are fixed in place.
      annotations = this.ann.finish(this.prefixes.prefixBefore(), bytes, memo !== undefined && memo.columns === this.ann.columns);
      if (this.ann.tooLargeFields.length > 0) {
        const lines = new LineIndex(this.text);
        for (const { field, from, to } of this.ann.tooLargeFields) {
          diagnostics.push({
            code: "wire/field-number-out-of-range",
            severity: "warning",
            message: `field number ${field} is above ${MAX_FIELD_NUMBER}, the largest protobuf allows: it assembles, but no protobuf parser accepts this field`,
            span: lines.span(from, to),
          });
        }
      }
    } else if (this.annotationsDropped) {
      diagnostics.push({
        code: "protoscope/annotations-omitted",
        severity: "warning",
        message: `the input needs more than ${this.maxAnnotations} annotation nodes; the byte map is omitted (the bytes are complete)`,
        span: noSpan(),
      });
    }
    return { bytes, annotations, diagnostics };
  }
}
