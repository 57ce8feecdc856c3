//! Server errors as [`Problem`]s: `From<idtypes::Error>` with a status by kind, and
//! [`Problem::internal`] for any other error. Their bodies say what happened in general
//! words; the cause (a database's message, a table's name, a lease's reason) is kept out of
//! the body and logged when the problem is answered.

use std::boxed::Box;
use std::fmt;
use std::sync::Arc;

use axum::http::StatusCode;

#[cfg(test)]
use super::problem::INPUT_KINDS;
use super::problem::{Problem, kind_name};
use crate::{Error, ErrorKind};

/// The `detail` of a 503 for an [`Error`]: no id can be made now, and it is worth trying again.
const UNAVAILABLE: &str = "no id can be made now; try again shortly";

/// The `detail` of every 500.
const INTERNAL: &str = "the server failed to handle the request";

/// What a server error was made from: an [`Error`] of this crate (whose kind the log names),
/// or any other error.
#[derive(Clone)]
pub(super) enum Cause {
    Id(Error),
    Other(Arc<dyn std::error::Error + Send + Sync + 'static>),
}

impl Cause {
    /// The error itself.
    pub(super) fn error(&self) -> &(dyn std::error::Error + Send + Sync + 'static) {
        match self {
            Cause::Id(error) => error,
            Cause::Other(error) => &**error,
        }
    }

    /// Logs the cause of a `status` answered with `detail` (see `Problem::into_response`).
    pub(super) fn log(&self, status: StatusCode, detail: &str) {
        let kind = match self {
            Cause::Id(error) => kind_name(error.kind()),
            Cause::Other(_) => "other",
        };
        let cause = self.error();
        // A cause is only ever a 503's or a 500's.
        let unavailable = status == StatusCode::SERVICE_UNAVAILABLE;
        let status = status.as_u16();
        if unavailable {
            tracing::warn!(target: "idtypes::axum", status, detail, kind, cause = %cause, "server error answered");
        } else {
            tracing::error!(target: "idtypes::axum", status, detail, kind, cause = %cause, "server error answered");
        }
    }
}

impl fmt::Debug for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cause::Id(error) => fmt::Debug::fmt(error, f),
            Cause::Other(error) => fmt::Debug::fmt(&**error, f),
        }
    }
}

