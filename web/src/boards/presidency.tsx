// The Presidential Race board, drawn as SVG from the typed PresidencyView and the match's
// reference (the 40 spaces and every card's text): the track as a ring of 11×11 cells with
// each space's name and effect and the pawns on it, and inside the ring the vote bar, each
// nominee's votes, money and Candidate cards, the dice (clickable while a roll is offered),
// the last roll and debate, and what a 1D6 or 2D6 roll can reach from the mover's space.
import type { JSX } from "preact";
import type { Choice, LogEntry } from "../gen/hustings/v1/hustings_pb";
import type { PresidencyPlayer, PresidencySpace, PresidencyView } from "../gen/hustings/v1/presidency_pb";
import { debateResult } from "./debate";
import { effectKind, shortEffect } from "./presidencyEffects";
import type { BoardModule, BoardProps } from "./types";
import { Clickable, Die, SeatMark, seatColor, wrap } from "./svg";
import { count } from "../words";

const CELL_W = 80;
const CELL_H = 66;
const SIDE = 11;
const W = CELL_W * SIDE;
const H = CELL_H * SIDE;

/** Where space n (1–40) sits on the ring: Start at the top left, clockwise. */
export function ringCell(n: number): { col: number; row: number } {
  if (n <= 11) return { col: n - 1, row: 0 };
  if (n <= 20) return { col: SIDE - 1, row: n - 11 };
  if (n <= 31) return { col: SIDE - 1 - (n - 21), row: SIDE - 1 };
  return { col: 0, row: SIDE - 1 - (n - 31) };
}

/** The letters on the pawns: initials when they differ (D, R), else seat numbers. */
function pawnLetters(players: PresidencyPlayer[]): string[] {
  const initials = players.map((p) => (p.name[0] ?? "?").toUpperCase());
  return new Set(initials).size === initials.length ? initials : players.map((p) => String(p.seat + 1));
}

function Space(props: {
  space: PresidencySpace;
  here: PresidencyPlayer[];
  letters: string[];
  reach: { one: number; two: number } | undefined;
  mover: number | undefined;
}) {
  const { space, here, letters, reach } = props;
  const { col, row } = ringCell(space.number);
  const x = col * CELL_W;
  const y = row * CELL_H;
  const effect = shortEffect(space.effects);
  const kind = effectKind(space.effects);
  const name = wrap(space.name, 13).slice(0, 2);
  return (
    <g
      class={`space ${kind.cls}${reach ? " reach" : ""}`}
      data-space={space.number}
      transform={`translate(${x},${y})`}
    >
      <title>{`${space.number} ${space.name}: ${space.description}`}</title>
      <rect class="space-bg" x={1} y={1} width={CELL_W - 2} height={CELL_H - 2} rx={4} />
      <text class="space-num" x={5} y={13}>
        {space.number}
      </text>
      {kind.glyph && !reach && (
        <text class="space-glyph" x={CELL_W - 5} y={13} text-anchor="end">
          {kind.glyph}
        </text>
      )}
      {reach && (
        <g class="reach-badges">
          {reach.one > 0 && (
            <g class="reach-one">
              <rect x={CELL_W - 53} y={3} width={24} height={12} rx={6} />
              <text x={CELL_W - 41} y={12} text-anchor="middle">{`${Math.round(reach.one * 100)}%`}</text>
            </g>
          )}
          {reach.two > 0 && (
            <g class="reach-two">
              <rect x={CELL_W - 27} y={3} width={24} height={12} rx={1} />
              <text x={CELL_W - 15} y={12} text-anchor="middle">{`${Math.round(reach.two * 100)}%`}</text>
            </g>
          )}
        </g>
      )}
      {name.map((line, i) => (
        <text
          class="space-name"
          x={CELL_W / 2}
          y={26 + i * 10}
          text-anchor="middle"
          key={i}
          {...(line.length > 13 ? { textLength: CELL_W - 8, lengthAdjust: "spacingAndGlyphs" } : {})}
        >
          {line}
        </text>
      ))}
      <text class="space-effect" x={CELL_W / 2} y={27 + name.length * 10} text-anchor="middle">
        {effect.length > 18 ? `${effect.slice(0, 17)}…` : effect}
      </text>
      {here.map((p, i) => (
        <SeatMark
          key={p.seat}
          seat={p.seat}
          letter={letters[p.seat] ?? "?"}
          x={14 + i * (here.length > 3 ? 12 : 18)}
          y={CELL_H - 11}
          r={8}
          current={p.seat === props.mover}
        />
      ))}
    </g>
  );
}

