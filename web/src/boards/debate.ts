// A Presidential Race debate's result in words, drawn under its dice. Written from the log
// entry's data, never its text: the entry lists the mover, the other and (unless it was a
// tie) the winner in `seats`, and gives the votes taken as `amount`.
import type { LogEntry } from "../gen/hustings/v1/hustings_pb";
import { count } from "../words";

/** "Anna wins and takes 2 votes", or the tie's words; `names` by seat. */
export function debateResult(e: LogEntry, names: readonly string[]): string {
  const winner = e.seats[2];
  if (winner === undefined) return "a tie: no votes change hands";
  const who = names[winner] ?? `Seat ${String(winner)}`;
  return `${who} wins and takes ${count(Number(e.amount ?? 0n), "vote")}`;
}
