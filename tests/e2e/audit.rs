//! The redaction audit: thousands of seeded random games of every game and variant, each
//! version projected for every seat and a spectator, with the engine's JSON view and
//! without, through exactly the projection the server uses (`hustings_service::projection`,
//! in-process: over gRPC it would take hours). Every serialized message is checked against
//! what its viewer may know at that version:
//!
//! 1. **Redrawn hidden state.** The state with everything the viewer may not know redrawn
//!    (`Game::shuffle_hidden`: other hands, deck order, set-aside and face-down cards, the
//!    generator) must give byte for byte the same message — view, JSON view, prompt, log,
//!    last action, reference, snapshot or not — at every version, with the JSON view and
//!    without. No message may hold the seed. The redrawn state must agree with who acts
//!    and the outcome (both public); when none of 16 draws does, the real state stands in
//!    and (1) and (2) prove nothing there, so such (viewer, version) pairs are counted,
//!    printed, and bounded: at most 1 in 50 of a game's, 1 in 1,000 of a variant's.
//! 2. **What history says.** Fields built from the choices rather than the state (the last
//!    action) cannot be seen by (1). So the choice is made again in each redrawn state,
//!    with every alternative the acting seat is offered there: wherever the viewer's view
//!    afterwards is the same as after the real choice, it must be told the same of it.
//! 3. **Each game's secrets, by the rules.** (1) trusts the engine's own account of what a
//!    viewer may know; this does not. From the true state, each game lists the cards the
//!    rules hide from the viewer (another player's hand — a partner's too — the decks'
//!    order and unknown cards, the other side's drawn and stacked cards, set-aside and
//!    face-down cards), and no message part new at that version (view, JSON view, prompt,
//!    new log entries, last action) may name one, by id or by name.
//!
//! The games per variant can be set with `HUSTINGS_AUDIT_GAMES` (a number) for quick runs.

use std::collections::{BTreeMap, HashSet};

use hustings::named::{self, Named};
use hustings_engine::presidency::Presidency;
use hustings_engine::testing::{games_from_env, scrambled_seed};
use hustings_engine::the_vote::TheVote;
use hustings_engine::the_vote::data::{CardKind, Special, TABLE};
use hustings_engine::votes_for_women::{
    PlayFrom, Task, Variant, VotesForWomen, data as vdata, player,
};
use hustings_engine::{AnyGame, AnyView, Game, IntoAnyView, Seat, Setup, Viewer};
use hustings_proto::v1 as pb;
use hustings_service::convert;
use hustings_service::projection::{LastChoice, Own, Projector, Public, no_extras};
use prost::Message;
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

/// A game the audit knows the secrets of.
trait Audited: IntoAnyView + Game {
    /// The cards the rules hide from `viewer` now, as messages name them.
    fn secrets(&self, viewer: Viewer) -> Vec<Named>;
    /// Every viewer has the same secrets (no private hands): listed once per version.
    const SECRETS_ALIKE: bool = false;
    /// Checks of the engine's JSON view that its shape allows (hidden zones left out).
    fn check_json(&self, viewer: Viewer, json: &serde_json::Value) -> Result<(), String>;
    /// Counts what this version shows of the hidden parts the audit must have seen.
    fn notice(&self, viewer: Viewer, tally: &mut Tally) {
        let _ = (viewer, tally);
    }
}

/// What the audit saw, to show it looked where leaks could be.
#[derive(Debug, Default)]
struct Tally {
    games: u64,
    versions: u64,
    messages: u64,
    /// Comparisons of the last action made in redrawn states (check 2).
    last_action_pairs: u64,
    /// Last actions told redacted.
    redacted: u64,
    /// (viewer, version) pairs for which a state was redrawn (check 1).
    redraws: u64,
    /// How many draws it took to find a redrawn state that agrees with who acts and the
    /// outcome: draws → pairs.
    redraw_tries: BTreeMap<u32, u64>,
    /// Pairs at which none of [`REDRAW_TRIES`] redrawn states agreed (the real state was
    /// used: checks 1 and 2 are then not made for that viewer there). Bounded: see
    /// [`REFUSED_PER_GAME`].
    redraws_refused: u64,
    /// Games by how many of their pairs were refused: refused → games.
    refused_per_game: BTreeMap<u64, u64>,
    /// The game with the most refused pairs: (refused, pairs, set-up seed).
    most_refused: Option<(u64, u64, u64)>,
    /// Secret cards looked for (check 3).
    secrets_checked: u64,
    /// Named events worth seeing (Eye on the Future searches, Change In Plans, stacking).
    seen: BTreeMap<&'static str, u64>,
}

// ----- the games' secrets ------------------------------------------------------------------

fn state_json(game: &dyn AnyGame) -> serde_json::Value {
    serde_json::from_str(&game.state_json()).unwrap_or(serde_json::Value::Null)
}

