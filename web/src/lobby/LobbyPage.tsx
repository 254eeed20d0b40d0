// The lobby: the catalogue, a new match (a person or a bot, with its AI and level, for each
// seat, and a clock), the account (sign in or up; signed in, its matches from any
// browser), the matches this browser holds seats in (resumable after a reload: their
// tokens are in localStorage), and the server's open and recent matches to join, watch or
// replay.
import { useEffect, useState } from "preact/hooks";
import { joinName, useAccount } from "../account";
import { api, describeError } from "../api";
import { gameName, useCatalogue } from "../catalogue";
import { ClientKind, MatchStatus } from "../gen/hustings/v1/hustings_pb";
import type { GameInfo, MatchSummary } from "../gen/hustings/v1/hustings_pb";
import { go, href } from "../route";
import { displayName, forgetSeat, heldSeats, rememberSeat, setDisplayName } from "../storage";
import { SeatsLine } from "../ui";
import { absenceText, paceText } from "./absence";
import { AccountForms, AccountMatches, AccountStatus, useMyMatches } from "./AccountPanel";
import { NewMatch } from "./NewMatch";

/** Takes `seat` of a match for this browser and opens it. */
export async function joinAndOpen(summary: MatchSummary, seat: number): Promise<void> {
  const r = await api.joinMatch({
    matchId: summary.matchId,
    seat,
    displayName: joinName(displayName()),
    clientKind: ClientKind.HUMAN,
  });
  rememberSeat({
    matchId: r.matchId,
    seat: r.seat,
    seatName: r.seatName,
    token: r.token,
    game: summary.game,
    variant: summary.variant,
    joinedAt: Date.now(),
  });
  go(href.match(r.matchId, r.seat));
}

/** The server's matches, refreshed every few seconds while the lobby is open. */
function useMatches(): { matches: MatchSummary[]; error: string | undefined } {
  const [matches, setMatches] = useState<MatchSummary[]>([]);
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const load = () =>
      api.listMatches({ limit: 60 }).then(
        (r) => {
          if (!live) return;
          setMatches(r.matches);
          setError(undefined);
        },
        (e: unknown) => live && setError(describeError(e)),
      );
    void load();
    const t = setInterval(() => void load(), 3000);
    return () => {
      live = false;
      clearInterval(t);
    };
  }, []);
  return { matches, error };
}

function statusWord(s: MatchStatus): string {
  return s === MatchStatus.WAITING ? "waiting" : s === MatchStatus.ACTIVE ? "under way" : s === MatchStatus.FINISHED ? "finished" : "";
}

