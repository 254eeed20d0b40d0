//! Hand-built views of every game and variant for the board tests: a typical one, and a
//! crowded one with every list as full as a game makes it (the size checks draw both).

use hustings_proto::v1::game_view::Game;
use hustings_proto::v1::{
    GameView, PresidencyCard, PresidencyElectionDraw, PresidencyPlayer, PresidencyReach,
    PresidencyReachSpace, PresidencyRules, PresidencySpace, PresidencyView, TheVoteAction,
    TheVoteAmendment, TheVoteBoxes, TheVoteCard, TheVoteCongress, TheVoteLaw, TheVoteLimits,
    TheVotePending, TheVotePlayer, TheVoteRegion, TheVoteReserveCard, TheVoteTarget, TheVoteView,
    VotesForWomenCampaigner, VotesForWomenCard, VotesForWomenCongress, VotesForWomenExchange,
    VotesForWomenPending, VotesForWomenPlay, VotesForWomenPlayer, VotesForWomenRegion,
    VotesForWomenSide, VotesForWomenState, VotesForWomenView, VotesForWomenVote,
};

/// Every Votes for Women variant.
pub const VFW_VARIANTS: [&str; 6] = [
    "standard",
    "solitaire",
    "coop",
    "team-3-suffragists",
    "team-3-opposition",
    "team-4",
];

fn pcard(name: &str, description: &str) -> PresidencyCard {
    PresidencyCard {
        id: name.to_lowercase().replace(' ', "-"),
        name: name.into(),
        description: description.into(),
    }
}

fn pplayer(seat: u32, name: &str, votes: u32, money: u32, position: u32) -> PresidencyPlayer {
    PresidencyPlayer {
        seat,
        name: name.into(),
        votes,
        money,
        position,
        candidates: vec![],
        debate_bonus: 0,
    }
}

/// A mid-game Presidential Race with `players` nominees (2: Democrat and Republican; more:
/// a convention), every space named `Space N`.
pub fn presidency_view(players: u32) -> PresidencyView {
    let players: Vec<PresidencyPlayer> = if players == 2 {
        let mut dem = pplayer(0, "Democrat", 23, 4, 12);
        dem.candidates = vec![pcard("Orator", "+2 to debate rolls")];
        dem.debate_bonus = 2;
        vec![dem, pplayer(1, "Republican", 15, 6, 27)]
    } else {
        (0..players)
            .map(|s| pplayer(s, &format!("Nominee {}", s + 1), 10, 2, 5 + s * 3))
            .collect()
    };
    let undecided = 100 - players.iter().map(|p| p.votes).sum::<u32>();
    PresidencyView {
        variant: if players.len() == 2 {
            "standard"
        } else {
            "convention"
        }
        .into(),
        rounds: 7,
        round: 3,
        phase: "declare".into(),
        order: players.iter().map(|p| p.seat).collect(),
        players,
        undecided,
        current: Some(0),
        campaign_discard: vec![pcard("Rally", "+3 votes")],
        campaign_deck_count: 20,
        candidate_deck_count: 6,
        election_deck_count: 12,
        election_drawn: vec![],
        board: (1..=40)
            .map(|n| PresidencySpace {
                number: n,
                name: format!("Space {n}"),
                description: format!("effect of {n}"),
                effects: vec![],
            })
            .collect(),
        rules: Some(PresidencyRules {
            rounds: 7,
            ..Default::default()
        }),
        reach: vec![],
    }
}

/// `v` with `seat` about to roll, and the reach the engine would send for its pawn (one
/// die: six spaces at 6 in 36; two dice: eleven, 7 the likeliest).
pub fn mover(mut v: PresidencyView, seat: u32) -> PresidencyView {
    let from = v
        .players
        .iter()
        .find(|p| p.seat == seat)
        .map_or(1, |p| p.position);
    v.current = Some(seat);
    v.reach = [(1u32, 1u32..=6), (2, 2..=12)]
        .into_iter()
        .map(|(dice, totals)| PresidencyReach {
            dice,
            spaces: totals
                .map(|total| PresidencyReachSpace {
                    space: (from - 1 + total) % 40 + 1,
                    total,
                    chance_in_36: if dice == 1 { 6 } else { 6 - total.abs_diff(7) },
                })
                .collect(),
        })
        .collect();
    v
}

