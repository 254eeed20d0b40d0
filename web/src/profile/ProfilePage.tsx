// An account's profile (#/profile/HANDLE, from GetProfile): its handle and display name,
// person or bot (with its owner and version), when it joined, its matches per game and its
// recent results from its own side, each linking to the match's replay. On the signed-in
// person's own profile, the account's settings: change the password, sign out everywhere.
// (Tokens for the terminal client are managed there: `hustings login`, `hustings logout`.)
import { useEffect, useState } from "preact/hooks";
import { changePassword, signOutEverywhere, useAccount } from "../account";
import { Code, api, describeError, errorCode } from "../api";
import { gameName, useCatalogue } from "../catalogue";
import type { Account, GameInfo, PlayerRating, Profile } from "../gen/hustings/v1/hustings_pb";
import { RatingChart } from "../ratings/RatingChart";
import { intervalText, ratingText, variantName, winRate } from "../ratings/ratings";
import { count } from "../words";
import { AccountStatus } from "../lobby/AccountPanel";
import { href } from "../route";
import { HandleLink, SeatsLine } from "../ui";
import { accountResult, accountSeats, dateOf, gamesPlayed, matchCount, seatNames, totalMatches } from "./profile";

/** The profile of `handle`, asked once per page (and again after `reload`). */
function useProfile(handle: string): { profile: Profile | undefined; error: string | undefined } {
  const [profile, setProfile] = useState<Profile | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    api.getProfile({ handle }).then(
      (p) => live && setProfile(p),
      (e: unknown) => live && setError(errorCode(e) === Code.NotFound ? `There is no account @${handle}.` : describeError(e)),
    );
    return () => {
      live = false;
    };
  }, [handle]);
  return { profile, error };
}

export function ProfilePage({ handle }: { handle: string }) {
  const games = useCatalogue();
  const me = useAccount();
  const { profile, error } = useProfile(handle);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const account = profile?.account;
  useEffect(() => {
    document.title = `@${account?.handle ?? handle} · Hustings`;
  }, [account?.handle, handle]);
  const own = !!me && !!account && me.handle.toLowerCase() === account.handle.toLowerCase();
  return (
    <div class="page profile-page">
      <header class="topbar">
        <a class="brand" href={href.lobby()} title="Back to the lobby">
          Hustings
        </a>
        <span class="match-title">Profile</span>
        {me ? (
          <AccountStatus account={me} />
        ) : (
          me === null && (
            <a class="topbar-link" href={href.lobby()}>
              Sign in in the lobby
            </a>
          )
        )}
      </header>
      {notice && (
        <p class="notice-banner" role="status" data-settings-notice="">
          {notice}
        </p>
      )}
      <div class="profile-body">
        {error ? (
          <p class="error" role="alert">
            {error} <a href={href.lobby()}>Back to the lobby</a>
          </p>
        ) : !profile || !account ? (
          <p class="loading">Loading the profile…</p>
        ) : (
          <>
            <ProfileCard account={account} profile={profile} games={games} own={own} />
            <Ratings handle={account.handle} games={games} />
            <BySeat profile={profile} games={games} />
            <RecentResults profile={profile} account={account} games={games} />
            {own && !account.bot && <AccountSettings setNotice={setNotice} />}
          </>
        )}
      </div>
    </div>
  );
}

