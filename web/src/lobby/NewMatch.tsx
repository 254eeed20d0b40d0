// Creating a match: the game and variant (with their descriptions), the options (each with
// its description and its accepted values), who takes each seat — you, another person, or a
// bot with its AI and level — and the clock.
import { useMemo, useState } from "preact/hooks";
import { create } from "@bufbuild/protobuf";
import { joinName } from "../account";
import { api, describeError } from "../api";
import { ClockSettingSchema, ClientKind } from "../gen/hustings/v1/hustings_pb";
import type { AiInfo, ClockSetting, GameInfo, OptionSpec } from "../gen/hustings/v1/hustings_pb";
import { go, href } from "../route";
import { displayName, rememberSeat } from "../storage";
import { GRACE_CHOICES } from "./absence";

type SeatKind = "me" | "open" | "bot";
interface SeatPlan {
  kind: SeatKind;
  ai: string;
  /** A named level's id, or the AI's own setting when `custom`; empty: the AI's default. */
  level: string;
  custom: boolean;
}

/** What the level picker says about the AI chosen for a seat: its level's sentence, else its own. */
function aiSentence(ai: AiInfo | undefined, p: SeatPlan): string {
  if (!ai) return "";
  if (p.custom) return `${ai.description} A custom budget: an iteration count (400) or a time (150ms).`;
  const level = ai.levels.find((l) => l.id === (p.level || ai.defaultLevel));
  return level ? level.description : ai.description;
}

type ClockKind = "none" | "per-decision" | "game" | "correspondence";

function defaultValue(o: OptionSpec): string {
  switch (o.kind.case) {
    case "int":
      return String(o.kind.value.defaultValue);
    case "bool":
      return String(o.kind.value.defaultValue);
    case "choice":
      return o.kind.value.defaultValue;
    default:
      return "";
  }
}

