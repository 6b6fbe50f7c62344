/**
 * The 64-bit Go struct protoc-gen-go v1.36.11 generates for a message, under the open, hybrid
 * and opaque APIs (hybrid has the open layout unless built with the `protoopaque` tag).
 *
 * What the generator emits, in order: `state protoimpl.MessageState`; one Go field per proto
 * field in declaration order, a oneof as one interface field where its first member stands;
 * under opaque, when any field keeps its presence in the bitmap, `XXX_raceDetectHookData` and
 * `XXX_presence [N]uint32` (one bit per struct field, a oneof counting once); `extensionFields`
 * when the message has extension ranges; `unknownFields`; `sizeCache`. Field types: explicit
 * presence makes scalars pointers under open (`*int32`) and keeps them inline under opaque (a
 * presence bit instead); strings with presence stay `*string` under both; bytes are always
 * `[]byte`; messages `*T`; repeated `[]T`, repeated messages `[]*T` (opaque: `*[]*T`); maps
 * `map[K]V`. Offsets follow Go's rules for amd64/arm64: each field at a multiple of its
 * alignment, the struct padded to a multiple of its largest alignment.
 */
import type { DescEnum, DescField, DescMessage, DescOneof } from "@bufbuild/protobuf";
import { ScalarType } from "@bufbuild/protobuf";
import { goFieldName, goIdent, goOneofName } from "./names.ts";

export type GoApiLevel = "open" | "hybrid" | "opaque";

export const GO_API_LEVELS: readonly GoApiLevel[] = ["open", "hybrid", "opaque"];

export interface GoStructField {
  /** The Go field name, e.g. `BackendServer`, `xxx_hidden_BackendServer`, `sizeCache`. */
  go: string;
  /** The proto field name, `oneof:NAME` for a oneof's interface field; absent for internal fields. */
  proto?: string;
  offset: number;
  size: number;
  align: number;
  /** The type as the generated source spells it, e.g. `*string`, `protoimpl.MessageState`. */
  goType: string;
  /** What the word holds, for views: a pointer to a heap object, a slice header, a map, ... */
  shape: "inline" | "pointer" | "slice" | "string" | "map" | "interface" | "internal";
  /** The proto field's presence lives in XXX_presence (opaque). */
  presenceBit?: number;
}

export interface GoStructLayout {
  /** Full proto name, e.g. `wl.led.LogEntry`. */
  type: string;
  /** The Go type name, e.g. `LogEntry`, `Shape_Point`. */
  goName: string;
  api: GoApiLevel;
  size: number;
  align: number;
  fields: GoStructField[];
  /** Gaps the compiler leaves for alignment, [offset, offset + size). */
  padding: { offset: number; size: number }[];
}

interface GoType {
  goType: string;
  size: number;
  align: number;
  shape: GoStructField["shape"];
}

const t = (goType: string, size: number, align: number, shape: GoStructField["shape"]): GoType => ({ goType, size, align, shape });

/** Go type of a scalar proto kind, without presence. */
export function scalarGoType(s: ScalarType): GoType {
  switch (s) {
    case ScalarType.BOOL:
      return t("bool", 1, 1, "inline");
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return t("int32", 4, 4, "inline");
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return t("uint32", 4, 4, "inline");
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64:
      return t("int64", 8, 8, "inline");
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
      return t("uint64", 8, 8, "inline");
    case ScalarType.FLOAT:
      return t("float32", 4, 4, "inline");
    case ScalarType.DOUBLE:
      return t("float64", 8, 8, "inline");
    case ScalarType.STRING:
      return t("string", 16, 8, "string");
    case ScalarType.BYTES:
      return t("[]byte", 24, 8, "slice");
  }
}

const enumGoType = (e: DescEnum): GoType => t(goIdent(e), 4, 4, "inline");

/** Whether a field has explicit presence (Go's FieldDescriptor.HasPresence). */
export function hasPresence(f: DescField): boolean {
  if (f.fieldKind === "list" || f.fieldKind === "map") return false;
  if (f.fieldKind === "message" || f.oneof !== undefined) return true;
  // 1 EXPLICIT, 2 IMPLICIT, 3 LEGACY_REQUIRED.
  return f.presence !== 2;
}

/** Whether an opaque struct keeps the field's presence in XXX_presence (lazy fields aside). */
export function usesPresenceBit(f: DescField): boolean {
  if (f.oneof !== undefined || f.fieldKind === "map" || f.fieldKind === "message") return false;
  return hasPresence(f);
}

