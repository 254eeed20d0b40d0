//! The vocabulary every game shares: seats and viewers, set-up, prompts and choices, the
//! structured log, outcomes and the typed errors of the rules contract.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

/// A seat at the table, numbered from 0 in the order the game's catalogue names them.
pub type Seat = usize;

/// Who is looking at a match: one seat, or a spectator who sees only public information.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Viewer {
    Seat(Seat),
    Spectator,
}

impl Viewer {
    /// The seat behind this viewer, if it is one.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        }
    }

    /// Everyone who can look at a game of `seats` seats: each seat, then the spectators.
    /// Redaction checks walk this list, so that no viewer is left out.
    pub fn every(seats: usize) -> impl Iterator<Item = Viewer> {
        (0..seats)
            .map(Viewer::Seat)
            .chain(std::iter::once(Viewer::Spectator))
    }
}

/// Everything needed to build a new game: the same set-up always gives the same game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// A variant id from the game's catalogue entry.
    pub variant: String,
    /// How many seats play (within the variant's range).
    pub seats: usize,
    /// Option values by key, as text; validated against the catalogue's option specs.
    pub options: BTreeMap<String, String>,
    /// Seed of the game's random number generator.
    pub seed: u64,
    /// The rules revision the game is played under (see [`RULES_REVISION`]). A set-up stored
    /// before revisions existed has none and reads as 0, so a stored match always replays
    /// under the rules it was played by, even after a rules correction.
    #[serde(default)]
    pub rules: u32,
}

/// The rules revision new games are played under. Each correction of a rule that would
/// change what a stored game's choices mean (a choice offered or not, a step's order) is
/// made for games of the revision that brought it and later; older games keep the rules
/// they were played by, so their replays stay the same.
///
/// - 0: the rules as they were when matches were first stored.
/// - 1: the corrections of a line-by-line reading of the rulebooks (Votes for Women's
///   Lobbying in both directions, Eye on the Future's event before the reshuffle, the
///   Campaigner's optional placing before or after moving, the team dice split; The
///   Vote's several Blocks against one action, Persuade's count and card, optional
///   refresh, refresh with an empty deck).
/// - 2: The Vote's reconstructed set-up and Congress Control Points retuned for balance under
///   IS-MCTS self-play (`the_vote/retune.rs`); no rule changes, and no other game's data.
pub const RULES_REVISION: u32 = 2;

impl Setup {
    /// A set-up for `variant` with `seats` seats, default options and the given seed, under
    /// today's rules.
    pub fn new(variant: &str, seats: usize, seed: u64) -> Self {
        Setup {
            variant: variant.to_string(),
            seats,
            options: BTreeMap::new(),
            seed,
            rules: RULES_REVISION,
        }
    }

    /// The same set-up with one more option set.
    pub fn with_option(mut self, key: &str, value: &str) -> Self {
        self.options.insert(key.to_string(), value.to_string());
        self
    }
}

/// Catalogue entry of a game: what a lobby shows and what set-up accepts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameInfo {
    pub id: String,
    pub name: String,
    pub summary: String,
    pub variants: Vec<VariantInfo>,
    pub options: Vec<OptionSpec>,
    /// What the server does when a seat's clock runs out, unless the variant says
    /// otherwise ([`VariantInfo::timeout_policy`]).
    pub timeout_policy: TimeoutPolicy,
}

impl GameInfo {
    /// The timeout policy of a variant: its own, else the game's.
    pub fn timeout_policy_of(&self, variant: &str) -> TimeoutPolicy {
        self.variant(variant)
            .and_then(|v| v.timeout_policy)
            .unwrap_or(self.timeout_policy)
    }
}

/// What happens to a seat whose clock runs out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TimeoutPolicy {
    /// The seat loses the match.
    Forfeit,
    /// The engine's default choice is taken for the seat.
    DefaultChoice,
}

/// One playable variant of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VariantInfo {
    pub id: String,
    pub name: String,
    pub description: String,
    pub min_seats: usize,
    pub max_seats: usize,
    pub default_seats: usize,
    /// Names of the seats, `max_seats` of them; a game with fewer seats uses the first ones.
    pub seat_names: Vec<String>,
    /// The variant's own timeout policy where it differs from the game's (a forfeit makes
    /// no sense against an automaton, or among several seats where one loser does not
    /// make one winner).
    #[serde(default)]
    pub timeout_policy: Option<TimeoutPolicy>,
}