function OptionField(props: { o: OptionSpec; value: string; set: (v: string) => void }) {
  const { o, value, set } = props;
  const id = `opt-${o.key}`;
  let input;
  switch (o.kind.case) {
    case "int":
      input = (
        <input
          id={id}
          type="number"
          min={String(o.kind.value.min)}
          max={String(o.kind.value.max)}
          value={value}
          onInput={(e) => set(e.currentTarget.value)}
        />
      );
      break;
    case "bool":
      input = <input id={id} type="checkbox" checked={value === "true"} onChange={(e) => set(String(e.currentTarget.checked))} />;
      break;
    case "choice":
      input = (
        <select id={id} value={value} onChange={(e) => set(e.currentTarget.value)}>
          {o.kind.value.values.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      );
      break;
    default:
      input = <input id={id} value={value} onInput={(e) => set(e.currentTarget.value)} />;
  }
  return (
    <div class="option">
      <label for={id}>{o.label}</label> {input}
      <p class="small">{o.description}</p>
    </div>
  );
}

export function NewMatch({ games }: { games: GameInfo[] }) {
  const [gameId, setGameId] = useState(games[0]?.id ?? "");
  const game = games.find((g) => g.id === gameId) ?? games[0];
  const [variantId, setVariantId] = useState("");
  const variant = game?.variants.find((v) => v.id === variantId) ?? game?.variants[0];
  const [seatCount, setSeatCount] = useState(0);
  const seats = Math.min(
    Math.max(seatCount || variant?.defaultSeats || 1, variant?.minSeats ?? 1),
    variant?.maxSeats ?? 1,
  );
  const [options, setOptions] = useState<Record<string, string>>({});
  const [plans, setPlans] = useState<SeatPlan[]>([]);
  const [clockKind, setClockKind] = useState<ClockKind>("none");
  const [perDecision, setPerDecision] = useState("60");
  const [baseMin, setBaseMin] = useState("10");
  const [incSec, setIncSec] = useState("5");
  // A correspondence clock: days in the bank, hours more a move, at most days banked.
  const [bankDays, setBankDays] = useState("1");
  const [moveHours, setMoveHours] = useState("4");
  const [capDays, setCapDays] = useState("3");
  const [grace, setGrace] = useState("default");
  const [botsClaim, setBotsClaim] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const plan = (i: number): SeatPlan =>
    plans[i] ?? { kind: i === 0 ? "me" : "bot", ai: "greedy", level: "", custom: false };
  const setPlan = (i: number, p: Partial<SeatPlan>) => {
    const next = Array.from({ length: Math.max(plans.length, seats) }, (_, k) => plan(k));
    next[i] = { ...plan(i), ...p };
    setPlans(next);
  };
  const ai = (p: SeatPlan): AiInfo | undefined => game?.ais.find((a) => a.id === p.ai);
  const seatNames = useMemo(() => variant?.seatNames.slice(0, seats) ?? [], [variant, seats]);

  const clock = (): ClockSetting | undefined => {
    if (clockKind === "per-decision") {
      return create(ClockSettingSchema, {
        kind: { case: "perDecision", value: { limitMs: BigInt(Math.round(Number(perDecision) * 1000)) } },
      });
    }
    if (clockKind === "game") {
      return create(ClockSettingSchema, {
        kind: {
          case: "game",
          value: {
            baseMs: BigInt(Math.round(Number(baseMin) * 60_000)),
            incrementMs: BigInt(Math.round(Number(incSec) * 1000)),
          },
        },
      });
    }
    if (clockKind === "correspondence") {
      const day = 86_400_000;
      const base = Math.round(Number(bankDays) * day);
      return create(ClockSettingSchema, {
        kind: {
          case: "game",
          value: {
            baseMs: BigInt(base),
            incrementMs: BigInt(Math.round(Number(moveHours) * 3_600_000)),
            maxMs: BigInt(Math.max(base, Math.round(Number(capDays) * day))),
          },
        },
      });
    }
    return undefined;
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    if (!game || !variant) return;
    setBusy(true);
    setError(undefined);
    try {
      const chosen: Record<string, string> = {};
      for (const o of game.options) chosen[o.key] = options[o.key] ?? defaultValue(o);
      const r = await api.createMatch({
        game: game.id,
        variant: variant.id,
        seats,
        options: chosen,
        seatConfig: seatNames.map((_, i) => {
          const p = plan(i);
          return { bot: p.kind === "bot", ai: p.kind === "bot" ? p.ai : "", aiLevel: p.kind === "bot" ? p.level.trim() : "" };
        }),
        clock: clock(),
        abandonGraceMs: GRACE_CHOICES.find((g) => g.value === grace)?.ms,
        botsClaimWins: botsClaim,
      });
      const id = r.summary?.matchId ?? "";
      let first: number | undefined;
      for (let i = 0; i < seatNames.length; i++) {
        if (plan(i).kind !== "me") continue;
        const j = await api.joinMatch({
          matchId: id,
          seat: i,
          displayName: joinName(displayName()),
          clientKind: ClientKind.HUMAN,
        });
        rememberSeat({
          matchId: id,
          seat: j.seat,
          seatName: j.seatName,
          token: j.token,
          game: game.id,
          variant: variant.id,
          joinedAt: Date.now(),
        });
        first ??= j.seat;
      }
      go(first === undefined ? href.watch(id) : href.match(id, first));
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  if (!game || !variant) return <p>The server hosts no games.</p>;
  return (
    <form class="new-match-form" onSubmit={(e) => void submit(e)}>
      <fieldset class="games">
        <legend>Game</legend>
        {games.map((g) => (
          <label key={g.id} class={`game-card${g.id === game.id ? " selected" : ""}`} data-game={g.id}>
            <input
              type="radio"
              name="game"
              value={g.id}
              checked={g.id === game.id}
              onChange={() => {
                setGameId(g.id);
                setVariantId("");
                setSeatCount(0);
                setOptions({});
                setPlans([]);
              }}
            />
            <strong>{g.name}</strong>
            <span class="small">{g.summary}</span>
          </label>
        ))}
      </fieldset>
      <div class="field">
        <label for="variant">Variant</label>{" "}
        <select
          id="variant"
          value={variant.id}
          onChange={(e) => {
            setVariantId(e.currentTarget.value);
            setSeatCount(0);
            setPlans([]);
          }}
        >
          {game.variants.map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
            </option>
          ))}
        </select>
        {variant.minSeats !== variant.maxSeats && (
          <>
            {" "}
            <label for="seat-count">Seats</label>{" "}
            <select id="seat-count" value={String(seats)} onChange={(e) => setSeatCount(Number(e.currentTarget.value))}>
              {Array.from({ length: variant.maxSeats - variant.minSeats + 1 }, (_, i) => variant.minSeats + i).map((n) => (
                <option key={n} value={String(n)}>
                  {n}
                </option>
              ))}
            </select>
          </>
        )}
        <p class="small">{variant.description}</p>
      </div>
      <fieldset class="seat-plans">
        <legend>Seats</legend>
        {seatNames.map((name, i) => {
          const p = plan(i);
          return (
            <div class="seat-plan" key={`${variant.id}-${i}`} data-seat-plan={i}>
              <span class="seat-plan-name">{name}</span>
              <select
                aria-label={`Who plays ${name}`}
                value={p.kind}
                data-seat-kind={i}
                onChange={(e) => setPlan(i, { kind: e.currentTarget.value as SeatKind })}
              >
                <option value="me">You</option>
                <option value="open">Another person (open seat)</option>
                <option value="bot">A bot</option>
              </select>
              {p.kind === "bot" && (
                <div class="seat-bot">
                  <select
                    aria-label={`AI for ${name}`}
                    value={p.ai}
                    data-seat-ai={i}
                    onChange={(e) => setPlan(i, { ai: e.currentTarget.value, level: "", custom: false })}
                  >
                    {game.ais.map((a) => (
                      <option key={a.id} value={a.id}>
                        {a.name}
                      </option>
                    ))}
                  </select>
                  {(ai(p)?.levels.length ?? 0) > 0 && (
                    <select
                      aria-label={`Level for ${name}`}
                      data-seat-level={i}
                      value={p.custom ? "custom" : p.level || (ai(p)?.defaultLevel ?? "")}
                      onChange={(e) => {
                        const v = e.currentTarget.value;
                        setPlan(i, v === "custom" ? { level: "", custom: true } : { level: v, custom: false });
                      }}
                    >
                      {ai(p)?.levels.map((l) => (
                        <option key={l.id} value={l.id}>
                          {l.name}
                        </option>
                      ))}
                      <option value="custom">Custom budget…</option>
                    </select>
                  )}
                  {p.custom && (
                    <input
                      class="level"
                      aria-label={`Budget for ${name}`}
                      placeholder={p.ai === "ismcts" ? "400 or 150ms" : "level"}
                      value={p.level}
                      maxLength={20}
                      onInput={(e) => setPlan(i, { level: e.currentTarget.value })}
                    />
                  )}
                  <span class="small seat-ai-about" data-seat-about={i}>
                    {aiSentence(ai(p), p)}
                  </span>
                </div>
              )}
            </div>
          );
        })}
        <p class="small">Bot seats are filled by a bot pool: <code>hustings-bot pool</code>.</p>
      </fieldset>
      {game.options.length > 0 && (
        <details class="options">
          <summary>Options ({game.options.length})</summary>
          {game.options.map((o) => (
            <OptionField
              key={o.key}
              o={o}
              value={options[o.key] ?? defaultValue(o)}
              set={(v) => setOptions({ ...options, [o.key]: v })}
            />
          ))}
        </details>
      )}
      <fieldset class="clock-plan">
        <legend>Clock</legend>
        <select aria-label="Clock" value={clockKind} onChange={(e) => setClockKind(e.currentTarget.value as ClockKind)}>
          <option value="none">No clock</option>
          <option value="per-decision">Time per decision</option>
          <option value="game">Time bank + increment</option>
          <option value="correspondence">At your own pace (days)</option>
        </select>
        {clockKind === "per-decision" && (
          <label>
            {" "}
            <input type="number" min="1" value={perDecision} onInput={(e) => setPerDecision(e.currentTarget.value)} /> s each
          </label>
        )}
        {clockKind === "game" && (
          <>
            <label>
              {" "}
              <input type="number" min="1" value={baseMin} onInput={(e) => setBaseMin(e.currentTarget.value)} /> min
            </label>
            <label>
              {" "}+ <input type="number" min="0" value={incSec} onInput={(e) => setIncSec(e.currentTarget.value)} /> s per choice
            </label>
          </>
        )}
        {clockKind === "correspondence" && (
          <>
            <label>
              {" "}
              <input type="number" min="1" max="7" value={bankDays} onInput={(e) => setBankDays(e.currentTarget.value)} />{" "}
              days
            </label>
            <label>
              {" "}+ <input type="number" min="0" max="168" value={moveHours} onInput={(e) => setMoveHours(e.currentTarget.value)} />{" "}
              h a move,
            </label>
            <label>
              {" "}up to <input type="number" min="1" max="7" value={capDays} onInput={(e) => setCapDays(e.currentTarget.value)} /> days
            </label>
            <p class="small">Play a move or two a day. Nobody wins by the other's absence unless you set a time below: the clock is there for that.</p>
          </>
        )}
      </fieldset>
      <fieldset class="absence-plan">
        <legend>If a player leaves</legend>
        <label>
          The others may claim the win after{" "}
          <select aria-label="Grace before a win by absence" value={grace} onChange={(e) => setGrace(e.currentTarget.value)}>
            {GRACE_CHOICES.map((g) => (
              <option key={g.value} value={g.value}>
                {g.label}
              </option>
            ))}
          </select>{" "}
          away
        </label>
        <label>
          <input type="checkbox" checked={botsClaim} onChange={(e) => setBotsClaim(e.currentTarget.checked)} /> bots may
          claim it too (otherwise a person away from bots keeps the seat)
        </label>
      </fieldset>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" class="primary big" disabled={busy} data-action="create">
        {busy ? "Creating…" : "Create match"}
      </button>
    </form>
  );
}
