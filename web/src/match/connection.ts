// One match followed over WatchMatch, as a seat (with its token, or with none as the
// signed-in account's seat: the session cookie goes along) or a spectator: keeps what
// the stream sent, reconnects by itself after a drop or a server restart (resuming from its
// last version, so it receives exactly the versions it missed) and sends choices with Act,
// each at most once.
import { api, Code, describeError, errorCode } from "../api";
import type {
  BotWait,
  ClockSetting,
  GameView,
  LastAction,
  LogEntry,
  MatchReference,
  MatchUpdate,
  Outcome,
  Prompt,
  SeatClock,
  SeatSummary,
} from "../gen/hustings/v1/hustings_pb";
import { MatchStatus } from "../gen/hustings/v1/hustings_pb";

/** Everything the client knows of the match, as of `version`. */
export interface MatchState {
  matchId: string;
  version: bigint;
  status: MatchStatus;
  /** The viewer's seat; undefined for a spectator. */
  viewerSeat: number | undefined;
  view: GameView | undefined;
  /** The match's fixed data (board, card texts), kept from the stream's first message. */
  reference: MatchReference | undefined;
  /** The whole log the viewer may see, oldest first. */
  log: LogEntry[];
  toAct: number[];
  /** The viewer's decision, when it has one now. */
  prompt: Prompt | undefined;
  seats: SeatSummary[];
  lastAction: LastAction | undefined;
  outcome: Outcome | undefined;
  clocks: SeatClock[];
  /** `performance.now()` when `clocks` arrived: a running clock counts down from there. */
  clocksAt: number;
  clock: ClockSetting | undefined;
  rematchOffers: number[];
  rematchMatchId: string;
  /** Why each empty bot seat waits, when no connected bot pool will take it. */
  botWaits: BotWait[];
}

/** The stream's health, for the banner. */
export type Link = "connecting" | "live" | "reconnecting" | "failed";

/** Codes after which reopening the stream cannot help. */
const FATAL = new Set([Code.NotFound, Code.PermissionDenied, Code.Unauthenticated]);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Folds one stream message into what was known before it. */
export function absorb(prev: MatchState | undefined, u: MatchUpdate, now: number): MatchState {
  const log = u.snapshot || !prev ? [...u.log] : [...prev.log, ...u.log];
  return {
    matchId: u.matchId,
    version: u.version,
    status: u.status,
    viewerSeat: u.viewerSeat,
    view: u.view ?? prev?.view,
    reference: u.reference ?? prev?.reference,
    log,
    toAct: [...u.toAct],
    prompt: u.prompt,
    seats: u.seats,
    lastAction: u.lastAction ?? prev?.lastAction,
    outcome: u.outcome,
    clocks: u.clocks,
    clocksAt: now,
    clock: u.clock ?? prev?.clock,
    rematchOffers: [...u.rematchOffers],
    rematchMatchId: u.rematchMatchId,
    botWaits: [...u.botWaits],
  };
}

export class MatchConnection {
  state: MatchState | undefined;
  link: Link = "connecting";
  /** Why the stream cannot go on, once it cannot. */
  fatal: string | undefined;
  /** The last refused choice or failed call, for the prompt to show. */
  notice: string | undefined;
  /** The choice sent and not yet answered by a new version: nothing else is sent meanwhile. */
  sending: { version: bigint; choice: string } | undefined;
  /** How many times the stream was opened (the first time and every reconnection). */
  opened = 0;

  private abort: AbortController | undefined;
  private stopped = false;
  private listeners = new Set<() => void>();

  /** `token`: the seat's from JoinMatch, or "" for the signed-in account's seat (the server
   * answers a guest, or an account without a seat here, as a spectator); `seat`: which of
   * the account's seats, when the address names one (with no token only). */
  constructor(
    readonly matchId: string,
    readonly token: string,
    readonly seat?: number,
  ) {}

  /** The seat to name beside an empty token: the one asked for, else the one the stream
   * shows (the account may hold several). */
  private accountSeat(): number | undefined {
    return this.token ? undefined : (this.seat ?? this.state?.viewerSeat);
  }

  /** Calls `fn` after every change; returns the function that stops it. */
  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private emit(): void {
    for (const fn of this.listeners) fn();
  }

  start(): void {
    void this.run();
  }

  stop(): void {
    this.stopped = true;
    this.abort?.abort();
  }

  private async run(): Promise<void> {
    let delay = 250;
    while (!this.stopped) {
      this.abort = new AbortController();
      this.opened += 1;
      try {
        const stream = api.watchMatch(
          {
            matchId: this.matchId,
            token: this.token,
            seat: this.token ? undefined : this.seat,
            fromVersion: this.state?.version ?? 0n,
            includeJsonView: false,
          },
          { signal: this.abort.signal },
        );
        for await (const u of stream) {
          if (this.link !== "live") {
            this.link = "live";
            delay = 250;
          }
          this.receive(u);
        }
        // The server ended the stream (it is shutting down): open it again.
      } catch (e) {
        if (this.stopped) return;
        const code = errorCode(e);
        if (code !== undefined && FATAL.has(code)) {
          this.link = "failed";
          this.fatal = describeError(e);
          this.emit();
          return;
        }
        if (code === Code.InvalidArgument && this.state) {
          // The server no longer has the versions we saw (its matches were in memory and
          // it restarted): start again from a snapshot.
          this.state = undefined;
        }
      }
      if (this.stopped) return;
      this.link = "reconnecting";
      this.emit();
      await sleep(delay);
      delay = Math.min(delay * 2, 4000);
    }
  }

  private receive(u: MatchUpdate): void {
    this.state = absorb(this.state, u, performance.now());
    if (this.sending && u.version > this.sending.version) {
      this.sending = undefined;
    }
    this.emit();
  }

  /** Sends `choice` for the current version, unless a choice is already on its way or the
   * prompt does not offer it; returns whether it was sent. */
  act(choice: string): boolean {
    const s = this.state;
    if (!s?.prompt || this.sending || !s.prompt.choices.some((c) => c.id === choice)) {
      return false;
    }
    const version = s.version;
    this.sending = { version, choice };
    this.notice = undefined;
    this.emit();
    api
      .act({ matchId: this.matchId, token: this.token, seat: this.accountSeat(), version, choiceId: choice })
      .then(() => {
        // A rematch offer adds no version: nothing else will clear it.
        if (choice === "rematch" && this.sending?.choice === "rematch") {
          this.sending = undefined;
          this.emit();
        }
      })
      .catch((e: unknown) => {
        if (this.sending?.version === version) this.sending = undefined;
        this.notice =
          errorCode(e) === Code.Aborted
            ? "The match moved on before your choice arrived: here is where it stands now."
            : describeError(e);
        this.emit();
      });
    return true;
  }

  /** Concedes the match for this seat. */
  async resign(): Promise<void> {
    try {
      await api.resign({ matchId: this.matchId, token: this.token, seat: this.accountSeat() });
    } catch (e) {
      this.notice = describeError(e);
      this.emit();
    }
  }
}

/** A seat clock's time left now, in ms. */
export function clockLeft(s: MatchState, c: SeatClock, now: number): number {
  const left = Number(c.remainingMs);
  return c.running && s.status === MatchStatus.ACTIVE ? Math.max(0, left - (now - s.clocksAt)) : left;
}