/// A set-up option with its type, range and default.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OptionSpec {
    pub key: String,
    pub label: String,
    pub description: String,
    pub kind: OptionKind,
}

/// The values an option accepts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum OptionKind {
    Int {
        min: i64,
        max: i64,
        default: i64,
    },
    Bool {
        default: bool,
    },
    Choice {
        values: Vec<String>,
        default: String,
    },
}

impl OptionKind {
    /// The default value, as text.
    pub fn default_text(&self) -> String {
        match self {
            OptionKind::Int { default, .. } => default.to_string(),
            OptionKind::Bool { default } => default.to_string(),
            OptionKind::Choice { default, .. } => default.clone(),
        }
    }
}

/// A validated option value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OptionValue {
    Int(i64),
    Bool(bool),
    Choice(String),
}

/// Options after validation, with every default filled in.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options(pub BTreeMap<String, OptionValue>);

impl Options {
    /// A whole-number option. A key the game's catalogue does not declare as one is a bug
    /// in the game, refused rather than read as 0.
    pub fn int(&self, key: &str) -> Result<i64, SetupError> {
        match self.0.get(key) {
            Some(OptionValue::Int(v)) => Ok(*v),
            _ => Err(SetupError::MissingOption(key.to_string())),
        }
    }
    /// A true/false option (see [`Options::int`] for a key that is not one).
    pub fn flag(&self, key: &str) -> Result<bool, SetupError> {
        match self.0.get(key) {
            Some(OptionValue::Bool(v)) => Ok(*v),
            _ => Err(SetupError::MissingOption(key.to_string())),
        }
    }
    /// A one-of-several option (see [`Options::int`] for a key that is not one).
    pub fn choice(&self, key: &str) -> Result<&str, SetupError> {
        match self.0.get(key) {
            Some(OptionValue::Choice(v)) => Ok(v),
            _ => Err(SetupError::MissingOption(key.to_string())),
        }
    }
}

impl GameInfo {
    /// The variant with this id.
    pub fn variant(&self, id: &str) -> Option<&VariantInfo> {
        self.variants.iter().find(|v| v.id == id)
    }

    /// Checks a set-up against this entry: the variant exists, the seat count is in range,
    /// every option is known and valid. Returns the options with defaults filled in.
    pub fn validate(&self, setup: &Setup) -> Result<(VariantInfo, Options), SetupError> {
        let variant = self
            .variant(&setup.variant)
            .ok_or_else(|| SetupError::UnknownVariant {
                game: self.id.clone(),
                variant: setup.variant.clone(),
                known: self.variants.iter().map(|v| v.id.clone()).collect(),
            })?
            .clone();
        if setup.seats < variant.min_seats || setup.seats > variant.max_seats {
            return Err(SetupError::SeatCount {
                variant: variant.id.clone(),
                seats: setup.seats,
                min: variant.min_seats,
                max: variant.max_seats,
            });
        }
        for key in setup.options.keys() {
            if !self.options.iter().any(|o| &o.key == key) {
                return Err(SetupError::UnknownOption {
                    key: key.clone(),
                    known: self.options.iter().map(|o| o.key.clone()).collect(),
                });
            }
        }
        let mut out = BTreeMap::new();
        for spec in &self.options {
            let text = setup
                .options
                .get(&spec.key)
                .cloned()
                .unwrap_or_else(|| spec.kind.default_text());
            let bad = |expected: String| SetupError::BadOptionValue {
                key: spec.key.clone(),
                value: text.clone(),
                expected,
            };
            let value = match &spec.kind {
                OptionKind::Int { min, max, .. } => {
                    let v: i64 = text
                        .trim()
                        .parse()
                        .map_err(|_| bad(format!("a whole number from {min} to {max}")))?;
                    if v < *min || v > *max {
                        return Err(bad(format!("a whole number from {min} to {max}")));
                    }
                    OptionValue::Int(v)
                }
                OptionKind::Bool { .. } => match text.trim() {
                    "true" | "yes" | "on" | "1" => OptionValue::Bool(true),
                    "false" | "no" | "off" | "0" => OptionValue::Bool(false),
                    _ => return Err(bad("true or false".into())),
                },
                OptionKind::Choice { values, .. } => {
                    if !values.iter().any(|v| v == text.trim()) {
                        return Err(bad(format!("one of {}", values.join(", "))));
                    }
                    OptionValue::Choice(text.trim().to_string())
                }
            };
            out.insert(spec.key.clone(), value);
        }
        Ok((variant, Options(out)))
    }
}

