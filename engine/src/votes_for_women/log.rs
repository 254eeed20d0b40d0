//! The log of Votes for Women as typed events: what happened, with its sides, cards, states,
//! regions, dice and amounts as fields. Playing only records events; each entry's English
//! text is rendered from its event and the board's fixed parts (who plays which seat, the
//! rules revision) when the log is read, so a game that nobody reads builds no text. The
//! rendered log must read exactly as the text once built during play did: the golden
//! `engine/tests/fuzz/votes_for_women_log_golden.rs` holds every game to that.
//!
//! Anything that changes during play (Congress, checks and Xs, buttons, the acting player)
//! is stored in the event when it happens, never read back from the board at rendering.

use serde::{Deserialize, Serialize};

use super::actions::Word;
use super::data::{
    CardId, Die, Hue, Region, STATES, Side, St, card, card_names, code, describe_for, slug,
};
use super::oppobot_log::BotEvent;
use super::{Board, join};
use crate::{LogEntry, Seat};

/// The player an entry is about: `side`'s player `slot` (see [`Board::player_name`]). The
/// Oppobot has no seat: its entries name none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Actor {
    pub side: Side,
    pub slot: u8,
}

impl Actor {
    fn seat(self, board: &Board) -> Option<Seat> {
        board.player_seat(self.side, self.slot)
    }

    /// The seat as a private entry lists its readers: past the last seat for the Oppobot,
    /// which no viewer is.
    fn reader(self, board: &Board) -> Seat {
        self.seat(board).unwrap_or(usize::MAX)
    }

    fn name(self, board: &Board) -> &'static str {
        board.player_name(self.side, self.slot)
    }
}

/// What a card is used for in an Operations round, other than its event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardUse {
    Campaign,
    Organize,
    Lobby,
    Discard,
}

/// What one cube placed in a state did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CubeChange {
    Added(Hue),
    Removed(Hue),
}

/// A Cleanup exchange between partners: a claimed card given or asked for, or the held
/// cards swapped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Exchange {
    Give(CardId),
    Ask(CardId),
    Held,
}

/// One entry of a game's log, as it happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum VfwEvent {
    /// The State cards dealt face up at set-up.
    StatesInPlay {
        cards: Vec<CardId>,
    },
    /// The Strategy cards displayed at set-up.
    StrategyAvailable {
        cards: Vec<CardId>,
    },
    TurnBegins {
        turn: u8,
    },
    Round {
        round: u8,
    },
    /// `by` draws `cards` into its hand, or into the side's drawn zone (`to_side`), which
    /// both partners see; everyone else reads only how many.
    Draws {
        by: Actor,
        cards: Vec<CardId>,
        to_side: bool,
    },
    UsesCard {
        by: Actor,
        card: CardId,
        is: CardUse,
    },
    /// `by` plays `card` as an event for `cost` buttons.
    Event {
        by: Actor,
        card: CardId,
        cost: u8,
    },
    InEffect {
        by: Actor,
        card: CardId,
    },
    Discarded {
        by: Actor,
        card: CardId,
    },
    /// A card's kept roll failed its test: the card does nothing.
    GateFails {
        by: Actor,
    },
    Roll {
        by: Actor,
        die: Die,
        dice: Vec<u8>,
    },
    Vote {
        by: Actor,
        state: St,
        rolls: [u8; 2],
    },
    Congress {
        by: Actor,
        before: u8,
        now: u8,
    },
    AmendmentSent,
    /// `state` is decided for `by`'s side, making `checks` checks and `xs` Xs.
    Decided {
        by: Actor,
        state: St,
        checks: u8,
        xs: u8,
    },
    Vetoed {
        by: Actor,
        state: St,
    },
    Reconsiders {
        by: Actor,
        state: St,
    },
    OpposingCubesLeave {
        by: Actor,
        state: St,
    },
    Cube {
        by: Actor,
        state: St,
        change: CubeChange,
    },
    /// `by` removes one opposing cube of colour `hue`.
    RemovesCube {
        by: Actor,
        state: St,
        hue: Hue,
    },
    /// An effect takes all `n` Suffragist cubes off `state`.
    SuffragistCubesRemoved {
        by: Actor,
        state: St,
        n: u8,
    },
    Clears {
        by: Actor,
        state: St,
        n: u8,
    },
    ClaimsState {
        by: Actor,
        card: CardId,
    },
    /// `by`'s side takes a Strategy card, for its player `slot`.
    TakesStrategy {
        by: Actor,
        slot: u8,
        card: CardId,
    },
    JoinsStrategy {
        card: CardId,
    },
    CampaignerEnters {
        by: Actor,
        hue: Hue,
        region: Region,
    },
    CampaignerMoves {
        by: Actor,
        region: Region,
        paid: bool,
    },
    ChoosesRegion {
        by: Actor,
        region: Region,
    },
    GainsButtons {
        by: Actor,
        got: u8,
        now: u8,
    },
    LosesButtons {
        by: Actor,
        lost: u8,
        now: u8,
    },
    Successes {
        by: Actor,
        n: u8,
    },
    SuccessesUnused {
        by: Actor,
        n: u8,
    },
    Commits {
        by: Actor,
        n: u8,
    },
    Answers {
        by: Actor,
        word: Word,
    },
    DiscardsAtRandom {
        by: Actor,
        cards: Vec<CardId>,
    },
    /// `by`'s side discards cards (from its drawn zone, or one an effect names).
    SideDiscards {
        by: Actor,
        cards: Vec<CardId>,
    },
    PutsOnTop {
        by: Actor,
        card: CardId,
    },
    PutsAtBottom {
        by: Actor,
        n: u8,
    },
    Reshuffles {
        by: Actor,
    },
    FinalVoting,
    Proposes {
        by: Actor,
        offer: Exchange,
    },
    Declines {
        by: Actor,
    },
    /// `by` accepts its partner's `offer`.
    Accepts {
        by: Actor,
        offer: Exchange,
    },
    /// The game is over: `text` is the outcome's reason, as it also reads there.
    Won {
        by: Actor,
        text: String,
    },
    Oppobot(BotEvent),
}

