//! Votes for Women's rules help (see [`crate::help`]): its words, as the prompts, the log and
//! the board use them, and the marks the web board draws. Written for this project in plain
//! words, following the rules as this engine plays them (`mod.rs` and the reference notes):
//! the dice of each roll, the button limits, Lobbying successes that add or remove a marker,
//! the Oppobot of solitaire and co-op, and the team games.

use crate::help::{Help, Term};

/// The rules help of Votes for Women.
pub const HELP: Help = Help {
    glossary: GLOSSARY,
    legend: LEGEND,
};

/// The game's words, alphabetical by term (lower-cased).
const GLOSSARY: &[Term] = &[
    Term {
        key: "",
        term: "19th Amendment",
        meaning: "The amendment giving women the vote. Once Congress sends it to the states, \
                  a state becomes a check or an X as soon as one side has 4 cubes there.",
    },
    Term {
        key: "",
        term: "Button",
        meaning: "A side's organizing strength. Buttons pay for re-rolls, Campaigner moves, \
                  Strategy bids and some cards; the Suffragist holds at most 12, the \
                  Opposition 6.",
    },
    Term {
        key: "",
        term: "Campaigner",
        meaning: "A pawn working in one region: purple or yellow for the Suffragist, red for \
                  the Opposition. Only certain events bring them in; without one you can only \
                  play events.",
    },
    Term {
        key: "",
        term: "Campaigning",
        meaning: "Using a card to roll a d4 per Campaigner (a d6 while a card of yours allows \
                  it): each adds that many cubes in its region. Moving one to another region \
                  costs 1 button.",
    },
    Term {
        key: "",
        term: "Card roll",
        meaning: "Some events roll a d6 first: on 3 or more the card goes ahead, otherwise it \
                  does nothing and is not put in effect. A failed roll may be re-rolled for a \
                  button.",
    },
    Term {
        key: "",
        term: "Claimed card",
        meaning: "A State or Strategy card you hold. Each round you may play one, before or \
                  after your hand card, if its conditions are met; then it leaves the game.",
    },
    Term {
        key: "",
        term: "Cleanup",
        meaning: "The end of a turn, when cards in effect for the turn leave. In a team game \
                  partners may then swap held cards or hand over claimed cards, if both agree.",
    },
    Term {
        key: "",
        term: "Commit",
        meaning: "The Suffragist's bid of buttons for a Strategy card: at most one more than \
                  the Opposition holds, or any number against the Oppobot, whose die answers. \
                  The buttons are spent either way.",
    },
    Term {
        key: "",
        term: "Congress",
        meaning: "A track of six spaces for Congressional markers, added and removed by \
                  Lobbying and cards. The sixth marker sends the 19th Amendment to the states.",
    },
    Term {
        key: "",
        term: "Cube",
        meaning: "A side's strength in a state: purple and yellow (counted together) for the \
                  Suffragist, red for the Opposition. Adding where the other side has cubes \
                  removes one of theirs per cube instead.",
    },
    Term {
        key: "",
        term: "Draw Deck",
        meaning: "A side's face-down pile of event cards, drawn from as each turn begins. \
                  Played cards leave the game rather than going back into it.",
    },
    Term {
        key: "",
        term: "Era",
        meaning: "Each event card is Start, Early, Middle or Late. Decks are stacked with \
                  Early on top and Late at the bottom; the Start card begins in hand.",
    },
    Term {
        key: "",
        term: "Event",
        meaning: "Playing a card for its text. Some cost buttons, shown on the card, and some \
                  need another card to be in effect, or not, before they can be played.",
    },
    Term {
        key: "",
        term: "Final Voting",
        meaning: "After turn 6, if the Amendment was sent but nobody has won, the sides take \
                  turns picking states to vote: each rolls a d6 plus its cubes there. Ties go \
                  to the Opposition.",
    },
    Term {
        key: "",
        term: "Green check",
        meaning: "A state that ratified the Amendment, replacing 4 Suffragist cubes once \
                  Congress has sent it, or won in Final Voting. At 36 checks the Suffragist \
                  wins.",
    },
    Term {
        key: "",
        term: "Hand",
        meaning: "Each turn starts with 7 cards (4 for each partner in a team game): the card \
                  kept from the last turn, or the Start card, plus new draws. One is kept at \
                  the end.",
    },
    Term {
        key: "",
        term: "In effect",
        meaning: "A lasting card played as an event stays out and keeps working for the rest \
                  of the turn, the rest of the game, or in Final Voting.",
    },
    Term {
        key: "",
        term: "Lobbying",
        meaning: "Using a card, before the Amendment is sent, to roll a d6 per Campaigner of \
                  your side. Each die of 6 or more adds or removes one Congressional marker, \
                  or goes unused.",
    },
    Term {
        key: "",
        term: "Operations",
        meaning: "Six rounds a turn. In each, the Suffragist and then the Opposition play one \
                  hand card (as an Event, or to Campaign, Organize or Lobby) and may play a \
                  claimed card.",
    },
    Term {
        key: "",
        term: "Oppobot",
        meaning: "The automated Opposition of solitaire and co-op, with a deck rebuilt for \
                  this project. It decides by dice or fixed rules, told in the log; on hard \
                  it rolls d8s.",
    },
    Term {
        key: "",
        term: "Opposition",
        meaning: "The side against women's suffrage, in red. It wins if Congress has not sent \
                  the Amendment by the end of turn 6, or when 13 states reject it.",
    },
    Term {
        key: "",
        term: "Organizing",
        meaning: "Using a card to gain 1 button per Campaigner your side has on the board, up \
                  to your side's button limit.",
    },
    Term {
        key: "",
        term: "Re-roll",
        meaning: "Paying 1 button to roll all the dice of a roll again, as often as you can \
                  pay. In Final Voting only the side behind may re-roll.",
    },
    Term {
        key: "",
        term: "Red X",
        meaning: "A state that rejected the Amendment, replacing 4 Opposition cubes once \
                  Congress has sent it, or won in Final Voting. At 13 Xs the Opposition wins.",
    },
    Term {
        key: "",
        term: "Region",
        meaning: "One of six groups of eight states: 1 West, 2 Plains, 3 South, 4 Midwest, \
                  5 Atlantic & Appalachia, 6 Northeast. A Campaigner adds cubes only in its \
                  region.",
    },
    Term {
        key: "",
        term: "State card",
        meaning: "One of nine cards tied to a state. The side whose 4th cube lands in that \
                  state claims it, and keeps it even if its cubes there drop later.",
    },
    Term {
        key: "",
        term: "Strategy card",
        meaning: "Three lie on display, refilled when one is taken. They are won in the \
                  Strategy Phase or by some events, then held and played as claimed cards.",
    },
    Term {
        key: "",
        term: "Strategy Phase",
        meaning: "Turns 2 to 6 open with a bid: the Suffragist commits buttons, and the \
                  Opposition defers (Suffragist takes a card), matches (no card) or pays one \
                  more to take it.",
    },
    Term {
        key: "",
        term: "Suffragist",
        meaning: "The side for women's suffrage, in purple and yellow. It must get Congress to \
                  send the 19th Amendment, then wins when 36 states ratify it.",
    },
    Term {
        key: "",
        term: "Superior Lobbying",
        meaning: "A Strategy card that rolls four d8s. Each die showing 6, 7 or 8 is a \
                  success, used like a Lobbying success.",
    },
    Term {
        key: "",
        term: "Team game",
        meaning: "In co-op and 3- or 4-player games a side may have two partners: Purple and \
                  Yellow, or First and Second Opposition. They pool buttons and alternate \
                  rounds, the first playing 1, 3, 5.",
    },
    Term {
        key: "",
        term: "Turn",
        meaning: "The game lasts at most six turns. Each has a Strategy Phase (not in turn 1), \
                  six Operations rounds and a Cleanup.",
    },
];

