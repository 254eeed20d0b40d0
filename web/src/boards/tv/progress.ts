// A multi-step decision's progress ("marker 3 of 5"), from what the view says the game waits
// for. Today that is `TheVotePending` (its step and `left`) beside the action's targets
// (markers `changed` and votes `suppressed` so far in the Region concerned). When the
// engine exposes typed pending data (done and total), this one function is all that changes.
import type { TheVoteView } from "../../gen/hustings/v1/the_vote_pb";

export interface Progress {
  label: string;
  done: number;
  total: number;
}

/** The progress of the step-by-step decision the view waits for, if it is one. */
export function stepProgress(v: TheVoteView): Progress | undefined {
  const p = v.pending;
  const a = v.action;
  if (!p || !a) return undefined;
  const t = a.targets.find((x) => x.region === p.region);
  const region = v.regions.find((r) => r.id === p.region)?.name ?? p.region;
  const card = a.card?.name;
  if (!t || (p.step !== "flip" && p.step !== "suppress")) return undefined;
  const what = p.step === "flip" ? "marker" : "vote suppressed";
  const done = p.step === "flip" ? t.changed : t.suppressed;
  const total = done + p.left;
  if (total < 2) return undefined;
  const step = `${what} ${done + 1} of ${total}${region ? ` in ${region}` : ""}`;
  return { label: card ? `${card}: ${step}` : step, done: done + 1, total };
}
