// The match page, for every game and variant, as a seat or a spectator: the header with the
// seats (presence, clocks, who is to act), the board, and beside it the prompt (board
// clicks and buttons), the match's actions and the log.
import { useEffect, useMemo, useState } from "preact/hooks";
import { boardFor } from "../boards";
import { BoardArea } from "../boards/BoardArea";
import type { BoardModule } from "../boards/types";
import { gameName, useCatalogue } from "../catalogue";
import { MatchStatus } from "../gen/hustings/v1/hustings_pb";
import type { GameInfo } from "../gen/hustings/v1/hustings_pb";
import { href } from "../route";
import { seatsIn } from "../storage";
import type { HeldSeat } from "../storage";
import { Holder, SeatChip, formatClock, seatLetters, useNow } from "../ui";
import { MatchConnection, clockLeft } from "./connection";
import type { MatchState } from "./connection";
import { CardDialog, HelpDialog } from "./HelpDialog";
import { tappedCard } from "./help";
import { LogPane } from "./LogPane";
import { setIcon, yourTurn } from "./turn";
import { PromptPanel } from "./PromptPanel";

/** The performance mark set when the first board is drawn (its startTime: ms since the
 * page began to load). */
export const FIRST_BOARD = "hustings:first-board";

/** Follows `conn`, redrawing on each change. */
function useConnection(conn: MatchConnection): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const off = conn.subscribe(() => setTick((n) => n + 1));
    conn.start();
    return () => {
      off();
      conn.stop();
    };
  }, [conn]);
}

/** The seat this page plays with a token: the one named in the address, else the first
 * held here. Without one, the page asks as the signed-in account (if any): the stream then
 * shows the account's seat, or the match as a spectator sees it. */
function pickSeat(matchId: string, seat: number | undefined, watch: boolean): HeldSeat | undefined {
  if (watch) return undefined;
  const held = seatsIn(matchId);
  return seat === undefined ? held[0] : held.find((h) => h.seat === seat);
}

export function MatchPage(props: { matchId: string; seat: number | undefined; watch: boolean }) {
  const held = pickSeat(props.matchId, props.seat, props.watch);
  const token = held?.token ?? "";
  // With no token, name the address's seat (an account holding several here).
  const seat = token || props.watch ? undefined : props.seat;
  const conn = useMemo(() => new MatchConnection(props.matchId, token, seat), [props.matchId, token, seat]);
  useConnection(conn);
  const games = useCatalogue();
  const s = conn.state;
  const mine = s !== undefined && yourTurn(s);
  useEffect(() => {
    if (!s?.view?.game.case) return;
    // A person in another tab sees from the tab strip that the match waits for them.
    document.title = `${mine ? "● Your turn · " : ""}${gameName(games, gameId(s))} · Hustings`;
    setIcon(mine);
  }, [s?.view?.game.case, games, mine]);
  useEffect(() => () => setIcon(false), []);
  if (!s) {
    return (
      <div class="page match-page">
        <TopBar conn={conn} games={games} state={undefined} />
        <div class="center-message">
          {conn.fatal ? (
            <p class="error" role="alert">
              {conn.fatal} <a href={href.lobby()}>Back to the lobby</a>
            </p>
          ) : (
            <p>{conn.link === "reconnecting" ? "Cannot reach the server; trying again…" : "Opening the match…"}</p>
          )}
        </div>
      </div>
    );
  }
  const board = boardFor(gameId(s));
  return <MatchView conn={conn} state={s} board={board} games={games} held={held} />;
}

/** The game id of the match, from its typed view's case. */
function gameId(s: MatchState): string {
  switch (s.view?.game.case) {
    case "presidency":
      return "presidency";
    case "votesForWomen":
      return "votes-for-women";
    case "theVote":
      return "the-vote";
    default:
      return "";
  }
}

