//! The Presidential Race's components as data: the 40 board spaces and the Campaign,
//! Candidate and Election decks. Names and numbers are the game's facts; what each one does
//! is a list of structured [`Effect`]s, and every description is rendered from them.

use serde::{Deserialize, Serialize};

/// The two parties of the two-player game; seat 0 is the Democrat, seat 1 the Republican.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Party {
    Democrat,
    Republican,
}

impl Party {
    pub fn seat(self) -> usize {
        match self {
            Party::Democrat => 0,
            Party::Republican => 1,
        }
    }
}

/// One thing a space or card does to the player who lands on it or draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    /// Gain votes: from Undecided first, the rest from an opponent.
    Gain(u32),
    /// Lose votes to Undecided (Damage Control applies).
    Lose(u32),
    /// An opponent loses votes to Undecided (Damage Control applies to them).
    OpponentLoses(u32),
    /// Gain money.
    Money(u32),
    /// Pay `cost` money to gain `votes`; with less money, nothing is paid and nothing gained.
    Ad { votes: u32, cost: u32 },
    /// Draw and play one Campaign card.
    DrawCampaign,
    /// Votes for a party's state (Red State, Blue State): for the drawer in the literal
    /// reading, for that party's nominee in the party-bound option.
    StateVotes { party: Party, votes: u32 },
}

impl Effect {
    /// The effect in words.
    pub fn describe(&self) -> String {
        match *self {
            Effect::Gain(n) => format!("+{n} {}", votes_word(n)),
            Effect::Lose(n) => format!("you lose {n} {}", votes_word(n)),
            Effect::OpponentLoses(n) => format!("an opponent loses {n} {}", votes_word(n)),
            Effect::Money(n) => format!("+{n} money"),
            Effect::Ad { votes, cost } => {
                format!(
                    "pay {cost} money for +{votes} {} (no money, no votes)",
                    votes_word(votes)
                )
            }
            Effect::DrawCampaign => "draw a Campaign card".into(),
            Effect::StateVotes { party, votes } => {
                let p = match party {
                    Party::Democrat => "Blue",
                    Party::Republican => "Red",
                };
                format!("+{votes} {} ({p} state)", votes_word(votes))
            }
        }
    }
}

/// "1 vote", "3 votes".
pub fn votes(n: u32) -> String {
    format!("{n} {}", votes_word(n))
}

fn votes_word(n: u32) -> &'static str {
    if n == 1 { "vote" } else { "votes" }
}

/// Renders a list of effects (and a debate bonus) as one description.
pub fn describe(effects: &[Effect], debate: u32) -> String {
    let mut parts: Vec<String> = effects.iter().map(Effect::describe).collect();
    if debate > 0 {
        parts.push(format!("+{debate} to debate rolls"));
    }
    if parts.is_empty() {
        "no effect".into()
    } else {
        parts.join(", ")
    }
}

/// A board space.
#[derive(Clone, Copy, Debug)]
pub struct SpaceDef {
    pub number: u8,
    pub name: &'static str,
    pub effects: &'static [Effect],
}

/// A card of any of the three decks.
#[derive(Clone, Copy, Debug)]
pub struct CardDef {
    /// Stable id (a slug of the name), used in choices, logs and views.
    pub id: &'static str,
    pub name: &'static str,
    pub effects: &'static [Effect],
    /// Bonus to debate rolls for the rest of the game (Candidate cards only).
    pub debate: u32,
}

use Effect::*;

const fn space(number: u8, name: &'static str, effects: &'static [Effect]) -> SpaceDef {
    SpaceDef {
        number,
        name,
        effects,
    }
}

const fn card(id: &'static str, name: &'static str, effects: &'static [Effect]) -> CardDef {
    CardDef {
        id,
        name,
        effects,
        debate: 0,
    }
}

