/**
 * The disassembler: bytes to protoscope text. Total: it never throws, and whatever it cannot
 * read becomes hex literals, so `assemble(disassemble(b))` gives back `b` for any `b`.
 *
 * It follows protoscope's heuristics and prints the same text as `protoscope` for the same
 * flags (see DIFFERENCES.md for the few deliberate departures). Decoding is iterative (an
 * explicit stack of open messages), so deep nesting cannot overflow the call stack. Like
 * protoscope it opens groups and messages however deep they nest, unless the indentation that
 * would take is enormous; then nesting past `FALLBACK_MAX_DEPTH` (or less) is shown flat (see
 * `maxDepth`).
 */
import type { DescMessage } from "@bufbuild/protobuf";
import { Printer } from "./disassemble-printer.ts";
import type { BlockInfo } from "./disassemble-printer.ts";
import { LinkRecorder } from "./disassemble-links.ts";
import type { RangeTree } from "../annotate/sources.ts";
import { float32FromBits, float64FromBits, formatFloat32, formatFloat64, formatInt64, formatUint64, formatZigzag64, newVarintValue, readVarint } from "../annotate/numbers.ts";
import { decodeCodePoint, isGraphic, looksLikeText, scanFields, utf8 } from "../annotate/heuristics.ts";
import { schemaOf } from "../annotate/schema-view.ts";
import type { SchemaField, SchemaMessage } from "../annotate/schema-view.ts";
import { hexByte } from "../wire/hex.ts";

export interface DisassembleOptions {
  /** Print every field's wire type (`1:VARINT 5`); also turns groups into SGROUP/EGROUP. Default false. */
  explicitWireTypes?: boolean;
  /** Print length prefixes as numbers (`2:LEN 3 "abc"`) instead of braces. Default false. */
  explicitLengthPrefixes?: boolean;
  /** Print groups as SGROUP/EGROUP tags instead of `!{...}`. Default false. */
  noGroups?: boolean;
  /** Never print quoted strings: text payloads become hex. Default false. */
  noQuotedStrings?: boolean;
  /**
   * Print every length-delimited payload whose first field parses as a message, with whatever
   * does not parse as hex after it (and accept field number 0). Default false: a payload is a
   * message only when all of it parses.
   */
  allFieldsAreMessages?: boolean;
  /** The message type of the bytes: enables schema-aided printing (bools, zigzag, unsigned, packed). */
  message?: DescMessage;
  /** With `message`: field names as `# name` remarks. Default false. */
  fieldNames?: boolean;
  /** With `message`: enum value names as `# NAME` remarks. Default false. */
  enumNames?: boolean;
  /**
   * With `message`: read the payload of a field the schema does not declare with the enclosing
   * message's schema, as protoscope does, so its fields get that message's names (which are
   * wrong: nothing says the payload is of that type). Default false: an unknown field's payload
   * is read without a schema, as the annotation tree reads it. Only for output byte-identical to
   * protoscope (`wirelab disassemble --protoscope-unknown-fields`).
   */
  protoscopeUnknownFields?: boolean;
  /**
   * Nesting depth (messages plus groups) past which payloads are no longer opened as messages
   * and groups are printed as flat SGROUP/EGROUP tags. Default: no limit, as protoscope (whose
   * writer keeps its open groups on a stack without a bound and recurses into payloads until
   * Go's stack runs out), unless that text is too large (`maxPadding`): each level indents
   * every line inside it by two more spaces, so nesting that does not fold onto one line makes
   * the text quadratic in the input (10^10 bytes for 100 000 groups under `explicitWireTypes`).
   * Then the limit is `FALLBACK_MAX_DEPTH`, or half that, and so on down to 0, the first whose
   * text is not too large.
   */
  maxDepth?: number;
}

/** The first depth limit tried when protoscope's text of deep nesting is too large (protobuf's usual recursion limit). */
export const FALLBACK_MAX_DEPTH = 100;

/**
 * Spaces of indentation and remark alignment a text may carry before deep nesting is shown flat:
 * 64 MiB plus 4 for every byte of the text without them. protoscope's text of 5 000 nested groups
 * under `-explicit-wire-types` carries 50 MB (exact here); of 10 000, 200 MB (limited here).
 */
