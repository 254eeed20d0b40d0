// The server's catalogue (ListGames), fetched once per page load and shared.
import { useEffect, useState } from "preact/hooks";
import { api } from "./api";
import type { GameInfo } from "./gen/hustings/v1/hustings_pb";

let pending: Promise<GameInfo[]> | undefined;

export function catalogue(): Promise<GameInfo[]> {
  pending ??= api.listGames({}).then(
    (r) => r.games,
    (e: unknown) => {
      pending = undefined;
      throw e;
    },
  );
  return pending;
}

/** The catalogue once it has arrived (undefined before, or after a failure). */
export function useCatalogue(): GameInfo[] | undefined {
  const [games, setGames] = useState<GameInfo[] | undefined>(undefined);
  useEffect(() => {
    let live = true;
    catalogue().then(
      (g) => live && setGames(g),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return games;
}

/** A game's display name, or its id while the catalogue is loading. */
export function gameName(games: GameInfo[] | undefined, id: string): string {
  return games?.find((g) => g.id === id)?.name ?? id;
}
