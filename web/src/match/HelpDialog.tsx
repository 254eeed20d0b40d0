// Rules help in the page: a modal dialog with the game's glossary, the board's legend (each
// mark drawn beside its meaning) and every card's text, searchable; and the card dialog a
// tap on a card of the board opens. All of it comes from the engine (MatchReference), so
// the words are the ones the prompts and the log use.
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { MatchReference } from "../gen/hustings/v1/hustings_pb";
import { cardOf, cardsOf, helpOf, matchingCards, matchingTerms } from "./help";
import type { CardText } from "./help";
import { Swatch } from "./swatch";

/** A native modal dialog: Escape and the Close button close it, focus stays inside while
 * it is open and returns where it was after. */
function Modal(props: { label: string; onClose: () => void; children: ComponentChildren; class?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  return (
    <dialog ref={ref} class={`modal ${props.class ?? ""}`} aria-label={props.label} onClose={props.onClose}>
      <div class="modal-head">
        <h2>{props.label}</h2>
        <button type="button" class="modal-close" aria-label="Close" data-action="close-help" onClick={() => ref.current?.close()}>
          ✕
        </button>
      </div>
      <div class="modal-body">{props.children}</div>
    </dialog>
  );
}

const TABS = [
  ["glossary", "Glossary"],
  ["legend", "Board legend"],
  ["cards", "Cards"],
] as const;
type Tab = (typeof TABS)[number][0];

/** The rules help of the match's game. */
export function HelpDialog(props: { reference: MatchReference | undefined; gameName: string; onClose: () => void }) {
  const [tab, setTab] = useState<Tab>("glossary");
  const [query, setQuery] = useState("");
  const help = helpOf(props.reference);
  const cards = cardsOf(props.reference);
  const tabs = TABS.filter(([id]) => id !== "cards" || cards.length > 0);
  return (
    <Modal label={`${props.gameName}: rules help`} onClose={props.onClose} class="help-dialog">
      <div class="help-tabs" role="tablist" aria-label="Rules help">
        {tabs.map(([id, name]) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`help-tab-${id}`}
            aria-selected={tab === id}
            aria-controls="help-panel"
            data-help-tab={id}
            onClick={() => setTab(id)}
          >
            {name}
          </button>
        ))}
      </div>
      <label class="help-search">
        <span>Search</span>
        <input type="search" value={query} onInput={(e) => setQuery(e.currentTarget.value)} />
      </label>
      <div id="help-panel" role="tabpanel" aria-labelledby={`help-tab-${tab}`} data-help-panel={tab}>
        {tab === "glossary" && <Terms entries={matchingTerms(help.glossary, query)} />}
        {tab === "legend" && <Terms entries={matchingTerms(help.legend, query)} board={boardClass(props.reference)} />}
        {tab === "cards" && <Cards cards={matchingCards(cards, query)} />}
      </div>
    </Modal>
  );
}

/** The CSS class of the game's board, which styles the legend's swatches as on the board. */
function boardClass(reference: MatchReference | undefined): string {
  switch (reference?.game.case) {
    case "presidency":
      return "presidency";
    case "votesForWomen":
      return "vfw";
    case "theVote":
      return "tv";
    default:
      return "";
  }
}

/** Terms and their meanings; with `board`, each legend entry's mark drawn before it. */
function Terms(props: { entries: ReturnType<typeof helpOf>["glossary"]; board?: string }) {
  if (props.entries.length === 0) return <p class="small">Nothing matches.</p>;
  return (
    <dl class="help-terms">
      {props.entries.map((e) => (
        <div key={e.term} class="help-term" data-term={e.term}>
          <dt>
            {props.board !== undefined && <Swatch k={e.key} board={props.board} />}
            <span class="term-name">{e.term}</span>
          </dt>
          <dd>{e.meaning}</dd>
        </div>
      ))}
    </dl>
  );
}

function Cards(props: { cards: CardText[] }) {
  if (props.cards.length === 0) return <p class="small">Nothing matches.</p>;
  return (
    <ul class="help-cards">
      {props.cards.map((c) => (
        <li key={c.id} data-help-card={c.id}>
          <CardBody card={c} />
        </li>
      ))}
    </ul>
  );
}

function CardBody(props: { card: CardText }) {
  const c = props.card;
  return (
    <>
      <p class="help-card-name">
        {c.number > 0 && <span class="card-number">{c.number}</span>} <strong>{c.name}</strong>
      </p>
      {c.facts && <p class="small">{c.facts}</p>}
      <p class="help-card-text">{c.text}</p>
    </>
  );
}

/** One card's whole text, opened by tapping the card on the board. */
export function CardDialog(props: { reference: MatchReference | undefined; cardId: string; onClose: () => void }) {
  const card = cardOf(props.reference, props.cardId);
  return (
    <Modal label={card ? card.name : "Card"} onClose={props.onClose} class="card-dialog">
      <div data-card-text={props.cardId}>
        {card ? <CardBody card={card} /> : <p class="small">This card's text is not known here.</p>}
      </div>
    </Modal>
  );
}