export function maxPadding(unpaddedBytes: number): number {
  return (1 << 26) + 4 * unpaddedBytes;
}

/** Flags of an open group: it pushed a schema; it was opened past maxDepth (a plain SGROUP tag, no block). */
const GROUP_HAS_DESC = 1;
const GROUP_FLAT = 2;

const BRACES: BlockInfo = { hasDelimiters: true, heightToFoldAt: 3, unindentAt: 1 };
const PREFIXED: BlockInfo = { hasDelimiters: false, heightToFoldAt: 2, unindentAt: 0, reserveFoldSpace: true };
const SGROUP_BLOCK: BlockInfo = { hasDelimiters: false, heightToFoldAt: 2, unindentAt: 1 };

// Single characters go in with writeByte, which skips write's string handling; it is safe on a
// line begun in the same step (only earlier lines can carry replaced text).
const COLON = 0x3a;
const SPACE = 0x20;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const BACKTICK = 0x60;

/** Bytes per hex literal line, as protoscope prints them. */
const HEX_BYTES_PER_LINE = 40;
/** Bytes of string per quoted line (a line breaks before a character starting at a multiple). */
const STRING_BYTES_PER_LINE = 80;
/** Packed values per line. */
const PACKED_COLUMNS = 8;

type ValueDecoder = (pos: number, end: number, fd: SchemaField | undefined) => number;

class Disassembler {
  private readonly p: Printer;
  private readonly varint = newVarintValue();
  // Open groups, a stack of parallel arrays (no object per group): field number halves and
  // GROUP_* flags. A payload's groups are its own: those from `groupBase` up.
  private readonly groupLo: number[] = [];
  private readonly groupHi: number[] = [];
  private readonly groupFlags: number[] = [];
  private groupBase = 0;
  /** Schema stack; null entries stand for "no schema here" (protoscope's nil descriptors). */
  private readonly descs: (SchemaMessage | null)[] = [];
  // Length-delimited payloads being printed as messages, innermost last, as parallel arrays
  // (no object per message): where its readable fields end (the rest is printed as hex), where
  // the payload ends, the enclosing level's fieldsEnd and groupBase, whether it pushed a schema.
  private readonly openFieldsEnd: number[] = [];
  private readonly openEnd: number[] = [];
  private readonly openParentFieldsEnd: number[] = [];
  private readonly openGroupBase: number[] = [];
  private readonly openPushedDesc: boolean[] = [];
  // Scratch stacks of replaySchemaEffects (kept, so that a replay allocates nothing): per payload
  // being read, where its readable fields end, where the enclosing payload's next field starts,
  // whether it pushed a schema, and where its groups start in `replayGroups` (each group: whether
  // it pushed a schema).
  private readonly replayEnd: number[] = [];
  private readonly replayResume: number[] = [];
  private readonly replayPushed: boolean[] = [];
  private readonly replayGroupBase: number[] = [];
  private readonly replayGroups: boolean[] = [];
  private depth = 0;
  /** The deepest nesting opened so far: past FALLBACK_MAX_DEPTH the text may differ from the fallback's. */
  deepest = 0;
  private readonly explicitTypes: boolean;
  private readonly explicitLengths: boolean;
  private readonly noGroups: boolean;
  private readonly noQuotedStrings: boolean;
  private readonly allMessages: boolean;
  private readonly fieldNames: boolean;
  private readonly enumNames: boolean;
  private readonly maxDepth: number;
  private readonly inheritSchema: boolean;

  /** The links being recorded (disassembleLinked), or undefined. */
  private readonly rec: LinkRecorder | undefined;

  constructor(
    private readonly bytes: Uint8Array,
    options: DisassembleOptions,
    links = false,
  ) {
    this.explicitTypes = options.explicitWireTypes ?? false;
    this.explicitLengths = options.explicitLengthPrefixes ?? false;
    this.noGroups = options.noGroups ?? false;
    this.noQuotedStrings = options.noQuotedStrings ?? false;
    this.allMessages = options.allFieldsAreMessages ?? false;
    this.fieldNames = options.fieldNames ?? false;
    this.enumNames = options.enumNames ?? false;
    this.maxDepth = options.maxDepth ?? Infinity;
    this.inheritSchema = options.protoscopeUnknownFields ?? false;
    this.p = new Printer(bytes.length);
    if (options.message) this.descs.push(schemaOf(options.message));
    // Explicit wire types and lengths print shapes the recorder does not follow.
    this.rec = links && !this.explicitTypes && !this.explicitLengths ? new LinkRecorder() : undefined;
    this.p.links = this.rec;
  }

