// A card play's progress, "cube 3 of 8", from what the view says the game waits for.
//
// Today the view's `pending` names the kind of decision and says how many cubes are left in
// its text ("place cubes (5 left)"); it does not say how many the play had, so the cubes
// already placed are counted from the log, whose entries for this play sit at its end (one
// "cube" or "remove" entry per cube, with the State cards claimed and the states decided
// along the way). When the engine exposes typed pending data (done and total), this one
// function is all that changes.
import type { LogEntry } from "../../gen/hustings/v1/hustings_pb";
import type { VotesForWomenView } from "../../gen/hustings/v1/votes_for_women_pb";

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
  // "place" counts cubes added (or opposing cubes taken off by adding), "remove" opposing
  // cubes removed; removing all the cubes of several states counts states, not cubes.
  const entry = p.kind === "place" ? "cube" : p.kind === "remove" && !p.text.includes("from a state") ? "remove" : "";
  const left = /\((\d+) left\)/.exec(p.text);
  if (!entry || !left) return undefined;
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
  const total = placed + Number(left[1]);
  if (total < 2) return undefined;
  const card = [...v.plays].reverse().find((x) => x.card)?.card?.name;
  const step = `cube ${placed + 1} of ${total}`;
  return { label: card ? `${card}: ${step}` : step, done: placed + 1, total };
}
