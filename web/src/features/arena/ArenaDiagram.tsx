// The arena drawn at one step: each chunk a bar scaled to its size (with the back-pointer slot
// at its end), the blocks handed out (live, dangling after a Reset, or running past the chunk's
// real end), the bump pointer, and the tails left unused when the arena moved on.
import type { ArenaSnapshot } from "../../../../engine/arena/index.ts";

const WIDTH = 640;
const LEFT = 84;
const ROW = 46;
const BAR = 24;
const SLOT = 10;
const MIN_BAR = 36;
/** Room kept right of the chunks when a block runs past a chunk's end: its bar and its label. */
const OVERFLOW_ROOM = 200;
const LABEL_ROOM = 190;

/** How many bytes block `b` writes past the real end of a chunk of `bytes`. */
function pastEnd(b: { offset: number; size: number }, bytes: number): number {
  return b.offset + b.size - Math.max(b.offset, bytes);
}

export function ArenaDiagram({ snap }: { snap: ArenaSnapshot }) {
  const maxBytes = Math.max(64, ...snap.chunks.map((c) => c.bytes));
  const bytesOf = new Map(snap.chunks.map((c) => [c.index, c.bytes]));
  const overflows = snap.blocks.some((b) => b.overflow && pastEnd(b, bytesOf.get(b.chunk ?? -1) ?? Infinity) > 0);
  const usable = WIDTH - LEFT - SLOT - 16 - (overflows ? OVERFLOW_ROOM : 0);
  const scale = (bytes: number) => Math.max(MIN_BAR, (bytes / maxBytes) * usable);
  const height = Math.max(1, snap.chunks.length) * ROW + 10;
  const reg = snap.registers;
  return (
    <svg
      className="arena-diagram"
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-label={`Arena at step ${snap.step}: ${snap.chunks.length} chunk${snap.chunks.length === 1 ? "" : "s"}, ${snap.blocks.filter((b) => b.live).length} live blocks`}
      data-step={snap.step}
    >
      <defs>
        <pattern id="arena-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="6" height="6" className="arena-hatch-bg" />
          <line x1="0" y1="0" x2="0" y2="6" className="arena-hatch-line" />
        </pattern>
      </defs>
      {snap.chunks.length === 0 && (
        <text x={LEFT} y={24} className="arena-empty">
          No chunk yet: the first allocation opens one.
        </text>
      )}
      {snap.chunks.map((c, i) => {
        const y = 8 + i * ROW;
        const w = scale(c.bytes);
        const px = (bytes: number) => LEFT + (bytes / c.bytes) * w;
        const live = snap.blocks.filter((b) => b.chunk === c.index && b.live);
        const usedEnd = c.current ? reg.offset : Math.max(0, ...live.map((b) => b.offset + b.size));
        return (
          <g key={c.index} className={`arena-chunk${c.current ? " is-current" : ""}`} data-chunk={c.index} data-words={c.words}>
            <text x={4} y={y + 16} className="arena-label">
              #{c.index} · {c.words}w
            </text>
            <rect x={LEFT} y={y} width={w} height={BAR} className="arena-free" />
            {!c.current && live.length > 0 && usedEnd < c.bytes && <rect x={px(usedEnd)} y={y} width={px(c.bytes) - px(usedEnd)} height={BAR} fill="url(#arena-hatch)" className="arena-wasted" data-wasted={c.bytes - usedEnd} />}
            <rect x={LEFT + w} y={y} width={SLOT} height={BAR} className="arena-slot">
              <title>back-pointer slot: the chunk's last word points at the arena, so the GC keeps the arena alive while any block is</title>
            </rect>
            {snap.blocks
              .filter((b) => b.chunk === c.index)
              .map((b) => {
                const x = px(Math.min(b.offset, c.bytes));
                const inside = Math.max(0, Math.min(b.size, c.bytes - b.offset));
                const past = pastEnd(b, c.bytes);
                // To scale where it fits, never thinner than a readable bar, with its size written beside it.
                const pastWidth = Math.min(60, Math.max(24, (past / c.bytes) * w));
                return (
                  <g key={b.index} data-block={b.index} data-offset={b.offset} data-size={b.size}>
                    {inside > 0 && (
                      <rect x={x} y={y + 2} width={Math.max(1.5, (inside / c.bytes) * w - 1)} height={BAR - 4} className={b.live ? "arena-block" : "arena-block is-dangling"}>
                        <title>{`allocation ${b.index}: ${b.size} bytes at +${b.offset}${b.live ? "" : " (before the last Reset: dangling)"}`}</title>
                      </rect>
                    )}
                    {b.overflow && past > 0 && (
                      <>
                        <rect x={LEFT + w + SLOT} y={y + 2} width={pastWidth} height={BAR - 4} className="arena-block is-overflow" data-past={past}>
                          <title>{`allocation ${b.index} runs ${past} bytes past the chunk's real end`}</title>
                        </rect>
                        <text x={LEFT + w + SLOT + pastWidth + 4} y={y + 16} className="arena-overflow-label">
                          +{past} B past the end
                        </text>
                      </>
                    )}
                  </g>
                );
              })}
            {c.current && (
              <g className="arena-bump" data-bump-offset={reg.offset} data-left={reg.left}>
                <line x1={px(Math.min(reg.offset, c.bytes))} x2={px(Math.min(reg.offset, c.bytes))} y1={y - 4} y2={y + BAR + 4} />
                {/* Near the right edge the label ends at the pointer instead of starting there. */}
                <text
                  x={px(Math.min(reg.offset, c.bytes)) + (px(Math.min(reg.offset, c.bytes)) > WIDTH - LABEL_ROOM ? -3 : 3)}
                  y={y + BAR + 12}
                  textAnchor={px(Math.min(reg.offset, c.bytes)) > WIDTH - LABEL_ROOM ? "end" : "start"}
                  className="arena-bump-label"
                >
                  next +{reg.offset}, {reg.left} words left
                </text>
              </g>
            )}
          </g>
        );
      })}
    </svg>
  );
}