fn entry(seq: usize, kind: &str, text: String) -> LogEntry {
    let mut e = LogEntry::new(kind, text);
    e.seq = seq as u64;
    e
}

/// `entry` about `by`'s seat, if a person plays it.
fn about(e: LogEntry, by: Actor, board: &Board) -> LogEntry {
    match by.seat(board) {
        Some(seat) => e.seat(seat),
        None => e,
    }
}

fn state_name(s: St) -> &'static str {
    STATES[s as usize].name
}

/// "1 cube", "3 cubes": a count with its noun, singular for one.
pub(super) fn many<N: Copy + Into<i64>>(n: N, noun: &str) -> String {
    let n: i64 = n.into();
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

fn plural(n: u8) -> &'static str {
    if n == 1 { "success" } else { "successes" }
}

impl VfwEvent {
    /// The entry this event reads as, numbered `seq`.
    pub fn render(&self, seq: usize, board: &Board) -> LogEntry {
        use VfwEvent::*;
        let side = |by: &Actor| by.side.name();
        match self {
            StatesInPlay { cards } => entry(
                seq,
                "setup",
                format!("State cards in play: {}", card_names(cards)),
            ),
            StrategyAvailable { cards } => entry(
                seq,
                "setup",
                format!("Strategy cards available: {}", card_names(cards)),
            ),
            TurnBegins { turn } => {
                entry(seq, "turn", format!("Turn {turn} begins")).amount(i64::from(*turn))
            }
            Round { round } => {
                entry(seq, "round", format!("Round {round}")).amount(i64::from(*round))
            }
            Draws { by, cards, to_side } => {
                let who = by.name(board);
                let readers: Vec<Seat> = if *to_side {
                    (0..board.seats.len())
                        .filter(|&s| board.seats[s] == by.side)
                        .collect()
                } else {
                    by.seat(board).into_iter().collect()
                };
                let k = cards.len();
                about(
                    entry(seq, "draw", format!("{who} draws {}", card_names(cards))),
                    *by,
                    board,
                )
                .amount(k as i64)
                .private(
                    readers,
                    Some(format!("{who} draws {}", many(k as i64, "card"))),
                )
            }
            UsesCard { by, card: c, is } => {
                let (who, name) = (by.name(board), card(*c).name);
                let text = match is {
                    CardUse::Campaign => format!("{who} campaigns with {name}"),
                    CardUse::Organize => format!("{who} organizes with {name}"),
                    CardUse::Lobby => format!("{who} lobbies with {name}"),
                    CardUse::Discard => format!("{who} discards {name}"),
                };
                about(entry(seq, "action", text), *by, board)
            }
            Event { by, card: c, cost } => {
                let extra = if *cost > 0 {
                    format!(" (spends {})", many(*cost, "button"))
                } else {
                    String::new()
                };
                let text = format!(
                    "{} plays {} as an event{extra}: {}",
                    by.name(board),
                    card(*c).name,
                    describe_for(*c, board.rules)
                );
                about(entry(seq, "event", text), *by, board).card(slug(*c))
            }
            InEffect { by, card: c } => {
                let lasting = card(*c).persist.map(|p| p.kind.name()).unwrap_or_default();
                let text = format!("{} is in effect for the {lasting}", card(*c).name);
                about(entry(seq, "box", text), *by, board)
            }
            Discarded { by, card: c } => about(
                entry(seq, "box", format!("{} is discarded", card(*c).name)),
                *by,
                board,
            ),
            GateFails { by } => about(
                entry(seq, "fail", "The roll fails: no effect".into()),
                *by,
                board,
            ),
            Roll { by, die, dice } => {
                let text = format!(
                    "{} rolls {} {}: {}",
                    side(by),
                    dice.len(),
                    die.name(),
                    join(dice)
                );
                about(entry(seq, "roll", text), *by, board)
                    .dice(dice.iter().map(|&d| u32::from(d)).collect())
            }
            Vote {
                by,
                state,
                rolls: [a, b],
            } => {
                let text = format!(
                    "{} votes: the Suffragist rolls {a}, the Opposition rolls {b}",
                    state_name(*state)
                );
                about(entry(seq, "vote", text), *by, board)
                    .location(code(*state))
                    .state(code(*state))
                    .dice(vec![u32::from(*a), u32::from(*b)])
            }
            Congress { by, before, now } => about(
                entry(
                    seq,
                    "congress",
                    format!("Congress: {before} → {now} markers"),
                ),
                *by,
                board,
            ),
            AmendmentSent => entry(
                seq,
                "amendment",
                "Congress sends the 19th Amendment to the states".into(),
            ),
            Decided {
                by,
                state,
                checks,
                xs,
            } => {
                let word = match by.side {
                    Side::Suffragist => "ratifies",
                    Side::Opposition => "rejects",
                };
                let text = format!(
                    "{} {word} the amendment ({checks} checks, {xs} Xs)",
                    state_name(*state)
                );
                about(entry(seq, "decided", text), *by, board)
                    .location(code(*state))
                    .state(code(*state))
            }
            Vetoed { by, state } => about(
                entry(
                    seq,
                    "decided",
                    format!("{}'s check becomes an X", state_name(*state)),
                )
                .state(code(*state)),
                *by,
                board,
            ),
            Reconsiders { by, state } => about(
                entry(
                    seq,
                    "decided",
                    format!("{} reconsiders the amendment", state_name(*state)),
                )
                .state(code(*state)),
                *by,
                board,
            ),
            OpposingCubesLeave { by, state } => about(
                entry(
                    seq,
                    "remove",
                    format!("Opposing cubes leave {}", state_name(*state)),
                )
                .state(code(*state)),
                *by,
                board,
            ),
            Cube { by, state, change } => {
                let (verb, hue, to) = match change {
                    CubeChange::Added(hue) => ("adds", hue, "in"),
                    CubeChange::Removed(hue) => ("removes", hue, "from"),
                };
                let (who, hue) = (side(by), hue.slug());
                let text = format!("{who} {verb} a {hue} cube {to} {}", code(*state));
                about(entry(seq, "cube", text), *by, board)
                    .location(code(*state))
                    .state(code(*state))
                    .run(format!("{who} {verb} {{n}} {hue} cubes: {{places}}"))
            }
            RemovesCube { by, state, hue } => about(
                entry(
                    seq,
                    "remove",
                    format!(
                        "{} removes a {} cube from {}",
                        side(by),
                        hue.slug(),
                        code(*state)
                    ),
                ),
                *by,
                board,
            ),
            SuffragistCubesRemoved { by, state, n } => about(
                entry(
                    seq,
                    "remove",
                    format!(
                        "{} removed from {}",
                        many(*n, "Suffragist cube"),
                        code(*state)
                    ),
                ),
                *by,
                board,
            ),
            Clears { by, state, n } => about(
                entry(
                    seq,
                    "remove",
                    format!(
                        "{} clears {} from {}",
                        side(by),
                        many(*n, "cube"),
                        code(*state)
                    ),
                ),
                *by,
                board,
            ),
            ClaimsState { by, card: c } => about(
                entry(
                    seq,
                    "claim",
                    format!("{} claims the State card {}", by.name(board), card(*c).name),
                ),
                *by,
                board,
            ),
            TakesStrategy { by, slot, card: c } => {
                let who = board.player_name(by.side, *slot);
                about(
                    entry(
                        seq,
                        "claim",
                        format!("{who} takes the Strategy card {}", card(*c).name),
                    ),
                    *by,
                    board,
                )
            }
            JoinsStrategy { card: c } => entry(
                seq,
                "strategy",
                format!("{} joins the available Strategy cards", card(*c).name),
            ),
            CampaignerEnters { by, hue, region } => about(
                entry(
                    seq,
                    "campaigner",
                    format!("A {} Campaigner enters the {}", hue.slug(), region.name()),
                ),
                *by,
                board,
            ),
            CampaignerMoves { by, region, paid } => {
                let cost = if *paid { " (1 button)" } else { "" };
                about(
                    entry(
                        seq,
                        "move",
                        format!("A Campaigner moves to the {}{cost}", region.name()),
                    ),
                    *by,
                    board,
                )
            }
            ChoosesRegion { by, region } => about(
                entry(
                    seq,
                    "region",
                    format!("{} chooses the {}", side(by), region.name()),
                ),
                *by,
                board,
            ),
            GainsButtons { by, got, now } => about(
                entry(
                    seq,
                    "buttons",
                    format!("{} receives {} (now {now})", side(by), many(*got, "button")),
                ),
                *by,
                board,
            ),
            LosesButtons { by, lost, now } => about(
                entry(
                    seq,
                    "buttons",
                    format!("{} loses {} (now {now})", side(by), many(*lost, "button")),
                ),
                *by,
                board,
            ),
            Successes { by, n } => about(
                entry(seq, "lobby", format!("{n} {}", plural(*n))),
                *by,
                board,
            ),
            SuccessesUnused { by, n } => about(
                entry(seq, "lobby", format!("{n} {} left unused", plural(*n))),
                *by,
                board,
            ),
            Commits { by, n } => about(
                entry(
                    seq,
                    "bid",
                    format!("The Suffragist commits {}", many(*n, "button")),
                ),
                *by,
                board,
            ),
            Answers { by, word } => about(
                entry(
                    seq,
                    "bid",
                    format!("The Opposition answers: {}", word.word()),
                ),
                *by,
                board,
            ),
            DiscardsAtRandom { by, cards } => about(
                entry(
                    seq,
                    "discard",
                    format!(
                        "{} discards at random: {}",
                        by.name(board),
                        card_names(cards)
                    ),
                ),
                *by,
                board,
            ),
            SideDiscards { by, cards } => about(
                entry(
                    seq,
                    "discard",
                    format!("{} discards {}", side(by), card_names(cards)),
                ),
                *by,
                board,
            ),
            PutsOnTop { by, card: c } => about(
                entry(
                    seq,
                    "deck",
                    format!("{} puts {} on top of the deck", side(by), card(*c).name),
                ),
                *by,
                board,
            )
            .private(
                vec![by.reader(board)],
                Some(format!("{} puts a card on top of the deck", side(by))),
            ),
            PutsAtBottom { by, n } => about(
                entry(
                    seq,
                    "deck",
                    format!(
                        "{} puts {} at the bottom of the deck",
                        side(by),
                        many(*n, "card")
                    ),
                ),
                *by,
                board,
            ),
            Reshuffles { by } => about(
                entry(seq, "deck", format!("{} reshuffles the deck", side(by))),
                *by,
                board,
            ),
            FinalVoting => entry(seq, "final-voting", "Final Voting begins".into()),
            Proposes { by, offer } => {
                let (a, b) = (by.name(board), partner(*by).name(board));
                let text = match offer {
                    Exchange::Give(c) => format!("{a} offers {} to {b}", card(*c).name),
                    Exchange::Ask(c) => format!("{a} asks {b} for {}", card(*c).name),
                    Exchange::Held => format!("{a} proposes to exchange held cards with {b}"),
                };
                about(entry(seq, "exchange", text), *by, board)
            }
            Declines { by } => about(
                entry(seq, "exchange", format!("{} declines", by.name(board))),
                *by,
                board,
            ),
            Accepts { by, offer } => {
                // `b` answers the offer `a` made.
                let (a, b) = (partner(*by).name(board), by.name(board));
                let text = match offer {
                    Exchange::Give(c) => {
                        format!("{b} accepts: {a} gives {} to {b}", card(*c).name)
                    }
                    Exchange::Ask(c) => {
                        format!("{b} accepts: {b} gives {} to {a}", card(*c).name)
                    }
                    Exchange::Held => {
                        format!("{b} accepts: {a} and {b} exchange their held cards")
                    }
                };
                about(entry(seq, "exchange", text), *by, board)
            }
            Won { by, text } => about(entry(seq, "outcome", text.clone()), *by, board),
            Oppobot(e) => e.render(seq, board),
        }
    }
}

/// The other player of `by`'s two-player side.
fn partner(by: Actor) -> Actor {
    Actor {
        side: by.side,
        slot: 1 - by.slot.min(1),
    }
}
