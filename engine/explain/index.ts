export { explainByte, explainLeaf } from "./explain.ts";
export { chainAt, contextOf, type LeafContext } from "./context.ts";
export { explanationText, explanationSummary } from "./text.ts";
export { byteRangeText, byteCount } from "./range.ts";
export { readVarintParts, varintLength, type VarintParts } from "./varint.ts";
export type { ByteRow, CodePointRow, ExplainSection, Explanation, Fact } from "./types.ts";