/// The one decision a seat faces now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prompt {
    pub seat: Seat,
    /// A short description of the decision.
    pub text: String,
    /// Every legal choice, and nothing else.
    pub choices: Vec<Choice>,
}

impl Prompt {
    /// The choice with this id, if it is offered.
    pub fn find(&self, id: &str) -> Option<&Choice> {
        self.choices.iter().find(|c| c.id == id)
    }
}

/// One legal choice: a stable id that means something (`dice:2d6`, `target:1`, `done`) and
/// structured fields so that a program can reason about it without parsing the label.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choice {
    pub id: String,
    pub label: String,
    /// What kind of decision this is (`dice`, `convert`, `target`, `done`, `card`, …).
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<Seat>,
    /// What else it is about, when neither its card nor its place says: in The Vote, the
    /// kind of marker a flip or replace changes (`blue-apathy`), so a client draws it on
    /// that marker without reading the label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subject: Option<String>,
}

impl Choice {
    /// What else it is about (see [`Choice::subject`]).
    pub fn subject(mut self, subject: impl Into<String>) -> Self {
        self.subject = Some(subject.into());
        self
    }
    pub fn new(id: impl Into<String>, kind: &str, label: impl Into<String>) -> Self {
        Choice {
            id: id.into(),
            label: label.into(),
            kind: kind.to_string(),
            ..Choice::default()
        }
    }
    /// The card it is about (its id). (A [`LogEntry`]'s setters of the same fields also
    /// keep its lists — `cards`, `amounts`, `seats` — in step.)
    pub fn card(mut self, card: impl Into<String>) -> Self {
        self.card = Some(card.into());
        self
    }
    /// The place it is about (a space, a state, a region).
    pub fn location(mut self, location: impl Into<String>) -> Self {
        self.location = Some(location.into());
        self
    }
    /// The amount it is about.
    pub fn amount(mut self, amount: i64) -> Self {
        self.amount = Some(amount);
        self
    }
    /// The seat it is aimed at.
    pub fn target(mut self, seat: Seat) -> Self {
        self.target = Some(seat);
        self
    }
}

// ----- typed actions ----------------------------------------------------------------------

/// A game's typed decision: one choice a seat may make, small and `Copy`.
///
/// `Display` writes the choice id (`dice:2d6`, `convert:3`, `take:1`) and `FromStr` reads it
/// back: they are exact inverses on every action a game offers, so stored matches, replays
/// and external AIs keep the ids they always had. [`parse_action`] accepts only that
/// canonical spelling (`convert:03` is not `convert:3`).
///
/// `code` is a compact integer per action, stable within one build and unique within a
/// game: what search trees key their edges on and what [`crate::AnyGame`]'s cheap path
/// speaks, without strings. `from_code(a.code()) == Some(a)` for every action.
pub trait Action:
    Copy + Eq + fmt::Debug + fmt::Display + std::str::FromStr + Send + Sync + 'static
{
    /// This action as a compact code.
    fn code(self) -> u32;
    /// The action a code stands for (`None` for a code no action has).
    fn from_code(code: u32) -> Option<Self>;
}

/// Reads a choice id as an action of type `A`, in its canonical spelling only (the one its
/// `Display` writes), so that exactly the ids a prompt offers are accepted.
pub fn parse_action<A: Action>(id: &str) -> Option<A> {
    let action: A = id.parse().ok()?;
    displays_as(&action, id).then_some(action)
}

/// Whether `value` displays as exactly `text`, compared as it is written (no allocation).
fn displays_as(value: &impl fmt::Display, text: &str) -> bool {
    struct Cmp<'a> {
        rest: &'a str,
    }
    impl fmt::Write for Cmp<'_> {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            match self.rest.strip_prefix(s) {
                Some(rest) => {
                    self.rest = rest;
                    Ok(())
                }
                None => Err(fmt::Error),
            }
        }
    }
    let mut cmp = Cmp { rest: text };
    fmt::write(&mut cmp, format_args!("{value}")).is_ok() && cmp.rest.is_empty()
}

/// Where [`crate::Game::legal_actions`] puts the actions it lists: a `Vec` of them, or an
/// adapter such as [`Codes`] that stores something else per action. Games only `push`.
pub trait ActionSink<A> {
    /// Adds one legal action.
    fn push(&mut self, action: A);
}

