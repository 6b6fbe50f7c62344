/**
 * The Go API level a .proto asks for: `option features.(pb.go).api_level = API_OPAQUE;` on the
 * file or on a message (the nearest wins). The feature is extension 1002 of FeatureSet
 * (`pb.go`, a GoFeatures message) whose field 2 is the APILevel enum.
 */
import type { DescFile, DescMessage } from "@bufbuild/protobuf";
import { EDITION_2024 } from "../schema/features.ts";
import { Reader, WireError, WireType } from "../wire/index.ts";
import type { GoApiLevel } from "./struct.ts";

const GO_FEATURES = 1002;
const API_LEVEL = 2;
const LEVELS: Record<number, GoApiLevel> = { 1: "open", 2: "hybrid", 3: "opaque" };

interface Unknown {
  no: number;
  wireType: number;
  data: Uint8Array;
}

function levelIn(features: { $unknown?: Unknown[] } | undefined): GoApiLevel | undefined {
  let level: GoApiLevel | undefined;
  for (const u of features?.$unknown ?? []) {
    if (u.no !== GO_FEATURES || u.wireType !== WireType.LEN) continue;
    // u.data is everything after the tag: the length, then the GoFeatures message.
    try {
      const r = new Reader(u.data).sub();
      while (!r.done) {
        const [no, wt] = r.tag();
        if (wt !== WireType.Varint) r.skip(wt, no);
        else {
          const v = r.int32();
          if (no === API_LEVEL && LEVELS[v]) level = LEVELS[v];
        }
      }
    } catch (e) {
      // protoc wrote these bytes; a broken feature set is left at what was read.
      if (!(e instanceof WireError)) throw e;
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
