// Every valid reading of the selected length-delimited or fixed-width field: the same bytes as a
// string, a sub-message, packed varints, a float or an integer, as the engine can read them.
import { useMemo } from "react";
import { useAppStore } from "../../store/index.ts";
import { chainAt } from "../../../../engine/explain/context.ts";
import { useEngine } from "../runner/lazyEngine.ts";
import { byteRangeText } from "../../../../engine/explain/range.ts";

/** Wire types whose payload has more than one reading: I64, LEN, I32. */
const READABLE = new Set([1, 2, 5]);

export function ReadingsPanel() {
  const result = useAppStore((s) => s.result);
  const selectedRange = useAppStore((s) => s.selectedRange);

  const target = useMemo(() => {
    if (!result || !selectedRange) return undefined;
    const chain = chainAt(result.annotations, selectedRange.start);
    // The innermost whole field with a readable wire type; its payload follows the tag and length.
    for (let d = chain.length - 1; d >= 0; d--) {
      const node = chain[d]!;
      if (node.wireType === undefined || !READABLE.has(node.wireType) || node.kind === "tag") continue;
      let start = node.bytes[0];
      for (const child of node.children ?? []) if (child.kind === "tag" || child.kind === "length") start = Math.max(start, child.bytes[1]);
      return { node, start, end: node.bytes[1], wireType: node.wireType };
    }
    return undefined;
  }, [result, selectedRange]);

  const engineModule = useEngine();
  const readings = useMemo(() => {
    if (!result || !target || !engineModule) return [];
    try {
      return engineModule.readings(result.bytes, target.start, target.end, target.wireType);
    } catch {
      return [];
    }
  }, [result, target, engineModule]);

  const valid = readings.filter((r) => r.valid);
  const invalid = readings.filter((r) => !r.valid);

  if (!target) {
    return <p className="readings-empty">Select a length-delimited (LEN) or fixed-width (I32, I64) field to see every way its bytes can be read.</p>;
  }
  return (
    <div className="readings">
      <p>
        Field {target.node.field ?? "?"}
        {target.node.name ? ` (${target.node.name})` : ""}, payload {byteRangeText(target.start, target.end)}:
      </p>
      {valid.length === 0 ? (
        <p>No reading applies to all of these bytes.</p>
      ) : (
        <table className="readings-table">
          <thead>
            <tr>
              <th scope="col">read as</th>
              <th scope="col">value</th>
            </tr>
          </thead>
          <tbody>
            {valid.map((r) => (
              <tr key={r.kind}>
                <th scope="row">{r.kind}</th>
                <td>
                  <code>{r.value}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {invalid.length > 0 && (
        <p className="reading-invalid">
          Not valid here:{" "}
          {invalid.map((r) => `${r.kind}${r.reason ? ` (${r.reason}${r.errorAt !== undefined ? ` at byte ${r.errorAt}` : ""})` : ""}`).join("; ")}
        </p>
      )}
    </div>
  );
}
