// Ratings in words (docs/ratings.md): a rating with the "?" of a provisional one, its 95%
// interval, a leaderboard's filter, and which variants can be rated. Pure functions of the
// server's messages (tested in ratings.test.ts).
import { LeaderboardFilter } from "../gen/hustings/v1/hustings_pb";
import type { GameInfo, PlayerRating } from "../gen/hustings/v1/hustings_pb";
import { count } from "../words";

/** "1620", or "1620?" while the rating is provisional (as Lichess marks them). */
export function ratingText(r: PlayerRating): string {
  return `${r.rating}${r.provisional ? "?" : ""}`;
}

/** The 95% interval, "1480–1760", for a tooltip and the profile's table. */
export function intervalText(r: PlayerRating): string {
  return `${r.low}–${r.high}`;
}

/** "1620? · 3 games", the line under a name. */
export function ratingLine(r: PlayerRating): string {
  return `${ratingText(r)} · ${count(r.games, "game")}`;
}

/** The leaderboard's filters, in the order the page offers them. */
export const FILTERS: { filter: LeaderboardFilter; id: string; name: string }[] = [
  { filter: LeaderboardFilter.UNSPECIFIED, id: "all", name: "People and bots" },
  { filter: LeaderboardFilter.PEOPLE, id: "people", name: "People" },
  { filter: LeaderboardFilter.BOTS, id: "bots", name: "Bots" },
];

/** The filter an address names ("people", "bots"), everyone otherwise. */
export function filterOf(id: string | undefined): LeaderboardFilter {
  return FILTERS.find((f) => f.id === id)?.filter ?? LeaderboardFilter.UNSPECIFIED;
}

/** The variants that can be rated: every side held by a player (a solitaire against the
 * game's automaton has one seat and no opponent to compare with). */
export function ratedVariants(game: GameInfo | undefined): GameInfo["variants"] {
  return (game?.variants ?? []).filter((v) => v.maxSeats >= 2);
}

/** The variant's name, or its id when the catalogue does not know it. */
export function variantName(games: GameInfo[] | undefined, game: string, variant: string): string {
  return games?.find((g) => g.id === game)?.variants.find((v) => v.id === variant)?.name ?? variant;
}