  run(): Printer {
    const bytes = this.bytes;
    const topEnd = scanFields(bytes, 0, bytes.length, this.allMessages);
    let fieldsEnd = topEnd;
    let pos = 0;
    const openFieldsEnd = this.openFieldsEnd;
    for (;;) {
      if (pos < fieldsEnd) {
        this.p.newLine();
        const nested = openFieldsEnd.length;
        pos = this.field(pos, fieldsEnd);
        if (openFieldsEnd.length > nested) fieldsEnd = openFieldsEnd[openFieldsEnd.length - 1]!;
        continue;
      }
      if (openFieldsEnd.length === 0) break;
      const parentFieldsEnd = this.openParentFieldsEnd[this.openParentFieldsEnd.length - 1]!;
      pos = this.closeMessage();
      fieldsEnd = parentFieldsEnd;
    }
    this.resetGroups();
    this.hex(topEnd, bytes.length);
    return this.p;
  }

  /** Prints one field starting at `pos` (known to be readable); returns where the next starts. */
  private field(pos: number, end: number): number {
    const bytes = this.bytes;
    const tagStart = pos;
    pos = readVarint(bytes, pos, end, this.varint);
    const { lo, hi, extra } = this.varint;
    const numLo = ((lo >>> 3) | (hi << 29)) >>> 0;
    const numHi = hi >>> 3;
    const p = this.p;
    const rec = this.rec;
    const tagText = p.offset;
    if (extra > 0) p.write(`long-form:${extra} `);
    if (numHi === 0) p.writeNumber(numLo);
    else p.write(formatUint64(numLo, numHi));
    p.writeByte(COLON);
    if (rec) {
      // A field: its tag, then its value (or, for a group, what the recorder does not follow).
      const wireType = lo & 7;
      if (extra > 0 || wireType === 3 || wireType === 4) rec.lost = true;
      const from = rec.point(tagText);
      rec.openNode(tagStart, from);
      rec.leaf(tagStart, pos, from, rec.point(p.offset - 1));
    }
    // protoscope looks the number up as an int32 (it truncates), so we do too.
    const fd = this.descs.length > 0 ? (this.descs[this.descs.length - 1]?.field(numLo | 0) ?? undefined) : undefined;
    if (this.fieldNames && fd) p.remark(fd.name);

    switch (lo & 7) {
      case 0:
        if (this.explicitTypes) p.write("VARINT ");
        else p.writeByte(SPACE);
        return this.closeField(this.varintValue(pos, end, fd));
      case 1:
        if (this.explicitTypes) p.write("I64 ");
        else p.writeByte(SPACE);
        return this.closeField(this.fixed64Value(pos, end, fd));
      case 5:
        if (this.explicitTypes) p.write("I32 ");
        else p.writeByte(SPACE);
        return this.closeField(this.fixed32Value(pos, end, fd));
      case 3:
        this.startGroup(numLo, numHi, fd);
        return pos;
      case 4:
        this.endGroup(numLo, numHi, extra);
        return pos;
      default:
        // Wire type 2 (6 and 7 never reach here: scanFields stops before them).
        return this.delimited(pos, end, fd);
    }
  }

  /** Closes the field node of a scalar field whose value ends at `next` (the value's text last printed). */
  private closeField(next: number): number {
    const rec = this.rec;
    if (rec) rec.closeNode(next, rec.count - 1);
    return next;
  }

  private startGroup(lo: number, hi: number, fd: SchemaField | undefined): void {
    const p = this.p;
    // An unknown field's group is read without a schema (or, protoscope's way, with the enclosing one).
    const pushes = this.pushesSchema(fd);
    if (pushes) this.descs.push(fd?.message ?? null);
    const flat = this.depth >= this.maxDepth;
    if (flat) p.write("SGROUP");
    else if (this.explicitTypes || this.noGroups) {
      p.write("SGROUP");
      this.startBlock(SGROUP_BLOCK);
    } else {
      p.write(" !{");
      this.startBlock(BRACES);
    }
    this.groupLo.push(lo);
    this.groupHi.push(hi);
    this.groupFlags.push((pushes ? GROUP_HAS_DESC : 0) | (flat ? GROUP_FLAT : 0));
  }

