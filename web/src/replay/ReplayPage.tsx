// A finished match stepped through version by version with its board: the choices come from
// GetReplay, and the board at each version from GetReplayView (the match as a spectator saw
// it then). Arrow keys step; Home/End jump to the ends.
import { useEffect, useRef, useState } from "preact/hooks";
import { api, describeError } from "../api";
import { boardFor } from "../boards";
import { BoardArea } from "../boards/BoardArea";
import { gameName, useCatalogue } from "../catalogue";
import type { MatchUpdate, Replay } from "../gen/hustings/v1/hustings_pb";
import { absorb } from "../match/connection";
import type { MatchState } from "../match/connection";
import { LogPane } from "../match/LogPane";
import { outcomeHeadline } from "../match/outcome";
import { href } from "../route";
import { SeatChip, seatLetters } from "../ui";

export function ReplayPage({ matchId }: { matchId: string }) {
  const games = useCatalogue();
  const [replay, setReplay] = useState<Replay | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [version, setVersion] = useState(0);
  const [frame, setFrame] = useState<MatchState | undefined>(undefined);
  const [playing, setPlaying] = useState(false);
  const cache = useRef(new Map<number, MatchUpdate>());
  const last = replay ? replay.choices.length : 0;

  useEffect(() => {
    api.getReplay({ matchId }).then(
      (r) => {
        setReplay(r);
        setVersion(r.choices.length);
      },
      (e: unknown) => setError(describeError(e)),
    );
  }, [matchId]);

  useEffect(() => {
    if (!replay) return;
    let live = true;
    const load = async (v: number): Promise<MatchUpdate> => {
      const hit = cache.current.get(v);
      if (hit) return hit;
      const u = await api.getReplayView({ matchId, version: BigInt(v) });
      cache.current.set(v, u);
      return u;
    };
    load(version).then(
      (u) => {
        if (!live) return;
        setFrame(absorb(undefined, u, performance.now()));
        // Fetch the next one ahead, so stepping forward is instant.
        if (version < last) void load(version + 1).catch(() => undefined);
      },
      (e: unknown) => live && setError(describeError(e)),
    );
    return () => {
      live = false;
    };
  }, [replay, version, matchId, last]);

  useEffect(() => {
    if (!playing) return;
    if (version >= last) {
      setPlaying(false);
      return;
    }
    const t = setTimeout(() => setVersion((v) => Math.min(last, v + 1)), 700);
    return () => clearTimeout(t);
  }, [playing, version, last]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement | null)?.closest("input, select, textarea")) return;
      if (e.key === "ArrowRight") setVersion((v) => Math.min(last, v + 1));
      else if (e.key === "ArrowLeft") setVersion((v) => Math.max(0, v - 1));
      else if (e.key === "Home") setVersion(0);
      else if (e.key === "End") setVersion(last);
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [last]);

  const summary = replay?.summary;
  const letters = seatLetters(summary?.seats.map((s) => s.name) ?? []);
  const board = boardFor(summary?.game ?? "");
  const Board = board.Board;
  const choice = version > 0 ? replay?.choices[version - 1] : undefined;
  return (
    <div class="page match-page replay-page" data-replay-version={frame ? String(frame.version) : ""}>
      <header class="topbar">
        <a class="brand" href={href.lobby()}>
          Hustings
        </a>
        <h1 class="match-title">
          Replay · {summary ? gameName(games, summary.game) : ""} <code class="match-id">{matchId.slice(0, 8)}</code>
        </h1>
        {replay && (
          <div class="replay-controls" role="group" aria-label="Replay controls">
            <button type="button" onClick={() => setVersion(0)} aria-label="First" disabled={version === 0}>
              |◀
            </button>
            <button type="button" data-action="back" onClick={() => setVersion(Math.max(0, version - 1))} aria-label="Back" disabled={version === 0}>
              ◀
            </button>
            <button type="button" onClick={() => setPlaying(!playing)} aria-label={playing ? "Pause" : "Play"}>
              {playing ? "pause" : "play ▶"}
            </button>
            <button type="button" data-action="forward" onClick={() => setVersion(Math.min(last, version + 1))} aria-label="Forward" disabled={version >= last}>
              ▶
            </button>
            <button type="button" onClick={() => setVersion(last)} aria-label="Last" disabled={version >= last}>
              ▶|
            </button>
            <input
              type="range"
              min="0"
              max={String(last)}
              value={String(version)}
              aria-label="Version"
              onInput={(e) => setVersion(Number(e.currentTarget.value))}
            />
            <span class="version">
              {version} / {last}
            </span>
          </div>
        )}
      </header>
      {error && (
        <p class="error banner" role="alert">
          {error} <a href={href.lobby()}>Back to the lobby</a>
        </p>
      )}
      <div class="match-body">
        <BoardArea label="Board">
          {frame?.view ? (
            <Board view={frame.view} reference={frame.reference} state={frame} offered={[]} choose={() => undefined} />
          ) : (
            !error && <p>Loading the replay…</p>
          )}
        </BoardArea>
        <aside class="side">
          <section class="prompt-panel">
            {choice ? (
              <p class="replay-choice">
                <SeatChip seat={choice.seat} letter={letters[choice.seat] ?? "?"} /> Version {version}:{" "}
                {summary?.seats[choice.seat]?.name}: <strong>{choice.label || choice.choiceId}</strong>
              </p>
            ) : (
              <p class="replay-choice">Version 0: the set-up, before the first choice.</p>
            )}
            {replay && version === last && summary?.outcome && (
              <div class="outcome" data-outcome={summary.outcome.winners.join(",")}>
                <h2>
                  {outcomeHeadline(
                    summary.outcome.winners,
                    summary.seats.map((x) => x.name),
                    undefined,
                    frame?.view ? board.parties?.(frame.view) : undefined,
                  )}
                </h2>
                <p>{summary.outcome.reason}</p>
              </div>
            )}
            <p class="small">Seed {replay ? String(replay.seed) : ""} · ← → step, Home/End jump.</p>
          </section>
          {frame && <LogPane state={frame} />}
        </aside>
      </div>
    </div>
  );
}
