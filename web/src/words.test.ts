// Counts in words (see words.ts). Run by `npm test`.
import { equal } from "./testkit";
import { count } from "./words";

export const tests: Record<string, () => void> = {
  "one is singular, every other count plural": () => {
    equal(count(1, "cube"), "1 cube");
    equal(count(0, "cube"), "0 cubes");
    equal(count(3, "vote"), "3 votes");
    equal(count(2, "die", "dice"), "2 dice");
  },
};
