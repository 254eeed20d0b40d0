//! The command line: subcommands, flags and their help.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::render::Layout;

/// Play Hustings election board games from a terminal.
#[derive(Debug, Parser)]
#[command(
    name = "hustings",
    version,
    about = "Play Hustings election board games from a terminal.",
    after_help = "\
Examples:
  hustings games
  hustings play --game presidency --bot 1=random        play the Democrat against a bot
  hustings play --game the-vote --bot 1=ismcts:easy     ... against the easy tree search
  hustings create presidency --option rounds=5           prints a match id
  hustings play --match <ID>                             join any open seat and play
  hustings play --match <ID> --token <TOKEN>             resume a seat after leaving
  hustings watch <ID>
  hustings replay <ID> --all
  hustings signup ada                                    make an account (asks for a password)
  hustings login ada                                     play as your account on this computer
  hustings mine                                          your matches, those waiting for you first
  hustings tokens                                        your account's tokens (`tokens --help`)
  hustings profile bob                                   an account's games and recent results
  hustings ratings bob                                   an account's ratings from rated matches
  hustings leaderboard presidency                        a game's best ratings
  hustings play --match <ID>                             (logged in) resume your account's seat,
                                                         from any computer logged in to it
  hustings --server http://10.0.0.5:50051,http://10.0.0.6:50051 play --match <ID>
                                                         on a cluster: the next node if one stops"
)]
pub struct Cli {
    /// The server's address; for a cluster, several nodes' addresses, comma-separated or
    /// with the flag repeated (also in HUSTINGS_SERVER). The client talks to one node and
    /// moves to the next, round robin, when it stops answering, resuming where it was.
    #[arg(
        long,
        global = true,
        env = "HUSTINGS_SERVER",
        value_name = "URL[,URL…]",
        default_value = "http://127.0.0.1:50051"
    )]
    pub server: Vec<String>,

    /// Trust only the certificate authority in FILE (PEM) for an https:// server, e.g. a
    /// private one that signed the server's certificate; without it the system's roots.
    #[arg(long, global = true, env = "HUSTINGS_CA", value_name = "FILE")]
    pub ca: Option<PathBuf>,

    /// The create key to send with CreateMatch, for a server started with --create-key
    /// (sent as `authorization: Bearer KEY`).
    #[arg(
        long,
        global = true,
        env = "HUSTINGS_KEY",
        value_name = "KEY",
        hide_env_values = true
    )]
    pub key: Option<String>,

    /// Play as the account of TOKEN (a personal access token, hsp_…, or a session, hss_…)
    /// instead of the login `hustings login` kept for the server. Every call carries it
    /// (CreateMatch carries --key instead when one is given).
    #[arg(
        long,
        global = true,
        env = "HUSTINGS_TOKEN",
        value_name = "TOKEN",
        hide_env_values = true
    )]
    pub account_token: Option<String>,

    /// Never colour the output (also: NO_COLOR=1). Colour is used only on a terminal.
    #[arg(long, global = true)]
    pub no_color: bool,

    /// How boards are drawn: compact fits the terminal (120×40, folded down to 100×30)
    /// with the log and the prompt (cards by name: `? NAME` shows a card's text); full shows
    /// everything, card texts included, and is taller than a terminal.
    #[arg(long, global = true, value_enum, default_value_t = Layout::Compact)]
    pub board: Layout,

    #[command(subcommand)]
    pub command: Command,
}

/// What to do.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the games the server hosts, with variants, seats, options and defaults.
    Games,
    /// Create a match and print its id.
    #[command(after_help = "\
Examples:
  hustings create presidency
  hustings create presidency --variant convention --seats 4 --bot 2 --bot 3=greedy
  hustings create presidency --option rounds=5 --option conversion=once-per-turn --seed 42")]
    Create(CreateArgs),
    /// List matches, newest first.
    #[command(after_help = "\
