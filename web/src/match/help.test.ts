// The rules help's model (see help.ts). Run by `npm test`.
import { create } from "@bufbuild/protobuf";
import { HelpEntrySchema, MatchReferenceSchema, RulesHelpSchema } from "../gen/hustings/v1/hustings_pb";
import { TheVoteCardSchema, TheVoteReferenceSchema } from "../gen/hustings/v1/the_vote_pb";
import { VotesForWomenCardSchema, VotesForWomenReferenceSchema } from "../gen/hustings/v1/votes_for_women_pb";
import { equal } from "../testkit";
import { cardOf, cardsOf, helpOf, matchingCards, matchingTerms } from "./help";

const entry = (term: string, meaning: string, key = "") => create(HelpEntrySchema, { key, term, meaning });

const vfw = create(MatchReferenceSchema, {
  game: {
    case: "votesForWomen",
    value: create(VotesForWomenReferenceSchema, {
      cards: [
        create(VotesForWomenCardSchema, {
          id: "seneca-falls",
          number: 1,
          name: "Seneca Falls Convention",
          deck: "suffragist",
          era: "1",
          cost: 2,
          description: "Gain two buttons.",
        }),
      ],
    }),
  },
  help: create(RulesHelpSchema, {
    glossary: [entry("Buttons", "What a side spends to play cards."), entry("Lobbying", "Rolling dice to move Congress.")],
    legend: [entry("P chip", "Purple cubes in a state.", "cube:purple")],
  }),
});

export const tests: Record<string, () => void> = {
  "the glossary and legend are the server's": () => {
    const h = helpOf(vfw);
    equal(h.glossary.map((e) => e.term).join(", "), "Buttons, Lobbying");
    equal(h.legend[0]?.key, "cube:purple");
  },
  "a server without help gives an empty one": () => {
    const h = helpOf(create(MatchReferenceSchema, {}));
    equal(h.glossary.length + h.legend.length, 0);
    equal(helpOf(undefined).glossary.length, 0);
  },
  "a card's text by id, with its facts in a line": () => {
    const c = cardOf(vfw, "seneca-falls");
    equal(c?.name, "Seneca Falls Convention");
    equal(c?.facts, "suffragist · 1 · 2 buttons");
    equal(c?.text, "Gain two buttons.");
    equal(cardOf(vfw, "nothing"), undefined);
  },
  "The Vote's cards say their cost in PW, or none": () => {
    const tv = create(MatchReferenceSchema, {
      game: {
        case: "theVote",
        value: create(TheVoteReferenceSchema, {
          cards: [
            create(TheVoteCardSchema, { id: "a", number: 3, name: "A", faction: "equality", type: "event", cost: 1 }),
            create(TheVoteCardSchema, { id: "b", number: 4, name: "B", faction: "supremacy", type: "event" }),
          ],
        }),
      },
    });
    equal(cardsOf(tv).map((c) => c.facts).join(" | "), "equality · event · 1 PW | supremacy · event");
  },
  "searching finds terms and cards by every word, any case": () => {
    const h = helpOf(vfw);
    equal(matchingTerms(h.glossary, "DICE congress").map((e) => e.term).join(", "), "Lobbying");
    equal(matchingTerms(h.glossary, "").length, 2);
    equal(matchingCards(cardsOf(vfw), "seneca").length, 1);
    equal(matchingCards(cardsOf(vfw), "1 buttons").length, 1);
    equal(matchingCards(cardsOf(vfw), "supremacy").length, 0);
  },
};
