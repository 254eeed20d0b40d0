// The outcome's headline for every game's outcome shapes (see outcome.ts). Run by
// `npm test` (test.mjs), part of `npm run check`.
import { equal } from "../testkit";
import { outcomeHeadline, resignQuestion } from "./outcome";

const race = ["Democrat", "Republican"];
const convention = ["Nominee 1", "Nominee 2", "Nominee 3"];
const vote = ["Equality", "Supremacy"];
const solitaire = ["Suffragist"];
const coop = ["Purple", "Yellow"];
const coopSides = ["suffragist", "suffragist"];
const team4 = ["Purple", "Yellow", "First Opposition", "Second Opposition"];
const team4Sides = ["suffragist", "suffragist", "opposition", "opposition"];
const oppobot = { outsider: "the Oppobot" };

export const tests: Record<string, () => void> = {
  "resigning a solitaire hands the win to the automated opponent, not to other seats": () => {
    equal(resignQuestion(1), "Resign this match? The automated opponent wins.");
    equal(resignQuestion(2), "Resign this match? Every other seat wins.");
  },
  "two rivals: the winner, the loser and a spectator": () => {
    equal(outcomeHeadline([0], race, 0), "You win");
    equal(outcomeHeadline([0], race, 1), "Democrat wins");
    equal(outcomeHeadline([1], vote, undefined), "Supremacy wins");
  },
  "rivals tied share the win (the Presidential Race's shared nomination)": () => {
    equal(outcomeHeadline([0, 2], convention, 0), "You share the win with Nominee 3");
    equal(outcomeHeadline([0, 2], convention, 1), "Nominee 1 and Nominee 3 share the win");
    equal(outcomeHeadline([0, 1, 2], convention, undefined), "Nominee 1, Nominee 2 and Nominee 3 share the win");
  },
  "solitaire against the Oppobot: no seat won means the Oppobot did": () => {
    equal(outcomeHeadline([], solitaire, 0, oppobot), "The Oppobot wins");
    equal(outcomeHeadline([], solitaire, undefined, oppobot), "The Oppobot wins");
    equal(outcomeHeadline([0], solitaire, 0, oppobot), "You win");
  },
  "co-op against the Oppobot: the partners win or lose together": () => {
    const p = { ...oppobot, sides: coopSides };
    equal(outcomeHeadline([], coop, 1, p), "You both lose to the Oppobot");
    equal(outcomeHeadline([], coop, undefined, p), "The Oppobot wins");
    equal(outcomeHeadline([0, 1], coop, 0, p), "You both win");
    equal(outcomeHeadline([0, 1], coop, undefined, p), "Purple and Yellow win");
  },
  "teams: partners win together, the other side loses": () => {
    const p = { sides: team4Sides };
    equal(outcomeHeadline([2, 3], team4, 3, p), "You and First Opposition win");
    equal(outcomeHeadline([2, 3], team4, 0, p), "First Opposition and Second Opposition win");
    equal(outcomeHeadline([0, 1], team4, undefined, p), "Purple and Yellow win");
  },
  "no seat won and nobody else plays: a draw": () => {
    equal(outcomeHeadline([], race, 0), "A draw: nobody wins");
    equal(outcomeHeadline([], race, undefined), "A draw: nobody wins");
  },
};
