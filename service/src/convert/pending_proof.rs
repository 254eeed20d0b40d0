//! The proof that the views' `pending` (and The Vote's Amendment statuses) stay byte for
//! byte what the service sent when it re-derived them from the interpreter's frames
//! (`vfw_pending`, `the_vote_pending` and `amendment_status` in `convert.rs` before commit
//! 0844ddd). That commit compared the old conversion with the new one at every version of
//! these games, for every viewer, and the digests below were recorded from it; the old code
//! is gone since. A rule change that plays these random games differently changes the
//! digests too: re-record them with 0844ddd's `pending_proof.rs` (which holds the old code)
//! and the rule change applied.

use super::the_vote::the_vote_pending;
use super::votes_for_women::vfw_pending;
use super::*;
use std::collections::BTreeSet;

/// Per variant: the digest of the messages at every version, and how many versions.
const VOTES_FOR_WOMEN: [(&str, u64, usize); 6] = [
    ("standard", 514352824339930441, 4947),
    ("solitaire", 8854873023161504662, 2644),
    ("coop", 1425997474534907224, 2769),
    ("team-3-suffragists", 744707715895181851, 4832),
    ("team-3-opposition", 16206198197729631299, 5164),
    ("team-4", 13472118944560895835, 4979),
];
const THE_VOTE: [(&str, u64, usize); 1] = [("standard", 5033261339010821736, 5725)];

/// 64-bit FNV-1a: a digest that is the same on every machine and every Rust release.
fn fnv(hash: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *hash ^= u64::from(b);
        *hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
}

/// Every view's `pending` (and The Vote's Amendment statuses) at every version of seeded
/// random games of each variant of the game, for every viewer, checked to be the same for
/// every viewer. Returns the digest and the count of versions per variant.
fn play_and_digest(
    game_id: &str,
    rules: u32,
    seeds: u64,
    kinds: &mut BTreeSet<String>,
) -> Vec<(String, u64, usize)> {
    use prost::Message;
    use rand::{Rng, SeedableRng};
    let info = engine::game_info(game_id).expect("a game of the catalogue");
    let mut digests = Vec::new();
    for variant in &info.variants {
        let mut hash = 0xcbf2_9ce4_8422_2325_u64;
        let mut versions = 0;
        for seed in 0..seeds {
            let setup = engine::Setup {
                rules,
                ..engine::Setup::new(&variant.id, variant.default_seats, seed)
            };
            let mut game = engine::new_game(game_id, &setup).expect("set-up");
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            let viewers: Vec<engine::Viewer> = std::iter::once(engine::Viewer::Spectator)
                .chain((0..game.num_seats()).map(engine::Viewer::Seat))
                .collect();
            let mut codes = Vec::new();
            loop {
                let to_act = game.to_act();
                let mut seen: Option<Vec<u8>> = None;
                for &viewer in &viewers {
                    let bytes = match game.view(viewer) {
                        engine::AnyView::VotesForWomen(v) => {
                            let mut new = vfw_pending(&v);
                            kinds.insert(new.kind.clone());
                            // As recorded: without the fields added since (issue 42's
                            // `left`/`left_unit`, tested against the text's "(N left)" in
                            // `convert::tests`).
                            new.left = 0;
                            new.left_unit.clear();
                            new.encode_to_vec()
                        }
                        engine::AnyView::TheVote(v) => {
                            let new = the_vote_pending(&v);
                            kinds.insert(new.step.clone());
                            let mut bytes = new.encode_to_vec();
                            for c in tv::Card::all() {
                                if matches!(
                                    c.def().kind,
                                    tv::data::CardKind::Special(tv::data::Special::Amendment(_))
                                ) {
                                    let status = v.amendment_status(c).slug();
                                    bytes.extend_from_slice(status.as_bytes());
                                }
                            }
                            bytes
                        }
                        engine::AnyView::Presidency(_) => unreachable!("not compared"),
                    };
                    match &seen {
                        Some(first) => assert_eq!(
                            first, &bytes,
                            "{game_id} {} seed {seed} version {versions} {viewer:?}",
                            variant.id
                        ),
                        None => seen = Some(bytes),
                    }
                }
                fnv(&mut hash, &seen.unwrap_or_default());
                versions += 1;
                let Some(&seat) = to_act.first() else { break };
                codes.clear();
                game.legal_codes(seat, &mut codes);
                let code = codes[rng.random_range(0..codes.len())];
                game.apply_code(seat, code).expect("a legal action");
            }
        }
        digests.push((variant.id.clone(), hash, versions));
    }
    digests
}

/// Plays 16 seeded games of every variant of `game_id` and checks their digests against
/// `want`; returns the kinds of decision seen. The games are played under rules revision 0:
/// the digests were recorded on the rules as they were then, and what is proved is the
/// conversion, not the rules.
fn check_digests(game_id: &str, want: &[(&str, u64, usize)]) -> BTreeSet<String> {
    let mut kinds = BTreeSet::new();
    let got = play_and_digest(game_id, 0, 16, &mut kinds);
    let want: Vec<(String, u64, usize)> = want
        .iter()
        .map(|&(v, h, n)| (v.to_string(), h, n))
        .collect();
    assert_eq!(got, want, "the digests recorded from the old conversion");
    kinds
}

#[test]
fn votes_for_women_pending_matches_the_old_conversions_digests() {
    let kinds = check_digests(vfw::GAME_ID, &VOTES_FOR_WOMEN);
    // Every kind of decision but 'counter' (Counter-Strategy), which random play seldom reaches.
    assert!(kinds.len() >= 22, "{kinds:?}");
}

#[test]
fn the_vote_pending_and_amendments_match_the_old_conversions_digests() {
    let kinds = check_digests(tv::GAME_ID, &THE_VOTE);
    // Random play never plays an Amendment (they stay aside): the engine's
    // `an_amendments_status_names_the_public_place_it_is_in` covers each status.
    assert_eq!(kinds.len(), 19, "every step: {kinds:?}");
}

/// Today's rules add decisions (Votes for Women's choice of Congress direction for each
/// Lobbying success): every viewer still gets the same `pending`, and the new kind is named.
#[test]
fn todays_rules_decisions_are_pending_alike_for_every_viewer() {
    let mut kinds = BTreeSet::new();
    play_and_digest(vfw::GAME_ID, engine::RULES_REVISION, 16, &mut kinds);
    assert!(kinds.contains("congress"), "{kinds:?}");
    // The Vote's revision 2 changes numbers only (its map's set-up and Congress points), and
    // random play under it seldom reaches an Amendment: revision 1 reaches every step.
    let mut kinds = BTreeSet::new();
    play_and_digest(tv::GAME_ID, 1, 16, &mut kinds);
    play_and_digest(tv::GAME_ID, engine::RULES_REVISION, 16, &mut kinds);
    assert_eq!(kinds.len(), 19, "every step: {kinds:?}");
}
