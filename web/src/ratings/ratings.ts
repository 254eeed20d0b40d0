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

/** One point of a rating's history as the chart reads it. */
export interface ChartPoint {
  rating: number;
  low: number;
  high: number;
}

/** Where a history is drawn in a `w`×`h` box: each point's x and y, the line through
 * them, the 95% band around it as a closed path, and the scale's bottom and top values
 * (rounded out to 100s). The first point sits at the left edge and the last at the right;
 * a lone point in the middle. */
export function chartGeometry(
  points: ChartPoint[],
  w: number,
  h: number,
): { xs: number[]; ys: number[]; line: string; band: string; bottom: number; top: number } {
  if (points.length === 0) return { xs: [], ys: [], line: "", band: "", bottom: 0, top: 0 };
  const bottom = Math.floor(Math.min(...points.map((p) => p.low)) / 100) * 100;
  const top = Math.ceil(Math.max(...points.map((p) => p.high)) / 100) * 100;
  const span = Math.max(top - bottom, 1);
  const y = (v: number) => Math.round((h - ((v - bottom) / span) * h) * 10) / 10;
  const n = points.length;
  const xs = points.map((_, i) => (n === 1 ? w / 2 : Math.round(((i * w) / (n - 1)) * 10) / 10));
  const ys = points.map((p) => y(p.rating));
  const line = xs.map((x, i) => `${i === 0 ? "M" : "L"}${x} ${ys[i] ?? 0}`).join(" ");
  const upper = xs.map((x, i) => `${x} ${y(points[i]?.high ?? 0)}`);
  const lower = xs.map((x, i) => `${x} ${y(points[i]?.low ?? 0)}`).reverse();
  const band = `M${[...upper, ...lower].join(" L")} Z`;
  return { xs, ys, line, band, bottom, top };
}

/** The chart's words for a screen reader: "1500 to 1620 over 3 rated matches". */
export function chartSummary(points: ChartPoint[]): string {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return "No rated matches yet";
  return `${first.rating} to ${last.rating} over ${count(points.length, "rated match", "rated matches")}`;
}

/** The share of matches won, rounded: "67%"; "–" before any. */
export function winRate(won: number, played: number): string {
  return played > 0 ? `${Math.round((won * 100) / played)}%` : "–";
}
