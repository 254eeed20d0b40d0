// Ratings in words (see ratings.ts). Run by `npm test`.
import { create } from "@bufbuild/protobuf";
import { GameInfoSchema, LeaderboardFilter, PlayerRatingSchema, VariantInfoSchema } from "../gen/hustings/v1/hustings_pb";
import { href, parseRoute } from "../route";
import { equal } from "../testkit";
import { winRate, chartGeometry, chartSummary, filterOf, intervalText, ratedVariants, ratingLine, ratingText, variantName } from "./ratings";

const rating = (r: number, provisional: boolean, games: number) =>
  create(PlayerRatingSchema, { game: "the-vote", variant: "standard", rating: r, low: r - 140, high: r + 140, provisional, games });

const vfw = create(GameInfoSchema, {
  id: "votes-for-women",
  variants: [
    create(VariantInfoSchema, { id: "standard", name: "Standard", minSeats: 2, maxSeats: 2 }),
    create(VariantInfoSchema, { id: "solitaire", name: "Solitaire", minSeats: 1, maxSeats: 1 }),
    create(VariantInfoSchema, { id: "team-4", name: "Four players", minSeats: 4, maxSeats: 4 }),
  ],
});

export const tests: Record<string, () => void> = {
  "a provisional rating carries a question mark, a settled one none": () => {
    equal(ratingText(rating(1620, true, 1)), "1620?");
    equal(ratingText(rating(1620, false, 30)), "1620");
  },
  "the interval and the games played read as a person writes them": () => {
    equal(intervalText(rating(1620, true, 1)), "1480–1760");
    equal(ratingLine(rating(1620, true, 1)), "1620? · 1 game");
    equal(ratingLine(rating(1500, false, 12)), "1500 · 12 games");
  },
  "the address's filter, everyone when it names none": () => {
    equal(filterOf("people"), LeaderboardFilter.PEOPLE);
    equal(filterOf("bots"), LeaderboardFilter.BOTS);
    equal(filterOf(undefined), LeaderboardFilter.UNSPECIFIED);
    equal(filterOf("nonsense"), LeaderboardFilter.UNSPECIFIED);
  },
  "a solitaire has no leaderboard; the team variants do": () => {
    equal(
      ratedVariants(vfw)
        .map((v) => v.id)
        .join(","),
      "standard,team-4",
    );
    equal(variantName([vfw], "votes-for-women", "team-4"), "Four players");
    equal(variantName([vfw], "votes-for-women", "x"), "x");
  },
  "a leaderboard's address names its game, variant and filter, and reads back": () => {
    equal(href.ratings(), "#/ratings");
    equal(href.ratings("the-vote", "standard", "all"), "#/ratings/the-vote/standard");
    equal(href.ratings("the-vote", "standard", "people"), "#/ratings/the-vote/standard/people");
    const r = parseRoute(href.ratings("votes-for-women", "team-4", "bots"));
    equal(r.page === "ratings" ? `${r.game}/${r.variant}/${r.filter}` : r.page, "votes-for-women/team-4/bots");
    const bare = parseRoute("#/ratings");
    equal(bare.page === "ratings" ? String(bare.game) : bare.page, "undefined");
  },
  "the chart spans the box: oldest at the left, newest at the right, higher ratings higher": () => {
    const g = chartGeometry(
      [
        { rating: 1500, low: 1020, high: 1980 },
        { rating: 1620, low: 1200, high: 2040 },
        { rating: 1580, low: 1210, high: 1950 },
      ],
      300,
      100,
    );
    equal(g.xs.join(","), "0,150,300");
    equal(`${g.bottom}-${g.top}`, "1000-2100");
    equal((g.ys[1] ?? 0) < (g.ys[0] ?? 0), true);
    equal((g.ys[2] ?? 0) > (g.ys[1] ?? 0), true);
    equal(g.line.startsWith("M0 "), true);
    equal(g.band.endsWith(" Z"), true);
    equal(chartGeometry([{ rating: 1510, low: 1030, high: 1990 }], 300, 100).xs.join(","), "150");
    equal(chartGeometry([], 300, 100).line, "");
  },
  "the chart's summary says where the rating went": () => {
    equal(
      chartSummary([
        { rating: 1500, low: 0, high: 0 },
        { rating: 1620, low: 0, high: 0 },
      ]),
      "1500 to 1620 over 2 rated matches",
    );
    equal(chartSummary([{ rating: 1540, low: 0, high: 0 }]), "1540 to 1540 over 1 rated match");
    equal(chartSummary([]), "No rated matches yet");
  },
  "a win rate is a rounded share, none before a match": () => {
    equal(winRate(2, 3), "67%");
    equal(winRate(0, 4), "0%");
    equal(winRate(0, 0), "–");
  },
};
