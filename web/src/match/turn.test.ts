// When the tab says "your turn" (see turn.ts). Run by `npm test`.
import { create } from "@bufbuild/protobuf";
import { MatchStatus, PromptSchema } from "../gen/hustings/v1/hustings_pb";
import { equal } from "../testkit";
import { yourTurn } from "./turn";

const prompt = (seat: number) => create(PromptSchema, { seat, text: "Choose" });

export const tests: Record<string, () => void> = {
  "a decision of the game in an active match is your turn": () => {
    equal(yourTurn({ status: MatchStatus.ACTIVE, prompt: prompt(1), toAct: [1] }), true);
  },
  "a claim or an offer beside someone else's turn is not": () => {
    equal(yourTurn({ status: MatchStatus.ACTIVE, prompt: prompt(1), toAct: [0] }), false);
  },
  "nothing to decide, or a match over, is not": () => {
    equal(yourTurn({ status: MatchStatus.ACTIVE, prompt: undefined, toAct: [1] }), false);
    equal(yourTurn({ status: MatchStatus.FINISHED, prompt: prompt(1), toAct: [1] }), false);
  },
};
