// Who holds a seat, in words, and the order of an account's matches: pure functions of the
// server's messages (tested in seats.test.ts).
import type { MatchSummary, SeatSummary } from "./gen/hustings/v1/hustings_pb";

/** The name a seat's holder joined with, or what the seat waits for. */
export function holderName(s: SeatSummary, botWord: (ai: string) => string = (ai) => `${ai || "any"} bot`): string {
  return s.playerName || (s.bot ? botWord(s.ai) : s.taken ? "player" : "open");
}

/** The account holding a seat, "@ada" (bot accounts: "@greedy-ai (bot)"); "" for a guest. */
export function handleLabel(s: SeatSummary): string {
  if (!s.handle) return "";
  return `@${s.handle}${s.handleBot ? " (bot)" : ""}`;
}

/** The holder in one line: the name, then the account's handle unless the name is it. */
export function holderLine(s: SeatSummary, botWord?: (ai: string) => string): string {
  const name = holderName(s, botWord);
  const handle = handleLabel(s);
  if (!handle) return name;
  return s.playerName.toLowerCase() === s.handle.toLowerCase() ? handle : `${name} ${handle}`;
}

/** An account's matches with those waiting for its choice first (the server sends them so;
 * kept stable otherwise). */
export function myTurnFirst(matches: MatchSummary[]): MatchSummary[] {
  return [...matches.filter((m) => m.myTurn), ...matches.filter((m) => !m.myTurn)];
}