/// The race as full as it gets: every nominee with five Candidate cards with long texts,
/// all pawns on one space, every Election card drawn, long space names, every option on.
pub fn presidency_crowded(players: u32) -> PresidencyView {
    let mut v = presidency_view(players);
    for p in &mut v.players {
        p.position = 22;
        p.debate_bonus = 12;
        p.votes = 100 / players;
        p.money = 999;
        p.candidates = (1..=5)
            .map(|i| {
                pcard(
                    &format!("Ride on Coat Tails {i}"),
                    "+2 votes, +1 to debate rolls and you lose 4 votes when the Scandal space is drawn",
                )
            })
            .collect();
    }
    v.undecided = 100 - v.players.iter().map(|p| p.votes).sum::<u32>();
    v.phase = "election".into();
    v.election_drawn = v
        .players
        .iter()
        .map(|p| PresidencyElectionDraw {
            seat: p.seat,
            card: Some(pcard(
                "Landslide in the Southern States",
                "+5 votes to the nominee with the most money, -3 to every other nominee",
            )),
        })
        .collect();
    for s in &mut v.board {
        s.name = format!("Special Interest Groups {}", s.number);
        s.description = "pay 3 money for +6 votes (no money, no votes); then draw a Campaign card and move again".into();
    }
    v.rules = Some(PresidencyRules {
        rounds: 30,
        convert_once_per_turn: true,
        party_bound_states: true,
        setup_damage_control: true,
    });
    v
}

fn vcard(name: &str, description: &str) -> VotesForWomenCard {
    VotesForWomenCard {
        id: name.to_lowercase().replace(' ', "-"),
        name: name.into(),
        description: description.into(),
        ..Default::default()
    }
}

/// The six regions and their states in printed order.
const REGIONS: [(&str, &str, [&str; 8]); 6] = [
    (
        "west",
        "West",
        ["WA", "OR", "CA", "ID", "NV", "UT", "AZ", "NM"],
    ),
    (
        "plains",
        "Plains",
        ["MT", "WY", "CO", "ND", "SD", "NE", "KS", "OK"],
    ),
    (
        "south",
        "South",
        ["TX", "AR", "LA", "MS", "AL", "GA", "SC", "FL"],
    ),
    (
        "midwest",
        "Midwest",
        ["MN", "IA", "MO", "WI", "MI", "IL", "IN", "OH"],
    ),
    (
        "atlantic-appalachia",
        "Atlantic & Appalachia",
        ["TN", "KY", "WV", "PA", "VA", "NC", "MD", "DE"],
    ),
    (
        "northeast",
        "Northeast",
        ["NY", "VT", "NH", "ME", "MA", "RI", "CT", "NJ"],
    ),
];

/// The players of a variant: (seat, side, name, colour).
fn vfw_players(variant: &str) -> Vec<(Option<u32>, &'static str, &'static str, &'static str)> {
    match variant {
        "solitaire" => vec![
            (Some(0), "suffragist", "Suffragist", "purple+yellow"),
            (None, "opposition", "Oppobot", "red"),
        ],
        "coop" => vec![
            (Some(0), "suffragist", "Purple", "purple"),
            (Some(1), "suffragist", "Yellow", "yellow"),
            (None, "opposition", "Oppobot", "red"),
        ],
        "team-3-suffragists" => vec![
            (Some(0), "suffragist", "Purple", "purple"),
            (Some(1), "suffragist", "Yellow", "yellow"),
            (Some(2), "opposition", "Opposition", "red"),
        ],
        "team-3-opposition" => vec![
            (Some(0), "suffragist", "Suffragist", "purple+yellow"),
            (Some(1), "opposition", "First Opposition", "red"),
            (Some(2), "opposition", "Second Opposition", "red"),
        ],
        "team-4" => vec![
            (Some(0), "suffragist", "Purple", "purple"),
            (Some(1), "suffragist", "Yellow", "yellow"),
            (Some(2), "opposition", "First Opposition", "red"),
            (Some(3), "opposition", "Second Opposition", "red"),
        ],
        _ => vec![
            (Some(0), "suffragist", "Suffragist", "purple+yellow"),
            (Some(1), "opposition", "Opposition", "red"),
        ],
    }
}

