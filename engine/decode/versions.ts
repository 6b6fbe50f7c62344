/**
 * The versions the decoder line-up names beside each decoder: the libraries as installed (a test,
 * versions.test.ts, compares them with their package.json) and Wirelab's own for its engine.
 */
/** The decoders, in the order the line-up shows them (here, apart from the decoders themselves, so the page can name them without loading them). */
export const LINEUP_DECODERS = ["wirelab", "@bufbuild/protobuf", "protobufjs"] as const;
export type LineupDecoderName = (typeof LINEUP_DECODERS)[number];

export const LIBRARY_VERSIONS = {
  wirelab: "0.1.0",
  "@bufbuild/protobuf": "2.17.0",
  protobufjs: "8.8.1",
} as const;
