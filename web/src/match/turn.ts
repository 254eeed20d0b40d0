// "Your turn" outside the board (issue 39): the tab's title and icon tell a person in
// another tab that the match waits for them.
import { MatchStatus } from "../gen/hustings/v1/hustings_pb";
import type { MatchState } from "./connection";

/** The viewer's seat has a decision of the game to make now (not only a claim or a
 * rematch offered beside someone else's turn). */
export function yourTurn(s: Pick<MatchState, "status" | "prompt" | "toAct">): boolean {
  return s.status === MatchStatus.ACTIVE && s.prompt !== undefined && s.toAct.includes(s.prompt.seat);
}

/** The page's icon: the usual mark, or the mark with an orange dot for "your turn". */
export function setIcon(yours: boolean): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) return;
  link.dataset.plain ??= link.href;
  const dot = "%3Ccircle cx='12.5' cy='3.5' r='3.5' fill='%23f08c00'/%3E%3C/svg%3E";
  link.href = yours ? link.dataset.plain.replace("%3C/svg%3E", dot) : link.dataset.plain;
  link.dataset.turn = yours ? "yours" : "";
}