Examples:
  hustings list
  hustings list --game presidency --status waiting
  hustings list --open")]
    List(ListArgs),
    /// Take a seat in a match and print its secret token.
    #[command(after_help = "\
Examples:
  hustings join <ID>               any open seat
  hustings join <ID> --seat 1      the second seat (the Republican in the Presidential Race)")]
    Join(JoinArgs),
    /// Play a match to its end: join one, create one, or resume a seat with its token.
    #[command(after_help = "\
Examples:
  hustings play --game presidency --bot 1                create, take seat 0, bot on seat 1
  hustings play --match <ID>                             join any open seat
  hustings play --match <ID> --seat 1                    join seat 1
  hustings play --match <ID> --token <TOKEN>             resume a seat
  hustings play --match <ID>                             logged in: resume your account's seat
  hustings play --match <ID> --seat 1                    ... the second, if you hold several
  hustings play --match <ID> --choices-from moves.txt    choice numbers, one a line
  hustings play --game presidency --clock 10m+5s         10 minutes each, +5 s a choice
  hustings play --game presidency --clock 30s --rematches 1   30 s a decision, then a rematch

At the prompt type a choice's number, its id in any case (DICE:2D6, or 2d6), or a
place's code (PA); several places at once where a card places several cubes
(PA PA NY, 3xPA; the colour is asked once per card, or typed first: purple PA).
'? NAME' shows a card's text, 'board' draws the screen again ('board full' with
every card's text), 'choices' lists every choice, 'resign' concedes (confirmed
with yes), 'quit' leaves (the seat stays yours: resume with --token, or logged
in, from any computer with play --match), 'help'
lists it all. The prompt may also offer 'undo' (take back your last choice),
'claim-win' (the opponent to act has been away past the grace period), beside
it 'hand greedy' (hand that opponent's seat to a bot and play on) and, once
the match is over, 'rematch' (seats rotated; you follow into the new match with
the same token). Clocks, when the match has one, are in the header and above the
prompt, counting down live on a terminal, with a warning under 10 seconds.")]
    Play(PlayArgs),
    /// Follow a match as a spectator until it ends.
    #[command(after_help = "Example:\n  hustings watch <ID>")]
    Watch(WatchArgs),
    /// Make an account on the server, and log this computer in to it (as `login` does).
    #[command(after_help = "\
The password is asked twice without showing it; from a pipe or a script it is read from
standard input, as its first line. A handle is 2 to 24 letters, digits, '-' or '_'; a
password 8 to 256 bytes.

Examples:
  hustings signup ada
  hustings signup ada --name \"Ada Lovelace\"
  hustings signup ada --invite <CODE>     on a server whose accounts are by invitation
  printf '%s\\n' \"$PASSWORD\" | hustings signup ada")]
    Signup(SignupArgs),
    /// Log this computer in to your account: every later command plays as it.
    #[command(after_help = "\
The password is asked without showing it (from a pipe, the first line of standard input).
It is not kept: the client signs in, makes a personal access token named \"hustings on
<this computer>\" that may play and create matches (and play as a bot, for a bot
account), signs the session out again, and keeps only the token, per server, in
$XDG_CONFIG_HOME/hustings/logins.json (else ~/.config/hustings/logins.json), readable by
you alone. Logging in again replaces the token (the old one is revoked).

Seats you take while logged in belong to the account: `hustings play --match <ID>` takes
your seat back from any computer logged in to it, without the seat token.

Examples:
  hustings login ada
  hustings --server https://hustings.example.org login ada")]
    Login(LoginArgs),
    /// Log this computer out: the kept token is revoked on the server, then forgotten.
    #[command(after_help = "\
With --everywhere the password is asked (from a pipe, the first line of standard input)
and every session of the account ends, on every device and browser; personal access
tokens, this computer's login among them, stay valid: list them with `hustings tokens`
and revoke one with `hustings tokens revoke ID`.

