//! Refusals as PostgreSQL errors: the crate's message whole, with the SQLSTATE a client
//! can act on.
//!
//! | refusal | SQLSTATE |
//! |---|---|
//! | a text that is not an id (`parse`) | `22P02` invalid_text_representation |
//! | binary input of the wrong length or value | `22P03` invalid_binary_representation |
//! | a stored or cast value that is no id, a time out of a format's range | `22003` numeric_value_out_of_range |
//! | a lease lost, expired, or every value held | `55000` object_not_in_prerequisite_state |
//! | the lease store unreachable or slow | `08006` connection_failure |
//! | a generator whose timestamps are used up, a clock behind | `22008` datetime_field_overflow |
//! | anything else | `XX000` internal_error |

use idtypes::{Error, ErrorKind};
use pgrx::{PgSqlErrorCode, ereport};

/// Why a call refuses: its SQLSTATE and message.
#[derive(Debug)]
pub(crate) struct Refusal {
    code: PgSqlErrorCode,
    message: String,
}

impl Refusal {
    /// A text the format refuses (the crate's `parse` error): 22P02.
    pub(crate) fn text(error: Error) -> Refusal {
        Refusal {
            code: PgSqlErrorCode::ERRCODE_INVALID_TEXT_REPRESENTATION,
            message: error.to_string(),
        }
    }

    /// Binary input that is no id: 22P03.
    pub(crate) fn binary(message: String) -> Refusal {
        Refusal {
            code: PgSqlErrorCode::ERRCODE_INVALID_BINARY_REPRESENTATION,
            message,
        }
    }

    /// A value that is no id of the format: 22003.
    pub(crate) fn data(message: String) -> Refusal {
        Refusal {
            code: PgSqlErrorCode::ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE,
            message,
        }
    }

    /// Any other error of the crate, with the SQLSTATE of its kind.
    pub(crate) fn from_crate(error: Error) -> Refusal {
        use PgSqlErrorCode::*;
        let code = match error.kind() {
            ErrorKind::Length
            | ErrorKind::Character
            | ErrorKind::Syntax
            | ErrorKind::Prefix
            | ErrorKind::Separator
            | ErrorKind::Mismatch
            | ErrorKind::Validation => ERRCODE_INVALID_TEXT_REPRESENTATION,
            ErrorKind::Overflow | ErrorKind::OutOfRange | ErrorKind::Reserved => {
                ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE
            }
            ErrorKind::Exhausted | ErrorKind::ClockBackwards | ErrorKind::AheadOfClock => {
                ERRCODE_DATETIME_FIELD_OVERFLOW
            }
            ErrorKind::LeasesExhausted | ErrorKind::LeaseLost | ErrorKind::LeaseExpired => {
                ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE
            }
            ErrorKind::Database | ErrorKind::Timeout => ERRCODE_CONNECTION_FAILURE,
            _ => ERRCODE_INTERNAL_ERROR,
        };
        Refusal {
            code,
            message: error.to_string(),
        }
    }

    /// A refusal of this extension's own (a setting it cannot read, say): XX000 unless
    /// given.
    pub(crate) fn other(code: PgSqlErrorCode, message: String) -> Refusal {
        Refusal { code, message }
    }

    /// Raises it as the statement's error.
    pub(crate) fn raise(self) -> ! {
        ereport!(ERROR, self.code, self.message);
    }
}

/// `?` on the crate's results where a refusal is returned.
impl From<Error> for Refusal {
    fn from(error: Error) -> Refusal {
        Refusal::from_crate(error)
    }
}

/// `Result::unwrap` for the SQL functions: the value, or the refusal raised as the
/// statement's error.
pub(crate) trait OrRaise<T> {
    /// The value, or the statement's error.
    fn or_raise(self) -> T;
}

impl<T> OrRaise<T> for Result<T, Refusal> {
    #[inline]
    fn or_raise(self) -> T {
        match self {
            Ok(value) => value,
            Err(refusal) => refusal.raise(),
        }
    }
}

impl<T> OrRaise<T> for Result<T, Error> {
    #[inline]
    fn or_raise(self) -> T {
        self.map_err(Refusal::from).or_raise()
    }
}
