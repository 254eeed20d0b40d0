// Rules help from the match's fixed data (MatchReference): the game's glossary and board
// legend, which the engine writes (RulesHelp), and each card's text by id, whatever the
// game. The help dialog and the card dialog draw from these; nothing here is prose of the
// client's own.
import type { HelpEntry, MatchReference } from "../gen/hustings/v1/hustings_pb";

/** One card as the help shows it: its name, number (0 when the game numbers none), a line
 * of facts (deck, cost, era…) and its text. */
export interface CardText {
  id: string;
  name: string;
  number: number;
  facts: string;
  text: string;
}

/** The game's glossary and legend, empty when the server sent none (servers before it). */
export function helpOf(reference: MatchReference | undefined): { glossary: HelpEntry[]; legend: HelpEntry[] } {
  return { glossary: reference?.help?.glossary ?? [], legend: reference?.help?.legend ?? [] };
}

/** Every card of the game, in the order the reference lists them. */
export function cardsOf(reference: MatchReference | undefined): CardText[] {
  const game = reference?.game;
  switch (game?.case) {
    case "presidency":
      return game.value.cards.map((c) => ({ id: c.id, name: c.name, number: 0, facts: "", text: c.description }));
    case "votesForWomen":
      return game.value.cards.map((c) => ({
        id: c.id,
        name: c.name,
        number: c.number,
        facts: [c.deck, c.era, c.cost ? `${c.cost} button${c.cost > 1 ? "s" : ""}` : "", c.persistentBox]
          .filter(Boolean)
          .join(" · "),
        text: c.description,
      }));
    case "theVote":
      return game.value.cards.map((c) => ({
        id: c.id,
        name: c.name,
        number: c.number,
        facts: [c.faction, c.type, c.cost === undefined ? "" : `${c.cost} PW`].filter(Boolean).join(" · "),
        text: c.description,
      }));
    default:
      return [];
  }
}

/** The card `id`, if the game has it. */
export function cardOf(reference: MatchReference | undefined, id: string): CardText | undefined {
  return cardsOf(reference).find((c) => c.id === id);
}

/** The entries whose term or meaning contains every word of `query` (any case). */
export function matchingTerms(entries: HelpEntry[], query: string): HelpEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return entries.filter((e) => {
    const hay = `${e.term} ${e.meaning}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

/** The cards whose name, number or text contains every word of `query` (any case). */
export function matchingCards(cards: CardText[], query: string): CardText[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return cards.filter((c) => {
    const hay = `${c.number || ""} ${c.name} ${c.facts} ${c.text}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

/** The card a tap on the board landed on: the nearest element with a `data-card` id, unless
 * the tap was on a choice (a card's action chip chooses; it does not open the text). */
export function tappedCard(target: EventTarget | null): string | undefined {
  const el = typeof Element !== "undefined" && target instanceof Element ? target : null;
  if (!el || el.closest("[data-choice]")) return undefined;
  return el.closest("[data-card]")?.getAttribute("data-card") ?? undefined;
}
