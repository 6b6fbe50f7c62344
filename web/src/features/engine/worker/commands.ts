// Every command the engine Worker answers: plain synchronous engine code, nothing
// Worker-specific. The page runs the same table when it cannot start a Worker.
import { runPipeline, type PipelineInput } from "../pipeline.ts";
import { encodeShareHash } from "../../share/shareLink.ts";
import { packResult, type PackedPipelineResult } from "./packResult.ts";

export const commands = {
  /** The whole engine run for a workspace, packed for transfer. */
  run: (input: PipelineInput): PackedPipelineResult => packResult(runPipeline(input)),
  /** A share link / autosave record; compressing megabytes is worth moving off the page. */
  encodeShare: encodeShareHash,
};