fn numbers(v: &serde_json::Value) -> Vec<usize> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_u64())
                .map(|x| x as usize)
                .collect()
        })
        .unwrap_or_default()
}

/// The cards the public log has named so far: a card shown face up and then shuffled back
/// into a deck is known to lie there (its place in the deck is not: check 1 sees to that).
fn shown<G: Game>(game: &G) -> HashSet<String> {
    game.log_for(Viewer::Spectator, 0)
        .into_iter()
        .filter_map(|e| e.card)
        .collect()
}

impl Audited for Presidency {
    const SECRETS_ALIKE: bool = true;

    fn secrets(&self, _viewer: Viewer) -> Vec<Named> {
        // Every card still in a deck and never shown: the decks' order is hidden from
        // everyone, and a card is named only once drawn.
        let state = state_json(self);
        let shown = shown(self);
        ["campaign", "candidate", "election"]
            .into_iter()
            .flat_map(|deck| {
                numbers(&state["hidden"][deck])
                    .into_iter()
                    .filter_map(move |i| named::presidency_card(deck, i))
            })
            .filter(|c| c.id.is_some_and(|id| !shown.contains(id)))
            .collect()
    }

    fn check_json(&self, _viewer: Viewer, json: &serde_json::Value) -> Result<(), String> {
        let text = json.to_string();
        for id in self.secrets(Viewer::Spectator).iter().filter_map(|c| c.id) {
            if text.contains(&format!("\"{id}\"")) {
                return Err(format!("deck card {id} in the JSON view"));
            }
        }
        Ok(())
    }
}

impl Audited for TheVote {
    const SECRETS_ALIKE: bool = true;

    fn secrets(&self, viewer: Viewer) -> Vec<Named> {
        let state = state_json(self);
        let shown = shown(self);
        // Silent Sentinels is set aside face up at set-up and enters the Discard pile in
        // public; a reshuffle then takes it into the Deck as a card everyone knows is there.
        let known = |n: usize| {
            let c = TABLE.card(n as u8);
            shown.contains(c.id) || c.kind == CardKind::Special(Special::SilentSentinels)
        };
        let mut cards: Vec<usize> = numbers(&state["hidden"]["deck"])
            .into_iter()
            .filter(|&n| !known(n))
            .collect();
        // The nine dealt face-down at set-up, until a reshuffle shuffles them in unseen.
        if let AnyView::TheVote(v) = AnyGame::view(self, viewer)
            && v.reshuffles == 0
        {
            cards.extend(numbers(&state["hidden"]["setup_discards"]));
        }
        // The Amendments are listed in every view (each with its status: "unknown" while it
        // is in the Deck or face-down), so their ids tell nothing; their names still may not
        // show in a text.
        cards
            .into_iter()
            .map(|n| {
                let mut c = named::the_vote_card(n as u8);
                if matches!(
                    TABLE.card(n as u8).kind,
                    CardKind::Special(Special::Amendment(_))
                ) {
                    c.id = None;
                }
                c
            })
            .collect()
    }

    fn check_json(&self, _viewer: Viewer, json: &serde_json::Value) -> Result<(), String> {
        for key in ["hidden", "deck", "setup_discards", "rng"] {
            if json.get(key).is_some() {
                return Err(format!("\"{key}\" in the JSON view"));
            }
        }
        Ok(())
    }
}

/// What one viewer of Votes for Women may know by the rules, worked out here from the
/// board, not from the engine's view.
struct VfwKnowledge {
    side: Option<vdata::Side>,
    /// The players whose hands it may see: its own, and the opposing player whose round it
    /// is while it resolves Change In Plans.
    hands: Vec<usize>,
    /// It resolves Eye on the Future: it may see the playable cards of its side's deck.
    searching: bool,
}

fn vfw_knowledge(g: &VotesForWomen, viewer: Viewer) -> VfwKnowledge {
    let b = g.board();
    let me = viewer.seat().and_then(|s| b.seat_player(s));
    let top = b.stack.last();
    let resolving = |task: Task| {
        me.is_some_and(|(side, slot)| {
            top.is_some_and(|f| f.side == side && f.slot == slot && f.task == Some(task))
        })
    };
    let mut hands = Vec::new();
    if let Some((side, slot)) = me {
        hands.push(player(side, slot));
        if resolving(Task::ChangeInPlans) {
            let foe = side.other();
            hands.push(player(foe, b.round_slot(foe)));
        }
    }
    VfwKnowledge {
        side: me.map(|(s, _)| s),
        hands,
        searching: resolving(Task::PlayOne {
            from: PlayFrom::Deck,
        }),
    }
}

