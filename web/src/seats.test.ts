// Seat holders in words (the account's handle, a bot account's marker) and an account's
// matches in order (see seats.ts). Run by `npm test` (test.mjs), part of `npm run check`.
import { create } from "@bufbuild/protobuf";
import { MatchSummarySchema, SeatSummarySchema } from "./gen/hustings/v1/hustings_pb";
import { handleLabel, holderLine, holderName, myTurnFirst } from "./seats";
import { equal } from "./testkit";

const seat = (fields: Partial<{ playerName: string; bot: boolean; ai: string; taken: boolean; handle: string; handleBot: boolean }>) =>
  create(SeatSummarySchema, { name: "Democrat", ...fields });

export const tests: Record<string, () => void> = {
  "a guest's seat: the name it joined with, else what it waits for": () => {
    equal(holderLine(seat({ playerName: "Ada", taken: true })), "Ada");
    equal(holderLine(seat({})), "open");
    equal(holderLine(seat({ taken: true })), "player");
    equal(holderName(seat({ bot: true, ai: "greedy" })), "greedy bot");
    equal(holderName(seat({ bot: true })), "any bot");
    equal(handleLabel(seat({ playerName: "Ada", taken: true })), "");
  },
  "an account's seat: the name and the handle, once when they are the same": () => {
    equal(holderLine(seat({ playerName: "Ada Lovelace", taken: true, handle: "ada" })), "Ada Lovelace @ada");
    equal(holderLine(seat({ playerName: "Ada", taken: true, handle: "ada" })), "@ada");
    equal(handleLabel(seat({ handle: "ada" })), "@ada");
  },
  "a bot account's seat is marked as a bot": () => {
    equal(handleLabel(seat({ handle: "greedy-ai", handleBot: true })), "@greedy-ai (bot)");
    equal(
      holderLine(seat({ playerName: "greedy", bot: true, ai: "greedy", taken: true, handle: "greedy-ai", handleBot: true })),
      "greedy @greedy-ai (bot)",
    );
  },
  "the matches waiting for the account come first, in the server's order otherwise": () => {
    const m = (matchId: string, myTurn: boolean) => create(MatchSummarySchema, { matchId, myTurn });
    const order = myTurnFirst([m("a", false), m("b", true), m("c", false), m("d", true)]).map((x) => x.matchId);
    equal(order.join(","), "b,d,a,c");
    equal(myTurnFirst([]).length, 0);
  },
};