Examples:
  hustings logout
  hustings logout --local      the server is gone for good: only forget the token here
  hustings logout --everywhere end every session of the account (browsers, other devices)")]
    Logout(LogoutArgs),
    /// Show the account this computer plays as on the server.
    #[command(after_help = "Example:\n  hustings whoami")]
    Whoami,
    /// List your account's matches, those waiting for your choice first.
    ///
    /// The matches where one of your seats must choose come first (marked ▶), then the
    /// others under way, those waiting for players, and the finished ones.
    #[command(after_help = "\
Each line shows the match id, its game, where it stands (your turn, active, waiting,
won, lost …), the seats you hold and who holds the others (@handle for an account).
Take a match up again with: hustings play --match <ID>

Examples:
  hustings mine
  hustings mine --all          every finished match too, not only the latest")]
    Mine(MineArgs),
    /// List, make and revoke your account's personal access tokens.
    ///
    /// Without a subcommand, lists them: id, name, what each may do, when it was made and
    /// last used; `*` marks the one this computer uses (its login).
    #[command(after_help = "\
Managing tokens needs the account's password (asked without showing it; from a pipe, the
first line of standard input): the client signs in for a moment, makes the call and signs
out again. Revoking this computer's own token logs it out, too.

Examples:
  hustings tokens
  hustings tokens create \"my bot\" --scope bot        for `hustings-bot pool --token`
  hustings tokens create phone --scope play --scope create
  hustings tokens revoke <ID>")]
    Tokens(TokensArgs),
    /// Change your account's password; your other sessions end.
    #[command(after_help = "\
Asks for the current password, then the new one twice, without showing them; from a pipe
or a script, the current one is the first line of standard input and the new one the
second. Every session of the account ends (browsers, other devices); personal access
tokens, this computer's login among them, stay valid.

Example:
  hustings password")]
    Password,
    /// Export or delete your account.
    Account(AccountArgs),
    /// Show an account's public profile: matches per game and recent results.
    #[command(after_help = "\
Needs no login. Without HANDLE, the account this computer is logged in to.

Examples:
  hustings profile bob
  hustings profile greedy-ai")]
    Profile(ProfileArgs),
    /// Show an account's ratings from rated matches, one per game and variant.
    #[command(after_help = "\
Needs no login. Without HANDLE, the account this computer is logged in to. A rating
marked ? is provisional (still uncertain); the range is its 95% interval.

Examples:
  hustings ratings
  hustings ratings bob")]
    Ratings(RatingsArgs),
    /// Show the best ratings of a game's variant.
    #[command(after_help = "\
Needs no login. Without --variant, the game's first variant (`hustings games` lists them).

Examples:
  hustings leaderboard presidency
  hustings leaderboard votes-for-women --variant team-4 --people
  hustings leaderboard the-vote --bots --limit 50")]
    Leaderboard(LeaderboardArgs),
    /// Step through a finished match, choice by choice.
    #[command(after_help = "\
Examples:
  hustings replay <ID>            Enter (or →) the next choice, ← back, a all, q stops;
                                  on a terminal the keys act without Enter
  hustings replay <ID> --boards   with the board of every version
  hustings replay <ID> --all      print everything at once")]
    Replay(ReplayArgs),
}

impl Command {
    /// The account commands, which send the credential they work with themselves.
    pub fn is_account(&self) -> bool {
        matches!(
            self,
            Command::Signup(_)
                | Command::Login(_)
                | Command::Logout(_)
                | Command::Whoami
                | Command::Mine(_)
                | Command::Tokens(_)
                | Command::Password
                | Command::Account(_)
                | Command::Profile(_)
                | Command::Ratings(_)
        )
    }
}

