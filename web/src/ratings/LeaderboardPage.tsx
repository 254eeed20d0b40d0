// The ratings' leaderboards (#/ratings/GAME/VARIANT/FILTER, from GetLeaderboard): one per
// game and variant, people and bots in one pool or either alone, each line a place, a
// handle linking to its profile, a rating with the "?" of a provisional one and its
// interval, and the rated matches played. Choosing a game, a variant or a filter changes
// the address, so a leaderboard can be linked to.
import { useEffect, useState } from "preact/hooks";
import { useAccount } from "../account";
import { api, describeError } from "../api";
import { useCatalogue } from "../catalogue";
import type { GameInfo, LeaderboardEntry } from "../gen/hustings/v1/hustings_pb";
import { AccountStatus } from "../lobby/AccountPanel";
import { go, href } from "../route";
import { HandleLink } from "../ui";
import { count } from "../words";
import { FILTERS, filterOf, intervalText, ratedVariants, ratingText } from "./ratings";

/** The leaderboard asked for, once per choice of game, variant and filter. */
function useLeaderboard(game: string, variant: string, filter: string) {
  const [lines, setLines] = useState<LeaderboardEntry[] | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!game) return;
    let live = true;
    setLines(undefined);
    setError(undefined);
    api.getLeaderboard({ game, variant, filter: filterOf(filter), limit: 100 }).then(
      (r) => live && setLines(r.entries),
      (e: unknown) => live && setError(describeError(e)),
    );
    return () => {
      live = false;
    };
  }, [game, variant, filter]);
  return { lines, error };
}

export function LeaderboardPage(props: { game?: string; variant?: string; filter?: string }) {
  const games = useCatalogue();
  const me = useAccount();
  const info: GameInfo | undefined = games?.find((g) => g.id === props.game) ?? games?.[0];
  const variants = ratedVariants(info);
  const variant = variants.find((v) => v.id === props.variant) ?? variants[0];
  const filter = FILTERS.find((f) => f.id === props.filter)?.id ?? "all";
  const { lines, error } = useLeaderboard(info?.id ?? "", variant?.id ?? "", filter);
  useEffect(() => {
    document.title = `Ratings${info ? ` · ${info.name}` : ""} · Hustings`;
  }, [info]);
  return (
    <div class="page ratings-page">
      <header class="topbar">
        <a class="brand" href={href.lobby()} title="Back to the lobby">
          Hustings
        </a>
        <span class="match-title">Ratings</span>
        {me && <AccountStatus account={me} />}
      </header>
      <main class="profile-body">
        <section class="panel" aria-labelledby="leaderboard-title">
          <h1 id="leaderboard-title">Leaderboard</h1>
          <div class="leaderboard-choices">
            <label>
              Game{" "}
              <select
                value={info?.id}
                data-leaderboard-game=""
                onChange={(e) => go(href.ratings(e.currentTarget.value, undefined, filter))}
              >
                {(games ?? []).map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Variant{" "}
              <select
                value={variant?.id}
                data-leaderboard-variant=""
                onChange={(e) => go(href.ratings(info?.id, e.currentTarget.value, filter))}
              >
                {variants.map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.name}
                  </option>
                ))}
              </select>
            </label>
            <fieldset class="leaderboard-filter">
              <legend>Who</legend>
              {FILTERS.map((f) => (
                <label key={f.id}>
                  <input
                    type="radio"
                    name="leaderboard-filter"
                    checked={filter === f.id}
                    data-leaderboard-filter={f.id}
                    onChange={() => go(href.ratings(info?.id, variant?.id, f.id))}
                  />{" "}
                  {f.name}
                </label>
              ))}
            </fieldset>
          </div>
          <p class="small">
            One rating per game and variant, people and bots in one pool; a &quot;?&quot; marks a rating still settling, and
            the range is where the skill lies with 95% confidence. Each seat&apos;s advantage is learned from every rated
            result, so taking the stronger side does not inflate a rating.
          </p>
          {error ? (
            <p class="error" role="alert">
              {error}
            </p>
          ) : !lines ? (
            <p class="loading">Loading the leaderboard…</p>
          ) : lines.length === 0 ? (
            <p class="small" data-leaderboard-empty="">
              Nobody is rated in this variant yet. A rated match has an account on every seat and a clock (from the
              terminal: <code>hustings create --rated</code>).
            </p>
          ) : (
            <table class="leaderboard" data-leaderboard={`${info?.id ?? ""}/${variant?.id ?? ""}`}>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Player</th>
                  <th scope="col">Rating</th>
                  <th scope="col">95% range</th>
                  <th scope="col">Played</th>
                </tr>
              </thead>
              <tbody>
                {lines.map((l) => (
                  <tr key={l.handle} data-leaderboard-line={l.handle}>
                    <td>{l.rank}</td>
                    <th scope="row">
                      <HandleLink handle={l.handle} bot={l.bot} />
                    </th>
                    <td data-rating="">{l.rating ? ratingText(l.rating) : ""}</td>
                    <td>{l.rating ? intervalText(l.rating) : ""}</td>
                    <td>{count(l.rating?.games ?? 0, "match", "matches")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </main>
    </div>
  );
}
