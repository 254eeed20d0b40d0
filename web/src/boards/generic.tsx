// The board of a game without a module of its own (a game this client does not know, or
// any game with `?board=generic`, see index.ts): its typed view as an outline of named
// fields (messages as sections, lists numbered), read straight from the generated message
// objects, so any game the server hosts can be followed; every choice is a button.
import type { BoardModule, BoardProps } from "./types";

function label(key: string): string {
  return key.replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase());
}

type Plain = string | number | bigint | boolean | null | undefined;

function isPlain(v: unknown): v is Plain {
  return v === null || ["string", "number", "bigint", "boolean", "undefined"].includes(typeof v);
}

function Value({ v, depth }: { v: unknown; depth: number }) {
  if (isPlain(v)) {
    const text = v === undefined || v === "" ? "—" : String(v);
    return <span class="gv-plain">{text}</span>;
  }
  if (Array.isArray(v)) {
    const items: unknown[] = v;
    if (items.length === 0) return <span class="gv-plain">none</span>;
    if (items.every(isPlain)) return <span class="gv-plain">{items.map((x) => String(x)).join(", ")}</span>;
    return (
      <ol class="gv-list">
        {items.map((item, i) => (
          <li key={i}>
            <Value v={item} depth={depth + 1} />
          </li>
        ))}
      </ol>
    );
  }
  const o = v as Record<string, unknown>;
  if ("case" in o && "value" in o) {
    return <Value v={o.value} depth={depth} />;
  }
  const entries = Object.entries(o).filter(([k]) => k !== "$typeName");
  return (
    <dl class="gv-fields">
      {entries.map(([k, val]) =>
        isPlain(val) || (Array.isArray(val) && val.every(isPlain)) ? (
          <div class="gv-row" key={k}>
            <dt>{label(k)}</dt>
            <dd>
              <Value v={val} depth={depth + 1} />
            </dd>
          </div>
        ) : (
          <details key={k} open={depth < 1}>
            <summary>{label(k)}</summary>
            <Value v={val} depth={depth + 1} />
          </details>
        ),
      )}
    </dl>
  );
}

function GenericBoard({ view }: BoardProps) {
  const game = view.game;
  return (
    <div class="generic-board" data-board="generic">
      <p class="hint">No board drawing for this game here: its state as the server sends it, every choice a button below.</p>
      {game.case ? <Value v={game.value} depth={0} /> : <p>No view.</p>}
    </div>
  );
}

export const generic: BoardModule = {
  game: "*",
  claims: () => false,
  Board: GenericBoard,
};