/// How a match is set up.
#[derive(Debug, Args, Clone, Default)]
pub struct SetupArgs {
    /// Variant id (default: the game's first variant).
    #[arg(long)]
    pub variant: Option<String>,
    /// Number of seats (default: the variant's default).
    #[arg(long)]
    pub seats: Option<u32>,
    /// A set-up option as KEY=VALUE (see `hustings games`); repeatable.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Make SEAT a bot seat, optionally naming the AI (random, greedy, ismcts) and its level
    /// (ismcts:easy, ismcts:medium, ismcts:hard; `hustings games` says what each does);
    /// repeatable.
    #[arg(long = "bot", value_name = "SEAT[=AI[:LEVEL]]")]
    pub bots: Vec<String>,
    /// Seed for the dice and shuffles (default: random).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Play on a clock: TIME per decision (`30s`, or `2d` at your own pace), a game clock
    /// BASE+INCREMENT (`10m+5s`), or a correspondence clock BASE+INCREMENT/CAP (`1d+4h/3d`:
    /// a day, 4 hours more a move, never more than 3 days banked). Times take s, m, h or d (a
    /// bare number is seconds). A clock of an hour a decision or a bank of a day is played at
    /// your own pace: nobody may claim a win by absence unless --abandon-grace says so.
    /// Default: no clock.
    #[arg(long, value_name = "TIME | BASE+INC[/CAP]")]
    pub clock: Option<String>,
    /// Seconds a seat that must act may be away before the others may claim the win
    /// (0: never; default: the server's, 3 minutes unless it was started otherwise).
    #[arg(long, value_name = "SECONDS")]
    pub abandon_grace: Option<u64>,
    /// Let bot seats too claim the win over a person away past the grace. Without it only
    /// people may: whoever steps away from a match against bots keeps the seat.
    #[arg(long)]
    pub bots_claim_wins: bool,
    /// A rated match: its result changes the players' ratings (`hustings ratings`). Every
    /// seat must be held by a signed-in account; no take-backs.
    #[arg(long)]
    pub rated: bool,
}

/// `hustings create`.
#[derive(Debug, Args)]
pub struct CreateArgs {
    /// Game id (see `hustings games`), e.g. presidency.
    pub game: String,
    #[command(flatten)]
    pub setup: SetupArgs,
}

/// `hustings list`.
#[derive(Debug, Args)]
pub struct ListArgs {
    /// Only matches of this game.
    #[arg(long)]
    pub game: Option<String>,
    /// Only matches with this status: waiting, active or finished.
    #[arg(long)]
    pub status: Option<String>,
    /// Only matches with a seat nobody has joined.
    #[arg(long)]
    pub open: bool,
    /// At most this many.
    #[arg(long)]
    pub limit: Option<u32>,
}

/// `hustings signup`.
#[derive(Debug, Args)]
pub struct SignupArgs {
    /// The handle wanted: 2 to 24 letters, digits, '-' or '_' (unique, whatever the case).
    pub handle: String,
    /// The name other players see (default: the handle).
    #[arg(long)]
    pub name: Option<String>,
    /// An invitation code, for a server whose accounts are by invitation.
    #[arg(long, value_name = "CODE")]
    pub invite: Option<String>,
}

/// `hustings login`.
#[derive(Debug, Args)]
pub struct LoginArgs {
    /// Your account's handle.
    pub handle: String,
}

/// `hustings logout`.
#[derive(Debug, Args)]
pub struct LogoutArgs {
    /// Only forget the token on this computer, without revoking it on the server (for a
    /// server that is gone for good).
    #[arg(long, conflicts_with = "everywhere")]
    pub local: bool,
    /// End every session of the account, on every device and browser (asks for the
    /// password); personal access tokens stay, this computer stays logged in.
    #[arg(long)]
    pub everywhere: bool,
}

/// `hustings tokens`.
#[derive(Debug, Args)]
pub struct TokensArgs {
    #[command(subcommand)]
    pub action: Option<TokensAction>,
}

