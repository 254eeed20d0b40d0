//! Rules tests of Votes for Women on constructed states.