const fn debater(
    id: &'static str,
    name: &'static str,
    effects: &'static [Effect],
    debate: u32,
) -> CardDef {
    CardDef {
        id,
        name,
        effects,
        debate,
    }
}

/// The 40 spaces, clockwise from Start. The minus signs lost from the printed text are
/// restored (see the reference notes): ad spaces cost money, the three bad corners cost votes.
pub const SPACES: [SpaceDef; 40] = [
    space(1, "Start", &[Money(1)]),
    space(2, "PAC Contributions", &[Money(4)]),
    space(3, "Speeches", &[Gain(1)]),
    space(4, "Mass Mailings", &[Ad { votes: 2, cost: 1 }]),
    space(5, "Florida", &[Gain(2)]),
    space(6, "Campaign Trail", &[DrawCampaign]),
    space(7, "Individual Donations", &[Money(2)]),
    space(8, "Get out the Vote Drive", &[Ad { votes: 2, cost: 1 }]),
    space(9, "Print Ads", &[Ad { votes: 4, cost: 2 }]),
    space(10, "New England States", &[Gain(3)]),
    space(11, "Scandal", &[Lose(5)]),
    space(12, "Soft Money", &[Money(3)]),
    space(13, "Appearances", &[Gain(1)]),
    space(14, "TV Ads", &[Ad { votes: 6, cost: 3 }]),
    space(15, "Texas", &[Gain(2)]),
    space(16, "Campaign Trail", &[DrawCampaign]),
    space(17, "Hard Money", &[Money(1)]),
    space(18, "Special Interest Groups", &[Money(2)]),
    space(19, "Internet Ads", &[Ad { votes: 3, cost: 1 }]),
    space(20, "Deep South States", &[Gain(3)]),
    space(21, "Mud-Slinging", &[OpponentLoses(2), Lose(1)]),
    space(22, "Fund Raising", &[Money(2)]),
    space(23, "Knock on Doors", &[Gain(1)]),
    space(24, "Newspaper Ads", &[Ad { votes: 2, cost: 1 }]),
    space(25, "California", &[Gain(3)]),
    space(26, "Campaign Trail", &[DrawCampaign]),
    space(27, "Public Funding", &[Money(1)]),
    space(28, "Public Interest Groups", &[Gain(2)]),
    space(29, "Radio Ads", &[Ad { votes: 2, cost: 1 }]),
    space(30, "Bible Belt States", &[Gain(3)]),
    space(31, "Negative Press", &[Lose(3)]),
    space(32, "Special Interest Groups", &[Money(2)]),
    space(33, "Campaign Promises", &[Gain(1)]),
    space(34, "Magazine Ads", &[Ad { votes: 2, cost: 1 }]),
    space(35, "New York", &[Gain(2)]),
    space(36, "Campaign Trail", &[DrawCampaign]),
    space(37, "Lobbyists", &[Money(2)]),
    space(38, "Paid Advertisements", &[Ad { votes: 4, cost: 2 }]),
    space(39, "Telephone Ads", &[Ad { votes: 1, cost: 1 }]),
    space(40, "Mid-West States", &[Gain(3)]),
];

