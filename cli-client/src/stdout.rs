//! Printing to standard output that ends quietly when the reader has gone.
//!
//! Rust ignores SIGPIPE, so `println!` panics (with a backtrace) when the other end of a
//! pipe closes: `hustings list | head -1`. A reader that closed the pipe has read all it
//! wanted, so the command ends at once with success, as `ls | head -1` does; any other
//! write error (a full disk under a redirect) is reported and ends the command with 1.

use std::io::{self, Write};

/// Writes `text` to standard output and flushes it; see the module's rule for errors.
pub fn write(text: &str) {
    let mut stdout = io::stdout().lock();
    let result = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush());
    if let Err(e) = result {
        end_on(&e);
    }
}

/// Ends the process for a failed write to standard output: quietly with 0 for a closed
/// pipe, with a message and 1 otherwise.
pub fn end_on(e: &io::Error) -> ! {
    if e.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("hustings: cannot write to standard output: {e}");
    std::process::exit(1);
}

/// `println!` that ends quietly on a closed pipe.
#[macro_export]
macro_rules! outln {
    () => { $crate::stdout::write("\n") };
    ($($arg:tt)*) => { $crate::stdout::write(&format!("{}\n", format_args!($($arg)*))) };
}

/// `print!` that ends quietly on a closed pipe.
#[macro_export]
macro_rules! outp {
    ($($arg:tt)*) => { $crate::stdout::write(&format!($($arg)*)) };
}