/// A Votes for Women game seen by the first Suffragist mid-Operations: cubes in California
/// (claimed by the Suffragist) and New York, Utah ratified, New Jersey rejected.
pub fn vfw_view(variant: &str) -> VotesForWomenView {
    let mut states: Vec<VotesForWomenState> = Vec::new();
    for (slug, _, codes) in REGIONS {
        for (i, code) in codes.iter().enumerate() {
            states.push(VotesForWomenState {
                code: code.to_string(),
                name: code.to_string(),
                region: slug.into(),
                die: i as u32 + 1,
                ..Default::default()
            });
        }
    }
    let at = |states: &mut Vec<VotesForWomenState>, code: &str| -> usize {
        states.iter().position(|s| s.code == code).unwrap_or(0)
    };
    let ca = at(&mut states, "CA");
    states[ca].purple = 2;
    states[ca].yellow = 1;
    states[ca].state_card = "suffragist".into();
    let ut = at(&mut states, "UT");
    states[ut].mark = "check".into();
    let ny = at(&mut states, "NY");
    states[ny].red = 3;
    let nj = at(&mut states, "NJ");
    states[nj].mark = "x".into();
    states[nj].state_card = "available".into();
    let players = vfw_players(variant);
    let viewer = players[0].2;
    let mut seneca = vcard("Seneca Falls Convention", "place 2 cubes");
    seneca.cost = 0;
    let mut parade = vcard("Big Parade", "lobby");
    parade.cost = 1;
    VotesForWomenView {
        variant: variant.into(),
        viewer_side: "suffragist".into(),
        seat_sides: players
            .iter()
            .filter(|p| p.0.is_some())
            .map(|p| p.1.to_string())
            .collect(),
        turn: 2,
        phase: "operations".into(),
        round: 3,
        active_side: "suffragist".into(),
        states,
        regions: REGIONS
            .iter()
            .enumerate()
            .map(|(i, (slug, name, codes))| VotesForWomenRegion {
                number: i as u32 + 1,
                slug: slug.to_string(),
                name: name.to_string(),
                states: codes.iter().map(|c| c.to_string()).collect(),
            })
            .collect(),
        campaigners: vec![
            VotesForWomenCampaigner {
                hue: "purple".into(),
                side: "suffragist".into(),
                region: "west".into(),
            },
            VotesForWomenCampaigner {
                hue: "red".into(),
                side: "opposition".into(),
                region: "northeast".into(),
            },
        ],
        congress: Some(VotesForWomenCongress {
            position: 4,
            amendment_sent: false,
        }),
        checks: 1,
        xs: 1,
        checks_to_win: 36,
        xs_to_win: 13,
        sides: vec![
            VotesForWomenSide {
                side: "suffragist".into(),
                seat: 0,
                buttons: 5,
                button_cap: 12,
                hand_count: 2,
                deck_count: 30,
                claimed: vec![vcard("California", "place cubes")],
                ..Default::default()
            },
            VotesForWomenSide {
                side: "opposition".into(),
                seat: 1,
                buttons: 2,
                button_cap: 6,
                hand_count: 4,
                deck_count: 28,
                ..Default::default()
            },
        ],
        rest_of_game: vec![vcard("Anti Lobby", "nothing")],
        out_of_game: vec![vcard("Civil War", "nothing")],
        available_states: vec![vcard("New Jersey", "gain 2 buttons")],
        strategy_deck_count: 9,
        hand: vec![seneca.clone(), parade],
        plays: vec![VotesForWomenPlay {
            side: "suffragist".into(),
            kind: "card".into(),
            card: Some(seneca),
            failed: false,
            player: String::new(),
        }],
        pending: Some(VotesForWomenPending {
            side: "suffragist".into(),
            kind: "place".into(),
            text: "Suffragist: place cubes (2 left)".into(),
            player: viewer.into(),
            ..Default::default()
        }),
        players: players
            .iter()
            .map(|(seat, side, name, colour)| VotesForWomenPlayer {
                seat: *seat,
                side: side.to_string(),
                name: name.to_string(),
                colour: colour.to_string(),
                hand_count: 3,
                to_act: *name == viewer,
                ..Default::default()
            })
            .collect(),
        viewer_player: viewer.into(),
        active_player: viewer.into(),
        ..Default::default()
    }
}

