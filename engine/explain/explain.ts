/**
 * Explains any byte from the annotation tree: finds the leaf that holds it and says, in plain
 * words and bits, how those bytes came to be. The view renders the result; nothing here knows a
 * view exists. Never throws on any tree the engine makes, nor on bytes that end early.
 */
import type { Annotation, AnnotationList } from "../annotate/types.ts";
import { chainAt, contextOf, whereText, type LeafContext } from "./context.ts";
import {
  explainBytes,
  explainLength,
  explainString,
  explainUnreadable,
  groupSection,
  lenContext,
  packedSection,
  type PayloadExplanation,
} from "./payload.ts";
import { byteRangeText } from "./range.ts";
import { explainFixed, explainTag, explainVarint, readingsSection, type ScalarExplanation } from "./scalars.ts";
import type { ExplainSection, Explanation } from "./types.ts";

/** The explanation of the byte at `offset`, or undefined when no annotation holds it. */
export function explainByte(bytes: Uint8Array, annotations: AnnotationList, offset: number): Explanation | undefined {
  if (!(offset >= 0 && offset < bytes.length)) return undefined;
  const chain = chainAt(annotations, offset);
  if (chain.length === 0) return undefined;
  return explainLeaf(contextOf(bytes, chain, offset));
}

/** The part of a field a leaf is, when the leaf is a value: what it is read as. */
function describeField(field: Annotation | undefined, type: string | undefined): string | undefined {
  if (!field) return undefined;
  const kind = field.kind === "message" ? "a message" : field.kind === "packed" ? "packed elements" : field.kind === "string" ? "a string" : field.kind === "bytes" ? "bytes" : undefined;
  if (kind === undefined) return type;
  return type !== undefined ? `${kind} (${type})` : kind;
}

export function explainLeaf(ctx: LeafContext): Explanation {
  const { bytes, leaf, field, type, name, focus } = ctx;
  const [start, end] = leaf.bytes;
  let body: ScalarExplanation | PayloadExplanation;
  switch (leaf.kind) {
    case "tag":
    case "group-start":
    case "group-end": {
      const t = explainTag(bytes, start, end, name, type);
      const sections: ExplainSection[] = [t.section];
      if (t.tag.wireType === 3 || t.tag.wireType === 4) {
        // The group node is the tag's parent (the decoder and assembler both nest it so).
        const parent = ctx.chain[ctx.chain.length - 2];
        sections.push(groupSection(leaf, parent?.wireType === 3 ? parent : undefined));
      }
      body = { title: t.title, sections, warnings: t.warnings };
      break;
    }
    case "varint":
    case "zigzag":
      body = explainVarint(bytes, start, end, leaf.kind, type, leaf.value);
      break;
    case "i32":
    case "float":
    case "i64":
    case "double": {
      const width = leaf.kind === "i32" || leaf.kind === "float" ? 4 : 8;
      if (end - start === width) body = explainFixed(bytes, start, leaf.kind, width, type);
      else body = { title: "Raw bytes", sections: [explainUnreadable(bytes, leaf)], warnings: [] };
      break;
    }
    case "length":
      body = explainLength(bytes, start, end, describeField(field, type));
      break;
    case "string": {
      const sections = [explainString(bytes, start, end, focus)];
      const len = lenContext(bytes, field);
      if (len) sections.push(len);
      sections.push(readingsSection(bytes, start, end, 2));
      const chars = sections[0]!.facts.find((f) => f.label === "text (escaped)")!.value;
      body = { title: `String: ${chars}`, sections, warnings: [] };
      break;
    }
    case "bytes": {
      const sections = [explainBytes(bytes, start, end)];
      const len = lenContext(bytes, field);
      if (len) sections.push(len);
      sections.push(readingsSection(bytes, start, end, 2));
      body = { title: `Bytes: ${byteRangeText(start, end)}`, sections, warnings: [] };
      break;
    }
    default:
      body = { title: leaf.kind === "error" ? "Cannot be read" : "Raw bytes", sections: [explainUnreadable(bytes, leaf)], warnings: [] };
  }
  if (ctx.packed) body.sections.push(packedSection(ctx.packed, leaf));
  // A tag's title names the field itself; every other title gets the field's name in front.
  const isTag = leaf.kind === "tag" || leaf.kind === "group-start" || leaf.kind === "group-end";
  const title = name !== undefined && !isTag ? `${name}: ${body.title}` : body.title;
  return {
    title,
    start,
    end,
    range: byteRangeText(start, end),
    focus,
    kind: leaf.kind,
    where: whereText(leaf),
    sections: body.sections,
    warnings: body.warnings,
  };
}
