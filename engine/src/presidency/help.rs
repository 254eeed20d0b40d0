//! The Presidential Race's rules help (see [`crate::help`]): its words, as the prompts, the
//! log and the board use them, and the marks the web board draws. Written for this project
//! in plain words, following the readings this engine plays by (`mod.rs` and the reference
//! notes) and its options: rounds, once-per-turn conversion, party-bound Red and Blue State,
//! and Damage Control at set-up.

use crate::help::{Help, Term};

/// The rules help of the Presidential Race.
pub const HELP: Help = Help {
    glossary: GLOSSARY,
    legend: LEGEND,
};

/// The game's words, alphabetical by term (lower-cased).
const GLOSSARY: &[Term] = &[
    Term {
        key: "",
        term: "1D6 or 2D6",
        meaning: "Before each move you choose one die (1–6 spaces) or two (2–12 spaces). \
                  One die aims at nearby spaces; two go farther, most often 7.",
    },
    Term {
        key: "",
        term: "Ad space",
        meaning: "A space such as TV Ads or Radio Ads: you pay the money shown and gain the \
                  votes shown. With too little money you pay nothing and gain nothing.",
    },
    Term {
        key: "",
        term: "Campaign card",
        meaning: "Drawn and played at once when you land on a Campaign Trail space: it gives \
                  you votes or money, or costs a rival votes. Used cards are reshuffled when \
                  the deck runs out.",
    },
    Term {
        key: "",
        term: "Candidate card",
        meaning: "Five are dealt to each nominee before play. Their votes or money count once, \
                  at set-up; a bonus to debate rolls lasts the whole game.",
    },
    Term {
        key: "",
        term: "Convert money",
        meaning: "In your own turn, before rolling or after your move, you may trade 2 money \
                  for 1 vote, as often as you can pay. An option limits it to one vote per turn.",
    },
    Term {
        key: "",
        term: "Corner spaces",
        meaning: "Start (1) gives 1 money; Scandal (11) costs you 5 votes; Mud-Slinging (21) \
                  costs a rival 2 votes and you 1; Negative Press (31) costs you 3.",
    },
    Term {
        key: "",
        term: "Damage Control",
        meaning: "When a space or card costs you votes, a die is rolled for you: on a 6 you \
                  lose 2 fewer. Not for debates, votes taken from you, or set-up Candidate \
                  cards (unless an option adds them).",
    },
    Term {
        key: "",
        term: "Debate",
        meaning: "If your move ends where an opponent stands, you debate before the space acts: \
                  each rolls 2D6 plus bonus, and the higher total takes the difference in votes. \
                  A tie does nothing.",
    },
    Term {
        key: "",
        term: "Debate bonus",
        meaning: "The sum of a nominee's Candidate card bonuses, added to every debate roll they \
                  make. The nominee panel shows it as \"debate +N\".",
    },
    Term {
        key: "",
        term: "Democrat",
        meaning: "One of the two nominees of the presidential election (a blue circle pawn \
                  marked D). The party matters only for Red State and Blue State with the \
                  party option.",
    },
    Term {
        key: "",
        term: "Election",
        meaning: "After the last round of the two-player game, the nominees take turns drawing \
                  Election cards, five each, the one who moved second drawing first. Then the \
                  most votes wins.",
    },
    Term {
        key: "",
        term: "Election card",
        meaning: "Played the moment it is drawn at the Election: it either gives its drawer \
                  votes or makes the opponent lose some (Damage Control applies).",
    },
    Term {
        key: "",
        term: "Electoral votes",
        meaning: "Not counted separately here: Electoral College and Electoral Votes are just \
                  Election cards that give votes. The winner is whoever holds the most votes.",
    },
    Term {
        key: "",
        term: "Gaining votes",
        meaning: "Votes you gain come from Undecided first. When Undecided is empty, the rest is \
                  taken straight from an opponent (your pick if several have votes).",
    },
    Term {
        key: "",
        term: "Losing votes",
        meaning: "Lost votes go back to Undecided; nobody drops below zero. When a loss hits \
                  \"an opponent\" and there are several, the player causing it picks one.",
    },
    Term {
        key: "",
        term: "Money",
        meaning: "Shown as $. It pays for ad spaces, converts into votes, and breaks a tie at \
                  the end; it scores nothing by itself. You start with 2D6 (1D6 at a \
                  convention).",
    },
    Term {
        key: "",
        term: "National Convention",
        meaning: "The variant for 2–6 nominees of one party: each starts with 2D6 votes and 1D6 \
                  money, there is no Election deck, and the game ends after the last round.",
    },
    Term {
        key: "",
        term: "Nominee",
        meaning: "A player: a candidate whose pawn circles the track collecting votes. There \
                  are two in the presidential election and two to six at a convention.",
    },
    Term {
        key: "",
        term: "Red State and Blue State",
        meaning: "Election cards worth 3 votes. Normally whoever draws one gains them; with the \
                  party option Red State always goes to the Republican and Blue State to the \
                  Democrat.",
    },
    Term {
        key: "",
        term: "Republican",
        meaning: "One of the two nominees of the presidential election (an orange square pawn \
                  marked R). The party matters only for Red State and Blue State with the \
                  party option.",
    },
    Term {
        key: "",
        term: "Rival",
        meaning: "An opponent. A space showing \"rival −2, you −1\" (Mud-Slinging) makes one \
                  opponent lose 2 votes and you lose 1, both to Undecided.",
    },
    Term {
        key: "",
        term: "Round",
        meaning: "Every nominee moves once a round, in an order fixed by a die roll-off before \
                  round 1. The race lasts 30 rounds unless the table picked another number.",
    },
    Term {
        key: "",
        term: "Set-up",
        meaning: "Before round 1, each nominee's votes and money are rolled, five Candidate \
                  cards are dealt and applied, and a roll-off decides who moves first.",
    },
    Term {
        key: "",
        term: "Space",
        meaning: "One of the 40 squares of the track, numbered clockwise from Start. Only the \
                  space where a move ends does anything; spaces passed on the way do nothing.",
    },
    Term {
        key: "",
        term: "Start",
        meaning: "Space 1, the top-left corner, where every pawn begins. Ending a move there \
                  gives 1 money; passing it gives nothing, and pawns keep lapping the track.",
    },
    Term {
        key: "",
        term: "Undecided",
        meaning: "The votes no nominee holds. The nominees and Undecided always share exactly \
                  100 votes between them, so one side's gain is another's loss.",
    },
    Term {
        key: "",
        term: "Votes",
        meaning: "The score, out of 100 in all. Each presidential nominee starts with 37 plus \
                  1D6, each convention nominee with 2D6; the rest start Undecided.",
    },
    Term {
        key: "",
        term: "Winning",
        meaning: "The most votes wins: after the Election cards, or after the last round at a \
                  convention. An election tie draws more cards first; then more money wins, \
                  else it is a draw (at a convention, a shared win).",
    },
];