impl Audited for VotesForWomen {
    fn secrets(&self, viewer: Viewer) -> Vec<Named> {
        let k = vfw_knowledge(self, viewer);
        let h = self.hidden();
        let mut cards: Vec<vdata::CardId> = Vec::new();
        for (p, hand) in h.hands.iter().enumerate() {
            if !k.hands.contains(&p) {
                cards.extend(hand);
            }
        }
        for i in 0..2 {
            let Some(side) = vdata::Side::from_index(i) else {
                continue;
            };
            let deck = &h.decks[i];
            if k.side != Some(side) {
                // The other side's drawn and stacked cards.
                cards.extend(&h.drawn[i]);
                cards.extend(&deck.top);
                cards.extend(&deck.bottom);
            }
            // The unknown part of every deck, the searcher's playable cards excepted.
            cards.extend(
                deck.middle
                    .iter()
                    .filter(|&&c| !(k.searching && k.side == Some(side) && self.playable(side, c))),
            );
        }
        cards.extend(&h.strategy_deck);
        cards.extend(&h.set_aside_states);
        cards.extend(&h.oppobot_set_aside);
        cards.into_iter().map(named::vfw_card).collect()
    }

    fn check_json(&self, viewer: Viewer, json: &serde_json::Value) -> Result<(), String> {
        let k = vfw_knowledge(self, viewer);
        for key in ["hidden", "rng", "middle", "set_aside_states", "decks"] {
            if json.get(key).is_some() {
                return Err(format!("\"{key}\" in the JSON view"));
            }
        }
        let hands = json["hands"]
            .as_array()
            .ok_or("no hands in the JSON view")?;
        for (p, hand) in hands.iter().enumerate() {
            if !k.hands.contains(&p) && !hand.is_null() {
                return Err(format!("player {p}'s hand in {viewer}'s JSON view"));
            }
        }
        for zone in ["drawn", "deck_top", "deck_bottom"] {
            for i in 0..2 {
                if k.side != vdata::Side::from_index(i) && !json[zone][i].is_null() {
                    return Err(format!("side {i}'s {zone} in {viewer}'s JSON view"));
                }
            }
        }
        if !k.searching && !json["deck_search"].is_null() {
            return Err(format!("a deck search in {viewer}'s JSON view"));
        }
        Ok(())
    }

    fn notice(&self, viewer: Viewer, tally: &mut Tally) {
        let k = vfw_knowledge(self, viewer);
        if k.searching {
            *tally.seen.entry("Eye on the Future searches").or_default() += 1;
            if self.board().pair(k.side.unwrap_or(vdata::Side::Suffragist)) {
                *tally.seen.entry("team searches").or_default() += 1;
            }
        }
        if k.hands.len() > 1 {
            *tally.seen.entry("Change In Plans looks").or_default() += 1;
        }
        let stacking = self
            .board()
            .stack
            .last()
            .is_some_and(|f| f.task == Some(Task::Stack));
        if stacking && viewer == Viewer::Spectator {
            *tally.seen.entry("stacking decisions").or_default() += 1;
        }
    }
}

// ----- the checks ----------------------------------------------------------------------------