  private endGroup(lo: number, hi: number, extra: number): void {
    const p = this.p;
    if (this.groupFlags.length === this.groupBase) {
      p.write("EGROUP");
      return;
    }
    const flags = this.groupFlags.pop()!;
    const groupLo = this.groupLo.pop()!;
    const groupHi = this.groupHi.pop()!;
    if ((flags & GROUP_HAS_DESC) !== 0) this.descs.pop();
    if (groupLo !== lo || groupHi !== hi) {
      this.resetGroup(flags);
      p.write("EGROUP");
    } else if ((flags & GROUP_FLAT) !== 0) {
      p.write("EGROUP");
    } else if (this.explicitTypes || this.noGroups) {
      p.write("EGROUP");
      this.endBlock();
    } else {
      // The closing brace replaces the EGROUP tag; redundant tag bytes go on their own line.
      p.clearLine();
      if (extra > 0) {
        p.write(`long-form:${extra}`);
        p.newLine();
      }
      p.write("}");
      this.endBlock();
    }
  }

  /**
   * Whether opening field `fd`'s payload pushes a schema: a known field its type's (or none); an
   * unknown one "none" (unless inheriting, protoscope's way); nothing without a schema at all.
   */
  private pushesSchema(fd: SchemaField | undefined): boolean {
    if (fd !== undefined) return true;
    return !this.inheritSchema && this.descs.length > 0 && this.descs[this.descs.length - 1] !== null;
  }

  /** A group that never closed (or closed with the wrong number) becomes a plain SGROUP tag. */
  private resetGroup(flags: number): void {
    if ((flags & GROUP_FLAT) !== 0) return;
    const start = this.p.dropBlock();
    this.depth--;
    // protoscope also rewrites an explicit "N:SGROUP" here, producing "N:SGRSGROUP" (which it
    // cannot read back); we only rewrite "!{" (see DIFFERENCES.md).
    if (!this.noGroups && !this.explicitTypes) {
      this.p.replaceText(start, this.p.text(start).slice(0, -3) + "SGROUP");
    }
  }

  /** Resets the groups still open in the current payload (or at the top level). */
  private resetGroups(): void {
    const base = this.groupBase;
    for (let i = this.groupFlags.length - 1; i >= base; i--) this.resetGroup(this.groupFlags[i]!);
    this.groupFlags.length = base;
    this.groupLo.length = base;
    this.groupHi.length = base;
  }

  private startBlock(info: BlockInfo): void {
    this.p.startBlock(info);
    if (++this.depth > this.deepest) this.deepest = this.depth;
  }

  private endBlock(): void {
    this.p.endBlock();
    this.depth--;
  }

  private delimited(pos: number, end: number, fd: SchemaField | undefined): number {
    const p = this.p;
    if (this.explicitTypes || this.explicitLengths) p.write("LEN");
    p.writeByte(SPACE);
    const lengthStart = pos;
    pos = readVarint(this.bytes, pos, end, this.varint);
    const { lo: length, extra } = this.varint;
    const payloadEnd = pos + length;
    if (extra > 0) p.write(`long-form:${extra} `);
    if (this.explicitLengths) {
      p.write(String(length));
      this.startBlock(PREFIXED);
    } else {
      const rec = this.rec;
      if (rec) {
        if (extra > 0) rec.lost = true;
        // The length prefix's bytes are its `{`.
        const at = rec.point(p.offset);
        rec.leaf(lengthStart, pos, at, at);
      }
      p.writeByte(OPEN_BRACE);
      this.startBlock(BRACES);
    }
    switch (fd?.kind ?? "message") {
      case "bool":
      case "enum":
      case "int32":
      case "int64":
      case "uint32":
      case "uint64":
      case "sint32":
      case "sint64":
        return this.packed(pos, payloadEnd, fd, this.varintValue);
      case "fixed32":
      case "sfixed32":
      case "float":
        return this.packed(pos, payloadEnd, fd, this.fixed32Value);
      case "fixed64":
      case "sfixed64":
      case "double":
        return this.packed(pos, payloadEnd, fd, this.fixed64Value);
      case "string":
      case "bytes":
        return this.textOrBytes(pos, payloadEnd);
    }
    if (this.depth <= this.maxDepth) {
      const fieldsEnd = scanFields(this.bytes, pos, payloadEnd, this.allMessages);
      if (fieldsEnd === payloadEnd || (this.allMessages && fieldsEnd > pos)) {
        // Open it as a message: the main loop prints its fields, then closeMessage.
        const pushes = this.pushesSchema(fd);
        if (pushes) this.descs.push(fd?.message ?? null);
        this.openFieldsEnd.push(fieldsEnd);
        this.openEnd.push(payloadEnd);
        this.openParentFieldsEnd.push(end);
        this.openGroupBase.push(this.groupBase);
        this.openPushedDesc.push(pushes);
        this.groupBase = this.groupFlags.length;
        return pos;
      }
      this.replaySchemaEffects(pos, fieldsEnd, fd);
    } else {
      this.replaySchemaEffects(pos, payloadEnd, fd);
    }
    return this.textOrBytes(pos, payloadEnd);
  }

