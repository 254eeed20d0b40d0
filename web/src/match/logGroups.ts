// Folds the log's runs of repeated steps into one line each, so that one card play that
// places six cubes reads as one or two lines, not six (the log pane shows the steps on
// demand).
//
// The rule. Consecutive entries fold into one group when every one of them
//   - is the game's own (a service entry, like "undo", stands alone),
//   - rolled no dice (a roll is news in itself, and its faces are drawn),
//   - names a place (`location`) that its text writes once, as a word: the text with the
//     place cut out is then the step's template ("Suffragist adds a purple cube in _"),
//   - and has the same seat, kind, card, amount, target and template as the first.
// Anything else breaks a run: a line about a card ("plays … as an event"), a roll, a
// round or turn header, a step of another colour, seat or verb. Votes for Women logs one
// "cube" line per cube ("Suffragist adds a yellow cube in CO", "Opposition removes a purple
// cube from WA"), and these are what fold; its other lines with a place ("decided", "vote")
// differ in more than the place, or rolled dice, so they stay single. The Vote's lines name
// a region by its id ("the-west") but write its printed name, so none of them fold: each
// says something different (a marker turned, a vote counted). The Presidential Race's
// lines with a place (a move to a space, a debate) all rolled dice. A Suffragist adding cubes
// of both colours alternately gets a group per colour run, in order: which colour went
// where is part of what happened.
import { Origin, type LogEntry } from "../gen/hustings/v1/hustings_pb";

/** A line of the log pane: one entry as it is, or a run of two or more folded into one. */
export type LogLine = { type: "entry"; entry: LogEntry } | { type: "group"; entries: LogEntry[]; summary: string };

/** Where the place stood in a step's template. */
const HOLE = "\u0000";

/** The entry's text with its place cut out, when the entry may fold (see the rule above). */
export function stepTemplate(e: LogEntry): string | null {
  if (e.origin !== Origin.GAME || e.dice.length > 0 || e.location === "") return null;
  const word = new RegExp(`(?<![\\w-])${e.location.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w-])`, "g");
  const found = e.text.match(word);
  if (found?.length !== 1) return null;
  return e.text.replace(word, HOLE);
}

/** What must match, beyond the template, for two steps to be one action repeated. */
function sameAction(a: LogEntry, b: LogEntry): boolean {
  return a.seat === b.seat && a.kind === b.kind && a.card === b.card && a.amount === b.amount && a.target === b.target;
}

/** The log as lines, in order: runs of one repeated step folded, every other entry alone. */
export function groupLog(entries: readonly LogEntry[]): LogLine[] {
  const lines: LogLine[] = [];
  // The run being gathered: its entries and their template (null: the entry cannot fold).
  let run: LogEntry[] = [];
  let template: string | null = null;
  const close = () => {
    const [first] = run;
    if (run.length > 1) lines.push({ type: "group", entries: run, summary: summarize(template ?? "", run) });
    else if (first) lines.push({ type: "entry", entry: first });
  };
  for (const e of entries) {
    const step = stepTemplate(e);
    const [first] = run;
    if (first && step !== null && step === template && sameAction(first, e)) {
      run.push(e);
      continue;
    }
    close();
    run = [e];
    template = step;
  }
  close();
  return lines;
}

/** Words that only lead to the place ("in NY", "from WA"), dropped before the list. */
const LEAD_IN = /\s+(?:in|from|to|into|at|on)$/;

/**
 * The steps of `template` (as [`stepTemplate`] gives it) taken `steps` times, in words:
 * "Suffragist adds 3 purple cubes: VA, VA, NC". The count goes where the step says "a":
 * the "a …" phrase that ends it, with the noun made plural unless there is one step.
 */
export function summarize(template: string, steps: readonly LogEntry[]): string {
  const n = steps.length;
  const places = steps.map((e) => e.location).join(", ");
  if (!template.endsWith(HOLE)) {
    // The place sits inside the sentence: keep the sentence and list the places after it.
    return `${template.replace(HOLE, "…")} (${String(n)} times: ${places})`;
  }
  const head = template.slice(0, -HOLE.length).trimEnd().replace(LEAD_IN, "");
  const counted = head.replace(/\ban? ((?:[\w-]+ )*)([\w-]+)$/, (_, words: string, noun: string) =>
    `${String(n)} ${words}${n === 1 ? noun : plural(noun)}`,
  );
  return counted === head ? `${head}, ${String(n)} times: ${places}` : `${counted}: ${places}`;
}

/** English plural of a game noun ("cube", "box", "marker"); the log's nouns are regular. */
function plural(noun: string): string {
  return /(?:s|x|z|ch|sh)$/.test(noun) ? `${noun}es` : `${noun}s`;
}
