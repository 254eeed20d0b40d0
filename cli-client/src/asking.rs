//! Turning what the player types into choices, across prompts: a line naming several
//! places (`PA PA NY`) answers the prompts that follow one by one; a colour asked for a
//! card play is remembered for the rest of it; `resign` asks to be confirmed.
//!
//! [`Answers`] holds that state and says what to do ([`Do`]); the session sends the
//! choices and prints. It knows no game: the "card play" a colour belongs to is a key the
//! session derives from the view ([`play_key`]).

use std::collections::VecDeque;

use hustings_proto::v1::{GameView, LogEntry, Prompt, game_view};

use crate::answer::{self, Line, Named};
use crate::render::Layout;

/// What the session should do after a line, or when a prompt arrives.
#[derive(Debug, PartialEq, Eq)]
pub enum Do {
    /// Send this choice.
    Act { id: String },
    /// Print this, then ask again.
    Say(String),
    /// Print the input forms.
    Help,
    /// Print the answer to `? query`.
    Lookup(String),
    /// Print every choice, one a line.
    Choices,
    /// Draw the board (and the prompt) again.
    Redraw,
    /// Leave the match, the seat kept.
    Quit,
    /// Resign: confirmed.
    Resign,
    /// Nothing to do (wait for the player).
    Wait,
}

/// A question the player must answer before the prompt's choices again.
#[derive(Debug, PartialEq, Eq)]
enum Confirm {
    Resign,
    /// Which colour (variant) the places in `words` get; `options` are on offer.
    Variant {
        words: Vec<String>,
        options: Vec<String>,
    },
}

/// What the player has asked for beyond the current prompt.
#[derive(Debug, Default)]
pub struct Answers {
    /// Words for the prompts that follow, and the kind of prompt they were typed for.
    queue: VecDeque<String>,
    family: String,
    /// The colour the line typed last named for its places.
    line_variant: Option<String>,
    /// The colour chosen for a card play: (play key, colour).
    remembered: Option<(String, String)>,
    /// The place of the choice sent last from a line of several, and the seat it was for.
    sent: Option<(u32, String)>,
    /// The length of the log when the prompt answered last arrived: later entries are what
    /// that answer did.
    mark: usize,
    confirm: Option<Confirm>,
    /// The board layout the player switched to (`board full`), if any.
    pub layout: Option<Layout>,
    /// Seats of the match, once known: a match of one seat is a solitaire game, played
    /// against the game's automated opponent.
    pub seats: usize,
}

/// The card play a prompt belongs to, for remembering its colour: in Votes for Women the
/// play on top of the stack (turn, round, depth, card); elsewhere the prompt's kind.
pub fn play_key(view: Option<&GameView>, prompt: &Prompt) -> String {
    if let Some(game_view::Game::VotesForWomen(v)) = view.and_then(|v| v.game.as_ref())
        && let Some(top) = v.plays.last()
    {
        let card = top
            .card
            .as_ref()
            .map(|c| c.id.as_str())
            .unwrap_or(&top.kind);
        return format!("{}/{}/{}/{card}", v.turn, v.round, v.plays.len());
    }
    answer::family(prompt)
}

impl Answers {
    /// True while a question (resign? which colour?) waits for its answer.
    pub fn confirming(&self) -> bool {
        self.confirm.is_some()
    }

    /// Words still queued for the next prompts.
    pub fn queued(&self) -> Vec<String> {
        self.queue.iter().cloned().collect()
    }