  /**
   * protoscope reads every payload that may be a message as a message before it settles on text
   * or hex (writer.go, `decodeField`, wire type 2), and what that reading does to its schema stack
   * stays when the text is thrown away: a group opened in it with a schema and never closed
   * leaves that schema pushed (wire type 3 pushes `fd.Message()`; the group is reset at the
   * payload's end, its schema is not popped), and the payload's own pop then takes the top,
   * which is that group's schema, not the payload's. The fields after the payload are then
   * looked up in another message (the one the payload or a group in it was read with). This
   * replays that reading of `fd`'s payload from `pos` (up to `end`, or to the first field that
   * cannot be read) on `descs`, printing nothing:
   * nested payloads that may be messages are read too (each once, as protoscope does), iteratively.
   * Payloads printed as messages need no replay: printing them does the same to `descs`.
   */
  private replaySchemaEffects(pos: number, end: number, fd: SchemaField | undefined): void {
    const descs = this.descs;
    // Nothing can be pushed without a schema in reach (no field is found, and nothing is pushed
    // for an unknown one), nor in a payload none of whose fields can be read.
    if (pos === end || (!this.pushesSchema(fd) && (descs.length === 0 || descs[descs.length - 1] === null))) return;
    const bytes = this.bytes;
    const v = this.varint;
    const ends = this.replayEnd;
    const resumes = this.replayResume;
    const pushed = this.replayPushed;
    const groupBase = this.replayGroupBase;
    const groups = this.replayGroups;
    let field = fd;
    let resume = -1;
    for (;;) {
      // Start reading `field`'s payload [pos, end) as a message.
      const pushes = this.pushesSchema(field);
      if (pushes) descs.push(field?.message ?? null);
      ends.push(end);
      resumes.push(resume);
      pushed.push(pushes);
      groupBase.push(groups.length);
      // Its fields, until one cannot be read or a nested payload is to be read first.
      let nested = false;
      for (;;) {
        end = ends[ends.length - 1]!;
        let next = pos < end ? readVarint(bytes, pos, end, v) : -1;
        if (next >= 0) {
          const lo = v.lo;
          const hi = v.hi;
          const found = descs.length > 0 ? (descs[descs.length - 1]?.field((((lo >>> 3) | (hi << 29)) >>> 0) | 0) ?? undefined) : undefined;
          if (hi === 0 && lo < 8 && !this.allMessages) next = -1;
          else {
            switch (lo & 7) {
              case 0:
                next = readVarint(bytes, next, end, v);
                break;
              case 1:
                next = end - next < 8 ? -1 : next + 8;
                break;
              case 5:
                next = end - next < 4 ? -1 : next + 4;
                break;
              case 3: {
                const groupPushes = this.pushesSchema(found);
                if (groupPushes) descs.push(found?.message ?? null);
                groups.push(groupPushes);
                break;
              }
              case 4:
                // An end tag closes this payload's innermost group, whatever its number.
                if (groups.length > groupBase[groupBase.length - 1]! && groups.pop()!) descs.pop();
                break;
              case 2: {
                const start = readVarint(bytes, next, end, v);
                if (start < 0 || v.hi !== 0 || v.lo > end - start) {
                  next = -1;
                  break;
                }
                next = start + v.lo;
                if (readsAsMessage(found)) {
                  // Read the nested payload now; this one goes on at `next` after it.
                  field = found;
                  resume = next;
                  end = next;
                  pos = start;
                  nested = true;
                }
                break;
              }
              default:
                next = -1;
            }
          }
        }
        if (nested) break;
        if (next >= 0) {
          pos = next;
          continue;
        }
        // This payload is read (all of it, or up to a field that cannot be read): pop what it
        // pushed (the top, whoever pushed it); its groups are dropped, their schemas stay.
        ends.pop();
        if (pushed.pop()!) descs.pop();
        groups.length = groupBase.pop()!;
        const at = resumes.pop()!;
        if (ends.length === 0) return;
        pos = at;
      }
    }
  }

