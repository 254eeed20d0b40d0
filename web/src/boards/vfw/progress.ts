// A cube-by-cube decision's progress, "cube 3 of 8", from what the view says the game waits
// for.
//
// The view's `pending` says it: `cubes_total` (a Campaigner's cubes, a card's cubes) and
// `cubes_done`. Where it gives no total — a card placing one cube into each of a list of
// states (whose total is not fixed: states that cannot take a cube are skipped), or a
// server from before those fields — the cubes already placed are counted from the log,
// whose entries for this play sit at its end (one "cube" or "remove" entry per cube, with
// the State cards claimed and the states decided along the way), beside the pending's `left`
// cubes still to go (a server from before `left` shows no progress there).
import type { LogEntry } from "../../gen/hustings/v1/hustings_pb";
import type { VotesForWomenPending, VotesForWomenView } from "../../gen/hustings/v1/votes_for_women_pb";

export interface Progress {
  label: string;
  done: number;
  total: number;
}

/** Log entries a placement may write between two cubes. */
const ALONG_THE_WAY = new Set(["claim", "decided"]);

/** The progress of the cube-by-cube decision the view waits for, if it is one. */
export function playProgress(v: VotesForWomenView, log: LogEntry[]): Progress | undefined {
  const p = v.pending;
  if (!p) return undefined;
  const step = p.cubesTotal > 1 ? { done: p.cubesDone, total: p.cubesTotal } : fromLog(p, log);
  if (!step || step.total < 2 || step.done >= step.total) return undefined;
  const what = `cube ${step.done + 1} of ${step.total}`;
  // A Campaigner's cubes are its own; a card's are the card's (the play on top of the stack).
  const card = p.kind === "campaign" ? undefined : [...v.plays].reverse().find((x) => x.card)?.card?.name;
  const label = p.kind === "campaign" ? `Campaigning: ${what}` : card ? `${card}: ${what}` : what;
  return { label, done: step.done + 1, total: step.total };
}

/** Cubes placed so far and in all, counted from the end of the log (see the top). */
function fromLog(p: VotesForWomenPending, log: LogEntry[]): { done: number; total: number } | undefined {
  // "place" counts cubes added (or opposing cubes taken off by adding), "remove" opposing
  // cubes removed; removing all the cubes of several states counts states, not cubes.
  const entry = p.leftUnit !== "cube" ? "" : p.kind === "place" ? "cube" : p.kind === "remove" ? "remove" : "";
  if (!entry) return undefined;
  let placed = 0;
  let seat: number | undefined;
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i];
    if (!e) break;
    if (ALONG_THE_WAY.has(e.kind)) continue;
    if (e.kind !== entry || (seat !== undefined && e.seat !== seat)) break;
    seat = e.seat;
    placed++;
  }
  return { done: placed, total: placed + p.left };
}