/// The Campaign deck, 43 cards.
pub const CAMPAIGN: [CardDef; 43] = [
    card(
        "civil-liberties-groups",
        "Civil Liberties Groups",
        &[Gain(2)],
    ),
    card("environmental-groups", "Environmental Groups", &[Gain(2)]),
    card("media-attention", "Media Attention", &[Gain(3)]),
    card("television-talk-shoes", "Television Talk Shoes", &[Gain(3)]),
    card("manipulate-the-media", "Manipulate the Media", &[Gain(2)]),
    card(
        "skeleton-in-the-closet",
        "Skeleton in the Closet",
        &[OpponentLoses(3)],
    ),
    card(
        "political-backlash",
        "Political Backlash",
        &[OpponentLoses(5)],
    ),
    card(
        "political-pundits",
        "Political Pundits",
        &[OpponentLoses(1)],
    ),
    card("union-support", "Union Support", &[Gain(5)]),
    card("endorsement", "Endorsement", &[Gain(3)]),
    card("public-awareness", "Public Awareness", &[Gain(1)]),
    card("black-vote", "Black Vote", &[Gain(5)]),
    card("hispanic-vote", "Hispanic Vote", &[Gain(5)]),
    card(
        "third-party-candidate",
        "Third Party Candidate",
        &[OpponentLoses(6)],
    ),
    card(
        "conservative-interest-groups",
        "Conservative Interest Groups",
        &[Gain(6)],
    ),
    card("christian-coalition", "Christian Coalition", &[Gain(5)]),
    card(
        "grass-roots-support",
        "Grass Roots Support",
        &[Money(1), Gain(2)],
    ),
    card(
        "negative-campaigning",
        "Negative Campaigning",
        &[OpponentLoses(4), Lose(1)],
    ),
    card(
        "personal-attacks",
        "Personal Attacks",
        &[OpponentLoses(4), Lose(1)],
    ),
    card("law-firms", "Law Firms", &[Money(3)]),
    card("real-estate-industry", "Real Estate Industry", &[Money(4)]),
    card("retirees", "Retirees", &[Money(2)]),
    card(
        "securities-investment-groups",
        "Securities & Investment Groups",
        &[Money(4)],
    ),
    card(
        "pharmaceutical-companies",
        "Pharmaceutical Companies",
        &[Money(5)],
    ),
    card("computer-companies", "Computer Companies", &[Money(3)]),
    card(
        "entertainment-industry",
        "Entertainment Industry",
        &[Money(2)],
    ),
    card("oil-gas-industry", "Oil & Gas Industry", &[Money(3)]),
    card("tobacco-industry", "Tobacco Industry", &[Money(7)]),
    card("gun-rights-lobby", "Gun Rights Lobby", &[Money(2)]),
    card("political-consultant", "Political Consultant", &[Gain(1)]),
    card("campaign-manager", "Campaign Manager", &[Gain(2)]),
    card("finance-chair", "Finance Chair", &[Money(4)]),
    card("campaign-planning", "Campaign Planning", &[Gain(1)]),
    card("volunteers", "Volunteers", &[Gain(2)]),
    card("media-consultant", "Media Consultant", &[Gain(2)]),
    card(
        "public-opinion-surveys",
        "Public Opinion Surveys",
        &[Gain(2)],
    ),
    card("voting-blocks", "Voting Blocks", &[Gain(2)]),
    card("address-issues", "Address Issues", &[Gain(1)]),
    card("allegations", "Allegations", &[OpponentLoses(2)]),
    card("controversy", "Controversy", &[OpponentLoses(2)]),
    card("smoke-filled-room", "Smoke Filled Room", &[Money(1)]),
    card("appeal-to-moderates", "Appeal to Moderates", &[Gain(2)]),
    card(
        "political-machine",
        "Political Machine",
        &[Gain(1), Money(1)],
    ),
];