  /** Closes the innermost open message; returns where it ends. */
  private closeMessage(): number {
    const fieldsEnd = this.openFieldsEnd.pop()!;
    const end = this.openEnd.pop()!;
    this.openParentFieldsEnd.pop();
    if (this.openPushedDesc.pop()!) this.descs.pop();
    this.resetGroups();
    this.groupBase = this.openGroupBase.pop()!;
    return this.closeDelimited(fieldsEnd, end);
  }

  /** Prints what is left of a payload as hex and closes its block. */
  private closeDelimited(from: number, end: number): number {
    this.hex(from, end);
    if (!this.explicitLengths) {
      this.p.newLine();
      // The field's text ends with its `}`.
      if (this.rec) this.rec.closeNode(end, this.rec.point(this.p.offset));
      this.p.writeByte(CLOSE_BRACE);
    }
    this.endBlock();
    return end;
  }

  private packed(pos: number, end: number, fd: SchemaField | undefined, decode: ValueDecoder): number {
    const p = this.p;
    let count = 0;
    for (;;) {
      p.newLine();
      const next = decode.call(this, pos, end, fd);
      if (next < 0) {
        p.discardLine();
        break;
      }
      pos = next;
      count++;
    }
    p.foldIntoColumns(PACKED_COLUMNS, count);
    return this.closeDelimited(pos, end);
  }

  private textOrBytes(pos: number, end: number): number {
    if (!this.noQuotedStrings && looksLikeText(this.bytes, pos, end)) {
      this.quoted(pos, end);
      pos = end;
    }
    return this.closeDelimited(pos, end);
  }

  /** Prints [start, end) (valid UTF-8) as quoted strings, breaking lines every 80 bytes. */
  private quoted(start: number, end: number): void {
    const bytes = this.bytes;
    const p = this.p;
    const rec = this.rec;
    p.newLine();
    // Each line is a string token of its own, over the bytes it holds.
    let lineStart = start;
    let lineText = rec ? rec.point(p.offset) : 0;
    p.writeByte(QUOTE);
    let run = start; // start of a run of bytes to copy as they are
    for (let pos = start; pos < end; ) {
      if (pos !== start && (pos - start) % STRING_BYTES_PER_LINE === 0) {
        p.writeBytes(bytes, run, pos);
        run = pos;
        p.writeByte(QUOTE);
        if (rec) rec.leaf(lineStart, pos, lineText, rec.point(p.offset - 1));
        p.newLine();
        lineStart = pos;
        if (rec) lineText = rec.point(p.offset);
        p.writeByte(QUOTE);
      }
      const b = bytes[pos]!;
      if (b >= 0x20 && b < 0x7f && b !== QUOTE && b !== BACKSLASH) {
        pos++;
        continue;
      }
      p.writeBytes(bytes, run, pos);
      if (b === 0x0a) p.write("\\n");
      else if (b === BACKSLASH) p.write("\\\\");
      else if (b === QUOTE) p.write('\\"');
      else if (b < 0x80) p.write("\\x" + hexByte(b));
      else {
        const cp = decodeCodePoint(bytes, pos, end);
        const width = utf8.width;
        if (isGraphic(cp)) p.writeBytes(bytes, pos, pos + width);
        else for (let k = 0; k < width; k++) p.write("\\x" + hexByte(bytes[pos + k]!));
        pos += width;
        run = pos;
        continue;
      }
      pos++;
      run = pos;
    }
    p.writeBytes(bytes, run, end);
    p.writeByte(QUOTE);
    if (rec) rec.leaf(lineStart, end, lineText, rec.point(p.offset - 1));
  }

