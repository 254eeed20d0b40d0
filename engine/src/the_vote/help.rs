//! The Vote's rules help (see [`crate::help`]): a glossary of the words its board and prompts
//! use, and a legend of the marks the web board draws (`web/src/boards/tv/`). Written for
//! this project in its own words, to the rules as this engine plays them (the reconstructed
//! components of `data.rs` and `retune.rs`, and the readings of `mod.rs`): no rulebook prose.

use crate::help::{Help, Term};

/// The game's rules help.
pub const HELP: Help = Help {
    glossary: GLOSSARY,
    legend: LEGEND,
};

/// The game's words, alphabetical by term.
const GLOSSARY: &[Term] = &[
    Term {
        key: "",
        term: "Amendment",
        meaning: "The Seventeenth (Direct Election) or Nineteenth (Woman Suffrage). With Congress \
                  Control, Equality may attempt one as its last action, paying with a face-up \
                  Public Opinion card it Removes.",
    },
    Term {
        key: "",
        term: "Block",
        meaning: "A reaction to a Radicalize or Persuade: the other side turns a face-up Public \
                  Opinion card (or its Region card there) face-down to stop as many changes as \
                  its PW cost. A Counter cancels it.",
    },
    Term {
        key: "",
        term: "Blue Apathy",
        meaning: "An undecided voter leaning to Equality (the back of an Equality marker). It \
                  counts as blue for Congress Control and scoring, but casts no Law vote until \
                  Radicalized.",
    },
    Term {
        key: "",
        term: "Bonus Action",
        meaning: "Turning a face-up Region card face-down to repeat the action just announced in \
                  that card's Region, free of PW and at the same strength.",
    },
    Term {
        key: "",
        term: "Card faction",
        meaning: "Every card belongs to Equality (blue edge) or Supremacy (vermilion edge). Only \
                  its owner can play it; the Display lists each side's cards in that side's \
                  column.",
    },
    Term {
        key: "",
        term: "CCP (Congress Control Points)",
        meaning: "A Region's weight in Congress, shown beside its name. They go to Supremacy \
                  unless Direct Election is in force there and blue markers outnumber red ones.",
    },
    Term {
        key: "",
        term: "Congress Control",
        meaning: "Held for the next turn by the side with more CCP (Supremacy on a tie), worked \
                  out at each Turn End. It allows Federal Laws, and lets Equality attempt \
                  Amendments.",
    },
    Term {
        key: "",
        term: "Deck and Discard pile",
        meaning: "Cards are drawn from the face-down Deck; used cards go face-up to the Discard \
                  pile. The nine set-up discards stay unseen until the first reshuffle puts the \
                  pile back into the Deck.",
    },
    Term {
        key: "",
        term: "Direct Election",
        meaning: "A Local Law (badge Direct El.): senators chosen by the voters. Only where it is \
                  in force can Equality win the Region's CCP, by having more blue markers than \
                  red.",
    },
    Term {
        key: "",
        term: "Discard Action",
        meaning: "A last action needing at least 1 PW: spend all PW to discard any of your \
                  Display cards of a single type, or to Remove one card from your Reserve.",
    },
    Term {
        key: "",
        term: "Equality",
        meaning: "The side that fights to widen the vote, shown in blue with a circle and the \
                  letter E. Its full-support markers are the only votes that count when a Law is \
                  voted on.",
    },
    Term {
        key: "",
        term: "Events Display",
        meaning: "The face-up cards drawn from the Deck. Each turn cards are drawn until each \
                  side has as many of its own there as its Org; a side may play only its own.",
    },
    Term {
        key: "",
        term: "Face-down",
        meaning: "A Reserve card turned over after use, or a Suppression card just taken. It \
                  cannot be played and gives no passive ability until it is refreshed.",
    },
    Term {
        key: "",
        term: "Federal Law",
        meaning: "A last action for the side with Congress Control: all its PW buys VP, 1 VP for \
                  1–5 PW, 2 VP for 6–14 PW, 3 VP for 15 PW.",
    },
    Term {
        key: "",
        term: "Game Turn",
        meaning: "A numbered round (there are no eras): draw to the Display, PW income, the side \
                  with more PW picks the First Player (Equality on a tie), two Player Phases, \
                  then Turn End.",
    },
    Term {
        key: "",
        term: "Law Action",
        meaning: "Equality only: a Law or Region card from the Display puts one Local Law to the \
                  vote in a Region. If it passes, Equality scores 1 VP per Law now there; \
                  Supremacy earns 4 PW.",
    },
    Term {
        key: "",
        term: "Local Laws",
        meaning: "The three Laws each Region can pass: Municipal Elections, Direct Election and \
                  Woman Suffrage. A passed Law stays unless the Supreme Courts strike it.",
    },
    Term {
        key: "",
        term: "Municipal Elections",
        meaning: "A Local Law (badge Municipal): once in force, each Radicalize or Persuade by \
                  Equality in that Region may change one marker more.",
    },
    Term {
        key: "",
        term: "Org (Organization)",
        meaning: "A side's organizing capacity, from 2 up to 5. It is its Reserve's size, the \
                  number of its cards dealt to the Display, and the most PW it keeps after its \
                  Player Phase.",
    },
    Term {
        key: "",
        term: "Organization card",
        meaning: "A last action: score (Supremacy 1 VP per Region where red outnumbers blue, \
                  Equality 1 VP per Law), raise Org by 1 and turn the whole Reserve face-up. \
                  The opponent earns 5 PW.",
    },
    Term {
        key: "",
        term: "Persuade",
        meaning: "A face-up Public Opinion card played from the Reserve: in one Region, swap the \
                  rival Apathy for yours, one marker per face-up Public Opinion card held. \
                  Equality may also flip Supremacy to Red Apathy.",
    },
    Term {
        key: "",
        term: "Player Phase",
        meaning: "A side's part of the turn: it takes actions one at a time until it passes or \
                  takes a last action. It then loses any PW above its Org.",
    },
    Term {
        key: "",
        term: "Public Opinion card",
        meaning: "The cards that sway voters: from the Display they Radicalize; from the Reserve \
                  they Persuade, Block or Counter, and Refresh a card at Turn End.",
    },
    Term {
        key: "",
        term: "PW (Political Will)",
        meaning: "The currency spent to play cards, at most 15. Most actions give the opponent \
                  PW, and each turn a side gains PW equal to the costliest of its cards in the \
                  Display.",
    },
    Term {
        key: "",
        term: "Radicalize",
        meaning: "A Public Opinion card played from the Display: in one Region, flip up to its PW \
                  cost of your leaning Apathy to full support. Then keep the card in your \
                  Reserve or discard it.",
    },
    Term {
        key: "",
        term: "Ratify",
        meaning: "During an Amendment, a Region ratifies if its Law is in force there or Equality \
                  wins a vote there. If ratifying Regions hold 60 or more CCP, the Law holds in \
                  every Region.",
    },
    Term {
        key: "",
        term: "Red Apathy",
        meaning: "An undecided voter leaning to Supremacy (the back of a Supremacy marker). It \
                  counts as red; Supremacy can Radicalize it and Equality can Persuade it to \
                  Blue Apathy.",
    },
    Term {
        key: "",
        term: "Refresh",
        meaning: "Turning a face-down Reserve card face-up. At Turn End each face-up Public \
                  Opinion card (and Supremacy's Region cards) lets its owner refresh one card.",
    },
    Term {
        key: "",
        term: "Region",
        meaning: "One of six parts of the map: New England, Middle Atlantic, Midwest, The West, \
                  Upper South and Deep South. Each has Support Boxes, CCP and three Local Laws.",
    },
    Term {
        key: "",
        term: "Region card",
        meaning: "A card naming a Region. Equality calls a Law vote there with it; Supremacy keeps \
                  it to suppress votes there. From a Reserve it can Block, Counter or give a \
                  Bonus Action there.",
    },
    Term {
        key: "",
        term: "Remove",
        meaning: "Take a card out of the game for good; it is listed under Removed. A passed \
                  Amendment in Equality's Reserve can never be Removed.",
    },
    Term {
        key: "",
        term: "Reserve",
        meaning: "The cards a side keeps, face-up or face-down, at most as many as its Org (shown \
                  as 2/3). Only face-up cards can be used or give passive abilities.",
    },
    Term {
        key: "",
        term: "Special Event",
        meaning: "Supreme Courts (Supremacy), Silent Sentinels and the Amendments (Equality): \
                  last actions that spend all PW and give the opponent 6 PW.",
    },
    Term {
        key: "",
        term: "Support Box",
        meaning: "A space for one marker in a Region's Men or Women row. Men boxes are in play \
                  from the start; Women boxes open only when Woman Suffrage passes there.",
    },
    Term {
        key: "",
        term: "Support Marker",
        meaning: "A two-sided counter for a group of voters: Equality or Blue Apathy on one \
                  side's markers, Supremacy or Red Apathy on the other's. Each side has 39; the \
                  rest wait in its pool.",
    },
    Term {
        key: "",
        term: "Suppress votes",
        meaning: "When Equality's vote would pass, Supremacy must turn face-up Suppression cards \
                  (1 vote each) or its Region card there (2 votes) face-down, cutting just enough votes \
                  to stop it, or all it can.",
    },
    Term {
        key: "",
        term: "Suppression Action",
        meaning: "Supremacy only: take a Region card (face-up) or a Suppression card (face-down, \
                  paid by Removing a face-up Public Opinion card) from the Display into the \
                  Reserve. Equality earns 2 PW.",
    },
    Term {
        key: "",
        term: "Supremacy",
        meaning: "The side that keeps the vote narrow, shown in vermilion with a square and the \
                  letter S. It starts with Congress Control and wins by reaching 75 VP.",
    },
    Term {
        key: "",
        term: "Turn End",
        meaning: "After both Player Phases: check for a winner, settle Congress Control, \
                  reshuffle if the Deck is empty, score face-up Suppression cards and \
                  Equality's Region cards with all three Laws, then refresh.",
    },
    Term {
        key: "",
        term: "Votes",
        meaning: "In a Law or Amendment vote, Equality's votes in a Region are its Equality \
                  markers (not Blue Apathy) less those suppressed. It needs more than half of all \
                  markers there.",
    },
    Term {
        key: "",
        term: "VP (Victory Points)",
        meaning: "The score, 0 to 75. Equality scores mostly by passing Laws; Supremacy by \
                  Organization cards, face-up Suppression cards and Federal Laws.",
    },
    Term {
        key: "",
        term: "Winning",
        meaning: "At Turn End Equality wins once both Amendments have passed and its VP are at \
                  least Supremacy's; otherwise Supremacy wins at 75 VP. After turn 80 the higher \
                  VP wins, Supremacy on a tie.",
    },
    Term {
        key: "",
        term: "Woman Suffrage",
        meaning: "A Local Law (badge Suffrage): it opens the Region's Women boxes, filled with \
                  Red Apathy. Equality must make every Women marker blue before it may Persuade \
                  the Men there.",
    },
];