/// The Candidate deck, 30 cards: effects applied once at set-up, debate bonuses all game.
pub const CANDIDATE: [CardDef; 30] = [
    card("favorite-son", "Favorite Son", &[Gain(1)]),
    card("ride-on-coat-tails", "Ride on Coat Tails", &[Gain(2)]),
    card("personal-fortune", "Personal Fortune", &[Money(5)]),
    card("self-made-man", "Self Made Man", &[Money(3), Gain(1)]),
    card("congressman", "Congressman", &[Gain(1)]),
    card("business-tycoon", "Business Tycoon", &[Money(4)]),
    card("war-hero", "War Hero", &[Gain(5)]),
    debater("quick-wit", "Quick Wit", &[], 2),
    card("senator", "Senator", &[Gain(3)]),
    card("governor", "Governor", &[Gain(4)]),
    card("charismatic", "Charismatic", &[Gain(4)]),
    card("old-rich", "Old Rich", &[Money(5)]),
    debater("confident", "Confident", &[Gain(2)], 1),
    card("religious", "Religious", &[Gain(3)]),
    card("movie-star", "Movie Star", &[Gain(5)]),
    debater("intelligent", "Intelligent", &[], 2),
    debater("good-looking", "Good Looking", &[Gain(2)], 1),
    card("dark-horse", "Dark Horse", &[Gain(2)]),
    card("uptight", "Uptight", &[Lose(3)]),
    card("foolish", "Foolish", &[Lose(3)]),
    card("troubled-youth", "Troubled Youth", &[Lose(2)]),
    card("sickness", "Sickness", &[Lose(4)]),
    card("poor-speaker", "Poor Speaker", &[Lose(4)]),
    debater("diplomatic", "Diplomatic", &[Gain(2)], 1),
    debater("strong-platform", "Strong Platform", &[Gain(2)], 1),
    debater("reformer", "Reformer", &[], 2),
    card("military-service", "Military Service", &[Gain(2)]),
    debater("lawyer", "Lawyer", &[], 2),
    debater("public-speaker", "Public Speaker", &[], 2),
    card("ticket-balance", "Ticket Balance", &[Gain(2)]),
];

/// The Election deck, 20 cards (9 cost the opponent votes, 11 gain votes).
pub const ELECTION: [CardDef; 20] = [
    card(
        "confusing-ballots",
        "Confusing Ballots",
        &[OpponentLoses(1)],
    ),
    card("long-lines", "Long Lines", &[OpponentLoses(2)]),
    card("short-hours", "Short Hours", &[OpponentLoses(2)]),
    card(
        "inconvenient-locations",
        "Inconvenient Locations",
        &[OpponentLoses(2)],
    ),
    card("hanging-chads", "Hanging Chads", &[OpponentLoses(1)]),
    card("lost-votes", "Lost Votes", &[OpponentLoses(3)]),
    card("voter-error", "Voter Error", &[OpponentLoses(1)]),
    card("ballot-problems", "Ballot Problems", &[OpponentLoses(3)]),
    card(
        "uncounted-ballots",
        "Uncounted Ballots",
        &[OpponentLoses(3)],
    ),
    card("recount", "Recount", &[Gain(1)]),
    card("pick-up-key-state", "Pick Up Key State", &[Gain(4)]),
    card("electoral-college", "Electoral College", &[Gain(2)]),
    card("winner-takes-all", "Winner Takes All", &[Gain(5)]),
    card(
        "red-state",
        "Red State",
        &[StateVotes {
            party: Party::Republican,
            votes: 3,
        }],
    ),
    card(
        "blue-state",
        "Blue State",
        &[StateVotes {
            party: Party::Democrat,
            votes: 3,
        }],
    ),
    card("electoral-votes", "Electoral Votes", &[Gain(2)]),
    card("plurality-system", "Plurality System", &[Gain(3)]),
    card("general-ticket", "General Ticket", &[Gain(2)]),
    card("popular-vote", "Popular Vote", &[Gain(1)]),
    card("high-turnout", "High Turnout", &[Gain(2)]),
];

/// Which deck a card belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Deck {
    Campaign,
    Candidate,
    Election,
}

impl Deck {
    pub fn cards(self) -> &'static [CardDef] {
        match self {
            Deck::Campaign => &CAMPAIGN,
            Deck::Candidate => &CANDIDATE,
            Deck::Election => &ELECTION,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Deck::Campaign => "Campaign",
            Deck::Candidate => "Candidate",
            Deck::Election => "Election",
        }
    }
}

/// A card by its id, in any deck.
pub fn card_by_id(id: &str) -> Option<(Deck, &'static CardDef)> {
    [Deck::Campaign, Deck::Candidate, Deck::Election]
        .into_iter()
        .find_map(|d| d.cards().iter().find(|c| c.id == id).map(|c| (d, c)))
}