function mapValueGoType(f: DescField & { fieldKind: "map" }): string {
  switch (f.mapKind) {
    case "scalar":
      return scalarGoType(f.scalar).goType;
    case "enum":
      return goIdent(f.enum);
    case "message":
      return `*${goIdent(f.message)}`;
  }
}

function fieldGoType(f: DescField, opaque: boolean): GoType {
  switch (f.fieldKind) {
    case "list": {
      if (f.listKind === "message") return opaque ? t(`*[]*${goIdent(f.message)}`, 8, 8, "pointer") : t(`[]*${goIdent(f.message)}`, 24, 8, "slice");
      const elem = f.listKind === "enum" ? goIdent(f.enum) : scalarGoType(f.scalar).goType;
      return t(`[]${elem}`, 24, 8, "slice");
    }
    case "map":
      return t(`map[${scalarGoType(f.mapKey).goType}]${mapValueGoType(f)}`, 8, 8, "map");
    case "message":
      return t(`*${goIdent(f.message)}`, 8, 8, "pointer");
    case "enum":
    case "scalar": {
      const base = f.fieldKind === "enum" ? enumGoType(f.enum) : scalarGoType(f.scalar);
      if (f.fieldKind === "scalar" && f.scalar === ScalarType.BYTES) return base;
      const pointer = hasPresence(f) && (!opaque || (f.fieldKind === "scalar" && f.scalar === ScalarType.STRING));
      return pointer ? t(`*${base.goType}`, 8, 8, "pointer") : base;
    }
  }
}

/** The Go struct of `message` under `api`. */
export function goStructLayout(message: DescMessage, api: GoApiLevel): GoStructLayout {
  const opaque = api === "opaque";
  const fields: Omit<GoStructField, "offset">[] = [];
  fields.push({ go: "state", goType: "protoimpl.MessageState", size: 8, align: 8, shape: "internal" });
  let presenceFields = 0;
  let anyPresence = false;
  const seenOneofs = new Set<DescOneof>();
  for (const member of message.members) {
    if (member.kind === "oneof") {
      if (seenOneofs.has(member)) continue;
      seenOneofs.add(member);
      const name = goOneofName(member);
      fields.push({ go: opaque ? `xxx_hidden_${name}` : name, proto: `oneof:${member.name}`, goType: `is${goIdent(message)}_${name}`, size: 16, align: 8, shape: "interface" });
      presenceFields++;
      continue;
    }
    const f = member;
    const type = fieldGoType(f, opaque);
    const name = goFieldName(f);
    const entry: Omit<GoStructField, "offset"> = { go: opaque ? `xxx_hidden_${name}` : name, proto: f.name, goType: type.goType, size: type.size, align: type.align, shape: type.shape };
    if (opaque && usesPresenceBit(f)) {
      entry.presenceBit = presenceFields;
      anyPresence = true;
    }
    presenceFields++;
    fields.push(entry);
  }
  if (opaque && anyPresence) {
    fields.push({ go: "XXX_raceDetectHookData", goType: "protoimpl.RaceDetectHookData", size: 0, align: 1, shape: "internal" });
    const words = Math.ceil(presenceFields / 32);
    fields.push({ go: "XXX_presence", goType: `[${words}]uint32`, size: 4 * words, align: 4, shape: "internal" });
  }
  if (message.proto.extensionRange.length > 0) fields.push({ go: "extensionFields", goType: "protoimpl.ExtensionFields", size: 8, align: 8, shape: "internal" });
  fields.push({ go: "unknownFields", goType: "protoimpl.UnknownFields", size: 24, align: 8, shape: "internal" });
  fields.push({ go: "sizeCache", goType: "protoimpl.SizeCache", size: 4, align: 4, shape: "internal" });

  let offset = 0;
  let align = 1;
  const placed: GoStructField[] = [];
  const padding: GoStructLayout["padding"] = [];
  for (const f of fields) {
    const at = Math.ceil(offset / f.align) * f.align;
    if (at > offset) padding.push({ offset, size: at - offset });
    placed.push({ ...f, offset: at });
    offset = at + f.size;
    align = Math.max(align, f.align);
  }
  const size = Math.ceil(offset / align) * align;
  if (size > offset) padding.push({ offset, size: size - offset });
  return { type: message.typeName, goName: goIdent(message), api, size, align, fields: placed, padding };
}
