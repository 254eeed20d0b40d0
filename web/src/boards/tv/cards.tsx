// The Vote's cards as the board draws them: one row per card with its number, name, type,
// cost and what it suppresses, its whole text (from the match's reference, by id) and, while
// the prompt offers something to do with it, a button per action on the card itself. A
// Reserve card face-down is drawn hatched and says so.
import type { JSX } from "preact";
import type { Choice } from "../../gen/hustings/v1/hustings_pb";
import type { TheVoteCard } from "../../gen/hustings/v1/the_vote_pb";
import { Clickable, wrap } from "../svg";
import { actionName } from "./choices";

const LINE = 12.5;
const CHAR_W = 5.5;
const HEAD = 17;

const TYPES: Record<string, string> = {
  "public-opinion": "Public Opinion",
  organization: "Organization",
  suppression: "Suppression",
  law: "Law",
  region: "Region",
  special: "Special",
};

function lines(text: string, w: number): string[] {
  return text ? wrap(text, Math.max(10, Math.floor((w - 14) / CHAR_W))) : [];
}

/** A card's badges: type, cost, votes it suppresses, face-down, a note. */
function badgesOf(card: TheVoteCard, faceDown: boolean | undefined, note: string | undefined): string[] {
  return [
    TYPES[card.type] ?? card.type,
    card.cost === undefined ? "all PW" : `${card.cost} PW`,
    card.suppress ? `suppresses ${card.suppress}` : "",
    faceDown ? "face-down" : "",
    note ?? "",
  ].filter(Boolean);
}

/** Whether the badges fit on the head line beside the name and `chips` wide of buttons
 * (else they get a line of their own). */
function badgesFit(card: TheVoteCard, badges: string[], w: number, chips: number): boolean {
  const head = 9 + String(card.number).length * 6.5 + 5 + card.name.length * 7.2;
  const rest = badges.reduce((n, b) => n + 7 + b.length * 5.6, 0);
  return head + rest <= w - chips - 6;
}

/** The height of a card's row at width `w`, with `actions` offered on it. */
export function cardHeight(card: TheVoteCard, ctx: CardCtx, w: number, faceDown?: boolean, note?: string): number {
  const badges = badgesOf(card, faceDown, note);
  const chips = chipsWidth(ctx.actions.get(card.id) ?? [], ctx);
  const below = badgesFit(card, badges, w, chips) ? 0 : LINE;
  return HEAD + below + lines(ctx.text(card.id), w).length * LINE + 5;
}

function chipsWidth(actions: Choice[], ctx: CardCtx): number {
  const many = new Set(actions.map((c) => c.kind)).size < actions.length;
  return actions.reduce((n, c) => n + chipWidth(actionName(c, ctx.regionName, many)) + 4, 0);
}

function chipWidth(name: string): number {
  return name.length * 6.3 + 14;
}

/** What a card row needs to know besides the card. */
export interface CardCtx {
  text: (id: string) => string;
  actions: Map<string, Choice[]>;
  regionName: (id: string) => string;
  choose: (id: string) => void;
}

/** One card at (x, y), `w` wide. */
export function CardRow(props: { card: TheVoteCard; x: number; y: number; w: number; ctx: CardCtx; faceDown?: boolean; note?: string }) {
  const { card, x, y, w, ctx } = props;
  const text = ctx.text(card.id);
  const shown = lines(text, w);
  const actions = ctx.actions.get(card.id) ?? [];
  const many = new Set(actions.map((c) => c.kind)).size < actions.length;
  const badges = badgesOf(card, props.faceDown, props.note);
  const below = badgesFit(card, badges, w, chipsWidth(actions, ctx)) ? 0 : LINE;
  const h = HEAD + below + shown.length * LINE + 5;
  const badgeEls = badges.map((b, i) => (
    <tspan key={b} class={`card-badge${b === "face-down" ? " badge-down" : ""}`} dx={below && i === 0 ? 0 : 7}>
      {b}
    </tspan>
  ));
  let chipX = w;
  const chips = actions.map((c) => {
    const name = actionName(c, ctx.regionName, many);
    chipX -= chipWidth(name) + 4;
    return { c, name, at: chipX };
  });
  return (
    <g
      class={`card faction-${card.faction}${props.faceDown ? " face-down" : ""}${actions.length ? " has-actions" : ""}`}
      data-card={card.id}
      transform={`translate(${x},${y})`}
    >
      <title>{`${card.name} (${card.number}) — ${badges.join(", ")}: ${text}`}</title>
      <rect class="card-bg" width={w} height={h} rx={5} />
      {props.faceDown && <rect class="card-hatch" width={w} height={h} rx={5} />}
      <rect class="card-edge" width={4} height={h} rx={2} />
      <text class="card-head" x={9} y={13}>
        <tspan class="card-number">{card.number}</tspan>
        <tspan class="card-name" dx={5}>
          {card.name}
        </tspan>
        {!below && badgeEls}
      </text>
      {below > 0 && (
        <text class="card-head" x={9} y={HEAD + 9}>
          {badgeEls}
        </text>
      )}
      {shown.map((line, i) => (
        <text key={i} class="card-text" x={9} y={HEAD + below + 9 + i * LINE}>
          {line}
        </text>
      ))}
      {/* The chip's name first in its accessible name: a spoken name must begin with the
          word shown (axe, label-content-name-mismatch); the choice's label follows. */}
      {chips.map(({ c, name, at }) => (
        <Clickable key={c.id} choice={c} choose={ctx.choose} label={`${name}: ${c.label}`}>
          <g class={`card-action kind-${c.kind}`} transform={`translate(${at},2)`}>
            <rect class="action-bg" width={chipWidth(name)} height={15} rx={7.5} />
            <text x={chipWidth(name) / 2} y={11} text-anchor="middle">
              {name}
            </text>
          </g>
        </Clickable>
      ))}
    </g>
  );
}

/** A titled list of cards stacked from `y`; returns what it drew and where it ended. */
export function cardList(props: {
  title: string;
  cards: { card: TheVoteCard; faceDown?: boolean; note?: string }[];
  x: number;
  y: number;
  w: number;
  ctx: CardCtx;
  empty?: string;
  cls?: string;
}): { el: JSX.Element; bottom: number } {
  const { x, w, ctx } = props;
  let y = props.y + 15;
  const rows = props.cards.map(({ card, faceDown, note }) => {
    const row = <CardRow key={card.id} card={card} x={x} y={y} w={w} ctx={ctx} faceDown={faceDown} note={note} />;
    y += cardHeight(card, ctx, w, faceDown, note) + 4;
    return row;
  });
  if (!props.cards.length) y += 16;
  const el = (
    <g class={`card-list ${props.cls ?? ""}`}>
      <text class="section-title" x={x} y={props.y + 10}>
        {props.title}
      </text>
      {props.cards.length ? rows : (
        <text class="section-empty" x={x + 4} y={props.y + 26}>
          {props.empty ?? "none"}
        </text>
      )}
    </g>
  );
  return { el, bottom: y };
}