/// The board's marks, in the order a reader meets them: the map, its panels, then the
/// sections below it.
const LEGEND: &[Term] = &[
    Term {
        key: "region:tab",
        term: "Region tab (number and name)",
        meaning: "Names a region and its number 1–6 beside its eight tiles, which share a \
                  tint and an outline. The Campaigners working in that region stand on it.",
    },
    Term {
        key: "campaigner:suffragist",
        term: "Purple or yellow pawn (P, Y)",
        meaning: "A Suffragist Campaigner: a small figure with its letter P or Y on the body, \
                  on the tab of the region it works in.",
    },
    Term {
        key: "campaigner:opposition",
        term: "Red pawn (R)",
        meaning: "An Opposition Campaigner: a small figure with the letter R on the body, on \
                  the tab of the region it works in.",
    },
    Term {
        key: "state:die",
        term: "State tile (code and number)",
        meaning: "A state: its postal code, and in the small box at top right its number 1–8 \
                  within its region, which the Oppobot's d8 uses to pick a state.",
    },
    Term {
        key: "cube:purple",
        term: "Purple cube chip (P)",
        meaning: "Purple Suffragist cubes in the state, the count before the letter: \"3P\" \
                  is three. They count together with yellow ones.",
    },
    Term {
        key: "cube:yellow",
        term: "Yellow cube chip (Y)",
        meaning: "Yellow Suffragist cubes in the state, the count before the letter: \"2Y\" \
                  is two. They count together with purple ones.",
    },
    Term {
        key: "cube:red",
        term: "Red cube chip (R)",
        meaning: "Opposition cubes in the state, the count before the letter: \"4R\" is four. \
                  A state never holds red and Suffragist cubes at once.",
    },
    Term {
        key: "state:check",
        term: "Green disc with a tick (✓)",
        meaning: "The state has ratified; its tile turns pale green and takes no more cubes. \
                  The ✓ Checks bar beside the map counts them toward 36.",
    },
    Term {
        key: "state:x",
        term: "Dark red square with a cross (✗)",
        meaning: "The state has rejected; its tile turns grey and takes no more cubes. The ✗ \
                  Xs bar beside the map counts them toward 13.",
    },
    Term {
        key: "state-card:available",
        term: "★ tag on a tile",
        meaning: "The state's State card is on display and unclaimed: the first side to put \
                  its 4th cube there takes it.",
    },
    Term {
        key: "state-card:suffragist",
        term: "S tag on a tile (purple)",
        meaning: "The Suffragist holds this state's State card and has not played it yet.",
    },
    Term {
        key: "state-card:opposition",
        term: "O tag on a tile (red)",
        meaning: "The Opposition holds this state's State card and has not played it yet.",
    },
    Term {
        key: "state:voting",
        term: "Rolls on a tile (\"5:–\")",
        meaning: "In Final Voting, the state being voted on gets a thick outline and shows the \
                  Suffragist's roll, then the Opposition's; a dash is a roll still to come.",
    },
    Term {
        key: "congress:marker",
        term: "Congress track (★ markers)",
        meaning: "Six numbered spaces; each Congressional marker fills one with a ★ disc, and \
                  the count reads n/6. Once the Amendment is sent the track reads \"sent\".",
    },
    Term {
        key: "card:edge",
        term: "Card edge stripe",
        meaning: "The stripe on a card's left edge tells its deck: purple Suffragist, red \
                  Opposition or Oppobot, dark blue Strategy, gold State. Badges give its era, \
                  cost and how long it stays.",
    },
    Term {
        key: "list:in-effect",
        term: "In effect list",
        meaning: "The cards now in effect, below the map, each marked \"stays this turn\", \
                  \"stays all game\" or \"acts in Final Voting\".",
    },
    Term {
        key: "picker:colour",
        term: "Cube colour (P/Y) switch",
        meaning: "Shown when a click on a state could take a purple or a yellow cube: it sets \
                  which colour the click adds or removes. The P and Y keys set it too.",
    },
    Term {
        key: "choice:offered",
        term: "Pulsing gold outline",
        meaning: "A state or region you can click for the decision at hand. On cards, the \
                  offered actions (Event, Campaign, Lobby, Play…) are buttons on the card.",
    },
];
