// The match's log, beside the board: newest at the bottom, dice drawn as faces, each entry
// marked with the seat it is about. It keeps to the bottom unless the reader scrolled up.
import { useLayoutEffect, useRef } from "preact/hooks";
import { SeatChip, dieFace, seatLetters } from "../ui";
import type { MatchState } from "./connection";

export function LogPane({ state }: { state: MatchState }) {
  const box = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  // Where this component last scrolled to: the scroll events its own scrolling raises say
  // nothing about the reader.
  const ours = useRef(-1);
  const letters = seatLetters(state.seats.map((s) => s.name));
  // After every render (new entries, or the prompt above growing): keep to the end.
  useLayoutEffect(() => {
    const el = box.current;
    if (el && stick.current) {
      el.scrollTop = el.scrollHeight;
      ours.current = el.scrollTop;
    }
  });
  const shown = state.log.slice(-400);
  return (
    <section class="log" aria-label="Log">
      <h2>Log</h2>
      <ol
        class="log-entries"
        ref={box}
        onScroll={(e) => {
          const el = e.currentTarget;
          if (Math.abs(el.scrollTop - ours.current) < 2) return;
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 30;
        }}
      >
        {shown.map((e) => (
          <li key={`${String(e.seq)}:${e.kind}:${e.text.length}`} class={`log-entry kind-${e.kind}`} data-kind={e.kind}>
            {e.seat !== undefined ? <SeatChip seat={e.seat} letter={letters[e.seat] ?? "?"} /> : <span class="log-dot">·</span>}
            <span class="log-text">
              {e.dice.length > 0 && (
                <span class="log-dice" aria-label={`dice ${e.dice.join(", ")}`}>
                  {e.dice.map(dieFace).join("")}{" "}
                </span>
              )}
              {e.text}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
