//! The built-in AIs as bot accounts of the server's own: a seat a bot pool fills with one
//! of them shows the account's handle (`random-ai`, `greedy-ai`, `ismcts-ai`), so people
//! and AIs are named the same way in every listing. These accounts have no password and no
//! owner; nobody can sign in as them or take their handles.

/// The built-in AIs (the names bot pools offer) and their accounts' handles.
pub const BUILTIN: &[(&str, &str)] = &[
    ("random", "random-ai"),
    ("greedy", "greedy-ai"),
    ("ismcts", "ismcts-ai"),
];

/// The handle of the server's account for a built-in AI, if `ai` is one.
pub fn handle_for(ai: &str) -> Option<&'static str> {
    BUILTIN.iter().find(|(a, _)| *a == ai).map(|(_, h)| *h)
}

/// Whether `id` (a lower-case handle) is a built-in AI's account.
pub fn is_builtin(id: &str) -> bool {
    BUILTIN.iter().any(|(_, h)| *h == id)
}
