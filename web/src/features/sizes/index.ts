// The Sizes feature: the shell mounts SizesPanel lazily (its chunk, and brotli's, load only when
// sizes are asked for).
export { SizesPanel, default } from "./SizesPanel.tsx";
export type { SizesPanelProps } from "./SizesPanel.tsx";
