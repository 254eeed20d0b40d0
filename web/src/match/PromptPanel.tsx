// The decision panel: what the viewer must decide (the choices its board does not draw, as
// numbered buttons; number keys choose too), a multi-step decision's progress, who else is
// being waited for, the outcome, and the match's own actions — undo, claim-win, hand-to-bot, rematch and
// resign (after a confirmation).
import { useEffect, useRef, useState } from "preact/hooks";
import type { BoardModule } from "../boards/types";
import type { BotWait, Choice, Prompt } from "../gen/hustings/v1/hustings_pb";
import { BotWaitReason, MatchStatus, Origin } from "../gen/hustings/v1/hustings_pb";
import { go, href } from "../route";
import { rememberSeat } from "../storage";
import type { HeldSeat } from "../storage";
import type { MatchConnection, MatchState } from "./connection";
import { outcomeHeadline, resignQuestion } from "./outcome";

/** After a match: follow the rematch with the same token (it holds the seat there too). */
function followRematch(s: MatchState, held: HeldSeat): void {
  // Seats rotate by one in a rematch: the player of seat i plays seat i + 1.
  const seat = (held.seat + 1) % Math.max(1, s.seats.length);
  const seatName = s.seats[seat]?.name ?? "";
  rememberSeat({ ...held, matchId: s.rematchMatchId, seat, seatName, joinedAt: Date.now() });
  go(href.match(s.rematchMatchId, seat));
}

/** Board choices listed by name in the hint: those the number keys 1–9 reach. */
const HINTED = 9;

function Progress({ p }: { p: { label: string; done: number; total: number } }) {
  return (
    <div class="progress" role="progressbar" aria-valuemin={1} aria-valuemax={p.total} aria-valuenow={p.done} aria-label={p.label}>
      <span class="progress-label">{p.label}</span>
      <span class="progress-steps">
        {Array.from({ length: Math.min(p.total, 20) }, (_, i) => (
          <span key={i} class={`step${i < p.done - 1 ? " done" : i === p.done - 1 ? " now" : ""}`} />
        ))}
      </span>
    </div>
  );
}

/** Who the match waits for, in words. */
function waitingFor(s: MatchState): string {
  const names = s.toAct
    .filter((seat) => seat !== s.viewerSeat)
    .map((seat) => {
      const x = s.seats[seat];
      if (!x) return `seat ${seat}`;
      const who = x.playerName || (x.bot ? `${x.ai || "a"} bot` : "");
      return who ? `${x.name} (${who})` : x.name;
    });
  return names.length ? `Waiting for ${names.join(" and ")}…` : "Waiting…";
}

function Outcome({ s, board }: { s: MatchState; board: BoardModule }) {
  const o = s.outcome;
  if (!o) return null;
  const won = s.viewerSeat !== undefined && o.winners.includes(s.viewerSeat);
  const parties = s.view ? board.parties?.(s.view) : undefined;
  const headline = outcomeHeadline(o.winners, s.seats.map((x) => x.name), s.viewerSeat, parties);
  return (
    <div class={`outcome${won ? " won" : ""}`} role="status" data-outcome={o.winners.join(",")}>
      <h2>{headline}</h2>
      <p>{o.reason}</p>
      {o.scores.length > 0 && (
        <p class="scores">
          {o.scores.map((sc, i) => `${s.seats[i]?.name ?? i}: ${String(sc)}`).join(" · ")}
        </p>
      )}
    </div>
  );
}

/** Why a bot seat waits, as the server says (`MatchUpdate.bot_waits`), with what would end it. */
function botWaitText(waits: BotWait[], seat: number, ai: string): string {
  const w = waits.find((x) => x.seat === seat);
  if (!w) return `waiting for a ${ai || ""} bot: run hustings-bot pool`;
  return w.reason === BotWaitReason.NO_POOL ? `${w.text}: start one with hustings-bot pool --ai greedy` : w.text;
}

