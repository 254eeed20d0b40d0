//! What the game waits for, as every view tells it ([`View::pending`]): the kind of
//! decision, the player who makes it, and where a cube-by-cube step stands. It is read from
//! the same [`Asked`](super::decisions::Asked) the prompts are built from, so a view never
//! names a decision the game does not ask for. Public facts only: the same for every viewer.

use super::decisions::{Asked, Decision};
use super::*;

/// What a Votes for Women game waits for (public: the same for every viewer).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// The deciding player (side and which of its players); `None` when no seat decides
    /// (the game is over).
    pub player: Option<(Side, u8)>,
    /// The kind of decision, with what its words name.
    pub kind: PendingKind,
    /// While the decision is one cube of several placed or removed one by one: where the
    /// step stands. `None` for any other decision, or when the step's total is not fixed in
    /// advance.
    pub cubes: Option<CubeProgress>,
}

/// "Cube `done + 1` of `total`": a Campaigner's cubes, or a card's cubes placed or removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CubeProgress {
    /// Cubes of the step already placed or removed (below `total`).
    pub done: u32,
    /// Cubes the step places or removes in all (2 or more).
    pub total: u32,
}

/// The kinds of decision a Votes for Women game waits for.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum PendingKind {
    /// Nothing: no seat decides.
    #[default]
    Over,
    /// Keep or re-roll dice rolled for `purpose`.
    Dice {
        purpose: DicePurpose,
        die: Die,
        dice: Vec<u8>,
    },
    /// Give the dice to the side's Campaigners.
    Assign,
    /// Give the side's pooled campaign dice to own Campaigners, `left` dice to go.
    PoolAssign { left: u32 },
    /// Place a Campaigner's cubes (`left` more), or move it.
    Campaign { left: u32 },
    /// Place a card's cubes, `left` more.
    Place { left: u32 },
    /// Remove a card's cubes, `left` more.
    Remove { left: u32 },
    /// Remove cubes from a state, `left` more.
    RemoveFromState { left: u32 },
    /// Choose a region.
    Region,
    /// Take a Strategy card.
    Strategy,
    /// Play one of the drawn cards.
    PlayOne,
    /// Put the drawn cards on the Draw Deck.
    Stack,
    /// Choose a card from the opponent's hand.
    ChangeInPlans,
    /// Choose a state.
    State,
    /// Move Campaigners, then campaign.
    Transport,
    /// Answer the opponent's play.
    Counter,
    /// Commit buttons to bid for the Strategy card.
    Commit,
    /// Answer the Suffragist's bid.
    Answer,
    /// Play a hand card in Operations round `round`.
    HandCard { round: u8 },
    /// Use a claimed card or end Operations round `round`.
    ClaimedCard { round: u8 },
    /// Roll (or re-roll) for the state voting.
    VoteRoll,
    /// Choose the next state to vote.
    VoteState,
    /// Accept or decline the partner's exchange.
    ExchangeAnswer,
    /// Propose an exchange of cards with the partner, or none.
    ExchangePropose,
    /// Spend Lobbying successes on Congress, `left` more (revision 1).
    Congress { left: u32 },
}

impl PendingKind {
    /// For a decision taken one step at a time: how many steps are left and what each is
    /// ("die", "cube", "state", "success"), as the words' "(N left)" say.
    pub fn left(&self) -> Option<(u32, &'static str)> {
        use PendingKind::*;
        match *self {
            PoolAssign { left } => Some((left, "die")),
            Campaign { left } | Place { left } | Remove { left } => Some((left, "cube")),
            // Every cube of a state goes at once: the steps are states.
            RemoveFromState { left } => Some((left, "state")),
            Congress { left } => Some((left, "success")),
            _ => None,
        }
    }