    fn remembered_for(&self, key: &str) -> Option<String> {
        self.remembered
            .as_ref()
            .filter(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
    }

    /// Drops the queue, saying what was not sent and why.
    fn stop(&mut self, why: &str) -> Do {
        let left = self.queued();
        self.queue.clear();
        self.line_variant = None;
        if left.is_empty() {
            Do::Say(why.to_string())
        } else {
            Do::Say(format!("{why}; not sent: {}", left.join(" ")))
        }
    }

    /// The prompt's choice was refused: the rest of a multi-place answer is dropped.
    pub fn refused(&mut self) -> Option<String> {
        if self.queue.is_empty() {
            return None;
        }
        match self.stop("Stopped: that choice was refused") {
            Do::Say(s) => Some(s),
            _ => None,
        }
    }

    /// A line typed at `prompt`.
    pub fn on_line(&mut self, line: &str, prompt: &Prompt, key: &str) -> Do {
        match self.confirm.take() {
            Some(Confirm::Resign) => {
                return if matches!(line.trim().to_lowercase().as_str(), "yes" | "y") {
                    Do::Resign
                } else {
                    Do::Say("Not resigned.".into())
                };
            }
            Some(Confirm::Variant { words, options }) => {
                let word = line.trim();
                match answer::variant_named(word, &options) {
                    Some(v) => {
                        self.remembered = Some((key.to_string(), v.clone()));
                        self.line_variant = Some(v);
                        return self.words(words, prompt, key, false);
                    }
                    None if answer::parse(word, prompt.choices.len()) == Line::Quit => {
                        return Do::Quit;
                    }
                    None => {
                        let ask = format!("Type {}.", or_list(&options));
                        self.confirm = Some(Confirm::Variant { words, options });
                        return Do::Say(ask);
                    }
                }
            }
            None => {}
        }
        self.queue.clear();
        self.line_variant = None;
        match answer::parse(line, prompt.choices.len()) {
            Line::Empty => Do::Wait,
            Line::Help => Do::Help,
            Line::Lookup(q) => Do::Lookup(q),
            Line::Choices => Do::Choices,
            Line::Board(layout) => {
                if layout.is_some() {
                    self.layout = layout;
                }
                Do::Redraw
            }
            Line::Quit => Do::Quit,
            Line::Resign => {
                self.confirm = Some(Confirm::Resign);
                Do::Say(resign_question(self.seats).into())
            }
            Line::Number(i) => match prompt.choices.get(i) {
                Some(c) => Do::Act { id: c.id.clone() },
                None => Do::Wait,
            },
            Line::Words(words) => self.words(words, prompt, key, false),
            Line::Invalid(why) => Do::Say(why),
        }
    }

    /// Names the first choice of `words` in `prompt` (colour words set the colour of the
    /// places after them); the rest wait for the prompts that follow.
    fn words(&mut self, words: Vec<String>, prompt: &Prompt, key: &str, queued: bool) -> Do {
        let mut words: VecDeque<String> = words.into();
        while let Some(word) = words.pop_front() {
            let variant = self
                .line_variant
                .clone()
                .or_else(|| self.remembered_for(key));
            match answer::name(&word, prompt, variant.as_deref()) {
                Named::Variant(v) => self.line_variant = Some(v),
                Named::Choice(i) => {
                    self.queue = words;
                    self.family = answer::family(prompt);
                    self.sent = Some((prompt.seat, prompt.choices[i].location.clone()));
                    return Do::Act {
                        id: prompt.choices[i].id.clone(),
                    };
                }
                Named::NeedsVariant(options) => {
                    words.push_front(word);
                    let ask = format!(
                        "Which colour for this card's cubes: {}? (asked once per card)",
                        or_list(&options)
                    );
                    self.confirm = Some(Confirm::Variant {
                        words: words.into(),
                        options,
                    });
                    return Do::Say(ask);
                }
                Named::NotOffered(why) => {
                    let why = if queued {
                        format!("Stopped: {word} is not on offer now")
                    } else {
                        why
                    };
                    words.push_front(word);
                    self.queue = words;
                    return self.stop(&why);
                }
            }
        }
        Do::Say("Name a place after the colour (purple PA).".into())
    }

    /// A new prompt arrived, `log` the match's log so far: answers it from the queue (or
    /// with the colour chosen for its card, when it asks nothing else), or says why the
    /// queue stops; `None` to ask the player.
    pub fn on_prompt(&mut self, prompt: &Prompt, key: &str, log: &[LogEntry]) -> Option<Do> {
        self.confirm = None;
        self.drop_taken_by_the_game(log.get(self.mark..).unwrap_or_default());
        self.mark = log.len();
        if !self.queue.is_empty() {
            if answer::family(prompt) != self.family {
                let why = format!("Stopped: the prompt changed to {:?}", prompt.text);
                return Some(self.stop(&why));
            }
            let words: Vec<String> = self.queue.drain(..).collect();
            return Some(self.words(words, prompt, key, true));
        }
        self.line_variant = None;
        let place = answer::only_variant_of_one_place(prompt)?;
        let variant = self.remembered_for(key)?;
        let i = prompt.choices.iter().position(|c| {
            c.location == place
                && c.id
                    .split_once(':')
                    .is_some_and(|(v, _)| v.eq_ignore_ascii_case(&variant))
        })?;
        Some(Do::Act {
            id: prompt.choices[i].id.clone(),
        })
    }
}

impl Answers {
    /// Drops the queued places the game took by itself after the choice sent last.
    ///
    /// A game takes a step with a single choice itself (Votes for Women places the last
    /// cube when one state is left), so no prompt comes for it: the word queued for it
    /// would be reported "not sent" (or spent on the next prompt) though the place got its
    /// cube. `entries` are what the last choice did: its own entry for its place, then
    /// entries of the same kind for the same seat at other places, one per step taken;
    /// each that names the place queued next answers it.
    fn drop_taken_by_the_game(&mut self, entries: &[LogEntry]) {
        let Some((seat, place)) = self.sent.take() else {
            return;
        };
        if self.queue.is_empty() || place.is_empty() {
            return;
        }
        let ours = |e: &&LogEntry| e.seat == Some(seat) && !e.location.is_empty();
        let mut mine = entries.iter().filter(ours);
        let Some(own) = mine.find(|e| e.location.eq_ignore_ascii_case(&place)) else {
            return;
        };
        for e in mine.filter(|e| e.kind == own.kind) {
            match self.queue.front() {
                Some(next) if next.eq_ignore_ascii_case(&e.location) => {
                    self.queue.pop_front();
                }
                _ => break,
            }
        }
    }
}

/// The question that confirms a resignation: who wins by it.
fn resign_question(seats: usize) -> &'static str {
    if seats == 1 {
        // Alone at the table: the game's automaton (the Oppobot) is the opponent.
        "Resign the match? The automated opponent wins. Type yes to confirm."
    } else {
        "Resign the match? Every other seat wins. Type yes to confirm."
    }
}

