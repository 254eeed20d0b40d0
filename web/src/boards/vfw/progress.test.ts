// A cube-by-cube decision's progress (see progress.ts). Run by `npm test`.
import { create } from "@bufbuild/protobuf";
import { LogEntrySchema } from "../../gen/hustings/v1/hustings_pb";
import { VotesForWomenPendingSchema, VotesForWomenViewSchema } from "../../gen/hustings/v1/votes_for_women_pb";
import { equal } from "../../testkit";
import { playProgress } from "./progress";

const cube = (seq: number, seat: number) => create(LogEntrySchema, { seq: BigInt(seq), seat, kind: "cube" });
const claim = (seq: number) => create(LogEntrySchema, { seq: BigInt(seq), seat: 0, kind: "claim" });
const play = create(LogEntrySchema, { seq: 0n, seat: 0, kind: "play" });

const view = (kind: string, left: number, leftUnit: string, cubesTotal = 0, cubesDone = 0) =>
  create(VotesForWomenViewSchema, {
    pending: create(VotesForWomenPendingSchema, { side: "suffragist", kind, left, leftUnit, cubesTotal, cubesDone }),
  });

export const tests: Record<string, () => void> = {
  "with no fixed total, the cubes placed are counted back in the log and the steps left added": () => {
    const log = [play, cube(1, 0), claim(2), cube(3, 0)];
    const p = playProgress(view("place", 3, "cube"), log);
    equal(p?.label, "cube 3 of 5");
    equal(p?.done, 3);
    equal(p?.total, 5);
  },
  "only this seat's run of cubes counts": () => {
    const log = [cube(0, 1), cube(1, 0)];
    equal(playProgress(view("place", 1, "cube"), log)?.label, "cube 2 of 2");
  },
  "removing every cube of several states counts states, and shows no cube count": () => {
    equal(playProgress(view("remove", 2, "state"), [play, cube(1, 0)]), undefined);
  },
  "a server that sends neither a total nor the steps left shows none": () => {
    equal(playProgress(view("place", 0, ""), [play, cube(1, 0)]), undefined);
  },
  "a fixed total is shown as sent": () => {
    equal(playProgress(view("campaign", 4, "cube", 6, 2), [])?.label, "Campaigning: cube 3 of 6");
  },
};