impl<A> ActionSink<A> for Vec<A> {
    fn push(&mut self, action: A) {
        Vec::push(self, action);
    }
}

/// Collects the [`Action::code`] of each action pushed (the object-safe cheap path).
pub struct Codes<'a>(pub &'a mut Vec<u32>);

impl<A: Action> ActionSink<A> for Codes<'_> {
    fn push(&mut self, action: A) {
        self.0.push(action.code());
    }
}

/// Keeps only the first action pushed (a default choice needs no more).
pub struct First<A>(pub Option<A>);

impl<A> ActionSink<A> for First<A> {
    fn push(&mut self, action: A) {
        if self.0.is_none() {
            self.0 = Some(action);
        }
    }
}

/// Whether some pushed action equals the one looked for (a legality check that keeps no
/// list).
pub struct Contains<A> {
    pub wanted: A,
    pub found: bool,
}

impl<A: PartialEq> ActionSink<A> for Contains<A> {
    fn push(&mut self, action: A) {
        self.found |= action == self.wanted;
    }
}

// ----- the log ----------------------------------------------------------------------------

/// A game's log: its typed events (`E`, the game's [`crate::Game::Event`]) in order, each
/// rendered into a [`LogEntry`] numbered by its position only when the log is read, so
/// playing builds no text. A state built for search (resampled) keeps none:
/// [`GameLog::push_event`] then does not even build the event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameLog<E> {
    entries: Vec<E>,
    /// Whether entries are kept.
    on: bool,
}

impl<E> Default for GameLog<E> {
    fn default() -> Self {
        GameLog::new()
    }
}

impl<E> GameLog<E> {
    /// An empty log that keeps what it is given.
    pub fn new() -> Self {
        GameLog {
            entries: Vec::new(),
            on: true,
        }
    }

    /// A log that keeps nothing (for states built by search).
    pub fn off() -> Self {
        GameLog {
            entries: Vec::new(),
            on: false,
        }
    }

    /// Whether entries are kept.
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// How many entries the log holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the log holds no entry.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Appends the event `event()` builds, if the log is on (its number is its position).
    #[inline]
    pub fn push_event(&mut self, event: impl FnOnce() -> E) {
        if self.on {
            self.entries.push(event());
        }
    }

    /// The entries from `from` on (none past the end), each put into words by `render`
    /// with its position: how a game that logs typed events renders its log when read.
    pub fn render_from(&self, from: usize, render: impl Fn(&E, u64) -> LogEntry) -> Vec<LogEntry> {
        self.entries
            .get(from..)
            .unwrap_or(&[])
            .iter()
            .zip(from as u64..)
            .map(|(e, seq)| render(e, seq))
            .collect()
    }

    /// Every entry, unredacted.
    pub fn entries(&self) -> &[E] {
        &self.entries
    }
}

/// One structured entry of a match's log. Dice, cards, amounts and places are fields;
/// `text` is an English rendering for clients that just want to print it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    /// Position in the log, from 0.
    pub seq: u64,
    /// The seat this entry is about, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    /// What happened (`roll`, `move`, `card`, `gain`, `lose`, `debate`, …).
    pub kind: String,
    pub text: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<Seat>,
    /// Every seat the entry names, in the order given: `seat` first, then `target`, then any
    /// other (a debate's winner). With the lists below, what a client needs to render or
    /// translate the entry without reading `text`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<Seat>,
    /// Every card the entry names (ids), `card` first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<String>,
    /// Every state the entry names (two-letter codes).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub states: Vec<String>,
    /// Every region the entry names (ids).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub regions: Vec<String>,
    /// Every number the entry gives, `amount` first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub amounts: Vec<i64>,
    /// Set on a step a single action may take several times in a row (Votes for Women: a
    /// card that places six cubes logs six "cube" steps). Consecutive entries with the same
    /// seat and the same `run` are one action repeated, and a client may show them as one
    /// line: this text with `{n}` replaced by the number of steps and `{places}` by their
    /// `location`s, comma-separated, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run: Option<String>,
    /// `None`: everyone sees this entry. `Some(seats)`: only these seats see it in full;
    /// everyone else sees `redacted_text` (or nothing when that is `None`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub private_to: Option<Vec<Seat>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redacted_text: Option<String>,
}