/// What `hustings tokens` does (default: list).
#[derive(Debug, Subcommand)]
pub enum TokensAction {
    /// List the tokens (the default).
    List,
    /// Make a token and print it (it is shown only once).
    #[command(after_help = "\
Without --scope the token may play and create matches, as the one `login` makes.

Examples:
  hustings tokens create laptop
  hustings tokens create \"my bot\" --scope bot
  hustings tokens create ci --scope create")]
    Create(TokenCreateArgs),
    /// Revoke a token by its id (see `hustings tokens`).
    Revoke(TokenRevokeArgs),
}

/// `hustings tokens create`.
#[derive(Debug, Args)]
pub struct TokenCreateArgs {
    /// A name to know it by (at most 64 bytes), e.g. "my laptop's bot".
    pub name: String,
    /// What it may do; repeatable. play: join, watch and act for the account's seats;
    /// create: create matches; bot: play as a bot account (bot accounts only).
    /// Default: play and create.
    #[arg(long = "scope", value_enum, value_name = "SCOPE")]
    pub scopes: Vec<ScopeArg>,
}

/// A token's scope on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ScopeArg {
    Play,
    Create,
    Bot,
}

/// `hustings tokens revoke`.
#[derive(Debug, Args)]
pub struct TokenRevokeArgs {
    /// The token's id, as `hustings tokens` lists it.
    pub id: String,
}

/// `hustings account`.
#[derive(Debug, Args)]
pub struct AccountArgs {
    #[command(subcommand)]
    pub action: AccountAction,
}

/// What `hustings account` does.
#[derive(Debug, Subcommand)]
pub enum AccountAction {
    /// Write everything the server keeps about your account, as JSON.
    #[command(after_help = "\
The JSON holds the account, its sessions and tokens (without their secrets) and its
matches. Asks for the password (from a pipe, the first line of standard input).

Examples:
  hustings account export
  hustings account export --out ada.json      a new file only you may read")]
    Export(ExportArgs),
    /// Delete your account for good.
    #[command(after_help = "\
Asks for the password, then for the handle typed out as confirmation. Its sessions and
tokens end and its profile goes; its matches stay (finished ones still replay) and the
handle stays reserved. This computer's login to it is forgotten.

From a script: --yes skips the confirmation, and the password is the first line of
standard input.

Examples:
  hustings account delete
  printf '%s\\n' \"$PASSWORD\" | hustings account delete --yes")]
    Delete(DeleteArgs),
}

/// `hustings account export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// Write it to FILE (made readable by you alone) instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// `hustings account delete`.
#[derive(Debug, Args)]
pub struct DeleteArgs {
    /// Do not ask for the handle as confirmation (for scripts).
    #[arg(long)]
    pub yes: bool,
}

/// `hustings profile`.
#[derive(Debug, Args)]
pub struct ProfileArgs {
    /// The account's handle (default: the one this computer is logged in to).
    pub handle: Option<String>,
}

/// `hustings ratings`.
#[derive(Debug, Args)]
pub struct RatingsArgs {
    /// The account's handle (default: the one this computer is logged in to).
    pub handle: Option<String>,
}

/// `hustings leaderboard`.
#[derive(Debug, Args)]
pub struct LeaderboardArgs {
    /// The game's id (`hustings games` lists them).
    pub game: String,
    /// The variant's id (default: the game's first).
    #[arg(long)]
    pub variant: Option<String>,
    /// Only bots.
    #[arg(long, conflicts_with = "people")]
    pub bots: bool,
    /// Only people.
    #[arg(long)]
    pub people: bool,
    /// How many lines at most (the server gives at most 100).
    #[arg(long, default_value_t = 20)]
    pub limit: u32,
}

/// `hustings mine`.
#[derive(Debug, Args)]
pub struct MineArgs {
    /// Every finished match, page after page (without it: every match under way or waiting,
    /// and the latest finished ones).
    #[arg(long)]
    pub all: bool,
}