/// Votes for Women as full as it gets: cubes, marks and State cards everywhere, every
/// Campaigner in one region, a long hand, cards drawn and stacked, every box and display
/// filled, a deep stack of plays, an exchange and a vote under way.
pub fn vfw_crowded(variant: &str) -> VotesForWomenView {
    let mut v = vfw_view(variant);
    for (i, s) in v.states.iter_mut().enumerate() {
        if i % 2 == 0 {
            s.purple = 12;
            s.yellow = 9;
        } else {
            s.red = 14;
        }
        s.mark = if i % 3 == 0 { "check" } else { "x" }.into();
        s.state_card = if i % 2 == 0 {
            "suffragist"
        } else {
            "opposition"
        }
        .into();
    }
    v.campaigners = ["purple", "yellow", "red", "red"]
        .iter()
        .map(|hue| VotesForWomenCampaigner {
            hue: hue.to_string(),
            side: if *hue == "red" {
                "opposition"
            } else {
                "suffragist"
            }
            .into(),
            region: "atlantic-appalachia".into(),
        })
        .collect();
    let long = |n: usize, what: &str| -> Vec<VotesForWomenCard> {
        (1..=n)
            .map(|i| {
                let mut c = vcard(
                    &format!("“O Save Us Senators, From Ourselves” {what} {i}"),
                    "add 1 in one state of every region, then roll d6: on 3+ gain 2 buttons",
                );
                c.cost = 3;
                c
            })
            .collect()
    };
    v.hand = long(8, "hand");
    v.opponent_hand = long(8, "theirs");
    v.drawn = long(6, "drawn");
    v.deck_top = long(6, "top");
    v.deck_bottom = long(6, "bottom");
    v.rest_of_turn = long(4, "turn");
    v.rest_of_game = long(6, "game");
    v.final_voting_box = long(4, "final");
    v.available_states = long(8, "state");
    v.strategy_display = long(3, "strategy");
    v.out_of_game = long(10, "out");
    for s in &mut v.sides {
        s.claimed = long(6, "claimed");
        s.deck_top_count = 6;
        s.deck_bottom_count = 6;
        s.drawn_count = 6;
    }
    for p in &mut v.players {
        p.claimed = long(3, "own");
    }
    v.plays = (0..4)
        .map(|i| VotesForWomenPlay {
            side: "suffragist".into(),
            kind: "card".into(),
            card: long(1, &format!("play {i}")).pop(),
            failed: i == 2,
            player: "Second Opposition".into(),
        })
        .collect();
    v.exchange = Some(VotesForWomenExchange {
        side: "suffragist".into(),
        proposer: "Purple".into(),
        offer: "give".into(),
        card: long(1, "exchange").pop(),
    });
    v.strategy_commit = Some(11);
    v.final_voting_picker = "Second Opposition".into();
    v.vote = Some(VotesForWomenVote {
        state: "NC".into(),
        suffragist_roll: 8,
        opposition_roll: 6,
    });
    v.pending = Some(VotesForWomenPending {
        side: "opposition".into(),
        kind: "vote-roll".into(),
        text: "Second Opposition: keep the Final Voting roll in North Carolina, or re-roll it for one button"
            .into(),
        player: "Second Opposition".into(),
        ..Default::default()
    });
    v
}

