// The page's address: the lobby at #/, a match at #/match/ID (as the seat this browser
// holds there, or #/match/ID/seat/N for one of several, or #/match/ID/watch as a spectator)
// a finished match's replay at #/replay/ID and an account's profile at #/profile/HANDLE
// (the signed-in account's own with its settings), and the ratings' leaderboards at
// #/ratings/GAME/VARIANT/FILTER (each part optional: the first game, its first rated
// variant, people and bots).
import { useEffect, useState } from "preact/hooks";

export type Route =
  | { page: "lobby" }
  | { page: "match"; matchId: string; seat?: number; watch: boolean }
  | { page: "replay"; matchId: string }
  | { page: "profile"; handle: string }
  | { page: "ratings"; game?: string; variant?: string; filter?: string };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  const [page, id, sub, arg] = parts;
  if (page === "match" && id) {
    if (sub === "watch") return { page: "match", matchId: id, watch: true };
    if (sub === "seat" && arg !== undefined && /^\d+$/.test(arg)) {
      return { page: "match", matchId: id, seat: Number(arg), watch: false };
    }
    return { page: "match", matchId: id, watch: false };
  }
  if (page === "replay" && id) return { page: "replay", matchId: id };
  if (page === "profile" && id) return { page: "profile", handle: id };
  if (page === "ratings") return { page: "ratings", game: id, variant: sub, filter: arg };
  return { page: "lobby" };
}

export const href = {
  lobby: (): string => "#/",
  match: (id: string, seat?: number): string =>
    seat === undefined ? `#/match/${encodeURIComponent(id)}` : `#/match/${encodeURIComponent(id)}/seat/${seat}`,
  watch: (id: string): string => `#/match/${encodeURIComponent(id)}/watch`,
  replay: (id: string): string => `#/replay/${encodeURIComponent(id)}`,
  profile: (handle: string): string => `#/profile/${encodeURIComponent(handle)}`,
  ratings: (game?: string, variant?: string, filter?: string): string =>
    ["#/ratings", game, variant, filter && filter !== "all" ? filter : undefined]
      .filter((p): p is string => !!p)
      .map((p, i) => (i === 0 ? p : encodeURIComponent(p)))
      .join("/"),
};

export function go(to: string): void {
  location.hash = to;
}

/** The current route, following the address bar. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const on = () => setRoute(parseRoute(location.hash));
    window.addEventListener("hashchange", on);
    return () => window.removeEventListener("hashchange", on);
  }, []);
  return route;
}
