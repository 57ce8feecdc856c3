//! What can go wrong, and the exit status each failure gets.

use std::io;

/// A failure that ends the command.
#[derive(Debug)]
pub enum Failure {
    /// Printed as `error: <message>` on standard error; exit status 1.
    Message(String),
    /// Already reported (one message per bad id, the others still handled); exit status 1.
    Reported,
    /// A usage mistake clap did not catch by itself (a missing `--machine`, say): printed
    /// by clap with the command's usage; exit status 2.
    Usage(String),
    /// Writing the output failed; a closed pipe (`idtypes new -n 1000 | head`) ends quietly.
    Output(io::Error),
}

impl Failure {
    /// A [`Failure::Message`].
    pub fn msg(message: impl Into<String>) -> Failure {
        Failure::Message(message.into())
    }
}

impl From<idtypes::Error> for Failure {
    fn from(err: idtypes::Error) -> Failure {
        Failure::Message(err.to_string())
    }
}

impl From<io::Error> for Failure {
    fn from(err: io::Error) -> Failure {
        Failure::Output(err)
    }
}