    /// The stable slug of the kind, as the wire names it.
    pub fn slug(&self) -> &'static str {
        use PendingKind::*;
        match self {
            Over => "none",
            Dice { .. } => "dice",
            Assign => "assign",
            PoolAssign { .. } => "pool-assign",
            Campaign { .. } => "campaign",
            Place { .. } => "place",
            Remove { .. } | RemoveFromState { .. } => "remove",
            Region => "region",
            Strategy => "strategy",
            PlayOne => "play-one",
            Stack => "stack",
            ChangeInPlans => "change-in-plans",
            State => "state",
            Transport => "transport",
            Counter => "counter",
            Commit => "commit",
            Answer => "answer",
            HandCard { .. } => "hand-card",
            ClaimedCard { .. } => "claimed-card",
            VoteRoll => "vote-roll",
            VoteState => "vote-state",
            ExchangeAnswer => "exchange-answer",
            ExchangePropose => "exchange-propose",
            Congress { .. } => "congress",
        }
    }

    /// The decision in words, without the player's name.
    pub fn words(&self) -> String {
        use PendingKind::*;
        match self {
            Over => "Nothing: the game is over".into(),
            Dice { purpose, die, dice } => {
                let why = match purpose {
                    DicePurpose::Gate => "a card's roll",
                    DicePurpose::Count => "a roll for a count",
                    DicePurpose::Campaign => "a Campaigning roll",
                    DicePurpose::Lobby => "a Lobbying roll",
                    DicePurpose::Superior => "a Superior Lobbying roll",
                };
                let rolled: Vec<String> = dice.iter().map(|d| d.to_string()).collect();
                format!(
                    "keep or re-roll {why}: {} on {}",
                    rolled.join(", "),
                    die.name()
                )
            }
            Assign => "give the dice to the Campaigners".into(),
            PoolAssign { left } => {
                format!("give the side's campaign dice to own Campaigners ({left} left)")
            }
            Campaign { left } => format!("place a Campaigner's cubes ({left} left), or move it"),
            Place { left } => format!("place cubes ({left} left)"),
            Remove { left } => format!("remove cubes ({left} left)"),
            RemoveFromState { left } => format!("remove cubes from a state ({left} left)"),
            Region => "choose a region".into(),
            Strategy => "take a Strategy card".into(),
            PlayOne => "play one of the drawn cards".into(),
            Stack => "put the drawn cards on the Draw Deck".into(),
            ChangeInPlans => "choose a card from the opponent's hand".into(),
            State => "choose a state".into(),
            Transport => "move Campaigners, then campaign".into(),
            Counter => "answer the opponent's play".into(),
            Commit => "commit buttons to bid for the Strategy card".into(),
            Answer => "answer the Suffragist's bid".into(),
            HandCard { round } => format!("play a hand card (round {round})"),
            ClaimedCard { round } => format!("use a claimed card or end the round ({round})"),
            VoteRoll => "roll (or re-roll) for the state voting".into(),
            VoteState => "choose the next state to vote".into(),
            ExchangeAnswer => "accept or decline the partner's exchange".into(),
            ExchangePropose => "propose an exchange of cards with the partner, or none".into(),
            Congress { left } => {
                format!("add or remove Congressional markers with Lobbying successes ({left} left)")
            }
        }
    }
}

impl Pending {
    /// The deciding player's name (see [`Board::player_name`]); empty when no seat decides.
    pub fn player_name(&self, board: &Board) -> &'static str {
        self.player
            .map_or("", |(side, slot)| board.player_name(side, slot))
    }

    /// The decision in words, starting with the deciding player's name.
    pub fn text(&self, board: &Board) -> String {
        match self.player {
            Some(_) => format!("{}: {}", self.player_name(board), self.kind.words()),
            None => self.kind.words(),
        }
    }
}