/// The service's part of a version's messages, as a match of this game would carry it.
fn public_of(game: &dyn AnyGame, version: u64) -> Public {
    let outcome = game.outcome();
    Public {
        match_id: "a0d17a0d17a0d17a".into(),
        version,
        status: if outcome.is_some() {
            pb::MatchStatus::Finished
        } else {
            pb::MatchStatus::Active
        },
        outcome: outcome.map(|o| convert::outcome(&o, false)),
        seats: (0..game.num_seats())
            .map(|s| pb::SeatSummary {
                seat: s as u32,
                name: format!("Seat {s}"),
                taken: true,
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    }
}

/// Every card description of a game's reference and (Votes for Women) every prerequisite
/// phrase: public fixed data, which names other cards, and which texts quote ("Event X:
/// <description>", "… fails its test (needs X in effect)").
fn descriptions(game: &str) -> Vec<String> {
    use pb::match_reference::Game as G;
    let mut out: Vec<String> = match convert::reference(game).and_then(|r| r.game) {
        Some(G::Presidency(r)) => r.cards.into_iter().map(|c| c.description).collect(),
        Some(G::VotesForWomen(r)) => r.cards.into_iter().map(|c| c.description).collect(),
        Some(G::TheVote(r)) => r.cards.into_iter().map(|c| c.description).collect(),
        None => Vec::new(),
    };
    if game == VotesForWomen::ID {
        out.extend(named::vfw_rule_phrases());
    }
    out.retain(|d| !d.is_empty());
    // Longest first, so that one inside another is removed with it.
    out.sort_by_key(|d| std::cmp::Reverse(d.len()));
    out
}

/// Every string field of an encoded message that could be an id: a length byte of 1 to
/// 100 followed by as many lower-case letters, digits and dashes (wherever they lie).
fn id_fields(bytes: &[u8]) -> HashSet<&[u8]> {
    let id_char = |b: u8| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-';
    let mut fields = HashSet::new();
    for (i, &len) in bytes.iter().enumerate() {
        let len = len as usize;
        if (1..=100).contains(&len)
            && let Some(w) = bytes.get(i + 1..i + 1 + len)
            && w.iter().all(|&b| id_char(b))
        {
            fields.insert(w);
        }
    }
    fields
}

/// What one message says that could name a card: every string field that could be an id
/// (found in its bytes, whichever message holds it), the card arguments of its choice ids
/// and last action, and its texts (new log entries, the last action's label).
struct Words<'m> {
    fields: HashSet<&'m [u8]>,
    args: Vec<String>,
    texts: Vec<String>,
}

impl<'m> Words<'m> {
    fn of(update: &pb::MatchUpdate, bytes: &'m [u8], descriptions: &[String]) -> Self {
        let fields = id_fields(bytes);
        let mut ids: Vec<&str> = update
            .last_action
            .iter()
            .map(|a| a.choice_id.as_str())
            .collect();
        if let Some(p) = &update.prompt {
            ids.extend(p.choices.iter().map(|c| c.id.as_str()));
        }
        let args = ids
            .iter()
            .flat_map(|id| id.split(':').skip(1).map(str::to_string))
            .collect();
        let mut texts: Vec<String> = update.log.iter().map(|e| e.text.clone()).collect();
        texts.extend(update.last_action.iter().map(|a| a.label.clone()));
        // A text may quote a card's description ("Event X: …") or a rule ("needs X in
        // effect"), public fixed data that names cards without saying where they lie: it
        // tells nothing, so it is left out.
        for t in &mut texts {
            for d in descriptions {
                if t.contains(d.as_str()) {
                    *t = t.replace(d.as_str(), "");
                }
            }
        }
        Words {
            fields,
            args,
            texts,
        }
    }

    /// How the message names `card`, if it does.
    fn naming(&self, card: &Named) -> Option<String> {
        if let Some(id) = card.id {
            if self.fields.contains(id.as_bytes()) {
                return Some(format!("a field holding the id {id}"));
            }
            if self.args.iter().any(|a| a == id) {
                return Some(format!("a choice id naming {id}"));
            }
        }
        let name = card.name?;
        self.texts
            .iter()
            .find(|t| t.contains(name))
            .map(|t| format!("the text \"{t}\""))
    }
}

/// Where in `update` `card` is named, for a readable failure.
fn locate(update: &pb::MatchUpdate, card: &Named) -> String {
    let needle = card.id.or(card.name).unwrap_or("");
    let mut parts: Vec<String> = Vec::new();
    if let Some(v) = &update.view
        && format!("{:?}", v.game).contains(needle)
    {
        parts.push("the typed view".into());
    }
    if let Some(p) = &update.prompt
        && format!("{p:?}").contains(needle)
    {
        parts.push(format!("the prompt {p:?}"));
    }
    for e in &update.log {
        if format!("{e:?}").contains(needle) {
            parts.push(format!("the log entry {e:?}"));
        }
    }
    if let Some(a) = &update.last_action
        && format!("{a:?}").contains(needle)
    {
        parts.push(format!("the last action {a:?}"));
    }
    let mut out = parts.join("; ");
    out.truncate(1500);
    out
}

/// The first field in which two updates differ, for a readable failure.
fn first_difference(a: &[u8], b: &[u8]) -> String {
    let (Ok(a), Ok(b)) = (pb::MatchUpdate::decode(a), pb::MatchUpdate::decode(b)) else {
        return "undecodable".into();
    };
    let fields: [(&str, String, String); 6] = [
        (
            "view (typed)",
            format!("{:?}", a.view.as_ref().map(|v| &v.game)),
            format!("{:?}", b.view.as_ref().map(|v| &v.game)),
        ),
        (
            "view (JSON)",
            format!("{:?}", a.view.as_ref().map(|v| &v.json)),
            format!("{:?}", b.view.as_ref().map(|v| &v.json)),
        ),
        (
            "prompt",
            format!("{:?}", a.prompt),
            format!("{:?}", b.prompt),
        ),
        ("log", format!("{:?}", a.log), format!("{:?}", b.log)),
        (
            "last_action",
            format!("{:?}", a.last_action),
            format!("{:?}", b.last_action),
        ),
        (
            "to_act",
            format!("{:?}", a.to_act),
            format!("{:?}", b.to_act),
        ),
    ];
    for (name, x, y) in fields {
        if x != y {
            // From a little before the first difference.
            let at = x
                .char_indices()
                .zip(y.chars())
                .find(|((_, a), b)| a != b)
                .map_or(0, |((i, _), _)| i);
            let from = x[..at].char_indices().rev().nth(200).map_or(0, |(i, _)| i);
            let cut = |s: &str| {
                s.get(from..)
                    .unwrap_or("")
                    .chars()
                    .take(500)
                    .collect::<String>()
            };
            return format!(
                "{name} differs:\n  real:     …{}\n  redrawn:  …{}",
                cut(&x),
                cut(&y)
            );
        }
    }
    "some other field differs".into()
}

/// Draws of a redrawn state per (viewer, version) before the audit gives up on one that
/// agrees with who acts and the outcome, and uses the real state.
const REDRAW_TRIES: u32 = 16;

/// The most (viewer, version) pairs of one game that may go without a redrawn state, as a
/// fraction: 1 in 50. Measured (all default game counts, 951,199 pairs): none refused,
/// and only 15 pairs needed a second draw (Votes for Women, two to four seats), none a
/// third. A redraw refused always fails in the first game; one whose every draw disagrees
/// with who acts or the outcome with probability p is refused at p^16 of the pairs, past
/// 1 in 50 from p ≈ 0.78.
const REFUSED_PER_GAME: (u64, u64) = (1, 50);
/// The most pairs of a whole variant that may go without a redrawn state: 1 in 1,000
/// (reached from p ≈ 0.65).
const REFUSED_IN_TOTAL: (u64, u64) = (1, 1000);

/// Fails when more than `bound` of `pairs` went without a redrawn state: checks 1 and 2
/// would then have compared the real state with itself there, and passed.
fn check_refusals(what: &str, refused: u64, pairs: u64, bound: (u64, u64)) -> Result<(), String> {
    if refused * bound.1 > pairs * bound.0 {
        return Err(format!(
            "{what}: no redrawn state agreed with who acts and the outcome at {refused} of {pairs} \
             (viewer, version) pairs, more than {} in {} allowed: the audit compared the real state \
             with itself there",
            bound.0, bound.1
        ));
    }
    Ok(())
}

/// Checks 1 and 3 at one version; returns the redrawn states per viewer (for check 2).
#[allow(clippy::too_many_arguments)]
fn check_version<G: Audited>(
    game: &G,
    version: u64,
    last: Option<&LastChoice>,
    log_from: usize,
    seed: u64,
    snapshot: bool,
    descriptions: &[String],
    rng: &mut ChaCha8Rng,
    tally: &mut Tally,
) -> Result<Vec<(Viewer, G)>, String> {
    let viewers: Vec<Viewer> = (0..game.num_seats())
        .map(Viewer::Seat)
        .chain(std::iter::once(Viewer::Spectator))
        .collect();
    let public = public_of(game, version);
    // As the actor does: every stream's view counted first, so viewers who see the same
    // share one (a wrong share is a leak the redrawn states show).
    let mut projector = Projector::new(game, public.clone(), last, None);
    for &v in &viewers {
        for json in [false, true] {
            projector.will_use(v, json);
        }
    }
    let seed_text = seed.to_string();
    let seed_bytes = seed.to_le_bytes();
    let mut redrawn = Vec::new();
    let alike = G::SECRETS_ALIKE.then(|| game.secrets(Viewer::Spectator));
    // Who acts now, and the outcome, are public: a redrawn state where others (or nobody)
    // would act is not one the viewer might be in (the engine's redraw knows the view, not
    // `to_act`; e.g. a player shown to play one of her drawn cards has a playable one among
    // them). Draw again until it agrees, a few times.
    let acting = Game::to_act(game);
    let outcome = Game::outcome(game);
    for &viewer in &viewers {
        let mut tries = 0;
        let mut agreeing = None;
        while tries < REDRAW_TRIES {
            tries += 1;
            let other = game.shuffle_hidden(viewer, rng);
            if Game::to_act(&other) == acting && Game::outcome(&other) == outcome {
                agreeing = Some(other);
                break;
            }
        }
        tally.redraws += 1;
        let other = match agreeing {
            Some(other) => {
                *tally.redraw_tries.entry(tries).or_default() += 1;
                other
            }
            None => {
                // Checks 1 and 2 then compare the real state with itself: bounded per game
                // and in total (`check_refusals`).
                tally.redraws_refused += 1;
                game.clone()
            }
        };
        let mut again = Projector::new(&other, public.clone(), last, None);
        let secrets = match &alike {
            Some(s) => s.clone(),
            None => game.secrets(viewer),
        };
        game.notice(viewer, tally);
        for json in [false, true] {
            let mut owns = vec![Own {
                viewer,
                json,
                log_from,
                snapshot: false,
                reference: false,
                current: true,
            }];
            if snapshot {
                owns.push(Own {
                    log_from: 0,
                    snapshot: true,
                    reference: true,
                    ..owns[0]
                });
            }
            // Every message, with the JSON view and without (the same typed view, built on
            // its own path), at every version.
            for own in &owns {
                let msg = projector.message(own, &no_extras).bytes;
                tally.messages += 1;
                // 1: the same message from the state with the hidden parts redrawn.
                let redrawn_msg = again.message(own, &no_extras).bytes;
                if msg != redrawn_msg {
                    return Err(format!(
                        "{viewer}'s message (json {json}, snapshot {}) depends on what it may not know: {}",
                        own.snapshot,
                        first_difference(&msg, &redrawn_msg)
                    ));
                }
                // Never the seed, nor the generator.
                if String::from_utf8_lossy(&msg).contains(&seed_text)
                    || msg.windows(8).any(|w| w == seed_bytes)
                {
                    return Err(format!("the seed in a message to {viewer}"));
                }
                let update = pb::MatchUpdate::decode(msg.as_ref()).map_err(|e| e.to_string())?;
                let json_text = update.view.as_ref().map(|v| v.json.as_str()).unwrap_or("");
                if !json && !json_text.is_empty() {
                    return Err(format!("a JSON view {viewer} did not ask for"));
                }
                if own.snapshot {
                    continue;
                }
                // 3: no secret card named in what is new at this version.
                let words = Words::of(&update, &msg, descriptions);
                for card in &secrets {
                    tally.secrets_checked += 1;
                    if let Some(how) = words.naming(card) {
                        return Err(format!(
                            "{viewer} was sent {how}, naming {} which it may not know, in {}",
                            card.id.or(card.name).unwrap_or("a card"),
                            locate(&update, card)
                        ));
                    }
                }
                if json {
                    let value: serde_json::Value =
                        serde_json::from_str(json_text).map_err(|e| e.to_string())?;
                    if json_text.contains("\"rng\"") {
                        return Err(format!("the generator in {viewer}'s JSON view"));
                    }
                    game.check_json(viewer, &value)?;
                }
                if update.last_action.as_ref().is_some_and(|a| a.redacted) {
                    tally.redacted += 1;
                }
            }
        }
        redrawn.push((viewer, other));
    }
    Ok(redrawn)
}

/// Check 2: `seat` chose `choice` in `before` (giving `after`), and each viewer was told
/// `told`. In each state redrawn for a viewer, each choice the seat is offered there that
/// leaves the viewer's view as the real one did must be told to it the same way.
fn check_last_action<G: Audited>(
    before: &[(Viewer, G)],
    after: &G,
    seat: Seat,
    chosen: hustings_engine::Choice,
    told: &LastChoice,
    rng: &mut ChaCha8Rng,
    tally: &mut Tally,
) -> Result<(), String> {
    let made = &chosen;
    if made.card.is_none() {
        return Ok(());
    }
    for (viewer, alt) in before {
        let viewer = *viewer;
        if viewer == Viewer::Seat(seat) {
            // The seat that chose is told its whole choice.
            continue;
        }
        let real = Game::view(after, viewer);
        let Some(prompt) = alt.prompt(seat) else {
            continue;
        };
        // The choices that differ from the real one only in the card they name: the same
        // kind of decision on the same place, amount and seat, naming a card. (One that
        // differs in any of the others is a different public choice, which the viewer may
        // tell apart whatever the views show.)
        // And only cards the viewer's view did not show before (a choice naming a card it
        // sees, say one face up in a reserve, is one it may tell apart).
        let before_view = convert::game_view(
            alt,
            viewer,
            convert::ViewParts {
                json: false,
                fixed: false,
            },
        )
        .encode_to_vec();
        let shown = id_fields(&before_view);
        let unseen = |c: &hustings_engine::Choice| {
            c.card
                .as_deref()
                .is_some_and(|card| !shown.contains(card.as_bytes()))
        };
        if !unseen(made) {
            continue;
        }
        let like: Vec<&hustings_engine::Choice> = prompt
            .choices
            .iter()
            .filter(|c| {
                unseen(c)
                    && c.kind == made.kind
                    && c.location == made.location
                    && c.amount == made.amount
                    && c.target == made.target
            })
            .collect();
        let picks: Vec<&&hustings_engine::Choice> = like.choose_multiple(rng, 6).collect();
        for c in picks {
            let mut then = alt.clone();
            if then.apply(seat, &c.id).is_err() {
                return Err(format!("an offered choice {} was refused", c.id));
            }
            if Game::view(&then, viewer) != real {
                continue;
            }
            tally.last_action_pairs += 1;
            let other = LastChoice::of_game(alt, seat, &c.id, &c.label).to(viewer);
            let mine = told.to(viewer);
            if other != mine {
                return Err(format!(
                    "{viewer} cannot tell these states apart, but is told {mine:?} in one and {other:?} in the other"
                ));
            }
        }
    }
    Ok(())
}

/// Plays one random game of `setup`, auditing every version.
fn audit_game<G: Audited>(
    setup: &Setup,
    rng_seed: u64,
    descriptions: &[String],
    tally: &mut Tally,
) -> Result<(), String> {
    let mut rng = ChaCha8Rng::seed_from_u64(rng_seed);
    let mut game = G::new(setup).map_err(|e| e.to_string())?;
    let mut last: Option<LastChoice> = None;
    let mut log_from = 0;
    let mut version = 0u64;
    let (pairs_before, refused_before) = (tally.redraws, tally.redraws_refused);
    loop {
        // Snapshots (the whole log) at the start, every 40 versions and at the end.
        let over = game.outcome().is_some();
        let snapshot = version.is_multiple_of(40) || over;
        let redrawn = check_version(
            &game,
            version,
            last.as_ref(),
            log_from,
            setup.seed,
            snapshot,
            descriptions,
            &mut rng,
            tally,
        )
        .map_err(|e| format!("version {version}: {e}"))?;
        tally.versions += 1;
        if over {
            break;
        }
        if version > 20_000 {
            return Err("no end after 20,000 choices".into());
        }
        let seat = *game.to_act().choose(&mut rng).ok_or("nobody to act")?;
        let prompt = game.prompt(seat).ok_or("no prompt for the seat to act")?;
        let choice = prompt
            .choices
            .choose(&mut rng)
            .ok_or("a prompt without choices")?;
        let told = LastChoice::of_game(&game, seat, &choice.id, &choice.label);
        log_from = game.log().len();
        game.apply(seat, &choice.id)
            .map_err(|e| format!("an offered choice refused: {e}"))?;
        check_last_action(
            &redrawn,
            &game,
            seat,
            choice.clone(),
            &told,
            &mut rng,
            tally,
        )
        .map_err(|e| format!("version {version} → {}: {e}", version + 1))?;
        last = Some(told);
        version += 1;
    }
    let pairs = tally.redraws - pairs_before;
    let refused = tally.redraws_refused - refused_before;
    *tally.refused_per_game.entry(refused).or_default() += 1;
    if refused > 0 && tally.most_refused.is_none_or(|(most, _, _)| refused > most) {
        tally.most_refused = Some((refused, pairs, setup.seed));
    }
    check_refusals("this game", refused, pairs, REFUSED_PER_GAME)?;
    tally.games += 1;
    Ok(())
}

/// Audits `games` seeded games of each set-up `setups` gives, panicking on the first leak
/// with the variant and seed; returns what it saw.
fn audit<G: Audited>(label: &str, games: u64, setup: impl Fn(u64) -> Setup) -> Tally {
    let mut tally = Tally::default();
    let start = std::time::Instant::now();
    let descriptions = descriptions(G::ID);
    for i in 0..games {
        // Large seeds, so that their digits cannot turn up in a message by chance.
        let seed = 0x5EED_0000_0000_0000u64 ^ scrambled_seed(i + 1) >> 4;
        let setup = setup(seed);
        if let Err(e) = audit_game::<G>(&setup, seed ^ 0xA5A5, &descriptions, &mut tally) {
            panic!("{label} (set-up seed {seed}): {e}");
        }
    }
    eprintln!("{label}: {tally:?} in {:.1?}", start.elapsed());
    eprintln!(
        "{label}: redraws refused at {} of {} (viewer, version) pairs; games by refused pairs \
         {:?}; most in one game {:?} (refused, pairs, seed)",
        tally.redraws_refused, tally.redraws, tally.refused_per_game, tally.most_refused
    );
    assert_eq!(tally.games, games);
    if let Err(e) = check_refusals(
        "in total",
        tally.redraws_refused,
        tally.redraws,
        REFUSED_IN_TOTAL,
    ) {
        panic!("{label}: {e}");
    }
    tally
}

fn games(default: u64) -> u64 {
    games_from_env("HUSTINGS_AUDIT_GAMES", default)
}

#[test]
fn audit_presidential_race_two_seats() {
    audit::<Presidency>("presidency standard", games(800), |seed| {
        Setup::new("standard", 2, seed).with_option("rounds", "10")
    });
}

#[test]
fn audit_presidential_race_convention() {
    for seats in [3, 6] {
        audit::<Presidency>(
            &format!("presidency convention {seats}"),
            games(150),
            |seed| Setup::new("convention", seats, seed).with_option("rounds", "6"),
        );
    }
}

#[test]
fn audit_the_vote() {
    audit::<TheVote>("the-vote standard", games(150), |seed| {
        Setup::new("standard", 2, seed)
    });
}

#[test]
fn audit_votes_for_women_two_players() {
    let t = audit::<VotesForWomen>("votes-for-women standard", games(200), |seed| {
        Setup::new("standard", 2, seed)
    });
    assert!(
        t.redacted > 0,
        "a card was stacked and redacted for the other side"
    );
    assert!(
        t.last_action_pairs > 0,
        "no last action compared in a redrawn state"
    );
}

#[test]
fn audit_votes_for_women_solitaire() {
    for mode in ["normal", "hard"] {
        audit::<VotesForWomen>(
            &format!("votes-for-women solitaire {mode}"),
            games(120),
            |seed| Setup::new(Variant::Solitaire.as_str(), 1, seed).with_option("oppobot", mode),
        );
    }
}

/// Team and co-op games of `variants`, each with every seat and a spectator; some of
/// them search the shared deck (Eye on the Future).
fn audit_teams(variants: &[(&str, usize)]) {
    let mut searches = 0;
    for &(variant, seats) in variants {
        let t = audit::<VotesForWomen>(&format!("votes-for-women {variant}"), games(80), |seed| {
            Setup::new(variant, seats, seed)
        });
        assert!(
            t.last_action_pairs > 0,
            "{variant}: no last action compared"
        );
        searches += t.seen.get("team searches").copied().unwrap_or(0);
    }
    assert!(
        searches > 0,
        "no team player searched her deck with Eye on the Future"
    );
}

#[test]
fn audit_votes_for_women_coop_and_two_suffragists() {
    audit_teams(&[
        (Variant::Coop.as_str(), 2),
        (Variant::Team3Suffragists.as_str(), 3),
    ]);
}

#[test]
fn audit_votes_for_women_two_oppositions_and_team_of_four() {
    audit_teams(&[
        (Variant::Team3Opposition.as_str(), 3),
        (Variant::Team4.as_str(), 4),
    ]);
}

/// Random play alone reaches a search of the shared deck (Eye on the Future) rarely; this
/// plays team games steering each seat to claim and play it, so that the audit sees many.
#[test]
fn audit_votes_for_women_team_deck_searches() {
    let mut tally = Tally::default();
    let mut seed = 0xE1E0_0000_0000_0000u64;
    let mut games_done = 0;
    let want = games(40);
    while games_done < want {
        seed += 7_919;
        let setup = Setup::new(Variant::Team4.as_str(), 4, seed);
        let mut g = VotesForWomen::new(&setup).expect("set-up");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        // Prefer Eye on the Future wherever it is offered, else play at random.
        let mut steps = 0;
        while Game::outcome(&g).is_none() && steps < 5_000 {
            let seat = Game::to_act(&g)[0];
            let p = Game::prompt(&g, seat).expect("prompt");
            let eye = p.choices.iter().find(|c| {
                c.card.as_deref() == Some("eye-on-the-future")
                    && (c.id.starts_with("strategy:")
                        || c.id.starts_with("claimed:")
                        || c.id.starts_with("give:"))
            });
            let c = eye.unwrap_or_else(|| p.choices.choose(&mut rng).expect("a choice"));
            let id = c.id.clone();
            Game::apply(&mut g, seat, &id).expect("legal");
            steps += 1;
            let searching = g.board().stack.last().is_some_and(|f| {
                f.task
                    == Some(Task::PlayOne {
                        from: PlayFrom::Deck,
                    })
            });
            if searching {
                break;
            }
        }
        let searching = g.board().stack.last().is_some_and(|f| {
            f.task
                == Some(Task::PlayOne {
                    from: PlayFrom::Deck,
                })
        });
        if !searching {
            continue;
        }
        // Audit this state and the search's choice, for every viewer.
        let descriptions = descriptions(VotesForWomen::ID);
        let log_now = Game::log(&g).len();
        let redrawn = check_version(
            &g,
            1,
            None,
            log_now,
            seed,
            true,
            &descriptions,
            &mut rng,
            &mut tally,
        )
        .unwrap_or_else(|e| panic!("team search (seed {seed}): {e}"));
        let seat = Game::to_act(&g)[0];
        let p = Game::prompt(&g, seat).expect("the searcher's prompt");
        let c = p.choices.choose(&mut rng).expect("a card to play");
        let told = LastChoice::of_game(&g, seat, &c.id, &c.label);
        let before = g.clone();
        Game::apply(&mut g, seat, &c.id).expect("legal");
        check_last_action(&redrawn, &g, seat, c.clone(), &told, &mut rng, &mut tally)
            .unwrap_or_else(|e| panic!("team search (seed {seed}): {e}"));
        check_version(
            &g,
            2,
            Some(&told),
            before.log().len(),
            seed,
            true,
            &descriptions,
            &mut rng,
            &mut tally,
        )
        .unwrap_or_else(|e| panic!("after a team search (seed {seed}): {e}"));
        games_done += 1;
    }
    eprintln!("team deck searches: {tally:?}");
    if let Err(e) = check_refusals(
        "team deck searches",
        tally.redraws_refused,
        tally.redraws,
        REFUSED_IN_TOTAL,
    ) {
        panic!("{e}");
    }
    assert!(tally.seen.get("team searches").copied().unwrap_or(0) >= want);
}
