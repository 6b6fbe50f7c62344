// Step through the trace like a debugger: First, Back, "Step n of N", Forward, Last, Play/Pause,
// a speed from 0.25x to 4x, and a scrubber with a mark at every growth and reset.
import { useEffect } from "react";
import { ARENA_SPEEDS } from "./arenaSlice.ts";

export interface ArenaPlayerProps {
  step: number;
  total: number;
  playing: boolean;
  speed: number;
  markers: { step: number; kind: "grow" | "reset" }[];
  onStep(step: number): void;
  onPlaying(playing: boolean): void;
  onSpeed(speed: number): void;
}

/** Milliseconds per step at 1x. */
const BASE_INTERVAL = 700;

export function ArenaPlayer({ step, total, playing, speed, markers, onStep, onPlaying, onSpeed }: ArenaPlayerProps) {
  useEffect(() => {
    if (!playing) return;
    if (step >= total) {
      onPlaying(false);
      return;
    }
    const t = setTimeout(() => onStep(step + 1), BASE_INTERVAL / speed);
    return () => clearTimeout(t);
  }, [playing, step, total, speed, onStep, onPlaying]);

  return (
    <div className="arena-player" role="group" aria-label="Step through the arena">
      <div className="arena-buttons">
        <button type="button" onClick={() => onStep(0)} disabled={step === 0}>
          First
        </button>
        <button type="button" onClick={() => onStep(step - 1)} disabled={step === 0}>
          Back
        </button>
        <output className="arena-step" aria-live="polite" data-testid="arena-step">
          Step {step} of {total}
        </output>
        <button type="button" onClick={() => onStep(step + 1)} disabled={step >= total}>
          Forward
        </button>
        <button type="button" onClick={() => onStep(total)} disabled={step >= total}>
          Last
        </button>
        <button
          type="button"
          aria-pressed={playing}
          onClick={() => {
            if (!playing && step >= total) onStep(0);
            onPlaying(!playing);
          }}
          title="Play or pause (Space)"
        >
          {playing ? "Pause" : "Play"}
        </button>
        <label className="arena-speed">
          Speed{" "}
          <select value={speed} onChange={(e) => onSpeed(Number(e.target.value))}>
            {ARENA_SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}x
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="arena-scrubber">
        <input type="range" min={0} max={total} step={1} value={step} aria-label="Step" aria-valuetext={`Step ${step} of ${total}`} onChange={(e) => onStep(Number(e.target.value))} />
        <svg className="arena-markers" viewBox="0 0 1000 10" preserveAspectRatio="none" aria-hidden="true">
          {markers.map((m) => (
            <rect key={`${m.kind}-${m.step}`} x={(m.step / Math.max(1, total)) * 1000 - 2} y={0} width={4} height={10} className={`arena-marker is-${m.kind}`} data-marker={m.kind} data-marker-step={m.step} />
          ))}
        </svg>
        <p className="arena-legend-markers">
          <span className="arena-key is-grow" /> growth <span className="arena-key is-reset" /> reset
        </p>
      </div>
    </div>
  );
}
