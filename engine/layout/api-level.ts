/**
 * The Go API level a .proto asks for: `option features.(pb.go).api_level = API_OPAQUE;` on the
 * file or on a message (the nearest wins). The feature is extension 1002 of FeatureSet
 * (`pb.go`, a GoFeatures message) whose field 2 is the APILevel enum.
 */
import type { DescFile, DescMessage } from "@bufbuild/protobuf";
import { EDITION_2024 } from "../schema/features.ts";
import type { GoApiLevel } from "./struct.ts";

const GO_FEATURES = 1002;
const API_LEVEL = 2;
const LEVELS: Record<number, GoApiLevel> = { 1: "open", 2: "hybrid", 3: "opaque" };

interface Unknown {
  no: number;
  wireType: number;
  data: Uint8Array;
}

function readVarint(b: Uint8Array, pos: number): [number, number] {
  let v = 0;
  let mul = 1;
  while (pos < b.length) {
    const byte = b[pos++]!;
    v += (byte & 0x7f) * mul;
    if (byte < 0x80) return [v, pos];
    mul *= 128;
  }
  return [v, pos];
}

function levelIn(features: { $unknown?: Unknown[] } | undefined): GoApiLevel | undefined {
  let level: GoApiLevel | undefined;
  for (const u of features?.$unknown ?? []) {
    if (u.no !== GO_FEATURES || u.wireType !== 2) continue;
    // u.data is everything after the tag: the length, then the GoFeatures message.
    const b = u.data;
    const [length, start] = readVarint(b, 0);
    let pos = start;
    const end = Math.min(b.length, start + length);
    while (pos < end) {
      const [tag, p1] = readVarint(b, pos);
      pos = p1;
      const wt = tag & 7;
      if (wt === 0) {
        const [v, p2] = readVarint(b, pos);
        pos = p2;
        if (tag >>> 3 === API_LEVEL && LEVELS[v]) level = LEVELS[v];
      } else if (wt === 2) {
        const [n, p2] = readVarint(b, pos);
        pos = p2 + n;
      } else if (wt === 1) pos += 8;
      else if (wt === 5) pos += 4;
      else break;
    }
  }
  return level;
}

/**
 * The API level the schema chooses for `message`: its own or an enclosing message's feature, the
 * file's, or edition 2024's default (opaque); undefined when none applies (protoc-gen-go then
 * generates the open API).
 */
export function declaredApiLevel(message: DescMessage): GoApiLevel | undefined {
  for (let m: DescMessage | undefined = message; m; m = m.parent) {
    const l = levelIn(m.proto.options?.features as { $unknown?: Unknown[] } | undefined);
    if (l) return l;
  }
  const file: DescFile = message.file;
  const level = levelIn(file.proto.options?.features as { $unknown?: Unknown[] } | undefined);
  if (level) return level;
  // go_features.proto's edition default: API_OPAQUE from edition 2024 on.
  if (file.proto.syntax === "editions" && file.proto.edition >= EDITION_2024) return "opaque";
  return undefined;
}