/// A card of The Vote as the views carry it (also the full board's tests' sample cards).
pub fn tcard(number: u32, name: &str, faction: &str, kind: &str, cost: u32) -> TheVoteCard {
    TheVoteCard {
        number,
        id: name.to_lowercase().replace(' ', "-"),
        name: name.into(),
        faction: faction.into(),
        r#type: kind.into(),
        cost: Some(cost),
        last_action: kind == "organization",
        ..Default::default()
    }
}

fn row(boxes: u32, [e, b, r, s]: [u32; 4]) -> Option<TheVoteBoxes> {
    Some(TheVoteBoxes {
        boxes,
        equality: e,
        blue_apathy: b,
        red_apathy: r,
        supremacy: s,
    })
}

fn laws(passed: [bool; 3]) -> Vec<TheVoteLaw> {
    ["municipal", "direct-election", "woman-suffrage"]
        .iter()
        .zip(passed)
        .map(|(id, passed)| TheVoteLaw {
            id: id.to_string(),
            name: id.to_string(),
            passed,
        })
        .collect()
}

fn region(id: &str, name: &str, cp: u32, holder: u32) -> TheVoteRegion {
    TheVoteRegion {
        id: id.into(),
        name: name.into(),
        congress_points: cp,
        congress_holder: holder,
        men: row(5, [1, 2, 1, 1]),
        women: row(4, [0; 4]),
        women_open: false,
        laws: laws([false; 3]),
        blue: 3,
        red: 2,
    }
}

/// A mid-game The Vote: Woman Suffrage passed in the West, a Persuade action Blocked.
pub fn the_vote_view() -> TheVoteView {
    let mut west = region("the-west", "The West", 15, 0);
    west.women_open = true;
    west.men = row(5, [3, 1, 1, 0]);
    west.women = row(4, [1, 0, 1, 0]);
    west.laws = laws([true, false, true]);
    west.blue = 5;
    west.red = 2;
    let mut deep = region("deep-south", "Deep South", 10, 1);
    deep.men = row(5, [0, 0, 2, 3]);
    deep.blue = 0;
    deep.red = 5;
    let alice = tcard(13, "Alice Paul", "equality", "public-opinion", 4);
    let ridicule = tcard(7, "Ridicule", "supremacy", "public-opinion", 2);
    let poll_tax = tcard(25, "Poll Tax", "supremacy", "suppression", 2);
    TheVoteView {
        turn: 4,
        turn_cap: 80,
        phase: "second-player-phase".into(),
        first_player: 1,
        active: 0,
        players: vec![
            TheVotePlayer {
                seat: 0,
                faction: "Equality".into(),
                org: 3,
                pw: 7,
                vp: 15,
                markers_on_map: 20,
                markers_in_pool: 19,
                reserve: vec![TheVoteReserveCard {
                    card: Some(tcard(
                        2,
                        "Declaration of Sentiments",
                        "equality",
                        "public-opinion",
                        1,
                    )),
                    face_up: true,
                }],
                reserve_limit: 3,
            },
            TheVotePlayer {
                seat: 1,
                faction: "Supremacy".into(),
                org: 2,
                pw: 11,
                vp: 30,
                markers_on_map: 17,
                markers_in_pool: 22,
                reserve: vec![
                    TheVoteReserveCard {
                        card: Some(poll_tax),
                        face_up: false,
                    },
                    TheVoteReserveCard {
                        card: Some(ridicule.clone()),
                        face_up: true,
                    },
                ],
                reserve_limit: 2,
            },
        ],
        regions: vec![west, deep],
        congress: Some(TheVoteCongress {
            controller: 1,
            points: vec![15, 10],
            total: 25,
        }),
        display: vec![
            alice.clone(),
            tcard(10, "Redeemers", "supremacy", "organization", 3),
        ],
        discard: vec![tcard(33, "Supreme Courts", "supremacy", "special", 3)],
        hidden_discards: 9,
        deck_count: 11,
        removed: vec![tcard(
            8,
            "Separate Spheres",
            "supremacy",
            "public-opinion",
            1,
        )],
        aside: vec![tcard(34, "Silent Sentinels", "equality", "special", 3)],
        amendments: vec![TheVoteAmendment {
            card: Some(TheVoteCard {
                name: "Nineteenth Amendment".into(),
                cost: None,
                ..Default::default()
            }),
            law: "woman-suffrage".into(),
            status: "aside".into(),
        }],
        reshuffles: 0,
        action: Some(TheVoteAction {
            kind: "persuade".into(),
            seat: 0,
            card: Some(alice),
            strength: 4,
            targets: vec![TheVoteTarget {
                region: "deep-south".into(),
                block: Some(ridicule),
                changed: 1,
                ..Default::default()
            }],
            ..Default::default()
        }),
        pending: Some(TheVotePending {
            step: "counter".into(),
            seat: Some(0),
            text: "Equality may Counter the Block".into(),
            ..Default::default()
        }),
        limits: Some(TheVoteLimits {
            markers_each: 39,
            org_max: 5,
            pw_max: 15,
            vp_max: 75,
            amendment_points: 60,
        }),
    }
}

