// Compare mode: up to four payloads side by side under the same settings. Pin the current
// bytes, or load the post's examples (the same bytes as examples/compression/*.pb).
import { useId, useMemo, useState } from "react";
import { useDerived } from "../derived/useDerived.ts";
import { resolvePayloads } from "./payloads.ts";
import { useAppStore } from "../../store/index.ts";
import { MAX_COMPARED, type ComparedPayload } from "./sizesSlice.ts";
import { ALGORITHMS, COMPRESSION_EXAMPLES, POST_SOURCE, POST_URL } from "../../../../engine/compress/index.ts";
import type { CompressSettings } from "../../../../engine/compress/index.ts";
import { ALGORITHM_LABELS, formatPercent } from "./format.ts";
import { SizesChart } from "./SizesChart.tsx";

/** Ready-made sets from the post. */
const PRESETS: { label: string; ids: string[] }[] = [
  {
    label: "The post's four encodings of 0 to 1000",
    ids: ["0-1000-repeated-varint", "0-1000-packed-varint", "0-1000-repeated-fixed32", "0-1000-packed-fixed32"],
  },
  {
    label: "Packed varint vs packed fixed32, small and large values",
    ids: ["0-1000-packed-varint", "0-1000-packed-fixed32", "100000-101000-packed-varint", "100000-101000-packed-fixed32"],
  },
];

function byIds(ids: string[]): ComparedPayload[] {
  return ids.map((id) => ({ kind: "example", id }));
}

export function ComparePanel({ current, settings }: { current: Uint8Array; settings: CompressSettings }) {
  const id = useId();
  const compared = useAppStore((s) => s.compared);
  const setCompared = useAppStore((s) => s.setCompared);
  const add = useAppStore((s) => s.addCompared);
  const payloads = useMemo(() => resolvePayloads(compared), [compared]);
  const [choice, setChoice] = useState(COMPRESSION_EXAMPLES[0]!.id);
  // Measured side by side by the page's derived layer.
  const states = useDerived("compared").answer ?? {};
  const full = payloads.length >= MAX_COMPARED;
  const measuring = payloads.some((p) => states[p.id]?.status !== "done");

  return (
    <section className="sizes-compare" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Compare payloads</h3>
      <div className="sizes-compare-controls">
        <button
          type="button"
          disabled={full}
          onClick={() => {
            // Pins are numbered after the highest one shown, so a restored view keeps counting.
            const n = 1 + Math.max(0, ...compared.map((p) => (p.kind === "pinned" ? Number(p.id.slice("pinned-".length)) || 0 : 0)));
            add({ kind: "pinned", id: `pinned-${n}`, label: `pinned bytes #${n}`, bytes: current.slice() });
          }}
        >
          Pin current bytes
        </button>
        <label htmlFor={`${id}-example`}>Example</label>
        <select id={`${id}-example`} value={choice} onChange={(e) => setChoice(e.target.value)}>
          {COMPRESSION_EXAMPLES.map((e) => (
            <option key={e.id} value={e.id}>
              {e.postName}: {e.title} ({e.post.raw} bytes)
            </option>
          ))}
        </select>
        <button type="button" disabled={full} onClick={() => add(byIds([choice])[0]!)}>
          Add example
        </button>
        {PRESETS.map((preset) => (
          <button key={preset.label} type="button" onClick={() => setCompared(byIds(preset.ids))}>
            {preset.label}
          </button>
        ))}
        <button type="button" disabled={payloads.length === 0} onClick={() => setCompared([])}>
          Clear
        </button>
      </div>
      <p role="status" className="sizes-status">
        {payloads.length === 0
          ? `Nothing pinned yet: pin the current bytes or load examples (up to ${MAX_COMPARED}).`
          : measuring
            ? "Measuring…"
            : `${payloads.length} pinned payload${payloads.length === 1 ? "" : "s"} measured (room for ${MAX_COMPARED}).`}
      </p>
      {payloads.length > 0 && (
        <>
          <table className="sizes-table sizes-compare-table" aria-busy={measuring} data-testid="compare-table">
            <caption>
              Sizes in bytes at DEFLATE level {settings.level} and brotli quality {settings.quality}; “post” is the
              figure quoted in{" "}
              <a href={POST_URL} target="_blank" rel="noreferrer noopener">
                {POST_SOURCE}
              </a>
              .
            </caption>
            <thead>
              <tr>
                <th scope="col">Compressor</th>
                {payloads.map((p, i) => (
                  <th scope="col" key={p.id}>
                    <span data-testid={`compare-${i}-label`}>{p.label}</span>{" "}
                    <button
                      type="button"
                      aria-label={`Remove ${p.label}`}
                      onClick={() => setCompared(compared.filter((q) => q.id !== p.id))}
                    >
                      ×
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(["raw", ...ALGORITHMS] as const).map((alg) => (
                <tr key={alg}>
                  <th scope="row">{alg === "raw" ? "raw" : ALGORITHM_LABELS[alg]}</th>
                  {payloads.map((p, i) => {
                    const answer = states[p.id]?.answer;
                    const row = alg === "raw" ? undefined : answer?.rows.find((r) => r.algorithm === alg);
                    const size = alg === "raw" ? answer?.raw : row?.size;
                    const post = alg === "deflate" ? undefined : p.post?.[alg];
                    return (
                      <td key={p.id} className="num">
                        <span data-testid={`compare-${i}-${alg}`}>{size ?? "…"}</span>
                        {row && <span className="sizes-ratio"> ({formatPercent(row.ratio)})</span>}
                        {post !== undefined && <small className="sizes-post"> post {post}</small>}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          {payloads.some((p) => p.post) && (
            <p className="sizes-help" data-testid="post-note">
              Why “post” differs from ours:{" "}
              <a href={POST_URL} target="_blank" rel="noreferrer noopener">
                the post
              </a>
              's gzip figures match the GNU gzip command, its zlib figures Go's
              compress/zlib and its brotli figures Google's C encoder; we use fflate and brotli-wasm (a Rust port of that
              encoder). Two encoders of the same format at the same level choose different matches, so sizes differ;
              with one encoder, zlib is always deflate + 6 bytes and gzip deflate + 18.
            </p>
          )}
          <div className="sizes-compare-charts">
            {payloads.map((p) => {
              const answer = states[p.id]?.answer;
              return answer ? <SizesChart key={p.id} answer={answer} title={p.label} /> : null;
            })}
          </div>
        </>
      )}
    </section>
  );
}