function MatchView(props: {
  conn: MatchConnection;
  state: MatchState;
  board: BoardModule;
  games: GameInfo[] | undefined;
  held: HeldSeat | undefined;
}) {
  const { conn, state: s, board } = props;
  const Board = board.Board;
  const view = s.view;
  const choices = s.prompt?.choices ?? [];
  const canChoose = !conn.sending && s.status === MatchStatus.ACTIVE;
  const offered = view && canChoose ? choices.filter((c) => board.claims(c, view)) : [];
  const choose = (id: string) => void conn.act(id);
  const [help, setHelp] = useState(false);
  const [card, setCard] = useState<string | undefined>(undefined);
  const game = gameName(props.games, gameId(s));
  useEffect(() => {
    // Page load → first board drawn, for the browser tests' "time to first board".
    if (view && performance.getEntriesByName(FIRST_BOARD).length === 0) performance.mark(FIRST_BOARD);
  }, [view]);
  return (
    <div class="page match-page" data-version={String(s.version)} data-link={conn.link}>
      <TopBar conn={conn} games={props.games} state={s} />
      <div class="match-body">
        <BoardArea
          label="Board"
          onTap={(e) => setCard(tappedCard(e.target) ?? card)}
          tools={
            <button type="button" class="help-button" data-action="rules-help" aria-label="Rules help" onClick={() => setHelp(true)}>
              ?
            </button>
          }
        >
          {view ? (
            <Board view={view} reference={s.reference} state={s} offered={offered} choose={choose} />
          ) : (
            <p>No view yet.</p>
          )}
        </BoardArea>
        <aside class="side">
          <PromptPanel conn={conn} state={s} board={board} held={props.held} />
          <LogPane state={s} />
        </aside>
      </div>
      {help && <HelpDialog reference={s.reference} gameName={game} onClose={() => setHelp(false)} />}
      {card !== undefined && <CardDialog reference={s.reference} cardId={card} onClose={() => setCard(undefined)} />}
    </div>
  );
}

function TopBar(props: { conn: MatchConnection; games: GameInfo[] | undefined; state: MatchState | undefined }) {
  const { conn, state: s } = props;
  const running = !!s && s.status === MatchStatus.ACTIVE && s.clocks.some((c) => c.running);
  const now = useNow(200, running);
  const letters = seatLetters(s?.seats.map((x) => x.name) ?? []);
  return (
    <header class="topbar">
      <a class="brand" href={href.lobby()} title="Back to the lobby">
        Hustings
      </a>
      <h1 class="match-title">
        {s ? gameName(props.games, gameId(s)) : "Match"} <code class="match-id">{conn.matchId.slice(0, 8)}</code>
        {s && <span class="version">v{String(s.version)}</span>}
        {s && s.viewerSeat === undefined && <span class="badge">spectating</span>}
      </h1>
      <ul class="seats" aria-label="Seats">
        {s?.seats.map((seat) => {
          const clock = s.clocks.find((c) => c.seat === seat.seat);
          const acting = s.toAct.includes(seat.seat) && s.status === MatchStatus.ACTIVE;
          return (
            <li
              key={seat.seat}
              class={`seat${acting ? " acting" : ""}${seat.seat === s.viewerSeat ? " you" : ""}`}
              data-seat={seat.seat}
            >
              <SeatChip seat={seat.seat} letter={letters[seat.seat] ?? "?"} />
              <span class="seat-name">{seat.name}</span>
              <span class="seat-who">{seat.seat === s.viewerSeat ? "you" : <Holder seat={seat} botWord={(ai) => `bot ${ai}`.trim()} />}</span>
              <span
                class={`presence ${seat.connected ? "on" : "off"}`}
                title={seat.connected ? "connected" : seat.taken ? "away" : "nobody has joined"}
              >
                {seat.connected ? "● online" : seat.taken ? "○ away" : "○ open"}
              </span>
              {clock && (
                <span class={`clock${clock.running ? " running" : ""}`} data-clock={seat.seat}>
                  {formatClock(clockLeft(s, clock, now))}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <span class={`link link-${conn.link}`} role="status" aria-live="polite">
        {conn.link === "live" ? "live" : conn.link === "reconnecting" ? "reconnecting…" : conn.link}
      </span>
    </header>
  );
}