/// "purple or yellow", "a, b or c".
fn or_list(options: &[String]) -> String {
    match options {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hustings_proto::v1::Choice;

    fn choice(id: &str, location: &str) -> Choice {
        Choice {
            id: id.into(),
            label: format!("label of {id}"),
            location: location.into(),
            ..Default::default()
        }
    }

    fn placement(left: u32, states: &[&str]) -> Prompt {
        let mut choices = Vec::new();
        for s in states {
            choices.push(choice(&format!("purple:{s}"), s));
            choices.push(choice(&format!("yellow:{s}"), s));
        }
        Prompt {
            seat: 0,
            text: format!("Place a cube ({left} left)"),
            choices,
        }
    }

    fn act(id: &str) -> String {
        id.to_string()
    }

    fn acted(d: Do) -> String {
        match d {
            Do::Act { id, .. } => id,
            other => panic!("not an act: {other:?}"),
        }
    }

    #[test]
    fn several_places_answer_the_prompts_that_follow_with_the_colour_asked_once() {
        let mut a = Answers::default();
        let key = "2/1/1/helen-keller";
        // The first place needs a colour: it is asked, once.
        let d = a.on_line("PA PA ny", &placement(3, &["PA", "NY"]), key);
        let Do::Say(ask) = d else { panic!("{d:?}") };
        assert!(ask.contains("purple or yellow"), "{ask}");
        assert!(a.confirming());
        assert_eq!(
            acted(a.on_line("y", &placement(3, &["PA", "NY"]), key)),
            act("yellow:PA")
        );
        // The next prompts are answered from the queue, in order.
        assert_eq!(
            acted(
                a.on_prompt(&placement(2, &["PA", "NY"]), key, &[])
                    .expect("queued")
            ),
            "yellow:PA"
        );
        assert_eq!(
            acted(
                a.on_prompt(&placement(1, &["PA", "NY"]), key, &[])
                    .expect("queued")
            ),
            "yellow:NY"
        );
        assert!(a.queued().is_empty());
        // A later prompt of the same card asking only the colour of one place is answered
        // with the colour already chosen.
        let only = placement(1, &["NJ"]);
        let d = a.on_prompt(&only, key, &[]).expect("remembered colour");
        assert_eq!(acted(d), "yellow:NJ");
        // Another card asks again.
        assert_eq!(a.on_prompt(&only, "2/1/1/another-card", &[]), None);
    }

    #[test]
    fn a_colour_word_before_places_sets_their_colour() {
        let mut a = Answers::default();
        let p = placement(3, &["PA", "NY"]);
        assert_eq!(acted(a.on_line("purple 2xPA", &p, "k")), "purple:PA");
        assert_eq!(
            acted(a.on_prompt(&p, "k", &[]).expect("queued")),
            "purple:PA"
        );
    }

    #[test]
    fn the_queue_stops_with_a_reason_when_the_prompt_changes_or_a_place_is_gone() {
        let mut a = Answers::default();
        let p = placement(3, &["PA", "NY"]);
        assert_eq!(acted(a.on_line("purple PA NY NY", &p, "k")), "purple:PA");
        // NY is no longer on offer.
        let d = a
            .on_prompt(&placement(2, &["PA"]), "k", &[])
            .expect("a stop");
        let Do::Say(why) = d else { panic!("{d:?}") };
        assert_eq!(why, "Stopped: NY is not on offer now; not sent: NY NY");
        // A different decision stops it too.
        assert_eq!(acted(a.on_line("purple PA PA", &p, "k")), "purple:PA");
        let other = Prompt {
            seat: 0,
            text: "Keep or re-roll?".into(),
            choices: vec![choice("keep", ""), choice("reroll", "")],
        };
        let Some(Do::Say(why)) = a.on_prompt(&other, "k", &[]) else {
            panic!()
        };
        assert!(
            why.starts_with("Stopped: the prompt changed to \"Keep or re-roll?\""),
            "{why}"
        );
        assert!(why.ends_with("not sent: PA"), "{why}");
        // A refusal drops what is left.
        assert_eq!(acted(a.on_line("purple PA PA", &p, "k")), "purple:PA");
        assert!(a.refused().is_some_and(|s| s.ends_with("not sent: PA")));
        assert!(a.queued().is_empty());
    }

    /// What the game logs for a cube `seat` placed (or removed) in `place`.
    fn cube_entry(seat: u32, place: &str) -> LogEntry {
        LogEntry {
            seat: Some(seat),
            kind: "cube".into(),
            text: format!("Suffragist adds a purple cube in {place}"),
            location: place.into(),
            ..Default::default()
        }
    }

    #[test]
    fn a_place_the_game_took_itself_is_not_reported_unsent() {
        // Frederick Douglass rolled 8: a cube in each of the Northeast's eight states, one a
        // state. The player types all eight; the last one left is a single choice, which the
        // game takes itself: no prompt comes for it.
        let typed = ["NY", "CT", "MA", "RI", "VT", "NH", "ME", "NJ"];
        let key = "3/2/1/frederick-douglass";
        let mut a = Answers::default();
        let mut log = vec![LogEntry {
            seat: Some(0),
            kind: "play".into(),
            text: "Suffragist plays Frederick Douglass".into(),
            ..Default::default()
        }];
        let first = placement(8, &typed);
        assert_eq!(a.on_prompt(&first, key, &log), None);
        let line = format!("purple {}", typed.join(" "));
        assert_eq!(acted(a.on_line(&line, &first, key)), "purple:NY");
        log.push(cube_entry(0, "NY"));
        for (k, place) in typed.iter().enumerate().take(7).skip(1) {
            let p = placement(8 - k as u32, &typed[k..]);
            let d = a.on_prompt(&p, key, &log).expect("queued");
            assert_eq!(acted(d), format!("purple:{place}"));
            log.push(cube_entry(0, place));
        }
        // ME's cube was the seventh; NJ, the only place left, got the eighth from the game.
        log.push(cube_entry(0, "NJ"));
        let next = Prompt {
            seat: 0,
            text: "Play a card (round 4 of 6)".into(),
            choices: vec![choice("done", "")],
        };
        assert_eq!(
            a.on_prompt(&next, key, &log),
            None,
            "nothing is left unsent"
        );
        assert!(a.queued().is_empty());
    }

    #[test]
    fn a_place_typed_twice_is_still_queued_after_the_first_and_unsent_ones_are_reported() {
        let mut a = Answers::default();
        let p = placement(3, &["PA", "NY"]);
        let mut log = Vec::new();
        assert_eq!(a.on_prompt(&p, "k", &log), None);
        assert_eq!(acted(a.on_line("purple PA PA NY", &p, "k")), "purple:PA");
        // The first PA's own entry does not answer the second PA.
        log.push(cube_entry(0, "PA"));
        let d = a.on_prompt(&placement(2, &["PA", "NY"]), "k", &log);
        assert_eq!(acted(d.expect("queued")), "purple:PA");
        // Another seat's cube in NY (an automated opponent) does not answer NY either.
        log.push(cube_entry(0, "PA"));
        log.push(cube_entry(1, "NY"));
        let other = Prompt {
            seat: 0,
            text: "Keep or re-roll?".into(),
            choices: vec![choice("keep", ""), choice("reroll", "")],
        };
        let Some(Do::Say(why)) = a.on_prompt(&other, "k", &log) else {
            panic!()
        };
        assert!(why.ends_with("not sent: NY"), "{why}");
    }

    #[test]
    fn resign_waits_for_yes() {
        let p = placement(1, &["PA"]);
        let mut a = Answers::default();
        assert!(matches!(a.on_line("resign", &p, "k"), Do::Say(s) if s.contains("Type yes")));
        assert_eq!(a.on_line("no", &p, "k"), Do::Say("Not resigned.".into()));
        assert!(!a.confirming());
        a.on_line("resign", &p, "k");
        assert_eq!(a.on_line(" YES ", &p, "k"), Do::Resign);
    }

    #[test]
    fn resigning_a_solitaire_game_says_the_automated_opponent_wins() {
        let p = placement(1, &["PA"]);
        let mut a = Answers {
            seats: 1,
            ..Default::default()
        };
        let Do::Say(asked) = a.on_line("resign", &p, "k") else {
            panic!()
        };
        assert_eq!(
            asked,
            "Resign the match? The automated opponent wins. Type yes to confirm."
        );
        a.seats = 2;
        a.on_line("no", &p, "k");
        let Do::Say(asked) = a.on_line("resign", &p, "k") else {
            panic!()
        };
        assert!(asked.contains("Every other seat wins"), "{asked}");
    }

    #[test]
    fn commands_and_numbers_pass_through() {
        let p = placement(1, &["PA"]);
        let mut a = Answers::default();
        assert_eq!(
            a.on_line("2", &p, "k"),
            Do::Act {
                id: "yellow:PA".into()
            }
        );
        assert_eq!(a.on_line("?hand", &p, "k"), Do::Lookup("hand".into()));
        assert_eq!(a.on_line("board full", &p, "k"), Do::Redraw);
        assert_eq!(a.layout, Some(Layout::Full));
        assert_eq!(a.on_line("", &p, "k"), Do::Wait);
        assert_eq!(a.on_line("q", &p, "k"), Do::Quit);
    }
}