impl VotesForWomen {
    /// What the game waits for, as the views show it: the decision a seat is prompted for
    /// (the Oppobot's own steps are never waited for).
    ///
    /// Read from [`Self::asked`] (the board alone), not from [`Self::pending`], which also
    /// counts the decision's actions: those can depend on hidden cards (the drawn cards a
    /// "draw two, play one" may play), and a game at rest always has an action for what it
    /// asks, so the two agree on every state a viewer sees while only `asked` is public.
    pub(super) fn waits_for(&self) -> Pending {
        let Some(a) = self.asked().filter(|&a| self.seat_asked(a).is_some()) else {
            return Pending::default();
        };
        let top = self.board.stack.last().and_then(|f| f.task.as_ref());
        Pending {
            player: Some((a.side, a.slot)),
            kind: self.pending_kind(a, top),
            cubes: top.and_then(cube_progress),
        }
    }

    fn pending_kind(&self, a: Asked, top: Option<&Task>) -> PendingKind {
        let b = &self.board;
        match (a.what, top) {
            (Decision::Task, Some(task)) => task_kind(task),
            // A decision of a card always has its task (see `asked`).
            (Decision::Task, None) => PendingKind::Over,
            (Decision::Operations, _) if !b.hand_done => PendingKind::HandCard { round: b.round },
            (Decision::Operations, _) => PendingKind::ClaimedCard { round: b.round },
            (Decision::Commit, _) => PendingKind::Commit,
            (Decision::Answer(_), _) => PendingKind::Answer,
            (Decision::VotePick, _) => PendingKind::VoteState,
            (Decision::VoteReroll, _) => PendingKind::VoteRoll,
            (Decision::Propose, _) => PendingKind::ExchangePropose,
            (Decision::Accept, _) => PendingKind::ExchangeAnswer,
        }
    }
}

/// The kind of the decision a card's task waits for.
fn task_kind(task: &Task) -> PendingKind {
    let n = |left: u8| u32::from(left);
    match task {
        Task::Dice { purpose, die, dice } => PendingKind::Dice {
            purpose: *purpose,
            die: *die,
            dice: dice.clone(),
        },
        Task::Assign { .. } => PendingKind::Assign,
        Task::PoolAssign { dice, .. } => PendingKind::PoolAssign {
            left: dice.len() as u32,
        },
        Task::Campaign { left, .. } => PendingKind::Campaign { left: n(*left) },
        Task::Place { left, .. } => PendingKind::Place { left: n(*left) },
        Task::Fixed { queue } => PendingKind::Place {
            left: queue.len() as u32,
        },
        Task::Remove { left, .. } => PendingKind::Remove { left: n(*left) },
        Task::RemoveAll { left, .. } => PendingKind::RemoveFromState { left: n(*left) },
        Task::ChooseRegion { .. } => PendingKind::Region,
        Task::PickStrategy => PendingKind::Strategy,
        Task::PlayOne { .. } => PendingKind::PlayOne,
        Task::Stack => PendingKind::Stack,
        Task::ChangeInPlans => PendingKind::ChangeInPlans,
        Task::PickState { .. } => PendingKind::State,
        Task::Transport { .. } => PendingKind::Transport,
        Task::CounterStrat => PendingKind::Counter,
        Task::Successes { left } => PendingKind::Congress { left: n(*left) },
    }
}

/// A cube-by-cube task's place, or `None` when the task is not one or its total is not
/// fixed in advance. A Campaigner's cubes are the first entry of the campaign's queue (it
/// leaves the queue when done); a card's placements and removals count the cubes so far per
/// state (`placed`) beside those `left`. A card placing one cube into each of a list of
/// states (`Fixed`) skips the states that cannot take one, so its total is not known.
fn cube_progress(task: &Task) -> Option<CubeProgress> {
    let (done, left) = match task {
        Task::Campaign { queue, left, .. } => {
            let all = queue.first().map_or(0, |&(_, n)| n);
            (u32::from(all.saturating_sub(*left)), u32::from(*left))
        }
        Task::Place { left, placed, .. } | Task::Remove { left, placed, .. } => (
            placed.iter().map(|&(_, n)| u32::from(n)).sum(),
            u32::from(*left),
        ),
        _ => return None,
    };
    let total = done + left;
    (left > 0 && total >= 2).then_some(CubeProgress { done, total })
}