function ProfileCard(props: { account: Account; profile: Profile; games: GameInfo[] | undefined; own: boolean }) {
  const { account, profile, games } = props;
  const since = dateOf(account.createdAtUnixMs);
  const played = gamesPlayed(profile, games);
  const total = totalMatches(profile);
  return (
    <section class="panel profile-card" aria-labelledby="profile-name" data-profile={account.handle}>
      <h1 id="profile-name">
        {account.displayName || account.handle} {props.own && <span class="badge mine">you</span>}
      </h1>
      <dl class="profile-facts">
        <div>
          <dt>Handle</dt>
          <dd data-profile-handle="">@{account.handle}</dd>
        </div>
        <div>
          <dt>Kind</dt>
          <dd data-profile-kind={account.bot ? "bot" : "person"}>
            {account.bot ? (
              <>
                Bot
                {account.botOwner ? (
                  <>
                    {" "}
                    of <HandleLink handle={account.botOwner} />
                  </>
                ) : (
                  " (built into the server)"
                )}
                {account.botVersion && <>, version {account.botVersion}</>}
              </>
            ) : (
              "Person"
            )}
          </dd>
        </div>
        {since.words && (
          <div>
            <dt>Member since</dt>
            <dd>
              <time dateTime={since.iso}>{since.words}</time>
            </dd>
          </div>
        )}
        <div>
          <dt>Played</dt>
          <dd data-profile-total={total}>{matchCount(total)}</dd>
        </div>
      </dl>
      <h2>Matches per game</h2>
      {played.length === 0 ? (
        <p class="small">No matches yet.</p>
      ) : (
        <table class="games-played">
          <thead>
            <tr>
              <th scope="col">Game</th>
              <th scope="col">Matches</th>
            </tr>
          </thead>
          <tbody>
            {played.map((g) => (
              <tr key={g.game} data-game-count={g.game}>
                <th scope="row">{g.name}</th>
                <td>{g.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The account's results per seat (Profile.seatResults): won, drawn, lost and the share won
 * on each seat it held, since a record means most beside the seat it was made on. */
function BySeat(props: { profile: Profile; games: GameInfo[] | undefined }) {
  const lines = props.profile.seatResults;
  if (lines.length === 0) return null;
  return (
    <section class="panel profile-seats" aria-labelledby="profile-seats">
      <h2 id="profile-seats">Results by seat</h2>
      <table class="ratings-table">
        <thead>
          <tr>
            <th scope="col">Game and seat</th>
            <th scope="col">Played</th>
            <th scope="col">Won</th>
            <th scope="col">Drawn</th>
            <th scope="col">Lost</th>
            <th scope="col">Win rate</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((r) => (
            <tr key={`${r.game}/${r.variant}/${r.seat}`} data-seat-results={`${r.game}/${r.variant}/${r.seat}`}>
              <th scope="row">
                {gameName(props.games, r.game)} · {variantName(props.games, r.game, r.variant)} · {r.seatName}
              </th>
              <td>{r.played}</td>
              <td>{r.won}</td>
              <td>{r.drawn}</td>
              <td>{r.lost}</td>
              <td data-win-rate="">{winRate(r.won, r.played)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The account's ratings (GetRatings): one line per game and variant it played rated. */
function Ratings(props: { handle: string; games: GameInfo[] | undefined }) {
  const [ratings, setRatings] = useState<PlayerRating[] | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    api.getRatings({ handle: props.handle, includeHistory: true }).then(
      (r) => live && setRatings(r.ratings),
      (e: unknown) => live && setError(describeError(e)),
    );
    return () => {
      live = false;
    };
  }, [props.handle]);
  return (
    <section class="panel profile-ratings" aria-labelledby="profile-ratings">
      <h2 id="profile-ratings">Ratings</h2>
      {error ? (
        <p class="error">{error}</p>
      ) : !ratings ? (
        <p class="loading">Loading…</p>
      ) : ratings.length === 0 ? (
        <p class="small">No rated matches yet.</p>
      ) : (
        <table class="ratings-table">
          <thead>
            <tr>
              <th scope="col">Game</th>
              <th scope="col">Rating</th>
              <th scope="col">95% range</th>
              <th scope="col">Played</th>
              <th scope="col">History</th>
            </tr>
          </thead>
          <tbody>
            {ratings.map((r) => (
              <tr key={`${r.game}/${r.variant}`} data-rating-of={`${r.game}/${r.variant}`}>
                <th scope="row">
                  <a href={href.ratings(r.game, r.variant)} title="The leaderboard">
                    {gameName(props.games, r.game)} · {variantName(props.games, r.game, r.variant)}
                  </a>
                </th>
                <td data-rating="">{ratingText(r)}</td>
                <td>{intervalText(r)}</td>
                <td>{count(r.games, "match", "matches")}</td>
                <td>
                  <RatingChart history={r.history} of={`${r.game}/${r.variant}`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function RecentResults(props: { profile: Profile; account: Account; games: GameInfo[] | undefined }) {
  const { profile, account, games } = props;
  return (
    <section class="panel recent-results" aria-labelledby="recent-results">
      <h2 id="recent-results">Recent results</h2>
      {profile.recent.length === 0 ? (
        <p class="small">No finished matches yet.</p>
      ) : (
        <ul class="match-list">
          {profile.recent.map((m) => {
            const r = accountResult(m, account.handle);
            const ended = dateOf(m.createdAtUnixMs);
            return (
              <li key={m.matchId} data-match={m.matchId} data-result={r.kind}>
                <div>
                  <span class={`result result-${r.kind}`}>{r.words}</span> <strong>{gameName(games, m.game)}</strong>
                  {accountSeats(m, account.handle).length > 0 && <> as {seatNames(m, account.handle)}</>} <code>{m.matchId.slice(0, 8)}</code>
                  {ended.words && (
                    <span class="small">
                      {" "}
                      · <time dateTime={ended.iso}>{ended.words}</time>
                    </span>
                  )}
                  <div class="small">
                    <SeatsLine m={m} skip={accountSeats(m, account.handle)} />
                    {m.outcome?.reason && <> — {m.outcome.reason}</>}
                  </div>
                </div>
                <div class="row-actions">
                  <a class="button" href={href.replay(m.matchId)} data-action="replay">
                    Replay
                  </a>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** The signed-in person's settings: a new password, and signing out every session. */
function AccountSettings({ setNotice }: { setNotice: (s: string | undefined) => void }) {
  return (
    <section class="panel account-settings" aria-labelledby="account-settings">
      <h2 id="account-settings">Account settings</h2>
      <ChangePassword setNotice={setNotice} />
      <SignOutEverywhere setNotice={setNotice} />
      <p class="small">
        Tokens for the terminal client and bots are managed from the terminal: <code>hustings login</code>, <code>hustings logout</code>.
      </p>
    </section>
  );
}

function sessionsWord(n: number): string {
  return `${n} ${n === 1 ? "session" : "sessions"}`;
}

function ChangePassword({ setNotice }: { setNotice: (s: string | undefined) => void }) {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [again, setAgain] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const submit = async (e: Event) => {
    e.preventDefault();
    setError(undefined);
    setNotice(undefined);
    if (next !== again) {
      setError("The new passwords differ.");
      return;
    }
    setBusy(true);
    try {
      const ended = await changePassword(current, next);
      setCurrent("");
      setNext("");
      setAgain("");
      setNotice(`Password changed. ${ended > 0 ? `${sessionsWord(ended)} elsewhere signed out` : "No other session was signed in"}; this browser stays signed in.`);
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="account-form" data-form="change-password" aria-labelledby="change-password" onSubmit={(e) => void submit(e)}>
      <h3 id="change-password">Change password</h3>
      <label>
        Current password
        <input name="current-password" type="password" value={current} required autocomplete="current-password" onInput={(e) => setCurrent(e.currentTarget.value)} />
      </label>
      <label>
        New password
        <input name="new-password" type="password" value={next} required minLength={8} autocomplete="new-password" onInput={(e) => setNext(e.currentTarget.value)} />
      </label>
      <label>
        New password again
        <input name="new-password-again" type="password" value={again} required minLength={8} autocomplete="new-password" onInput={(e) => setAgain(e.currentTarget.value)} />
      </label>
      <button type="submit" class="primary" disabled={busy} data-action="change-password">
        Change password
      </button>
      <span class="small">8 characters or more. Your other sessions are signed out; this one stays.</span>
      {error && (
        <p class="error" role="alert" data-settings-error="">
          {error}
        </p>
      )}
    </form>
  );
}

function SignOutEverywhere({ setNotice }: { setNotice: (s: string | undefined) => void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const go = async () => {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      const ended = await signOutEverywhere();
      setNotice(`Signed out everywhere: ${sessionsWord(ended)} ended, this browser's too.`);
    } catch (err) {
      setError(describeError(err));
      setBusy(false);
    }
  };
  return (
    <div class="sign-out-everywhere">
      <h3>Sign out everywhere</h3>
      {asking ? (
        <div class="confirm" role="group" aria-label="Confirm signing out everywhere">
          <p>Every browser signed into this account is signed out, this one too. Terminal and bot tokens stay valid.</p>
          <button type="button" class="danger" disabled={busy} data-action="confirm-sign-out-everywhere" onClick={() => void go()}>
            Sign out everywhere
          </button>{" "}
          <button type="button" disabled={busy} onClick={() => setAsking(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" class="danger" data-action="sign-out-everywhere" onClick={() => setAsking(true)}>
          Sign out everywhere…
        </button>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