/// The index of a card within its deck.
pub fn card_index(deck: Deck, id: &str) -> Option<u8> {
    deck.cards()
        .iter()
        .position(|c| c.id == id)
        .map(|i| i as u8)
}

/// Declares a card of one deck: its index in the deck's table, shown and stored as the
/// card's id (`"union-support"`), so views keep the ids they always had while the state
/// holds a byte. Compares equal to its id as text.
macro_rules! card_type {
    ($(#[$doc:meta])* $name:ident, $table:ident, $deck:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub u8);

        impl $name {
            /// The card with this id, if the deck has one.
            pub fn from_id(id: &str) -> Option<$name> {
                card_index($deck, id).map($name)
            }
            /// The card's data.
            pub fn def(self) -> &'static CardDef {
                &$table[self.0 as usize % $table.len()]
            }
            /// The card's stable id.
            pub fn id(self) -> &'static str {
                self.def().id
            }
        }

        impl std::ops::Deref for $name {
            type Target = str;
            fn deref(&self) -> &str {
                self.id()
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.id())
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.id() == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.id() == *other
            }
        }

        impl PartialEq<String> for $name {
            fn eq(&self, other: &String) -> bool {
                self.id() == other
            }
        }

        impl PartialEq<$name> for String {
            fn eq(&self, other: &$name) -> bool {
                self == other.id()
            }
        }

        impl Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.id())
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let id = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                $name::from_id(&id).ok_or_else(|| {
                    serde::de::Error::custom(format!(
                        "'{id}' is not a card of the {} deck",
                        $deck.name()
                    ))
                })
            }
        }
    };
}

card_type!(
    /// A Campaign card.
    CampaignCard,
    CAMPAIGN,
    Deck::Campaign
);
card_type!(
    /// A Candidate card.
    CandidateCard,
    CANDIDATE,
    Deck::Candidate
);
card_type!(
    /// An Election card.
    ElectionCard,
    ELECTION,
    Deck::Election
);

/// A space of the 40-space track, numbered 1–40 clockwise from Start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Space(u8);

impl Space {
    /// Start, where every pawn begins.
    pub const START: Space = Space(1);

    /// The space with this number, if the track has one.
    pub fn new(number: u8) -> Option<Space> {
        (1..=SPACES.len() as u8)
            .contains(&number)
            .then_some(Space(number))
    }

    /// The space `steps` further on, round the track.
    pub fn advance(self, steps: u32) -> Space {
        Space(((self.0 as u32 - 1 + steps) % SPACES.len() as u32 + 1) as u8)
    }

    /// Its number, 1–40.
    pub fn number(self) -> u8 {
        self.0
    }

    /// What the space is and does.
    pub fn def(self) -> &'static SpaceDef {
        &SPACES[(self.0 as usize).clamp(1, SPACES.len()) - 1]
    }

    /// Where a roll of `dice` six-sided dice (1 or 2) takes a pawn standing here: every
    /// space it can reach, nearest first, with the total that reaches it and how many of
    /// the 36 equally likely outcomes of two dice give that total (six each for one die),
    /// so clients draw a roll's reach without the track's arithmetic. Empty for any other
    /// number of dice.
    pub fn reach(self, dice: u8) -> Vec<Reach> {
        let (low, high) = match dice {
            1 => (1, 6),
            2 => (2, 12),
            _ => return Vec::new(),
        };
        (low..=high)
            .map(|total: u8| Reach {
                space: self.advance(total as u32),
                total,
                in_36: if dice == 1 {
                    6
                } else {
                    6 - (total as i8 - 7).unsigned_abs()
                },
            })
            .collect()
    }
}

/// One space a roll can reach (see [`Space::reach`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    pub space: Space,
    /// The dice total that reaches it.
    pub total: u8,
    /// That total's chance, in 36ths.
    pub in_36: u8,
}