function VoteBar({ v, letters }: { v: PresidencyView; letters: string[] }) {
  const x0 = CELL_W + 20;
  const width = W - 2 * CELL_W - 40;
  const y = CELL_H + 44;
  let at = 0;
  const parts: JSX.Element[] = [];
  for (const p of v.players) {
    const w = (p.votes / 100) * width;
    parts.push(
      <g key={p.seat}>
        <rect class={`vote seat-${p.seat}`} x={x0 + at} y={y} width={w} height={22} fill={seatColor(p.seat)} />
        {w > 30 && (
          <text class="vote-label" x={x0 + at + w / 2} y={y + 15} text-anchor="middle">
            {`${letters[p.seat] ?? ""} ${p.votes}`}
          </text>
        )}
      </g>,
    );
    at += w;
  }
  const undecided = (v.undecided / 100) * width;
  return (
    <g class="vote-bar" data-undecided={v.undecided}>
      <title>{v.players.map((p) => `${p.name} ${p.votes}`).join(", ") + `, undecided ${v.undecided}`}</title>
      {parts}
      <rect class="vote undecided" x={x0 + at} y={y} width={undecided} height={22} />
      {undecided > 60 && (
        <text class="vote-label dark" x={x0 + at + undecided / 2} y={y + 15} text-anchor="middle">
          {`undecided ${v.undecided}`}
        </text>
      )}
      <line class="majority" x1={x0 + width / 2} x2={x0 + width / 2} y1={y - 4} y2={y + 26} />
      <text class="majority-label" x={x0 + width / 2} y={y - 6} text-anchor="middle">
        50
      </text>
    </g>
  );
}

function Nominee(props: {
  p: PresidencyPlayer;
  letter: string;
  x: number;
  y: number;
  w: number;
  h: number;
  compact: boolean;
  current: boolean;
  board: PresidencySpace[];
  cardText: (id: string) => string;
  target: Choice | undefined;
  choose: (id: string) => void;
  you: boolean;
}) {
  const { p, x, y, w, h } = props;
  const space = props.board[p.position - 1];
  const body = (
    <g class={`nominee${props.current ? " current" : ""}`} data-seat={p.seat} transform={`translate(${x},${y})`}>
      <rect class="nominee-bg" width={w} height={h} rx={8} stroke={seatColor(p.seat)} />
      <SeatMark seat={p.seat} letter={props.letter} x={18} y={18} r={11} current={props.current} />
      <text class="nominee-name" x={36} y={23}>
        {p.name}
        {props.you ? " (you)" : ""}
        {props.current ? " — to move" : ""}
      </text>
      <text class="nominee-stats" x={12} y={44}>
        <tspan class="stat-votes">{count(p.votes, "vote")}</tspan>
        <tspan dx={12} class="stat-money">{`$${p.money}`}</tspan>
        <tspan dx={12}>{`debate +${p.debateBonus}`}</tspan>
      </text>
      <text class="nominee-where" x={12} y={60}>
        {`on ${p.position} ${space?.name ?? ""}`}
      </text>
      {p.candidates.map((c, i) =>
        props.compact ? (
          <text class="candidate" x={12} y={76 + i * 12} key={c.id}>
            <title>{props.cardText(c.id)}</title>
            {`• ${c.name}`}
          </text>
        ) : (
          <g key={c.id} class="candidate" data-card={c.id}>
            <title>{`${c.name}: ${props.cardText(c.id)}`}</title>
            <text x={12} y={80 + i * 27}>
              <tspan class="candidate-name">{c.name}</tspan>
            </text>
            <text class="candidate-text" x={20} y={92 + i * 27}>
              {wrap(props.cardText(c.id), Math.floor(w / 6.2))[0] ?? ""}
            </text>
          </g>
        ),
      )}
      {p.candidates.length === 0 && (
        <text class="candidate-text" x={12} y={80}>
          no Candidate cards yet
        </text>
      )}
    </g>
  );
  return props.target ? (
    <Clickable choice={props.target} choose={props.choose} label={props.target.label}>
      {body}
    </Clickable>
  ) : (
    body
  );
}

/** The latest entry of one kind in the log. */
function latest(log: LogEntry[], kind: string): LogEntry | undefined {
  for (let i = log.length - 1; i >= 0; i--) {
    if (log[i]?.kind === kind) return log[i];
  }
  return undefined;
}