impl LogEntry {
    pub fn new(kind: &str, text: impl Into<String>) -> Self {
        LogEntry {
            kind: kind.to_string(),
            text: text.into(),
            ..LogEntry::default()
        }
    }
    /// The seat it is about (also the first of `seats`).
    pub fn seat(mut self, seat: Seat) -> Self {
        self.seat = Some(seat);
        self.seats.insert(0, seat);
        self
    }
    pub fn dice(mut self, dice: Vec<u32>) -> Self {
        self.dice = dice;
        self
    }
    /// The card it is about (its id; also the first of `cards`).
    pub fn card(mut self, card: impl Into<String>) -> Self {
        let card = card.into();
        self.cards.insert(0, card.clone());
        self.card = Some(card);
        self
    }
    /// The place it is about (a space, a state, a region). A state or region is also
    /// listed with [`Self::state`] or [`Self::region`].
    pub fn location(mut self, location: impl Into<String>) -> Self {
        self.location = Some(location.into());
        self
    }
    /// The amount it is about (also the first of `amounts`).
    pub fn amount(mut self, amount: i64) -> Self {
        self.amount = Some(amount);
        self.amounts.insert(0, amount);
        self
    }
    /// The seat it is aimed at (listed in `seats` after `seat`).
    pub fn target(mut self, seat: Seat) -> Self {
        self.target = Some(seat);
        self.seats.push(seat);
        self
    }
    /// Another seat it names, after `seat` and `target`.
    pub fn also_seat(mut self, seat: Seat) -> Self {
        self.seats.push(seat);
        self
    }
    /// Another card it names, after `card`.
    pub fn also_card(mut self, card: impl Into<String>) -> Self {
        self.cards.push(card.into());
        self
    }
    /// Another number it gives, after `amount`.
    pub fn also_amount(mut self, amount: i64) -> Self {
        self.amounts.push(amount);
        self
    }
    /// A state it names (its two-letter code).
    pub fn state(mut self, code: impl Into<String>) -> Self {
        self.states.push(code.into());
        self
    }
    /// A region it names (its id).
    pub fn region(mut self, id: impl Into<String>) -> Self {
        self.regions.push(id.into());
        self
    }
    /// The step repeats within one action: see [`LogEntry::run`] for the text's holes.
    pub fn run(mut self, text: impl Into<String>) -> Self {
        self.run = Some(text.into());
        self
    }
    /// Makes the entry private to `seats`; others see `redacted` instead, if given.
    pub fn private(mut self, seats: Vec<Seat>, redacted: Option<String>) -> Self {
        self.private_to = Some(seats);
        self.redacted_text = redacted;
        self
    }

    /// This entry as `viewer` may see it, or `None` when the viewer may not see it at all.
    /// A redacted entry keeps its kind, seat and target (and `seats`, which lists just those)
    /// but loses its text and every other field.
    pub fn for_viewer(&self, viewer: Viewer) -> Option<LogEntry> {
        match &self.private_to {
            None => Some(self.clone()),
            Some(seats) if viewer.seat().is_some_and(|s| seats.contains(&s)) => {
                let mut e = self.clone();
                e.redacted_text = None;
                Some(e)
            }
            Some(_) => self.redacted_text.as_ref().map(|text| LogEntry {
                seq: self.seq,
                seat: self.seat,
                kind: self.kind.clone(),
                text: text.clone(),
                target: self.target,
                seats: self.seat.into_iter().chain(self.target).collect(),
                ..LogEntry::default()
            }),
        }
    }
}

/// What one viewer may be told of a choice a seat made (see
/// [`crate::Game::choice_seen_by`]). A choice id can name something hidden — `top:<card>`
/// names the card a seat puts face down on its deck — so it is not simply shown to all.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeenChoice {
    /// The choice's id and its label, as they were offered.
    Whole,
    /// Only this description (a phrase such as "put a card on top of the deck"); the id and
    /// the label are withheld.
    Redacted(String),
}

impl SeenChoice {
    /// The description a viewer gets of a choice it may not see, when a game says no more.
    pub const HIDDEN: &'static str = "a hidden choice";
}

/// The end of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winning seats; several for a shared win; empty for a draw.
    pub winners: Vec<Seat>,
    /// Why the game ended, in words.
    pub reason: String,
    /// A final score per seat (votes, checks, victory points …), where the game has one.
    pub scores: Vec<i64>,
}

impl Outcome {
    pub fn is_draw(&self) -> bool {
        self.winners.is_empty()
    }
}

