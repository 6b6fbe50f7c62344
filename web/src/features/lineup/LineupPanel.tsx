// The decoder line-up: the current bytes, read as the input's message type, through three real
// decoders, each in a Worker of its own (engine/decode/lineup.ts decides what each one read). One
// row per field number any decoder reported, one column per decoder; a cell that differs from
// another decoder's is marked, and a decoder that threw says so in its own words.
import { useId } from "react";
import type { LineupDecoder } from "../../../../engine/decode/lineup.ts";
import { isInput } from "../../../../engine/workspace/index.ts";
import { useAppStore } from "../../store/index.ts";
import { useDerived } from "../derived/useDerived.ts";
import "./lineup.css";

type State = { status: "idle" | "running" } | { status: "done"; decoders: LineupDecoder[] };

export function LineupPanel() {
  const id = useId();
  const type = useAppStore((s) => {
    const active = s.files.find((f) => f.name === s.active && isInput(f)) ?? s.files.find(isInput);
    return active && "messageType" in active && active.messageType ? active.messageType : "";
  });
  // Decoded by the page's derived layer, each decoder in its Worker; shown once all three answered.
  const derived = useDerived("lineup");
  const state: State = derived.status === "done" ? { status: "done", decoders: derived.answer } : { status: derived.status === "idle" ? "idle" : "running" };

  const numbers = state.status === "done" ? [...new Set(state.decoders.flatMap((d) => d.fields.map((f) => f.number)))].sort((a, b) => a - b) : [];
  const agree = state.status === "done" && numbers.every((n) => new Set(state.decoders.filter((d) => d.ok).map((d) => d.fields.find((f) => f.number === n)?.value ?? "")).size <= 1) && state.decoders.every((d) => d.ok === state.decoders[0]!.ok);

  return (
    <section className="lineup-panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Decoder line-up</h2>
      <p className="lineup-help">
        The same bytes, read as the input's message type, by three decoders, each in its own Worker: Wirelab's engine (protoc 3.21's rules),
        @bufbuild/protobuf and protobufjs. Where they differ, the cell is marked; where one throws, its own message is shown.
      </p>
      {!type ? (
        <p role="status" className="lineup-status">
          Choose a message type for the input (Message type, above): the decoders need a schema.
        </p>
      ) : state.status !== "done" ? (
        <p role="status" className="lineup-status">
          Decoding in three Workers…
        </p>
      ) : (
        <>
          <p role="status" className="lineup-status" data-testid="lineup-summary">
            {agree ? "All three decoders read the same." : "The decoders disagree: see the marked cells and the errors."}
          </p>
          <div className="lesson-table" role="region" aria-label="Line-up table" tabIndex={0}>
            <table className="lineup-table" data-testid="lineup-table">
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  {state.decoders.map((d) => (
                    <th scope="col" key={d.name} data-decoder={d.name}>
                      {d.name} {d.version}
                      <br />
                      {d.ok ? <span>read the bytes</span> : <span className="lineup-threw">threw: {d.error}</span>}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {numbers.map((n) => {
                  const name = state.decoders.flatMap((d) => d.fields).find((f) => f.number === n)?.name ?? "";
                  const values = state.decoders.map((d) => (d.ok ? (d.fields.find((f) => f.number === n)?.value ?? "") : undefined));
                  const seen = new Set(values.filter((v) => v !== undefined));
                  return (
                    <tr key={n} data-field={n}>
                      <th scope="row">
                        {n} {name}
                      </th>
                      {values.map((v, i) => (
                        <td key={state.decoders[i]!.name} className={v === undefined ? "lineup-missing" : seen.size > 1 ? "lineup-differs" : undefined}>
                          {v === undefined ? "(threw)" : v === "" ? "(not set)" : v}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
