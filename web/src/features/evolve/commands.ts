// What the Evolve Worker answers (and the page runs the same when no Worker can start): the
// engine's evolve() over the two versions and the stored bytes.
import { evolve, type EvolveInput, type EvolveResult } from "../../../../engine/evolve/evolve.ts";

export const evolveCommands = {
  evolve: async (input: EvolveInput): Promise<EvolveResult> => evolve(input),
};
