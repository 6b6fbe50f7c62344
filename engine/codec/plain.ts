/**
 * A message read field by field into a canonical string (fields in number order, bigints and
 * numbers as decimal, bytes as hex): reading every field also forces every lazy field, so two
 * decoders agree exactly when their strings do.
 */
import type { DescMessage } from "@bufbuild/protobuf";
import { toHex } from "../wire/hex.ts";

type Msg = Record<string, unknown>;

function value(v: unknown, child: DescMessage | undefined): string {
  if (child) return v === undefined ? "null" : canonical(child, v as Msg);
  if (typeof v === "bigint") return `${v}n`;
  if (v instanceof Uint8Array) return `0x${toHex(v, "")}`;
  if (typeof v === "string") return JSON.stringify(v);
  return String(v);
}

export function canonical(desc: DescMessage, m: Msg): string {
  const parts: string[] = [];
  for (const f of [...desc.fields].sort((a, b) => a.number - b.number)) {
    const v = m[f.localName];
    const child = f.fieldKind === "message" || (f.fieldKind === "list" && f.listKind === "message") ? (f as { message: DescMessage }).message : undefined;
    if (f.fieldKind === "list") parts.push(`${f.number}:[${(v as unknown[]).map((x) => value(x, child)).join(",")}]`);
    else parts.push(`${f.number}:${value(v, child)}`);
  }
  return `{${parts.join(" ")}}`;
}