/// The web board's marks, in the order a reader meets them: the track, the vote bar, the
/// nominee panels, the dice, the debate and the decks.
const LEGEND: &[Term] = &[
    Term {
        key: "space:gain",
        term: "+ cell (pale green)",
        meaning: "A space that gives you votes when you end your move on it, such as \
                  \"+3 votes\" at California.",
    },
    Term {
        key: "space:money",
        term: "$ cell (pale yellow)",
        meaning: "A space that gives you money, such as \"+$4\" at PAC Contributions; Start \
                  is one.",
    },
    Term {
        key: "space:ad",
        term: "AD cell (pale blue)",
        meaning: "An ad space, such as \"pay $2: +4 votes\": you buy those votes only if you \
                  have the money.",
    },
    Term {
        key: "space:loss",
        term: "− cell (pale red)",
        meaning: "A setback that costs votes: \"−5 votes\" at Scandal, \"−3 votes\" at \
                  Negative Press, \"rival −2, you −1\" at Mud-Slinging. Damage Control may \
                  soften it.",
    },
    Term {
        key: "space:card",
        term: "? cell (lilac)",
        meaning: "A Campaign Trail space: ending your move here draws and plays a Campaign \
                  card.",
    },
    Term {
        key: "pawn:seat",
        term: "Pawn: coloured shape with a letter",
        meaning: "A nominee's pawn, told apart by colour, shape and letter: Democrat a blue \
                  circle D, Republican an orange square R; convention pawns are numbered. The \
                  mover's has a dark rim.",
    },
    Term {
        key: "reach:one",
        term: "Round dark badge with a %",
        meaning: "While the mover chooses dice, the chance of ending on that space with 1D6. \
                  Every reachable space gets a thick outline.",
    },
    Term {
        key: "reach:two",
        term: "Square brown badge with a %",
        meaning: "The chance of ending on that space with 2D6. Compare it with the round badge \
                  to decide between one die and two.",
    },
    Term {
        key: "bar:votes",
        term: "Vote bar with a dashed 50 line",
        meaning: "All 100 votes in one strip: each nominee's share in their colour with letter \
                  and count, then the grey Undecided part. The dashed line marks half, 50.",
    },
    Term {
        key: "panel:nominee",
        term: "Nominee panel",
        meaning: "One per nominee, edged in their colour: name, \"(you)\", \"— to move\", votes, \
                  $ money, debate bonus, the space they stand on, and their Candidate cards.",
    },
    Term {
        key: "dice:1d6",
        term: "1D6 button (one die, 1–6)",
        meaning: "Offered when it is your move: click it to roll one die and move 1 to 6 \
                  spaces.",
    },
    Term {
        key: "dice:2d6",
        term: "2D6 button (two dice, 2–12)",
        meaning: "Offered when it is your move: click it to roll two dice and move 2 to 12 \
                  spaces.",
    },
    Term {
        key: "roll:last",
        term: "Last roll",
        meaning: "The latest move: its dice, the mover's letter and name, how many spaces they \
                  moved and the space they reached.",
    },
    Term {
        key: "debate:last",
        term: "Last debate",
        meaning: "The latest debate: the mover's two dice \"vs\" the opponent's, and who took \
                  how many votes. Debate bonuses count in the totals but are not drawn on the \
                  dice.",
    },
    Term {
        key: "deck:line",
        term: "Deck counts and cards drawn",
        meaning: "Cards left in the Campaign, Candidate and Election decks, the last Campaign \
                  card drawn, and every Election card so far with its drawer's letter.",
    },
    Term {
        key: "choice:offered",
        term: "Pulsing outline",
        meaning: "Something you may choose now: a dice button, or a nominee panel when you must \
                  pick whom to take votes from, hurt or debate. Click it, or focus it and press \
                  Enter.",
    },
];