/// Why a choice was refused. The state is unchanged whenever one of these is returned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the game is over")]
    GameOver,
    #[error("seat {seat} does not exist in this game")]
    NoSuchSeat { seat: Seat },
    #[error("it is not seat {seat}'s turn to decide (waiting for {waiting:?})")]
    NotYourTurn { seat: Seat, waiting: Vec<Seat> },
    #[error("'{choice}' is not one of the legal choices now ({legal})")]
    IllegalChoice { choice: String, legal: String },
}

/// Why a set-up was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("unknown game '{0}'")]
    UnknownGame(String),
    #[error("game '{game}' has no variant '{variant}' (variants: {})", known.join(", "))]
    UnknownVariant {
        game: String,
        variant: String,
        known: Vec<String>,
    },
    #[error("variant '{variant}' is played by {min} to {max} seats, not {seats}")]
    SeatCount {
        variant: String,
        seats: usize,
        min: usize,
        max: usize,
    },
    #[error("unknown option '{key}' (options: {})", known.join(", "))]
    UnknownOption { key: String, known: Vec<String> },
    #[error("option '{key}' = '{value}' is not valid: expected {expected}")]
    BadOptionValue {
        key: String,
        value: String,
        expected: String,
    },
    /// A game read an option its catalogue entry does not declare (with that kind): a bug in
    /// the game, reported instead of a silent default.
    #[error("the game has no option '{0}' of that kind")]
    MissingOption(String),
}

/// Lists the legal choice ids of a prompt for an error message, shortened when long.
pub fn legal_list(prompt: Option<&Prompt>) -> String {
    match prompt {
        None => "none".into(),
        Some(p) => {
            let ids: Vec<&str> = p.choices.iter().map(|c| c.id.as_str()).collect();
            if ids.len() > 12 {
                format!("{}, … {} in all", ids[..12].join(", "), ids.len())
            } else {
                ids.join(", ")
            }
        }
    }
}

impl fmt::Display for Viewer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Viewer::Seat(s) => write!(f, "seat {s}"),
            Viewer::Spectator => write!(f, "spectator"),
        }
    }
}

/// A digest of any serializable value (for [`crate::Game::hidden_digest`]): equal values give
/// equal digests within one build. Not stored anywhere, so the hash need not be stable.
pub fn digest_of<T: serde::Serialize + ?Sized>(value: &T) -> u64 {
    thread_local! {
        /// The serialized value, reused from call to call (a digest is taken per choice).
        static BUF: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    BUF.with(|buf| {
        let mut buf = buf.borrow_mut();
        buf.clear();
        // Serializing plain data into memory cannot fail.
        let _ = serde_json::to_writer(&mut *buf, value);
        hash_bytes(&buf)
    })
}

/// A fast 64-bit hash of bytes, eight at a time (multiply and fold, as in FxHash, with a
/// final mix): not for adversarial input, only to tell states apart within one process.
fn hash_bytes(bytes: &[u8]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h = bytes.len() as u64;
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        h = (h.rotate_left(5) ^ u64::from_le_bytes(w)).wrapping_mul(K);
    }
    let mut w = [0u8; 8];
    w[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    h = (h.rotate_left(5) ^ u64::from_le_bytes(w)).wrapping_mul(K);
    // Final avalanche (from SplitMix64), so nearby states get unrelated digests.
    h ^= h >> 30;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^= h >> 27;
    h = h.wrapping_mul(0x94D0_49BB_1331_11EB);
    h ^ (h >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digests_tell_apart_values_that_differ_anywhere() {
        // Equal values, equal digests; a change in any one place (or a trailing zero byte,
        // or a longer value) gives another digest.
        let base: Vec<u32> = (0..40).collect();
        assert_eq!(digest_of(&base), digest_of(&base.clone()));
        let mut seen = std::collections::HashSet::new();
        seen.insert(digest_of(&base));
        for i in 0..base.len() {
            let mut v = base.clone();
            v[i] += 1;
            assert!(
                seen.insert(digest_of(&v)),
                "changing element {i} kept the digest"
            );
        }
        let mut longer = base.clone();
        longer.push(0);
        assert!(seen.insert(digest_of(&longer)));
        assert_ne!(hash_bytes(b"a"), hash_bytes(b"a\0"));
        assert_ne!(hash_bytes(b""), hash_bytes(b"\0"));
    }
}
