// The match's log, beside the board: newest at the bottom, dice drawn as faces, each entry
// marked with the seat it is about. It keeps to the bottom unless the reader scrolled up.
// A run of repeated steps (see logGroups.ts) is one line that opens to show its entries.
import { useLayoutEffect, useRef } from "preact/hooks";
import type { LogEntry } from "../gen/hustings/v1/hustings_pb";
import { SeatChip, dieFace, seatLetters } from "../ui";
import type { MatchState } from "./connection";
import { groupLog } from "./logGroups";

/** A stable key for an entry (a service entry shares its `seq` with the next game entry). */
const keyOf = (e: LogEntry) => `${String(e.seq)}:${e.kind}:${e.text.length}`;

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
        // Focusable, so that a keyboard can scroll back through it (axe,
        // scrollable-region-focusable).
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          if (Math.abs(el.scrollTop - ours.current) < 2) return;
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 30;
        }}
      >
        {groupLog(shown).map((line) => {
          if (line.type === "entry") {
            const e = line.entry;
            return (
              <li key={keyOf(e)} class={`log-entry kind-${e.kind}`} data-kind={e.kind}>
                <Who entry={e} letters={letters} />
                <span class="log-text">
                  <EntryText entry={e} />
                </span>
              </li>
            );
          }
          const [first] = line.entries;
          if (!first) return null;
          // The group's line is a `.log-entry` like any other (its kind, its seat), so what
          // counts or reads the log's lines sees one line; its steps are `.log-step`s.
          return (
            <li key={`group:${keyOf(first)}`} class={`log-entry log-group kind-${first.kind}`} data-kind={first.kind}>
              <Who entry={first} letters={letters} />
              <details class="log-fold">
                <summary class="log-text">
                  {line.summary}
                  <span class="sr-only"> ({line.entries.length} log entries)</span>
                </summary>
                <ol class="log-steps">
                  {line.entries.map((e) => (
                    <li key={keyOf(e)} class="log-step">
                      <EntryText entry={e} />
                    </li>
                  ))}
                </ol>
              </details>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The seat's chip, or a dot for an entry about no seat. */
function Who({ entry, letters }: { entry: LogEntry; letters: string[] }) {
  return entry.seat !== undefined ? <SeatChip seat={entry.seat} letter={letters[entry.seat] ?? "?"} /> : <span class="log-dot">·</span>;
}

/** The entry's dice, drawn as faces, then its text. */
function EntryText({ entry }: { entry: LogEntry }) {
  return (
    <>
      {entry.dice.length > 0 && (
        <span class="log-dice" aria-label={`dice ${entry.dice.join(", ")}`}>
          {entry.dice.map(dieFace).join("")}{" "}
        </span>
      )}
      {entry.text}
    </>
  );
}