function DiceArea(props: {
  x: number;
  y: number;
  offered: Choice[];
  choose: (id: string) => void;
  lastMove: LogEntry | undefined;
  names: string[];
  letters: string[];
  /** The board shows where the mover's rolls can land. */
  reach: boolean;
}) {
  const { x, y } = props;
  const one = props.offered.find((c) => c.id === "dice:1d6");
  const two = props.offered.find((c) => c.id === "dice:2d6");
  const move = props.lastMove;
  return (
    <g class="dice-area" transform={`translate(${x},${y})`}>
      <text class="area-title" x={0} y={0}>
        {one || two ? "Your roll: click the dice" : "Last roll"}
      </text>
      {props.reach && (
      <g class="reach-legend" transform="translate(0,96)" aria-label="reach legend">
        <g class="reach-one">
          <rect x={0} y={-9} width={24} height={12} rx={6} />
        </g>
        <text x={30} y={1} class="small">
          chance with 1D6
        </text>
        <g class="reach-two">
          <rect x={140} y={-9} width={24} height={12} rx={1} />
        </g>
        <text x={170} y={1} class="small">
          chance with 2D6
        </text>
      </g>
      )}
      {one || two ? (
        <g>
          {/* Each button's spoken name holds its shown words in order (axe,
              label-content-name-mismatch); the space before the range keeps the two texts
              two words when read as one ("1D6 1–6", not "1D61–6"). */}
          {one && (
            <Clickable choice={one} choose={props.choose} label="Roll 1D6, 1–6, and move">
              <g class="die-button" data-choice="dice:1d6" transform="translate(0,12)">
                <rect class="die-button-bg" width={120} height={62} rx={8} />
                <Die x={12} y={10} size={40} value={1} />
                <text x={62} y={30}>1D6</text>
                <text x={62} y={46} class="small">{" 1–6"}</text>
              </g>
            </Clickable>
          )}
          {two && (
            <Clickable choice={two} choose={props.choose} label="Roll 2D6, 2–12, and move">
              <g class="die-button" data-choice="dice:2d6" transform="translate(134,12)">
                <rect class="die-button-bg" width={160} height={62} rx={8} />
                <Die x={12} y={10} size={40} value={3} />
                <Die x={58} y={10} size={40} value={4} />
                <text x={106} y={30}>2D6</text>
                <text x={106} y={46} class="small">{" 2–12"}</text>
              </g>
            </Clickable>
          )}
        </g>
      ) : move ? (
        <g class="last-roll" data-dice={move.dice.join(",")}>
          {move.dice.map((d, i) => (
            <Die key={i} x={i * 46} y={12} size={40} value={d} />
          ))}
          <text x={move.dice.length * 46 + 6} y={30} class="roll-text">
            {`${props.letters[move.seat ?? 0] ?? ""} ${props.names[move.seat ?? 0] ?? ""}`}
          </text>
          <text x={move.dice.length * 46 + 6} y={48} class="roll-text small">
            {`moves ${String(move.amount ?? 0n)} to space ${move.location}`}
          </text>
        </g>
      ) : (
        <text y={30} class="small">
          No roll yet
        </text>
      )}
    </g>
  );
}

function DebateArea(props: { x: number; y: number; w: number; entry: LogEntry | undefined; names: string[] }) {
  const e = props.entry;
  if (!e) {
    return (
      <g transform={`translate(${props.x},${props.y})`}>
        <text class="area-title">Debate</text>
        <text y={22} class="small">
          Pawns sharing a space debate: 2D6 each, plus bonuses.
        </text>
      </g>
    );
  }
  const a = e.dice.slice(0, 2);
  const b = e.dice.slice(2, 4);
  const mover = props.names[e.seat ?? 0] ?? "";
  const other = props.names[e.target ?? 0] ?? "";
  const result = debateResult(e, props.names);
  return (
    <g class="debate" transform={`translate(${props.x},${props.y})`} data-dice={e.dice.join(",")}>
      <text class="area-title">Last debate</text>
      <text x={0} y={26} class="small">
        {mover}
      </text>
      {a.map((d, i) => (
        <Die key={i} x={80 + i * 30} y={12} size={26} value={d} />
      ))}
      <text x={150} y={26} class="small">
        vs {other}
      </text>
      {b.map((d, i) => (
        <Die key={i} x={240 + i * 30} y={12} size={26} value={d} />
      ))}
      <text x={0} y={56} class="small">
        {wrap(result, Math.floor(props.w / 6))[0] ?? ""}
      </text>
    </g>
  );
}

