/** Descriptor-walking encode and decode (eager or lazy) over plain message objects. */
export { Decoder, type ObjectCounts } from "./decode.ts";
export { Encoder } from "./encode.ts";
export { canonical } from "./plain.ts";
