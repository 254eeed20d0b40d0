// The lobby's words for what an absence leads to (see absence.ts). Run by `npm test`.
import { create } from "@bufbuild/protobuf";
import { ClockSettingSchema } from "../gen/hustings/v1/hustings_pb";
import { GRACE_CHOICES, absenceText, graceWords, paceText } from "./absence";
import { equal } from "../testkit";

export const tests: Record<string, () => void> = {
  "graces read as a person would say them": () => {
    equal(graceWords(180_000), "3 min");
    equal(graceWords(5_400_000), "1 h 30 min");
    equal(graceWords(86_400_000), "1 day");
    equal(graceWords(172_800_000), "2 days");
    equal(graceWords(45_000), "45 s");
  },
  "people only by default, anyone when bots may claim, nothing when never": () => {
    equal(absenceText({ abandonGraceMs: 180_000n, botsClaimWins: false }), "away 3 min → people may claim the win");
    equal(absenceText({ abandonGraceMs: 60_000n, botsClaimWins: true }), "away 1 min → anyone may claim the win");
    equal(absenceText({ abandonGraceMs: 0n, botsClaimWins: false }), "no win by absence");
  },
  "a clock in words, a correspondence clock with its cap": () => {
    const game = (baseMs: bigint, incrementMs: bigint, maxMs: bigint) =>
      create(ClockSettingSchema, { kind: { case: "game", value: { baseMs, incrementMs, maxMs } } });
    equal(paceText({ clock: undefined }), "no clock");
    equal(paceText({ clock: game(600_000n, 5_000n, 0n) }), "10 min + 5 s");
    equal(paceText({ clock: game(86_400_000n, 14_400_000n, 259_200_000n) }), "1 day + 4 h a move, up to 3 days");
    equal(
      paceText({ clock: create(ClockSettingSchema, { kind: { case: "perDecision", value: { limitMs: 172_800_000n } } }) }),
      "2 days a decision",
    );
  },
  "the form's choices are distinct and never is zero": () => {
    equal(new Set(GRACE_CHOICES.map((c) => c.value)).size, GRACE_CHOICES.length);
    equal(GRACE_CHOICES.find((c) => c.label === "never")?.ms, 0n);
    equal(GRACE_CHOICES[0]?.ms, undefined);
  },
};
