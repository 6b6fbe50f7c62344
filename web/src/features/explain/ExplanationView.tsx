// Renders one engine Explanation (engine/explain/types.ts): the title, the range, warnings, then
// each section's bytes (bits, with a varint's continuation bit set apart), its arithmetic as a
// list of labelled steps, code points and sentences. Nothing here computes: it only shows.
import type { ExplainSection, Explanation } from "../../../../engine/explain/types.ts";

function Rows({ section, focus }: { section: ExplainSection; focus: number }) {
  if (section.rows.length === 0) return null;
  const varint = section.rows.some((r) => r.continuation !== undefined);
  return (
    <table className="explain-rows">
      <thead>
        <tr>
          <th scope="col">byte</th>
          <th scope="col">hex</th>
          <th scope="col">{varint ? "more? · 7 bits" : "bits"}</th>
          <th scope="col">meaning</th>
        </tr>
      </thead>
      <tbody>
        {section.rows.map((r) => (
          <tr key={r.offset} className={r.offset === focus ? "is-focus" : undefined} aria-current={r.offset === focus ? "true" : undefined}>
            <td>{r.offset}</td>
            <td>
              <code>{r.hex}</code>
            </td>
            <td>
              {r.continuation !== undefined ? (
                <code>
                  <span className="explain-cont">{r.continuation}</span> {r.payload}
                </code>
              ) : (
                <code>{r.bits}</code>
              )}
            </td>
            <td>{r.note}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Section({ section, focus }: { section: ExplainSection; focus: number }) {
  return (
    <section className="explain-section" aria-label={section.heading}>
      <h4>{section.heading}</h4>
      <Rows section={section} focus={focus} />
      {section.facts.length > 0 && (
        <dl className="explain-facts">
          {section.facts.map((f, i) => (
            <div key={i}>
              <dt>{f.label}</dt>
              <dd>
                <code>{f.value}</code>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {section.codePoints && section.codePoints.length > 0 && (
        <ul className="explain-codepoints" aria-label="Code points">
          {section.codePoints.map((c) => (
            <li key={c.start} className={focus >= c.start && focus < c.end ? "is-focus" : undefined}>
              <span className="explain-char">{c.shown}</span> <code>{c.codePoint}</code> <code className="explain-hex">{c.hex}</code>
            </li>
          ))}
        </ul>
      )}
      {section.sentences.map((s, i) => (
        <p key={i}>{s}</p>
      ))}
    </section>
  );
}

export function ExplanationView({ explanation }: { explanation: Explanation }) {
  const e = explanation;
  return (
    <article className="explanation" aria-labelledby="explain-title">
      <h3 id="explain-title">{e.title}</h3>
      <p className="explain-range">
        {e.range}
        {e.where ? ` · ${e.where}` : ""}
      </p>
      {e.warnings.map((w, i) => (
        <p key={i} className="explain-warning" role="note">
          <strong>Never written by protoc: </strong>
          {w}
        </p>
      ))}
      {e.sections.map((s, i) => (
        <Section key={i} section={s} focus={e.focus} />
      ))}
    </article>
  );
}