function PresidencyBoard({ view, reference, state, offered, choose }: BoardProps) {
  if (view.game.case !== "presidency") return <p>Not a Presidential Race view.</p>;
  const v = view.game.value;
  const ref = reference?.game.case === "presidency" ? reference.game.value : undefined;
  const board = v.board.length ? v.board : (ref?.board ?? []);
  const cards = new Map((ref?.cards ?? []).map((c) => [c.id, c.description]));
  const cardText = (id: string) => cards.get(id) ?? "";
  const letters = pawnLetters(v.players);
  const names = v.players.map((p) => p.name);
  const mover = v.current;
  // Where the mover's roll can go, as the engine says (empty unless a roll is declared).
  const showReach = v.reach.length > 0;
  const reachOf = (n: number) => {
    const chanceWith = (dice: number) =>
      (v.reach.find((r) => r.dice === dice)?.spaces ?? [])
        .filter((s) => s.space === n)
        .reduce((sum, s) => sum + s.chanceIn36 / 36, 0);
    const one = chanceWith(1);
    const two = chanceWith(2);
    return one || two ? { one, two } : undefined;
  };
  const targets = new Map(
    offered.filter((c) => c.target !== undefined).map((c) => [c.target as number, c] as const),
  );
  const innerX = CELL_W + 20;
  const innerW = W - 2 * CELL_W - 40;
  const n = v.players.length;
  const cols = n <= 2 ? 2 : 3;
  const compact = n > 2;
  const panelW = (innerW - (cols - 1) * 14) / cols;
  const panelH = compact ? 150 : 222;
  const panelsY = CELL_H + 82;
  const lastMove = latest(state.log, "move");
  const lastDebate = latest(state.log, "debate");
  const lastCard = latest(state.log, "campaign-card");
  const belowPanels = panelsY + Math.ceil(n / cols) * (panelH + 10) + 14;
  const phase = v.phase === "finished" ? "the race is over" : v.phase === "election" ? "Election" : v.phase;
  return (
    <svg
      class="board presidency"
      data-board="presidency"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={`Presidential Race, round ${v.round} of ${v.rounds}`}
    >
      <defs>
        <pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <line x1="0" y1="0" x2="0" y2="6" class="hatch-line" />
        </pattern>
      </defs>
      {board.map((s) => (
        <Space
          key={s.number}
          space={s}
          here={v.players.filter((p) => p.position === s.number)}
          letters={letters}
          reach={reachOf(s.number)}
          mover={mover}
        />
      ))}
      <text class="board-title" x={W / 2} y={CELL_H + 26} text-anchor="middle">
        {`THE PRESIDENTIAL RACE · Round ${v.round} of ${v.rounds}`}
        {v.phase !== "declare" && v.phase !== "after-move" ? ` · ${phase}` : ""}
      </text>
      <VoteBar v={v} letters={letters} />
      {v.players.map((p, i) => (
        <Nominee
          key={p.seat}
          p={p}
          letter={letters[p.seat] ?? "?"}
          x={innerX + (i % cols) * (panelW + 14)}
          y={panelsY + Math.floor(i / cols) * (panelH + 10)}
          w={panelW}
          h={panelH}
          compact={compact}
          current={p.seat === mover}
          board={board}
          cardText={cardText}
          target={targets.get(p.seat)}
          choose={choose}
          you={p.seat === state.viewerSeat}
        />
      ))}
      <DiceArea
        x={innerX}
        y={belowPanels}
        offered={offered}
        choose={choose}
        lastMove={lastMove}
        names={names}
        letters={letters}
        reach={showReach}
      />
      <DebateArea x={innerX + 330} y={belowPanels} w={innerW - 330} entry={lastDebate} names={names} />
      <g class="decks" transform={`translate(${innerX},${H - CELL_H - 50})`}>
        <text class="small">
          {`Campaign deck ${v.campaignDeckCount} · Candidate deck ${v.candidateDeckCount}` +
            (v.variant === "standard" ? ` · Election deck ${v.electionDeckCount}` : "")}
        </text>
        {lastCard && (
          <text y={16} class="small" data-card={lastCard.card}>
            {`Last Campaign card: ${wrap(lastCard.text, 90)[0] ?? ""}`}
          </text>
        )}
        {wrap(
          v.electionDrawn.length > 0
            ? `Election cards: ${v.electionDrawn.map((d) => `${letters[d.seat] ?? ""} ${d.card?.name ?? ""}`).join(", ")}`
            : "",
          100,
        ).map((line, i) => (
          <text y={(lastCard ? 32 : 16) + i * 15} class="small" key={i}>
            {line}
          </text>
        ))}
      </g>
    </svg>
  );
}

/** Choices the board shows: the dice (1D6/2D6) and the opponents to debate or take from. */
function claims(c: Choice): boolean {
  return c.kind === "dice" || ((c.kind === "target" || c.kind === "take" || c.kind === "debate") && c.target !== undefined);
}

export const presidency: BoardModule = {
  game: "presidency",
  claims,
  Board: PresidencyBoard,
};
