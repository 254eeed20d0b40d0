// Folds the log's runs of one repeated step into one line each, so that one card play that
// places six cubes reads as one or two lines, not six (the log pane shows the steps on
// demand).
//
// The rule is the engine's, given as data (`LogEntry.run` in the proto): consecutive game
// entries with the same seat and the same non-empty `run` are one action repeated, and
// their line is `run` with `{n}` replaced by how many they are and `{places}` by their
// locations, in order ("Suffragist adds 3 purple cubes: VA, VA, NC"). Votes for Women
// gives a `run` to its "cube" steps: a Suffragist adding cubes of both colours in turn gets
// a line per colour run, in order, since which colour went where is part of what happened.
// Nothing here reads an entry's text: anything without a `run` (a card played, a roll, a
// round header, a service entry such as "undo") stands alone and ends a run.
import { Origin, type LogEntry } from "../gen/hustings/v1/hustings_pb";

/** A line of the log pane: one entry as it is, or a run of two or more folded into one. */
export type LogLine = { type: "entry"; entry: LogEntry } | { type: "group"; entries: LogEntry[]; summary: string };

/** The run `e` belongs to, or null when it stands alone. */
function runOf(e: LogEntry): string | null {
  return e.origin === Origin.GAME && e.run !== "" ? e.run : null;
}

/** The log as lines, in order: runs of one repeated step folded, every other entry alone. */
export function groupLog(entries: readonly LogEntry[]): LogLine[] {
  const lines: LogLine[] = [];
  let run: LogEntry[] = [];
  const close = () => {
    const [first] = run;
    if (first && run.length > 1) lines.push({ type: "group", entries: run, summary: summarize(first.run, run) });
    else if (first) lines.push({ type: "entry", entry: first });
  };
  for (const e of entries) {
    const [first] = run;
    const step = runOf(e);
    if (first && step !== null && step === runOf(first) && first.seat === e.seat) {
      run.push(e);
      continue;
    }
    close();
    run = [e];
  }
  close();
  return lines;
}

/** A run's line: its `run` text with the count and the places put in its holes. */
export function summarize(template: string, steps: readonly LogEntry[]): string {
  const places = steps.map((e) => e.location).join(", ");
  return template.replaceAll("{n}", String(steps.length)).replaceAll("{places}", places);
}
