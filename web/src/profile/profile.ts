// An account's profile in words: its result in each recent match (from its own side), its
// matches per game in order, the date it joined. Pure functions of the server's messages
// (tested in profile.test.ts).
import type { GameInfo, MatchSummary, Profile } from "../gen/hustings/v1/hustings_pb";

/** The seats of `m` the account `handle` holds (handles compare regardless of case). */
export function accountSeats(m: MatchSummary, handle: string): number[] {
  const h = handle.toLowerCase();
  return m.seats.filter((s) => s.handle.toLowerCase() === h).map((s) => s.seat);
}

export type ResultKind = "won" | "lost" | "draw" | "unfinished" | "unknown";

/** A match's result for the account, in words ("Won", "Won with Yellow", "Lost", "Draw"). */
export interface AccountResult {
  kind: ResultKind;
  words: string;
}

function list(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1] ?? ""}`;
}

/** The result of `m` from the side of the account `handle`. No seat won: a draw, except in
 * Votes for Women, where that means its automated opponent (the Oppobot) won — the only
 * game with a player that holds no seat. Winners besides the account's seats are named
 * ("Won with Yellow": partners or a shared win alike). */
export function accountResult(m: MatchSummary, handle: string): AccountResult {
  const o = m.outcome;
  if (!o) return { kind: "unfinished", words: "Not finished" };
  const mine = accountSeats(m, handle);
  if (mine.length === 0) return { kind: "unknown", words: "Finished" };
  if (o.winners.length === 0) {
    return m.game === "votes-for-women" ? { kind: "lost", words: "Lost to the Oppobot" } : { kind: "draw", words: "Draw" };
  }
  if (!o.winners.some((w) => mine.includes(w))) return { kind: "lost", words: o.resigned || o.forfeit ? `Lost (${forfeitWord(o.forfeit)})` : "Lost" };
  const others = o.winners.filter((w) => !mine.includes(w)).map((w) => m.seats[w]?.name ?? `Seat ${w}`);
  return { kind: "won", words: others.length === 0 ? "Won" : `Won with ${list(others)}` };
}

function forfeitWord(forfeit: string): string {
  return forfeit === "timeout" ? "out of time" : forfeit === "abandoned" ? "abandoned" : "resigned";
}

/** The account's seats in `m` by name ("Democrat", "Purple and Yellow"). */
export function seatNames(m: MatchSummary, handle: string): string {
  return list(accountSeats(m, handle).map((n) => m.seats[n]?.name ?? `Seat ${n}`));
}

/** Matches per game, most played first (then by the game's name), with the games' names. */
export function gamesPlayed(p: Profile, games: GameInfo[] | undefined): { game: string; name: string; count: number }[] {
  return Object.entries(p.matchesPerGame)
    .map(([game, count]) => ({ game, name: games?.find((g) => g.id === game)?.name ?? game, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/** The total of matches per game. */
export function totalMatches(p: Profile): number {
  return Object.values(p.matchesPerGame).reduce((a, b) => a + b, 0);
}

/** "1 match", "3 matches". */
export function matchCount(n: number): string {
  return `${n} ${n === 1 ? "match" : "matches"}`;
}

/** A date in the reader's words ("12 March 2025"), and as ISO for `<time datetime>`. */
export function dateOf(ms: bigint | number): { words: string; iso: string } {
  const d = new Date(Number(ms));
  if (Number.isNaN(d.getTime()) || Number(ms) <= 0) return { words: "", iso: "" };
  return { words: d.toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" }), iso: d.toISOString().slice(0, 10) };
}
