// A debate's result from its log entry's data (see debate.ts). Run by `npm test`.
import { create } from "@bufbuild/protobuf";
import { LogEntrySchema } from "../gen/hustings/v1/hustings_pb";
import { equal } from "../testkit";
import { debateResult } from "./debate";

const names = ["Anna", "Ben"];

export const tests: Record<string, () => void> = {
  "the winner is the third seat listed, and takes the amount in votes": () => {
    const won = create(LogEntrySchema, { kind: "debate", seat: 0, target: 1, seats: [0, 1, 1], amount: 2n, amounts: [2n, 7n, 9n] });
    equal(debateResult(won, names), "Ben wins and takes 2 votes");
    const one = create(LogEntrySchema, { kind: "debate", seat: 0, target: 1, seats: [0, 1, 0], amount: 1n });
    equal(debateResult(one, names), "Anna wins and takes 1 vote");
  },
  "two seats listed is a tie": () => {
    const tie = create(LogEntrySchema, { kind: "debate", seat: 0, target: 1, seats: [0, 1], amount: 0n });
    equal(debateResult(tie, names), "a tie: no votes change hands");
  },
};