impl PartialEq for Cause {
    /// The same error of this crate, or the same other error (the same allocation: other
    /// errors have no equality of their own).
    fn eq(&self, other: &Cause) -> bool {
        match (self, other) {
            (Cause::Id(a), Cause::Id(b)) => a == b,
            (Cause::Other(a), Cause::Other(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

impl Eq for Cause {}

impl Problem {
    /// A 500 Internal Server Error for any error a handler cannot answer otherwise (a
    /// database's, a client's, a string): the body says only that the server failed
    /// (`about:blank`, `detail` "the server failed to handle the request"), and `cause` is
    /// logged when the problem is answered (a `tracing` event of target `idtypes::axum`, level
    /// `ERROR`) and kept for [`cause`](Problem::cause) and `source`. A foreign key's message
    /// or a connection string never reaches the client.
    ///
    /// # Examples
    ///
    /// ```
    /// use axum::http::StatusCode;
    /// use idtypes::axum::Problem;
    ///
    /// fn insert() -> Result<(), std::io::Error> {
    ///     Err(std::io::Error::other("violates foreign key constraint \"posts_author_fkey\""))
    /// }
    ///
    /// fn handler() -> Result<(), Problem> {
    ///     insert().map_err(Problem::internal)?;
    ///     Ok(())
    /// }
    ///
    /// let problem = handler().unwrap_err();
    /// assert_eq!(problem.status(), StatusCode::INTERNAL_SERVER_ERROR);
    /// assert_eq!(
    ///     problem.to_json(),
    ///     r#"{"type":"about:blank","title":"Internal Server Error","status":500,"#.to_owned()
    ///         + r#""detail":"the server failed to handle the request"}"#
    /// );
    /// assert!(problem.cause().unwrap().to_string().contains("posts_author_fkey"));
    /// ```
    pub fn internal(
        cause: impl Into<Box<dyn std::error::Error + Send + Sync + 'static>>,
    ) -> Problem {
        let cause: Arc<dyn std::error::Error + Send + Sync + 'static> = Arc::from(cause.into());
        Problem::caused(
            StatusCode::INTERNAL_SERVER_ERROR,
            INTERNAL,
            Cause::Other(cause),
        )
    }
}

impl From<Error> for Problem {
    /// An error of this crate as a service answers it, so that `?` works on it in a handler
    /// that returns `Result<_, Problem>`:
    ///
    /// | kinds | answer |
    /// |---|---|
    /// | an id refused: `Length`, `Character`, `Overflow`, `OutOfRange`, `Reserved`, `Syntax`, `Mismatch`, `Prefix`, `Separator`, `Validation` | 400, the [`INVALID_ID`](super::INVALID_ID) problem with the id's message, `kind` and `position`, as the extractors answer (without `in`: where the id came from is the handler's to say) |
    /// | no id can be made now: `LeaseExpired`, `LeaseLost`, `LeasesExhausted`, `Timeout`, `Database`, `ClockBackwards`, `AheadOfClock` | 503 Service Unavailable, `detail` "no id can be made now; try again shortly" |
    /// | no id can be made again: `Exhausted` (the clock is past the format's last timestamp), `Forked` | 500 Internal Server Error |
    ///
    /// A 503's or 500's body carries no message of the error (a lease's reason may quote its
    /// database); the error is logged when the problem is answered (target `idtypes::axum`,
    /// level `WARN` for a 503, `ERROR` for a 500) and kept for [`cause`](Problem::cause).
    ///
    /// # Examples
    ///
    /// ```
    /// use axum::http::StatusCode;
    /// use idtypes::{ErrorKind, Tid, axum::Problem};
    ///
    /// fn handler(text: &str) -> Result<String, Problem> {
    ///     let tid = Tid::parse(text)?;
    ///     Ok(tid.to_string())
    /// }
    ///
    /// let problem = handler("3jzfcijpj2z2").unwrap_err();
    /// assert_eq!(problem.status(), StatusCode::BAD_REQUEST);
    /// assert_eq!(problem.id_error().unwrap().kind(), ErrorKind::Length);
    ///
    /// // A generator whose lease term has ended refuses with `LeaseExpired`.
    /// let term = idtypes::LeaseTerm::new(7, std::time::Duration::from_secs(20), 0, i64::MAX);
    /// let generator = idtypes::tid::TidGenerator::new().with_lease_term(term.clone())?;
    /// term.end();
    /// let problem = Problem::from(generator.try_next().unwrap_err());
    /// assert_eq!(problem.status(), StatusCode::SERVICE_UNAVAILABLE);
    /// assert_eq!(problem.detail(), "no id can be made now; try again shortly");
    /// assert!(problem.cause().unwrap().to_string().contains("lease"));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    fn from(error: Error) -> Problem {
        match status_of(error.kind()) {
            StatusCode::BAD_REQUEST => Problem::invalid_id(StatusCode::BAD_REQUEST, error, None),
            StatusCode::SERVICE_UNAVAILABLE => Problem::caused(
                StatusCode::SERVICE_UNAVAILABLE,
                UNAVAILABLE,
                Cause::Id(error),
            ),
            status => Problem::caused(status, INTERNAL, Cause::Id(error)),
        }
    }
}

/// The status an error of `kind` is answered with (see `From<Error> for Problem`). Every kind
/// by name, so that a new kind is a decision here; the 400s are `INPUT_KINDS`, as a test
/// checks.
const fn status_of(kind: ErrorKind) -> StatusCode {
    match kind {
        ErrorKind::Length
        | ErrorKind::Character
        | ErrorKind::Overflow
        | ErrorKind::OutOfRange
        | ErrorKind::Reserved
        | ErrorKind::Syntax
        | ErrorKind::Mismatch
        | ErrorKind::Prefix
        | ErrorKind::Separator
        | ErrorKind::Validation => StatusCode::BAD_REQUEST,
        ErrorKind::LeaseExpired
        | ErrorKind::LeaseLost
        | ErrorKind::LeasesExhausted
        | ErrorKind::Timeout
        | ErrorKind::Database
        | ErrorKind::ClockBackwards
        | ErrorKind::AheadOfClock => StatusCode::SERVICE_UNAVAILABLE,
        ErrorKind::Exhausted | ErrorKind::Forked => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kinds_answered_400_are_the_input_kinds_of_the_schema() {
        for kind in INPUT_KINDS {
            assert_eq!(status_of(kind), StatusCode::BAD_REQUEST, "{kind:?}");
        }
        for kind in [
            ErrorKind::LeaseExpired,
            ErrorKind::LeaseLost,
            ErrorKind::LeasesExhausted,
            ErrorKind::Timeout,
            ErrorKind::Database,
            ErrorKind::ClockBackwards,
            ErrorKind::AheadOfClock,
        ] {
            assert_eq!(status_of(kind), StatusCode::SERVICE_UNAVAILABLE, "{kind:?}");
        }
        for kind in [ErrorKind::Exhausted, ErrorKind::Forked] {
            assert_eq!(
                status_of(kind),
                StatusCode::INTERNAL_SERVER_ERROR,
                "{kind:?}"
            );
        }
    }
}
