//! The id error behind a serde error: what the extractors read back, whole, when serde hands
//! them only a message.
//!
//! serde's errors are text: an id refused inside a path, a query or a JSON body reaches the
//! extractor as `Error::custom(message)`, without its kind or position. So every visitor of
//! this crate refuses through `integrations::serde::refused`, which also keeps a clone of the
//! error here, in a thread-local slot (the last one refused on this thread). An extractor that
//! meets a serde error takes the slot and uses the error only if its message is exactly the
//! serde error's (serde_json's without the line and column it appends): then it is the error
//! that made it. Deserialization is synchronous, and each extractor takes the slot in
//! the same poll that ran it (`Query` and `Json` deserialize in their own code; axum's `Path`
//! never waits), so no other task runs on the thread in between. A stale error (one kept by
//! some other deserialization on this thread) has another message, or the same one, which
//! says the same: it is never taken for another id's.

use std::cell::Cell;

use crate::Error;

std::thread_local! {
    static LAST: Cell<Option<Error>> = const { Cell::new(None) };
}

/// Keeps `err`, the error an id's visitor is refusing with, for this thread's extractor.
pub(crate) fn keep(err: &Error) {
    // After the thread's locals are gone (a destructor deserializing) there is no extractor
    // to read it: nothing to keep.
    let _ = LAST.try_with(|last| last.set(Some(err.clone())));
}

/// The id error whose message is `message`, if the last one refused on this thread is it.
/// Empties the slot.
pub(crate) fn take(message: &str) -> Option<Error> {
    let err = LAST.try_with(Cell::take).ok().flatten()?;
    let text = err.to_string();
    (message == text).then_some(err)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kept_error_is_taken_once_by_its_own_message() {
        let err = crate::Tid::parse("3jzf").unwrap_err();
        keep(&err);
        assert_eq!(take(&err.to_string()), Some(err.clone()));
        assert_eq!(take(&err.to_string()), None, "taken already");
    }

    #[test]
    fn another_message_does_not_take_it() {
        let err = crate::Tid::parse("3jzf").unwrap_err();
        keep(&err);
        assert_eq!(take("missing field `author`"), None);
        // The slot is emptied all the same: a stale error is never taken later.
        assert_eq!(take(&err.to_string()), None);
    }
}
