/**
 * Message types of the small schemas some suites carry as text, compiled at run time by the
 * engine (as a lesson compiles a learner's schema), each suite's own file on its own.
 */
import type { DescMessage } from "@bufbuild/protobuf";
import { compile } from "../../schema/index.ts";

/**
 * Compiles `proto` as the single file `file` and returns the messages `names` asks for (key to
 * full name); throws with the compiler's diagnostics when one of them is missing.
 */
export function compiledMessages<K extends string>(file: string, proto: string, names: Readonly<Record<K, string>>): Record<K, DescMessage> {
  const result = compile({ [file]: proto });
  const out = {} as Record<K, DescMessage>;
  for (const key of Object.keys(names) as K[]) {
    const type = result.registry?.getMessage(names[key]);
    if (!type) throw new Error(`${file} does not compile: ${result.diagnostics.map((d) => d.message).join("; ")}`);
    out[key] = type;
  }
  return out;
}

/** One message of a schema compiled on its own: see compiledMessages. */
export const compiledMessage = (file: string, proto: string, name: string): DescMessage => compiledMessages(file, proto, { type: name }).type;
