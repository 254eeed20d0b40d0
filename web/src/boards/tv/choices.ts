// Which of a The Vote prompt's choices the board draws, and on what. A choice naming a card
// (Display actions, Reserve actions — Persuade, Bonus, Block, Counter, Suppress, Refresh,
// Remove —, Keep, Amendments) is a button on that card wherever it is drawn; `region:ID`
// is a click on the Region; `flip:ROW` / `replace:ROW` (a marker change in the Region the
// action works in) a click on the markers of that row it would change; `strike:ID:LAW` a
// click on that Local Law in that Region. Everything else (pass, done, first player, the
// Law to vote, Discard Action, Federal Law) stays a button.
import type { Choice } from "../../gen/hustings/v1/hustings_pb";
import type { TheVoteBoxes, TheVoteView } from "../../gen/hustings/v1/the_vote_pb";
import { changedKind } from "./markers";
import type { MarkerKind } from "./markers";

/** Choice kinds drawn on a Region (by its `location`). */
const REGION_KINDS = new Set(["region", "flip", "replace", "strike"]);

/** The ids of the cards the board draws with their actions: the Display, the Reserves, the
 * Amendments and the card of the action being resolved. */
export function drawnCards(v: TheVoteView): Set<string> {
  const ids = new Set<string>();
  for (const c of v.display) ids.add(c.id);
  for (const p of v.players) for (const r of p.reserve) if (r.card) ids.add(r.card.id);
  for (const a of v.amendments) if (a.card) ids.add(a.card.id);
  if (v.action?.card) ids.add(v.action.card.id);
  return ids;
}

function count(b: TheVoteBoxes | undefined, k: MarkerKind): number {
  if (!b) return 0;
  return { equality: b.equality, blue: b.blueApathy, red: b.redApathy, supremacy: b.supremacy }[k];
}

/** True for the choices the board draws: a card it shows, a Region, a Law in a Region, and
 * a marker change whose label names markers the row holds (they are what is clicked). */
export function claimsChoice(c: Choice, v: TheVoteView): boolean {
  if (c.card) return drawnCards(v).has(c.card);
  const r = v.regions.find((x) => x.id === c.location);
  if (!r || !REGION_KINDS.has(c.kind)) return false;
  if (c.kind !== "flip" && c.kind !== "replace") return true;
  const k = changedKind(c);
  const row = c.id.endsWith(":women") ? r.women : c.id.endsWith(":men") ? r.men : undefined;
  return !!k && count(row, k) > 0;
}

/** The offered choices sorted by what they are drawn on. */
export interface Offers {
  /** `region:ID` by Region id. */
  regions: Map<string, Choice>;
  /** Marker changes by Region id, then by "flip:men" / "replace:women" (the choice id). */
  markers: Map<string, Map<string, Choice>>;
  /** `strike:` by "regionId:law". */
  laws: Map<string, Choice>;
  /** Card actions by card id. */
  cards: Map<string, Choice[]>;
}

export function sortOffers(offered: Choice[]): Offers {
  const o: Offers = { regions: new Map(), markers: new Map(), laws: new Map(), cards: new Map() };
  for (const c of offered) {
    if (c.card) o.cards.set(c.card, [...(o.cards.get(c.card) ?? []), c]);
    else if (c.kind === "region") o.regions.set(c.location, c);
    else if (c.kind === "flip" || c.kind === "replace") {
      const m = o.markers.get(c.location) ?? new Map<string, Choice>();
      m.set(c.id, c);
      o.markers.set(c.location, m);
    } else if (c.kind === "strike") o.laws.set(c.id.slice("strike:".length), c);
  }
  return o;
}

/** The short name of a card action, for its button on the card (the full label is its
 * tooltip). A card offered for more than one Region says which. */
export function actionName(c: Choice, regionName: (id: string) => string, many: boolean): string {
  const base: Record<string, string> = {
    radicalize: "Radicalize",
    persuade: "Persuade",
    organize: "Organize",
    suppression: "Suppression",
    "pass-law": "Law Action",
    event: "Event",
    amendment: "Attempt",
    bonus: "Bonus",
    block: "Block",
    counter: "Counter",
    suppress: "Suppress",
    remove: "Remove",
    "remove-reserve": "Remove",
    discard: "Discard",
    refresh: "Face-up",
  };
  if (c.id === "keep:reserve") return "To Reserve";
  if (c.id === "keep:discard") return "Discard";
  const name = base[c.kind] ?? (c.kind ? c.kind[0]?.toUpperCase() + c.kind.slice(1) : "Choose");
  return many && c.location ? `${name}: ${regionName(c.location)}` : name;
}
