// The Presidential Race's cell texts and kinds (see presidencyEffects.ts). Run by `npm test`.
import { create } from "@bufbuild/protobuf";
import { PresidencyEffectKind as K, PresidencyEffectSchema } from "../gen/hustings/v1/presidency_pb";
import { equal } from "../testkit";
import { effectKind, shortEffect } from "./presidencyEffects";

const e = (kind: K, amount = 0, cost = 0, partySeat = 0) => create(PresidencyEffectSchema, { kind, amount, cost, partySeat });

export const tests: Record<string, () => void> = {
  "an advertisement reads as its price and its votes, and is drawn as an ad": () => {
    const ad = [e(K.AD, 6, 3)];
    equal(shortEffect(ad), "pay $3: +6 votes");
    equal(effectKind(ad).glyph, "AD");
  },
  "several effects read in order, the most telling one picks the colour": () => {
    const scandal = [e(K.OPPONENT_LOSES, 2), e(K.LOSE, 1)];
    equal(shortEffect(scandal), "rival −2, you −1");
    equal(effectKind(scandal).cls, "loss");
    const mixed = [e(K.GAIN, 1), e(K.MONEY, 2)];
    equal(shortEffect(mixed), "+1 vote, +$2");
    equal(effectKind(mixed).cls, "money");
  },
  "a state's votes name the party, a card draw says so, no effect is plain": () => {
    equal(shortEffect([e(K.STATE_VOTES, 4, 0, 1)]), "+4 votes (Red state)");
    equal(shortEffect([e(K.DRAW_CAMPAIGN)]), "Campaign card");
    equal(shortEffect([e(K.LOSE, 3)]), "−3 votes");
    equal(effectKind([e(K.DRAW_CAMPAIGN)]).glyph, "?");
    equal(effectKind([]).cls, "plain");
    equal(shortEffect([]), "");
  },
};
