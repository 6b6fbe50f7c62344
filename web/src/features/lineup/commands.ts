// What a line-up Worker answers (and the page runs the same when no Worker can start): one
// decoder of the line-up over the bytes, with the schema compiled from the workspace's .proto files.
import { runLineupDecoder, type LineupDecoder, type LineupDecoderName } from "../../../../engine/decode/lineup.ts";
import { compile } from "../../../../engine/schema/index.ts";

export interface LineupRequest {
  decoder: LineupDecoderName;
  /** The workspace's .proto files: name -> text. */
  protos: Record<string, string>;
  type: string;
  bytes: Uint8Array;
}

export const lineupCommands = {
  decode: async (input: LineupRequest): Promise<LineupDecoder> => {
    const compiled = compile(input.protos);
    const desc = compiled.registry?.getMessage(input.type);
    if (!desc) return { name: input.decoder, version: "", ok: false, error: `the schema has no message ${input.type}`, fields: [] };
    return runLineupDecoder(input.decoder, desc, input.bytes, input.protos);
  },
};
