// Which of a Votes for Women prompt's choices the board draws, and on what: a choice naming a
// state (`state:NY`, `purple:NY`, `yellow:NY`) is a click on that state's tile, one naming a
// region (`move:<region>`, `region:<region>`) a click on the region's tab, and one naming a
// card (`event:`, `campaign:`, `organize:`, `lobby:`, `claimed:`, `play:`, `top:`, `discard:`,
// `strategy:`, `give:`, `ask:`, `remove:` …) a click on that card's action, wherever the card
// is drawn. Everything else (keep/re-roll, dice, commitments, done …) stays a button.
import type { Choice } from "../../gen/hustings/v1/hustings_pb";
import type { VotesForWomenView } from "../../gen/hustings/v1/votes_for_women_pb";

/** Choice kinds that name a region by their location. */
const REGION_KINDS = new Set(["move", "region"]);

/** True for the choices the board draws. */
export function claimsChoice(c: Choice, v: VotesForWomenView): boolean {
  if (c.card) return true;
  if (!c.location) return false;
  if (v.states.some((s) => s.code === c.location)) return true;
  return REGION_KINDS.has(c.kind) && v.regions.some((r) => r.slug === c.location);
}

/** The colour a state choice picks ("purple:NY"), or "" when it picks none ("state:NY"). */
export function colourOf(c: Choice): "purple" | "yellow" | "" {
  if (c.id.startsWith("purple:")) return "purple";
  if (c.id.startsWith("yellow:")) return "yellow";
  return "";
}

/** The offered choices sorted by what they name. */
export interface Offers {
  /** By state code: the state's choices (one, or one per colour). */
  states: Map<string, Choice[]>;
  /** By region slug. */
  regions: Map<string, Choice>;
  /** By card id: every action on that card. */
  cards: Map<string, Choice[]>;
  /** Some state is offered in both colours: the board shows the colour picker. */
  bothColours: boolean;
}

export function sortOffers(offered: Choice[], v: VotesForWomenView): Offers {
  const states = new Map<string, Choice[]>();
  const regions = new Map<string, Choice>();
  const cards = new Map<string, Choice[]>();
  const codes = new Set(v.states.map((s) => s.code));
  for (const c of offered) {
    if (c.card) cards.set(c.card, [...(cards.get(c.card) ?? []), c]);
    else if (codes.has(c.location)) states.set(c.location, [...(states.get(c.location) ?? []), c]);
    else if (c.location) regions.set(c.location, c);
  }
  const bothColours = [...states.values()].some(
    (cs) => cs.some((c) => colourOf(c) === "purple") && cs.some((c) => colourOf(c) === "yellow"),
  );
  return { states, regions, cards, bothColours };
}

/** The one choice a click on a state's tile makes, given the colour picked. */
export function stateChoice(choices: Choice[] | undefined, colour: "purple" | "yellow"): Choice | undefined {
  if (!choices?.length) return undefined;
  return choices.find((c) => colourOf(c) === colour) ?? choices.find((c) => colourOf(c) === "") ?? choices[0];
}

/** The short name of a card action, for its button on the card (the full label is its
 * tooltip). */
export function actionName(c: Choice): string {
  switch (c.kind) {
    case "event":
      return "Event";
    case "campaign":
      return "Campaign";
    case "organize":
      return "Organize";
    case "lobby":
      return "Lobby";
    case "claimed":
    case "play":
      return "Play";
    case "strategy":
      return "Take";
    case "give":
      return "Give";
    case "ask":
      return "Ask for";
    case "top":
      return "On top";
    case "discard":
    case "remove":
      return "Discard";
    default:
      return c.kind ? c.kind[0]?.toUpperCase() + c.kind.slice(1) : "Choose";
  }
}