/// `hustings join`.
#[derive(Debug, Args)]
pub struct JoinArgs {
    /// The match id.
    pub match_id: String,
    /// The seat number wanted (default: any open seat).
    #[arg(long)]
    pub seat: Option<u32>,
    /// The name other players see.
    #[arg(long)]
    pub name: Option<String>,
}

/// `hustings play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Join (or, with --token, resume) this match. Logged in, a seat your account holds
    /// there is resumed without its token.
    #[arg(long = "match", value_name = "ID", conflicts_with = "game")]
    pub match_id: Option<String>,
    /// Create a match of this game and join it.
    #[arg(long, value_name = "GAME")]
    pub game: Option<String>,
    /// The seat to take (default: any open seat); logged in, the one of your account's
    /// seats to resume when it holds several in the match.
    #[arg(long)]
    pub seat: Option<u32>,
    /// Resume the seat this token belongs to (needs --match).
    #[arg(long, requires = "match_id", conflicts_with = "seat")]
    pub token: Option<String>,
    /// The name other players see.
    #[arg(long)]
    pub name: Option<String>,
    /// Read choice numbers from this file, one a line ('-' for standard input).
    #[arg(long, value_name = "FILE")]
    pub choices_from: Option<PathBuf>,
    /// Log lines kept under the board.
    #[arg(long, default_value_t = 8)]
    pub log_lines: usize,
    /// After the match, offer (or accept) a rematch by itself and play it, up to N times.
    /// Without it, a terminal player is asked at the end; a script ends with the match.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub rematches: u32,
    #[command(flatten, next_help_heading = "Setting up a new match (with --game)")]
    pub setup: SetupArgs,
}

impl SetupArgs {
    /// True when any set-up flag was given.
    pub fn is_set(&self) -> bool {
        self.variant.is_some()
            || self.seats.is_some()
            || !self.options.is_empty()
            || !self.bots.is_empty()
            || self.seed.is_some()
            || self.clock.is_some()
            || self.abandon_grace.is_some()
            || self.bots_claim_wins
    }
}

/// `hustings watch`.
#[derive(Debug, Args)]
pub struct WatchArgs {
    /// The match id.
    pub match_id: String,
    /// Log lines kept under the board.
    #[arg(long, default_value_t = 8)]
    pub log_lines: usize,
}

