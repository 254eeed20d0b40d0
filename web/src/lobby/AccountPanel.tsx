// The lobby's account pieces: the header's "Signed in as @ada" with Sign out, the guest's
// Sign in / Sign up forms (the server's message on a refusal), and the account's own
// matches (ListMyMatches: those waiting for its choice first, marked).
import { useEffect, useState } from "preact/hooks";
import { api, describeError } from "../api";
import { signIn, signOut, signUp } from "../account";
import type { Account, GameInfo, MatchSummary } from "../gen/hustings/v1/hustings_pb";
import { gameName } from "../catalogue";
import { MatchStatus } from "../gen/hustings/v1/hustings_pb";
import { href } from "../route";
import { myTurnFirst } from "../seats";
import { SeatsLine } from "../ui";

/** "Signed in as @ada" and Sign out, for the header. */
export function AccountStatus({ account }: { account: Account }) {
  const [error, setError] = useState<string | undefined>(undefined);
  return (
    <span class="account-status" data-account={account.handle}>
      Signed in as{" "}
      <a class="handle" href={href.profile(account.handle)} title="Your profile and account settings" data-action="my-profile">
        <strong>@{account.handle}</strong>
      </a>
      {account.displayName && account.displayName !== account.handle && <span class="account-name"> ({account.displayName})</span>}
      <button type="button" data-action="sign-out" onClick={() => void signOut().catch((e: unknown) => setError(describeError(e)))}>
        Sign out
      </button>
      {error && (
        <span class="error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}

type Mode = "sign-in" | "sign-up";

/** A guest's way in: one form at a time, Sign in or Sign up. */
export function AccountForms() {
  const [mode, setMode] = useState<Mode>("sign-in");
  const [handle, setHandle] = useState("");
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      if (mode === "sign-up") await signUp(handle.trim(), name.trim(), password);
      else await signIn(handle.trim(), password);
      setPassword("");
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  };
  const switchTo = (m: Mode) => {
    setMode(m);
    setError(undefined);
  };
  return (
    <div class="account-forms">
      <p class="small">
        Play as a guest, or with an account to find your seats from any browser.{" "}
        {mode === "sign-in" ? (
          <button type="button" class="link-button" data-action="show-sign-up" onClick={() => switchTo("sign-up")}>
            New here? Sign up
          </button>
        ) : (
          <button type="button" class="link-button" data-action="show-sign-in" onClick={() => switchTo("sign-in")}>
            Have an account? Sign in
          </button>
        )}
      </p>
      <form class="account-form" data-form={mode} aria-label={mode === "sign-in" ? "Sign in" : "Sign up"} onSubmit={(e) => void submit(e)}>
        <label>
          Handle
          <input
            name="handle"
            value={handle}
            required
            maxLength={24}
            autocomplete="username"
            autocapitalize="off"
            spellcheck={false}
            onInput={(e) => setHandle(e.currentTarget.value)}
          />
        </label>
        {mode === "sign-up" && (
          <label>
            Display name
            <input name="display-name" value={name} maxLength={64} placeholder="your handle" onInput={(e) => setName(e.currentTarget.value)} />
          </label>
        )}
        <label>
          Password
          <input
            name="password"
            type="password"
            value={password}
            required
            autocomplete={mode === "sign-in" ? "current-password" : "new-password"}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </label>
        <button type="submit" class="primary" disabled={busy} data-action={mode}>
          {mode === "sign-in" ? "Sign in" : "Sign up"}
        </button>
        {mode === "sign-up" && <span class="small">Handle: 2–24 letters, digits, - and _. Password: 8 characters or more.</span>}
      </form>
      {error && (
        <p class="error" role="alert" data-account-error="">
          {error}
        </p>
      )}
    </div>
  );
}

function statusWord(m: MatchSummary): string {
  if (m.myTurn) return "your turn";
  return m.status === MatchStatus.WAITING ? "waiting for players" : m.status === MatchStatus.ACTIVE ? "under way" : m.status === MatchStatus.FINISHED ? "finished" : "";
}

/** The account's matches, refreshed every few seconds while the lobby is open. */
export function useMyMatches(handle: string | undefined): { mine: MatchSummary[]; error: string | undefined } {
  const [mine, setMine] = useState<MatchSummary[]>([]);
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    setMine([]);
    if (!handle) return;
    let live = true;
    const load = () =>
      api.listMyMatches({ pageSize: 50 }).then(
        (r) => {
          if (!live) return;
          setMine(myTurnFirst(r.matches));
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
  }, [handle]);
  return { mine, error };
}

/** The account's matches: where it is your turn first (marked), each linking to its page. */
export function AccountMatches(props: { mine: MatchSummary[]; error: string | undefined; games: GameInfo[] | undefined }) {
  const { mine, error, games } = props;
  return (
    <>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {mine.length === 0 ? (
        <p class="small">Your account holds no seat yet: create or join a match.</p>
      ) : (
        <ul class="match-list account-matches" aria-label="Your account's matches">
          {mine.map((m) => {
            const seats = m.mySeats.map((n) => m.seats[n]?.name ?? `seat ${n}`).join(" and ");
            return (
              <li key={m.matchId} data-match={m.matchId} class={m.myTurn ? "my-turn" : undefined}>
                <div>
                  <strong>{gameName(games, m.game)}</strong> as {seats} <code>{m.matchId.slice(0, 8)}</code>
                  <span class={`badge${m.myTurn ? " turn" : ""}`} data-my-turn={m.myTurn ? "true" : "false"}>
                    {m.myTurn ? "▶ " : ""}
                    {statusWord(m)}
                  </span>
                  <span class="small"> v{String(m.version)}</span>
                  {m.seats.length > m.mySeats.length && (
                    <div class="small">
                      <SeatsLine m={m} skip={m.mySeats} />
                    </div>
                  )}
                </div>
                <div class="row-actions">
                  {/* One seat: the page finds it (this browser's token, else the account's
                      seat). Several: one link each, naming the seat. */}
                  {(m.mySeats.length > 1 ? m.mySeats : [undefined]).map((n) => (
                    <a
                      key={n ?? "one"}
                      class={`button${m.myTurn ? " primary" : ""}`}
                      href={href.match(m.matchId, n)}
                      data-action="open"
                    >
                      {m.status === MatchStatus.FINISHED ? "Open" : m.myTurn ? "Play" : "Resume"}
                      {n !== undefined && ` as ${m.seats[n]?.name ?? `seat ${n}`}`}
                    </a>
                  ))}
                  {m.status === MatchStatus.FINISHED && (
                    <a class="button" href={href.replay(m.matchId)}>
                      Replay
                    </a>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