function MyMatches({ matches, games, signedIn }: { matches: MatchSummary[]; games: GameInfo[] | undefined; signedIn: boolean }) {
  const [, setTick] = useState(0);
  const held = heldSeats();
  if (held.length === 0) {
    return signedIn ? null : <p class="small">None yet. Matches you create or join here are kept in this browser, to come back to.</p>;
  }
  return (
    <ul class="match-list mine">
      {held.slice(0, 20).map((h) => {
        const m = matches.find((x) => x.matchId === h.matchId);
        return (
          <li key={`${h.matchId}-${h.seat}`} data-match={h.matchId}>
            <div>
              <strong>{gameName(games, h.game)}</strong> as {h.seatName} <code>{h.matchId.slice(0, 8)}</code>
              <span class="small"> {m ? `${statusWord(m.status)}, v${String(m.version)}` : ""}</span>
            </div>
            <div class="row-actions">
              <a class="button primary" href={href.match(h.matchId, h.seat)} data-action="resume">
                {m?.status === MatchStatus.FINISHED ? "Open" : "Resume"}
              </a>
              {m?.status === MatchStatus.FINISHED && <a class="button" href={href.replay(h.matchId)}>Replay</a>}
              <button
                type="button"
                class="link-button"
                title="Forget this seat's token in this browser"
                onClick={() => {
                  forgetSeat(h.matchId, h.seat);
                  setTick((n) => n + 1);
                }}
              >
                forget
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function ServerMatches(props: { matches: MatchSummary[]; games: GameInfo[] | undefined; accountMatches: MatchSummary[] }) {
  const { matches, games } = props;
  const [error, setError] = useState<string | undefined>(undefined);
  const mine = new Set([...heldSeats().map((h) => h.matchId), ...props.accountMatches.map((m) => m.matchId)]);
  if (matches.length === 0) return <p class="small">No matches on this server yet: create one.</p>;
  return (
    <>
      {error && <p class="error" role="alert">{error}</p>}
      <ul class="match-list">
        {matches.map((m) => {
          const open = m.status === MatchStatus.WAITING ? m.seats.filter((s) => !s.taken && !s.bot) : [];
          return (
            <li key={m.matchId} data-match={m.matchId} class={`status-${statusWord(m.status).replace(" ", "-")}`}>
              <div>
                <strong>{gameName(games, m.game)}</strong> <span class="small">{m.variant}</span>{" "}
                <code>{m.matchId.slice(0, 8)}</code> <span class="badge">{statusWord(m.status)}</span>
                {mine.has(m.matchId) && <span class="badge mine">yours</span>}
                <div class="small">
                  <SeatsLine m={m} />
                </div>
                {m.status !== MatchStatus.FINISHED && (
                  <div class="small" data-absence>
                    {paceText(m)} · {absenceText(m)}
                  </div>
                )}
              </div>
              <div class="row-actions">
                {open.map((s) => (
                  <button
                    type="button"
                    class="button primary"
                    key={s.seat}
                    data-join={s.seat}
                    onClick={() => void joinAndOpen(m, s.seat).catch((e: unknown) => setError(describeError(e)))}
                  >
                    Join as {s.name}
                  </button>
                ))}
                {m.status === MatchStatus.FINISHED ? (
                  <a class="button" href={href.replay(m.matchId)}>Replay</a>
                ) : (
                  <a class="button" href={href.watch(m.matchId)} data-action="watch">Watch</a>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}

export function LobbyPage() {
  const games = useCatalogue();
  const { matches, error } = useMatches();
  const [name, setName] = useState(displayName());
  const account = useAccount();
  const { mine, error: mineError } = useMyMatches(account?.handle);
  useEffect(() => {
    document.title = "Hustings · lobby";
  }, []);
  return (
    <div class="page lobby">
      <header class="topbar">
        <a class="brand" href={href.lobby()}>
          Hustings
        </a>
        <h1 class="match-title">Election board games for people and AIs</h1>
        <a class="topbar-link ratings-link" href={href.ratings()} data-action="ratings">
          Ratings
        </a>
        {account ? (
          <AccountStatus account={account} />
        ) : (
          <label class="name-field">
            Your name{" "}
            <input
              value={name}
              maxLength={40}
              placeholder="Web player"
              onInput={(e) => {
                const v = e.currentTarget.value;
                setName(v);
                setDisplayName(v);
              }}
            />
          </label>
        )}
      </header>
      {error && (
        <p class="error banner" role="alert">
          Cannot reach the server: {error}
        </p>
      )}
      <main class="lobby-body">
        <section class="panel new-match" aria-label="New match">
          <h2>New match</h2>
          {games ? <NewMatch games={games} /> : <p>Loading the catalogue…</p>}
        </section>
        <div class="lobby-lists">
          {account === null && (
            <section class="panel account-panel" aria-label="Account">
              <h2>Account</h2>
              <AccountForms />
            </section>
          )}
          <section class="panel my-matches" aria-label="My matches">
            <h2>My matches</h2>
            {account && <AccountMatches mine={mine} error={mineError} games={games} />}
            {account && heldSeats().length > 0 && <h3 class="small">Seats kept in this browser</h3>}
            <MyMatches matches={matches} games={games} signedIn={!!account} />
          </section>
          <section class="panel" aria-label="Matches on this server">
            <h2>On this server</h2>
            <ServerMatches matches={matches} games={games} accountMatches={mine} />
          </section>
        </div>
      </main>
    </div>
  );
}