export function PromptPanel(props: {
  conn: MatchConnection;
  state: MatchState;
  board: BoardModule;
  held: HeldSeat | undefined;
}) {
  const { conn, state: s, board } = props;
  const [confirming, setConfirming] = useState(false);
  const prompt: Prompt | undefined = s.prompt;
  const all = prompt?.choices ?? [];
  // The service's own choices (Choice.origin) are the match's actions, apart from the game's.
  const game = all.filter((c) => c.origin !== Origin.SERVICE);
  const reserved = all.filter((c) => c.origin === Origin.SERVICE);
  const view = s.view;
  const onBoard = view ? game.filter((c) => board.claims(c, view)) : [];
  const buttons = game.filter((c) => !onBoard.includes(c));
  // Number keys: the game's choices in order, the board's first (as the hint lists them).
  const numbered: Choice[] = [...onBoard, ...buttons];
  const sending = conn.sending;
  const active = s.status === MatchStatus.ACTIVE;
  const latest = useRef(numbered);
  latest.current = numbered;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.ctrlKey || e.metaKey || e.altKey || t?.closest("input, textarea, select")) return;
      if (/^[1-9]$/.test(e.key)) {
        const c = latest.current[Number(e.key) - 1];
        if (c) {
          e.preventDefault();
          conn.act(c.id);
        }
      } else if (e.key === "Escape") {
        setConfirming(false);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [conn]);

  const progress =
    prompt && view ? board.progress?.(view, prompt, s.log) : undefined;
  const number = (c: Choice) => numbered.indexOf(c) + 1;

  return (
    <section class="prompt-panel" aria-label="Your decision">
      <Outcome s={s} board={board} />
      {s.status === MatchStatus.WAITING && (
        <div class="waiting-seats">
          <p>Waiting for every seat to be taken:</p>
          <ul>
            {s.seats
              .filter((x) => !x.taken)
              .map((x) => (
                <li key={x.seat}>
                  {x.name}{" "}
                  {x.bot ? `(${botWaitText(s.botWaits, x.seat, x.ai)})` : "(open)"}
                </li>
              ))}
          </ul>
          <p class="small">
            Invite a player: <code>{`${location.origin}${location.pathname}#/match/${s.matchId}`}</code>
          </p>
        </div>
      )}
      {prompt && game.length > 0 && active ? (
        <div class={`prompt${sending ? " sending" : ""}`} data-prompt-version={String(s.version)}>
          <p class="prompt-text">{prompt.text}</p>
          {progress && <Progress p={progress} />}
          {onBoard.length > 0 && (
            <p class="board-hint">
              On the board (highlighted):{" "}
              {/* The ones number keys reach; a long list (a cube for any of 40 states) is
                  better read on the board itself. */}
              {onBoard.slice(0, HINTED).map((c, i) => (
                <span key={c.id} class="hint-item">
                  {i > 0 ? " · " : ""}
                  <kbd>{number(c)}</kbd> {c.label}
                </span>
              ))}
              {onBoard.length > HINTED && <span class="hint-more">{` · and ${onBoard.length - HINTED} more`}</span>}
            </p>
          )}
          {onBoard.length > 0 && (
            /* The board's choices again as buttons: on a phone a state is a small target,
               and a keyboard or a screen reader reaches a list more easily than a map. */
            <details class="board-list">
              <summary>{`Board choices as a list (${onBoard.length})`}</summary>
              <div class="choices">
                {onBoard.map((c) => (
                  <button
                    key={c.id}
                    type="button"
                    class={`choice kind-${c.kind}`}
                    data-board-choice={c.id}
                    disabled={!!sending}
                    onClick={() => conn.act(c.id)}
                  >
                    <kbd>{number(c)}</kbd> {c.label}
                  </button>
                ))}
              </div>
            </details>
          )}
          <div class="choices">
            {buttons.map((c) => (
              <button
                key={c.id}
                type="button"
                class={`choice kind-${c.kind}`}
                data-choice={c.id}
                disabled={!!sending}
                onClick={() => conn.act(c.id)}
              >
                <kbd>{number(c)}</kbd> {c.label}
              </button>
            ))}
          </div>
          {sending && <p class="sending-note">Sending your choice…</p>}
        </div>
      ) : (
        active &&
        s.status !== MatchStatus.FINISHED && (
          <p class="waiting" data-waiting={s.toAct.join(",")}>
            {waitingFor(s)}
          </p>
        )
      )}
      {conn.notice && (
        <p class="notice" role="alert">
          {conn.notice}
        </p>
      )}
      <div class="match-actions">
        {reserved.map((c) => (
          <button
            key={c.id}
            type="button"
            class={`action kind-${c.kind}`}
            data-choice={c.id}
            disabled={!!sending}
            onClick={() => conn.act(c.id)}
          >
            {c.id === "rematch" ? (s.rematchOffers.includes(s.viewerSeat ?? -1) ? "Rematch offered" : c.label || "Offer a rematch") : c.label}
          </button>
        ))}
        {s.rematchOffers.length > 0 && !s.rematchMatchId && (
          <span class="small">
            Rematch offered by {s.rematchOffers.map((x) => s.seats[x]?.name ?? x).join(", ")}
          </span>
        )}
        {s.rematchMatchId && props.held && (
          <button type="button" class="action primary" data-action="follow-rematch" onClick={() => props.held && followRematch(s, props.held)}>
            Play the rematch
          </button>
        )}
        {s.rematchMatchId && !props.held && s.viewerSeat !== undefined && (
          // The signed-in account's seat (no token here): its rematch seat is found the same way.
          <a class="action button primary" data-action="follow-rematch" href={href.match(s.rematchMatchId)}>
            Play the rematch
          </a>
        )}
        {s.viewerSeat !== undefined && active && (
          <button type="button" class="action danger" data-action="resign" onClick={() => setConfirming(true)}>
            Resign…
          </button>
        )}
        {s.status === MatchStatus.FINISHED && (
          <a class="action" href={href.replay(s.matchId)}>
            Replay
          </a>
        )}
        {s.viewerSeat === undefined && <span class="small">You are watching: spectators see only what is public.</span>}
      </div>
      {confirming && (
        <div class="confirm" role="alertdialog" aria-label="Resign the match?">
          <p>{resignQuestion(s.seats.length)}</p>
          <button
            type="button"
            class="danger"
            data-action="confirm-resign"
            ref={(el) => el?.focus()}
            onClick={() => {
              setConfirming(false);
              void conn.resign();
            }}
          >
            Resign
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            Keep playing
          </button>
        </div>
      )}
    </section>
  );
}

