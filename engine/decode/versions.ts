/**
 * The versions the decoder line-up names beside each decoder: the libraries as installed (a test,
 * versions.test.ts, compares them with their package.json) and Wirelab's own for its engine.
 */
export const LIBRARY_VERSIONS = {
  wirelab: "0.1.0",
  "@bufbuild/protobuf": "2.17.0",
  protobufjs: "8.8.1",
} as const;