  /** Prints [from, to) as hex literals, 40 bytes a line. */
  private hex(from: number, to: number): void {
    const p = this.p;
    const rec = this.rec;
    for (let line = from; line < to; line += HEX_BYTES_PER_LINE) {
      p.newLine();
      const text = rec ? rec.point(p.offset) : 0;
      p.writeByte(BACKTICK);
      p.writeHex(this.bytes, line, Math.min(to, line + HEX_BYTES_PER_LINE));
      p.writeByte(BACKTICK);
      if (rec) rec.leaf(line, Math.min(to, line + HEX_BYTES_PER_LINE), text, rec.point(p.offset - 1));
    }
  }

  private varintValue(pos: number, end: number, fd: SchemaField | undefined): number {
    const start = pos;
    pos = readVarint(this.bytes, pos, end, this.varint);
    if (pos < 0) return -1;
    const { lo, hi, extra } = this.varint;
    const p = this.p;
    const text = p.offset;
    if (extra > 0) {
      p.write(`long-form:${extra} `);
      if (this.rec) this.rec.lost = true;
    }
    switch (fd?.kind) {
      case "bool":
        // protoscope writes `long-form:N false`, which its assembler refuses (a long form takes a
        // number): a padded bool is written as its number, so the text assembles (DIFFERENCES.md).
        if (hi === 0 && lo <= 1 && extra === 0) {
          p.write(lo === 0 ? "false" : "true");
          break;
        }
        p.write(formatUint64(lo, hi));
        break;
      case "uint32":
      case "uint64":
      case "fixed32":
      case "fixed64":
        if (hi === 0) p.writeNumber(lo);
        else p.write(formatUint64(lo, hi));
        break;
      case "sint32":
      case "sint64":
        p.write(formatZigzag64(lo, hi) + "z");
        break;
      case "enum":
        this.enumRemark(fd, lo, hi);
        p.write(formatInt64(lo, hi));
        break;
      default:
        if (hi === 0) p.writeNumber(lo);
        else p.write(formatInt64(lo, hi));
    }
    if (this.rec) this.rec.leaf(start, pos, this.rec.point(text), this.rec.point(p.offset - 1));
    return pos;
  }

  private enumRemark(fd: SchemaField, lo: number, hi: number): void {
    // Names are looked up only below 2^31 - 1, as protoscope does.
    if (!this.enumNames || hi !== 0 || lo >= 0x7fffffff) return;
    const name = fd.enum?.names.get(lo);
    if (name !== undefined) this.p.remark(name);
  }

  private fixed32Value(pos: number, end: number, fd: SchemaField | undefined): number {
    return this.fixedValue(pos, end, fd, false);
  }

  private fixed64Value(pos: number, end: number, fd: SchemaField | undefined): number {
    return this.fixedValue(pos, end, fd, true);
  }