/// `hustings replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The match id (it must be finished).
    pub match_id: String,
    /// Print every step at once instead of waiting for Enter.
    #[arg(long)]
    pub all: bool,
    /// Also draw the board of every version, as a spectator saw it.
    #[arg(long)]
    pub boards: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn play_parses_create_and_join_forms() {
        let cli = Cli::try_parse_from([
            "hustings",
            "play",
            "--game",
            "presidency",
            "--bot",
            "1=random",
            "--option",
            "rounds=5",
            "--seed",
            "7",
        ])
        .expect("parses");
        let Command::Play(p) = cli.command else {
            panic!("not play")
        };
        assert_eq!(p.game.as_deref(), Some("presidency"));
        assert_eq!(p.setup.bots, vec!["1=random"]);
        assert_eq!(p.setup.seed, Some(7));

        let err = Cli::try_parse_from(["hustings", "play", "--token", "abc"]);
        assert!(err.is_err(), "--token needs --match");
        let err = Cli::try_parse_from(["hustings", "play", "--match", "m", "--game", "g"]);
        assert!(err.is_err(), "--match and --game exclude each other");
    }

    #[test]
    fn several_servers_come_comma_separated_or_repeated() {
        let cli = Cli::try_parse_from([
            "hustings",
            "--server",
            "http://a:1,http://b:2",
            "--server",
            "c:3",
            "games",
        ])
        .expect("parses");
        let list = crate::client::servers(&cli.server).expect("list");
        assert_eq!(list.urls(), ["http://a:1", "http://b:2", "http://c:3"]);
        // After the subcommand, too (it is a global flag).
        let cli = Cli::try_parse_from(["hustings", "list", "--server", "a:1", "--server", "b:2"])
            .expect("parses");
        let list = crate::client::servers(&cli.server).expect("list");
        assert_eq!(list.urls(), ["http://a:1", "http://b:2"]);
        let cli = Cli::try_parse_from(["hustings", "games"]).expect("parses");
        // Unless HUSTINGS_SERVER says otherwise (in the test's environment), the default.
        if std::env::var_os("HUSTINGS_SERVER").is_none() {
            assert_eq!(cli.server, vec![crate::DEFAULT_SERVER.to_string()]);
        }
    }

    #[test]
    fn the_account_commands_parse() {
        let cli =
            Cli::try_parse_from(["hustings", "signup", "ada", "--name", "Ada L"]).expect("parses");
        let Command::Signup(a) = cli.command else {
            panic!("not signup")
        };
        assert_eq!(
            (a.handle.as_str(), a.name.as_deref()),
            ("ada", Some("Ada L"))
        );
        let cli = Cli::try_parse_from(["hustings", "--account-token", "hsp_x", "mine", "--all"])
            .expect("parses");
        assert_eq!(cli.account_token.as_deref(), Some("hsp_x"));
        assert!(matches!(cli.command, Command::Mine(MineArgs { all: true })));
        for args in [
            &["hustings", "login", "ada"][..],
            &["hustings", "logout", "--local"],
            &["hustings", "whoami"],
            &["hustings", "logout", "--everywhere"],
            &["hustings", "tokens"],
            &["hustings", "tokens", "list"],
            &["hustings", "tokens", "revoke", "abc"],
            &["hustings", "password"],
            &["hustings", "account", "export", "--out", "a.json"],
            &["hustings", "account", "delete", "--yes"],
            &["hustings", "profile", "bob"],
            &["hustings", "profile"],
            &["hustings", "ratings"],
            &["hustings", "ratings", "bob"],
            &["hustings", "leaderboard", "presidency"],
            &[
                "hustings",
                "leaderboard",
                "presidency",
                "--variant",
                "x",
                "--bots",
            ],
            &[
                "hustings",
                "leaderboard",
                "presidency",
                "--people",
                "--limit",
                "5",
            ],
        ] {
            assert!(Cli::try_parse_from(args).is_ok(), "{args:?}");
        }
        let cli = Cli::try_parse_from([
            "hustings", "tokens", "create", "my bot", "--scope", "play", "--scope", "bot",
        ])
        .expect("parses");
        let Command::Tokens(TokensArgs {
            action: Some(TokensAction::Create(t)),
        }) = cli.command
        else {
            panic!("not tokens create")
        };
        assert_eq!(t.name, "my bot");
        assert_eq!(t.scopes, vec![ScopeArg::Play, ScopeArg::Bot]);
        assert!(
            Cli::try_parse_from(["hustings", "logout", "--local", "--everywhere"]).is_err(),
            "--local and --everywhere exclude each other"
        );
        assert!(
            Cli::try_parse_from(["hustings", "tokens", "create", "x", "--scope", "all"]).is_err()
        );
        // The seat token of `play` is another flag than the account's.
        let cli = Cli::try_parse_from([
            "hustings",
            "play",
            "--match",
            "m",
            "--token",
            "seat-token",
            "--account-token",
            "hsp_x",
        ])
        .expect("parses");
        let Command::Play(p) = cli.command else {
            panic!("not play")
        };
        assert_eq!(p.token.as_deref(), Some("seat-token"));
        assert_eq!(cli.account_token.as_deref(), Some("hsp_x"));
    }

    #[test]
    fn the_help_says_the_flag_takes_several_urls() {
        let help = Cli::command().render_long_help().to_string();
        assert!(help.contains("URL[,URL…]"), "{help}");
        assert!(
            help.contains("--server http://10.0.0.5:50051,http://10.0.0.6:50051"),
            "{help}"
        );
    }
}
