import { describe, expect, it } from "vitest";
import { CORE_FIGURES } from "./figures.ts";
import { expectedAnswer, guessNumber, judgeGuess, predictBlocks } from "./predict.ts";

describe("predictions", () => {
  it("reads a block's name, question, answer line and explanation", () => {
    const prose = "Intro.\n\n```predict ten-bytes\nHow many bytes?\n---\nanswer: {{protoscope-size \"1: -1\"}} bytes\nBecause.\n```\n\n```predict\nUnnamed?\n---\nanswer: 3\n```\n";
    const [a, b] = predictBlocks(prose);
    expect(a).toMatchObject({ name: "ten-bytes", question: "How many bytes?", answer: '{{protoscope-size "1: -1"}} bytes', explanation: "Because." });
    expect(b).toMatchObject({ name: "predict-2", question: "Unnamed?", answer: "3", explanation: "" });
  });

  it("computes the answer with the engine, and reads units, tolerances and choices", () => {
    expect(expectedAnswer('{{protoscope-size "1: -1"}} bytes', { examples: {}, figures: CORE_FIGURES })).toEqual({ kind: "number", value: 11, unit: "bytes", tolerance: { absolute: 0 } });
    expect(expectedAnswer("1.5x within 10%", { examples: {}, figures: CORE_FIGURES })).toEqual({ kind: "number", value: 1.5, unit: "x", tolerance: { relative: 0.1 } });
    expect(expectedAnswer("opaque (open | opaque)", { examples: {}, figures: CORE_FIGURES })).toEqual({ kind: "choice", value: "opaque", choices: ["open", "opaque"] });
    expect(expectedAnswer("maybe (open | opaque)", { examples: {}, figures: CORE_FIGURES })).toEqual({ error: 'answer "maybe" is not one of its choices (open, opaque)' });
  });

  it("reads a guess's first number in any notation", () => {
    expect([guessNumber("10"), guessNumber("about 1,500 bytes"), guessNumber("0x12"), guessNumber("~0.8x"), guessNumber("−3"), guessNumber("no idea")]).toEqual([10, 1500, 18, 0.8, -3, undefined]);
  });

  it("says right, close or off in the learner's terms", () => {
    const bytes = { kind: "number" as const, value: 11, unit: "bytes", tolerance: { absolute: 0 } };
    expect(judgeGuess("11", bytes)).toEqual({ verdict: "right", message: "Right: 11 bytes." });
    expect(judgeGuess("10 bytes", bytes)).toEqual({ verdict: "close", message: "Off by 1 byte (9 % low): it is 11 bytes." });
    expect(judgeGuess("2", bytes)).toEqual({ verdict: "off", message: "Off by 9 bytes (82 % low): it is 11 bytes." });
    expect(judgeGuess("?", bytes)).toEqual({ verdict: "unreadable", message: "Your guess has no number in it; the answer is 11 bytes." });
    const ratio = { kind: "number" as const, value: 1.5, unit: "x", tolerance: { relative: 0.1 } };
    expect(judgeGuess("1.6x", ratio)).toEqual({ verdict: "right", message: "Right, within 10 %: it is 1.5x; you said 1.6." });
    const choice = { kind: "choice" as const, value: "opaque", choices: ["open", "opaque"] };
    expect(judgeGuess("the opaque one", choice).verdict).toBe("right");
    expect(judgeGuess("open", choice)).toEqual({ verdict: "off", message: "Not open: it is opaque." });
  });
});