  /**
   * Prints the fixed-width value at `pos`: an I32 (4 bytes, `i32` tokens) or, `wide`, an I64
   * (8 bytes, `i64`), as the field's kind reads it; without a schema, as a float where one fits.
   */
  private fixedValue(pos: number, end: number, fd: SchemaField | undefined, wide: boolean): number {
    const size = wide ? 8 : 4;
    if (end - pos < size) return -1;
    const b = this.bytes;
    const lo = (b[pos]! | (b[pos + 1]! << 8) | (b[pos + 2]! << 16) | (b[pos + 3]! << 24)) >>> 0;
    const hi = wide ? (b[pos + 4]! | (b[pos + 5]! << 8) | (b[pos + 6]! << 16) | (b[pos + 7]! << 24)) >>> 0 : 0;
    const suffix = wide ? "i64" : "i32";
    const p = this.p;
    const text = p.offset;
    switch (fd?.kind) {
      case "uint32":
      case "uint64":
      case "fixed32":
      case "fixed64":
        p.write(formatUint64(lo, hi) + suffix);
        break;
      case "enum":
        this.enumRemark(fd, lo, hi);
        p.write(signedFixed(lo, hi, wide) + suffix);
        break;
      case "int32":
      case "int64":
      case "sint32":
      case "sint64":
      case "sfixed32":
      case "sfixed64":
      case "bool":
        p.write(signedFixed(lo, hi, wide) + suffix);
        break;
      default: {
        const f = wide ? float64FromBits(lo, hi) : float32FromBits(lo);
        if (f === Infinity) p.write(wide ? "inf64" : "inf32");
        else if (f === -Infinity) p.write(wide ? "-inf64" : "-inf32");
        else if (f !== f) {
          p.write("0x");
          p.writeHex64(lo, hi);
          p.write(suffix);
        }
        else {
          const floatForSure = fd?.kind === "float" || fd?.kind === "double";
          const s = wide ? formatFloat64(lo, hi, floatForSure) : formatFloat32(lo, floatForSure);
          if (s === "") p.write(signedFixed(lo, hi, wide) + suffix);
          else {
            // A decimal float token is a double already: an I64 needs no suffix.
            p.write(wide ? s : s + suffix);
            p.remarkHex(lo, hi, wide);
          }
        }
      }
    }
    if (this.rec) this.rec.leaf(pos, pos + size, this.rec.point(text), this.rec.point(p.offset - 1));
    return pos + size;
  }
}

/** The signed decimal of a fixed-width value: of its low 32 bits (sfixed32), or of all 64 (`wide`). */
function signedFixed(lo: number, hi: number, wide: boolean): string {
  return wide ? formatInt64(lo, hi) : String(lo | 0);
}

/** Whether a payload of field `fd` is read as a message first (protoscope's: not scalars, strings or bytes). */
function readsAsMessage(fd: SchemaField | undefined): boolean {
  return fd === undefined || fd.kind === "message" || fd.kind === "group";
}

/**
 * Disassembles bytes into protoscope text. Never throws: bytes that do not decode are printed
 * as hex literals, and the text always assembles back to exactly `bytes`.
 */
export function disassemble(bytes: Uint8Array, options: DisassembleOptions = {}): string {
  return decoder.decode(disassembleToUtf8(bytes, options));
}

const decoder = new TextDecoder();

/**
 * `disassemble`, and the tree of how its text links to `bytes` (the same shape as the assembler's
 * tree of that text: disassemble-links.ts), recorded as it prints, so the text need not be
 * assembled again to link it. `links` is undefined when the printing took a shape the recorder
 * does not follow (groups, long-form varints, explicit wire types or lengths).
 */
export function disassembleLinked(bytes: Uint8Array, options: DisassembleOptions = {}): { text: string; links: RangeTree | undefined } {
  const { utf8, links } = disassembleRecorded(bytes, options, true);
  return { text: decoder.decode(utf8), links };
}

/**
 * `disassemble` as UTF-8 bytes, for writing straight to a file or a pipe (the text is built as
 * bytes, so this skips making a string and encoding it again).
 */
export function disassembleToUtf8(bytes: Uint8Array, options: DisassembleOptions = {}): Uint8Array {
  return disassembleRecorded(bytes, options, false).utf8;
}

function disassembleRecorded(bytes: Uint8Array, options: DisassembleOptions, record: boolean): { utf8: Uint8Array; links: RangeTree | undefined } {
  const done = (printer: Printer, utf8: Uint8Array) => ({ utf8, links: printer.links && !printer.links.lost ? printer.links.tree() : undefined });
  if (options.maxDepth !== undefined) {
    const printer = new Disassembler(bytes, options, record).run();
    return done(printer, printer.finishBytes()!);
  }
  for (let limit = Infinity; ; ) {
    const d = new Disassembler(bytes, { ...options, maxDepth: limit }, record);
    const printer = d.run();
    const next = limit === Infinity ? FALLBACK_MAX_DEPTH : limit >> 1;
    // Nesting no deeper than the next limit prints the same under it: keep this text.
    if (limit === 0 || d.deepest <= next) return done(printer, printer.finishBytes()!);
    const text = printer.finishBytes(maxPadding(printer.unpaddedSize()));
    if (text) return done(printer, text);
    limit = next;
  }
}