/// The Vote as full as it gets: six Regions, full Reserves, the whole Display, an action
/// in six Regions with Blocks and Counters, long piles.
pub fn the_vote_crowded() -> TheVoteView {
    let mut v = the_vote_view();
    let names = [
        ("new-england", "New England"),
        ("middle-atlantic", "Middle Atlantic"),
        ("midwest", "Midwest"),
        ("the-west", "The West"),
        ("upper-south", "Upper South"),
        ("deep-south", "Deep South"),
    ];
    v.regions = names
        .iter()
        .map(|(id, name)| {
            let mut r = region(id, name, 15, 1);
            r.men = row(8, [2, 2, 2, 2]);
            r.women = row(8, [2, 2, 2, 2]);
            r.women_open = true;
            r.laws = laws([true; 3]);
            r.blue = 12;
            r.red = 12;
            r
        })
        .collect();
    let many = |n: u32, faction: &str| -> Vec<TheVoteCard> {
        (1..=n)
            .map(|i| {
                tcard(
                    i,
                    &format!("Vindication of the Rights of Women {i}"),
                    faction,
                    "public-opinion",
                    5,
                )
            })
            .collect()
    };
    for p in &mut v.players {
        p.reserve_limit = 5;
        p.reserve = many(5, "equality")
            .into_iter()
            .enumerate()
            .map(|(i, c)| TheVoteReserveCard {
                card: Some(c),
                face_up: i % 2 == 0,
            })
            .collect();
    }
    v.display = many(6, "equality")
        .into_iter()
        .chain(many(6, "supremacy"))
        .collect();
    v.discard = many(20, "supremacy");
    v.removed = many(12, "supremacy");
    v.aside = many(4, "equality");
    if let Some(a) = v.action.as_mut() {
        a.targets = names
            .iter()
            .map(|(id, _)| TheVoteTarget {
                region: id.to_string(),
                bonus: many(1, "equality").pop(),
                block: many(1, "supremacy").pop(),
                counter: many(1, "equality").pop(),
                changed: 6,
                suppressed: 4,
                resolved: true,
                passed: true,
                ..Default::default()
            })
            .collect();
    }
    v
}

/// Every game and variant, typical and crowded.
pub fn every_view() -> Vec<(String, GameView)> {
    let mut views = Vec::new();
    let mut add = |name: String, game: Game| {
        views.push((
            name,
            GameView {
                json: String::new(),
                game: Some(game),
            },
        ))
    };
    for n in 2..=6 {
        add(
            format!("presidency {n}"),
            Game::Presidency(presidency_view(n)),
        );
        add(
            format!("presidency {n} crowded"),
            Game::Presidency(presidency_crowded(n)),
        );
    }
    for variant in VFW_VARIANTS {
        add(
            format!("votes-for-women {variant}"),
            Game::VotesForWomen(vfw_view(variant)),
        );
        add(
            format!("votes-for-women {variant} crowded"),
            Game::VotesForWomen(vfw_crowded(variant)),
        );
    }
    add("the-vote".into(), Game::TheVote(the_vote_view()));
    add("the-vote crowded".into(), Game::TheVote(the_vote_crowded()));
    views
}
