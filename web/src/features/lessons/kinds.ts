// How the page names each kind of exercise (the CLI contract's `kind`).
import type { ExerciseKind } from "../../../../engine/lessons/index.ts";

export const KIND_WORDS: Record<ExerciseKind, { short: string; long: string }> = {
  write: { short: "Write", long: "Write bytes or text that do something" },
  read: { short: "Read", long: "Say what given bytes mean" },
  fix: { short: "Fix", long: "Repair a schema or a script" },
  predict: { short: "Predict", long: "Give a figure before the engine shows it" },
  design: { short: "Design", long: "Choose an encoding, a layout or a schema" },
};
