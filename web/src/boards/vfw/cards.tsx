// Votes for Women cards as the board draws them: one row per card with its number, name, era,
// cost and box, its whole text (from the match's reference, by id) and, while the prompt
// offers something to do with it, a button per action on the card itself.
import type { JSX } from "preact";
import type { Choice } from "../../gen/hustings/v1/hustings_pb";
import type { VotesForWomenCard } from "../../gen/hustings/v1/votes_for_women_pb";
import { Clickable, wrap } from "../svg";
import { actionName } from "./choices";

/** Card text size and the width one character takes at it, on average (viewBox units). */
const LINE = 13;
const CHAR_W = 5.6;
const HEAD = 17;

/** The lines of a card's text at width `w`. */
function lines(text: string, w: number): string[] {
  return text ? wrap(text, Math.max(10, Math.floor((w - 14) / CHAR_W))) : [];
}

/** The height of a card's row at width `w`. */
export function cardHeight(text: string, w: number, maxLines = 99): number {
  return HEAD + Math.min(lines(text, w).length, maxLines) * LINE + 5;
}

const ERAS: Record<string, string> = { start: "Start", early: "Early", middle: "Middle", late: "Late" };
const BOXES: Record<string, string> = {
  "rest-of-turn": "stays this turn",
  "rest-of-game": "stays all game",
  "final-voting": "acts in Final Voting",
};

/** Width of an action button for `c`. */
function chipWidth(c: Choice): number {
  return actionName(c).length * 6.6 + 16;
}

/** One card. `actions` are the offered choices on it, drawn as buttons on its first line. */
export function CardRow(props: {
  card: VotesForWomenCard;
  text: string;
  x: number;
  y: number;
  w: number;
  actions: Choice[];
  choose: (id: string) => void;
  maxLines?: number;
  /** A word before the name ("held by Purple"). */
  note?: string;
}) {
  const { card, x, y, w, actions } = props;
  const all = lines(props.text, w);
  const max = props.maxLines ?? 99;
  const shown = all.length > max ? [...all.slice(0, max - 1), `${all[max - 1] ?? ""}…`] : all;
  const h = HEAD + shown.length * LINE + 5;
  const era = ERAS[card.era];
  const box = BOXES[card.persistentBox];
  const badges = [era, card.cost ? `${card.cost} button${card.cost > 1 ? "s" : ""}` : "", box].filter(Boolean);
  let chipX = w;
  const chips = actions.map((c) => {
    chipX -= chipWidth(c) + 4;
    return { c, at: chipX };
  });
  return (
    <g
      class={`card deck-${card.deck || "none"}${actions.length ? " has-actions" : ""}`}
      data-card={card.id}
      transform={`translate(${x},${y})`}
    >
      <title>{`${card.name} (${card.number})${badges.length ? ` — ${badges.join(", ")}` : ""}: ${props.text}`}</title>
      <rect class="card-bg" width={w} height={h} rx={5} />
      <rect class="card-edge" width={4} height={h} rx={2} />
      <text class="card-head" x={9} y={13}>
        <tspan class="card-number">{card.number}</tspan>
        <tspan class="card-name" dx={5}>
          {card.name}
        </tspan>
        {props.note && (
          <tspan class="card-note" dx={6}>
            {props.note}
          </tspan>
        )}
        {badges.map((b) => (
          <tspan key={b} class="card-badge" dx={8}>
            {b}
          </tspan>
        ))}
      </text>
      {shown.map((line, i) => (
        <text key={i} class="card-text" x={9} y={HEAD + 9 + i * LINE}>
          {line}
        </text>
      ))}
      {chips.map(({ c, at }) => (
        <Clickable key={c.id} choice={c} choose={props.choose}>
          <g class={`card-action kind-${c.kind}`} transform={`translate(${at},2)`}>
            <rect class="action-bg" width={chipWidth(c)} height={15} rx={7.5} />
            <text x={chipWidth(c) / 2} y={11} text-anchor="middle">
              {actionName(c)}
            </text>
          </g>
        </Clickable>
      ))}
    </g>
  );
}

/** A titled list of cards, stacked from `y`; returns what it drew and where it ended. */
export function cardList(props: {
  title: string;
  cards: VotesForWomenCard[];
  text: (id: string) => string;
  x: number;
  y: number;
  w: number;
  actions: Map<string, Choice[]>;
  choose: (id: string) => void;
  maxLines?: number;
  empty?: string;
  cls?: string;
}): { el: JSX.Element | null; bottom: number } {
  const { x, w } = props;
  if (!props.cards.length && !props.empty) return { el: null, bottom: props.y };
  let y = props.y + 15;
  const rows = props.cards.map((c) => {
    const text = props.text(c.id);
    const row = (
      <CardRow
        key={c.id}
        card={c}
        text={text}
        x={x}
        y={y}
        w={w}
        actions={props.actions.get(c.id) ?? []}
        choose={props.choose}
        maxLines={props.maxLines}
      />
    );
    y += cardHeight(text, w, props.maxLines) + 4;
    return row;
  });
  if (!props.cards.length) y += 14;
  const el = (
    <g class={`card-list ${props.cls ?? ""}`}>
      <text class="section-title" x={x} y={props.y + 10}>
        {props.title}
      </text>
      {props.cards.length ? rows : (
        <text class="section-empty" x={x} y={props.y + 26}>
          {props.empty}
        </text>
      )}
    </g>
  );
  return { el, bottom: y };
}