/// The board's marks, in the order a reader meets them: a Region (its points, its rows of
/// markers, its Laws, its votes), the sides' panels, Congress, then the cards.
const LEGEND: &[Term] = &[
    Term {
        key: "region:ccp",
        term: "n CCP, with an E circle or S square",
        meaning: "The Region's Congress Control Points, and the side that holds them now: the \
                  blue circle E for Equality, the vermilion square S for Supremacy.",
    },
    Term {
        key: "marker:equality",
        term: "E — filled blue circle",
        meaning: "An Equality marker: voters won over to Equality. Each is one vote for Equality \
                  when a Law is voted on.",
    },
    Term {
        key: "marker:blue",
        term: "b — pale blue circle",
        meaning: "A Blue Apathy marker: undecided voters leaning to Equality. Blue in the votes \
                  bar, but not a Law vote until Radicalized to E.",
    },
    Term {
        key: "marker:red",
        term: "r — pale vermilion square",
        meaning: "A Red Apathy marker: undecided voters leaning to Supremacy. Supremacy can \
                  Radicalize it to S; Equality can Persuade it to b.",
    },
    Term {
        key: "marker:supremacy",
        term: "S — filled vermilion square",
        meaning: "A Supremacy marker: voters firmly for Supremacy. Equality's Persuade can only \
                  flip it to r.",
    },
    Term {
        key: "marker:empty",
        term: "Empty outlined square",
        meaning: "An empty Support Box. Dashed grey boxes in a Women row marked 'closed: needs \
                  Woman Suffrage' are not yet in play.",
    },
    Term {
        key: "law:badge",
        term: "✓ or ○ Law badge (Municipal, Direct El., Suffrage)",
        meaning: "The Region's three Local Laws: a green badge with ✓ is in force, a grey badge \
                  with ○ is not passed yet.",
    },
    Term {
        key: "region:votes",
        term: "Votes bar: E n votes … n votes S",
        meaning: "Blue markers (E and b) from the left, red ones (S and r) from the \
                  right. Only E markers count in a Law vote; this balance decides CCP under \
                  Direct Election and Supremacy's Organization scoring.",
    },
    Term {
        key: "region:action",
        term: "Thick dark outline and a ▶ note on a Region",
        meaning: "A Region the action in progress works in; the note says what happened there \
                  (Blocked, markers changed, votes suppressed, passed or failed).",
    },
    Term {
        key: "side:mark",
        term: "E circle or S square beside a side's name",
        meaning: "Which side a panel belongs to. A gold-edged panel marked ▶ Player Phase is the \
                  side acting now; 'first player' marks the First Player.",
    },
    Term {
        key: "track:org",
        term: "Org bar (n/5)",
        meaning: "The side's Organization track: its Reserve size, its cards in the Display each \
                  turn, and the PW it may keep after its phase.",
    },
    Term {
        key: "track:pw",
        term: "PW bar (n/15)",
        meaning: "The side's Political Will: what it can spend on actions now. It can never go \
                  above 15.",
    },
    Term {
        key: "track:vp",
        term: "VP bar (n/75)",
        meaning: "The side's Victory Points. Supremacy wins with 75 at a Turn End where \
                  Equality has not won first.",
    },
    Term {
        key: "congress:bar",
        term: "Congress bar: E n … n S, with a black tick",
        meaning: "The CCP each side holds this turn, Equality's from the left and Supremacy's \
                  from the right. The tick marks the 60 an Amendment needs to pass.",
    },
    Term {
        key: "card:equality",
        term: "Card with a blue left edge",
        meaning: "An Equality card; its badges give its type, its PW cost and any votes it \
                  suppresses. Only Equality can play it.",
    },
    Term {
        key: "card:supremacy",
        term: "Card with a vermilion left edge",
        meaning: "A Supremacy card; its badges give its type, its PW cost and any votes it \
                  suppresses. Only Supremacy can play it.",
    },
    Term {
        key: "card:face-down",
        term: "Grey hatched card marked face-down",
        meaning: "A face-down Reserve card: it cannot be used and gives no passive ability until \
                  it is refreshed.",
    },
    Term {
        key: "choice:offered",
        term: "Pulsing gold outline or gold button",
        meaning: "Something you may choose now: click the Region, the ringed markers, the Law \
                  badge, or the named button on a card.",
    },
];
