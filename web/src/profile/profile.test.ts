// An account's profile in words (see profile.ts): results from the account's side, the
// matches per game in order. Run by `npm test` (test.mjs), part of `npm run check`.
import { create } from "@bufbuild/protobuf";
import { GameInfoSchema, MatchSummarySchema, OutcomeSchema, ProfileSchema, SeatSummarySchema } from "../gen/hustings/v1/hustings_pb";
import { equal } from "../testkit";
import { accountResult, accountSeats, gamesPlayed, matchCount, seatNames, totalMatches } from "./profile";

const match = (game: string, holders: string[], winners: number[] | undefined, extra: Partial<{ resigned: boolean; forfeit: string }> = {}) =>
  create(MatchSummarySchema, {
    matchId: "m1",
    game,
    seats: holders.map((handle, seat) =>
      create(SeatSummarySchema, { seat, name: ["Democrat", "Republican", "Purple", "Yellow"][seat] ?? `S${seat}`, handle, taken: true }),
    ),
    outcome: winners && create(OutcomeSchema, { winners, draw: winners.length === 0, ...extra }),
  });

export const tests: Record<string, () => void> = {
  "the account's seats are found regardless of the handle's case": () => {
    const m = match("presidency", ["Ada", "bob"], [0]);
    equal(accountSeats(m, "ada").join(), "0");
    equal(accountSeats(m, "BOB").join(), "1");
    equal(accountSeats(m, "cy").length, 0);
    equal(seatNames(m, "ada"), "Democrat");
  },
  "won and lost from the account's side": () => {
    const m = match("presidency", ["ada", "bob"], [0]);
    equal(accountResult(m, "ada").words, "Won");
    equal(accountResult(m, "ada").kind, "won");
    equal(accountResult(m, "bob").words, "Lost");
    equal(accountResult(m, "bob").kind, "lost");
    equal(accountResult(match("presidency", ["ada", "bob"], [1], { resigned: true, forfeit: "resign" }), "ada").words, "Lost (resigned)");
    equal(accountResult(match("presidency", ["ada", "bob"], [1], { forfeit: "timeout" }), "ada").words, "Lost (out of time)");
  },
  "a shared win names the other winners; a draw is a draw": () => {
    equal(accountResult(match("votes-for-women", ["ada", "", "bob"], [0, 2]), "ada").words, "Won with Purple");
    equal(accountResult(match("presidency", ["ada", "bob"], []), "ada").words, "Draw");
    equal(accountResult(match("presidency", ["ada", "bob"], []), "ada").kind, "draw");
  },
  "no seat winning Votes for Women means the Oppobot won": () => {
    equal(accountResult(match("votes-for-women", ["ada"], []), "ada").words, "Lost to the Oppobot");
  },
  "a match without the account or an outcome says so": () => {
    equal(accountResult(match("presidency", ["ada", "bob"], [0]), "cy").kind, "unknown");
    equal(accountResult(match("presidency", ["ada", "bob"], undefined), "ada").kind, "unfinished");
  },
  "matches per game: most played first, named from the catalogue": () => {
    const p = create(ProfileSchema, { matchesPerGame: { "the-vote": 2, presidency: 5, "votes-for-women": 2 } });
    const games = [create(GameInfoSchema, { id: "presidency", name: "The Presidential Race" }), create(GameInfoSchema, { id: "the-vote", name: "The Vote" })];
    equal(
      gamesPlayed(p, games)
        .map((g) => `${g.name}=${g.count}`)
        .join(),
      "The Presidential Race=5,The Vote=2,votes-for-women=2",
    );
    equal(totalMatches(p), 9);
    equal(matchCount(1), "1 match");
    equal(matchCount(9), "9 matches");
  },
};
