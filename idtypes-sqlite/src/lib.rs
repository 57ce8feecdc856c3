//! The idtypes SQL functions as a SQLite loadable extension: `tid_text(id)`,
//! `tid_from_text(text)` and the others of `idtypes::sql::sqlite`, for the `sqlite3` shell
//! (`.load ./libidtypes_sqlite`) and any program that loads extensions. See README.md.

use std::os::raw::{c_char, c_int};

use rusqlite::{Connection, ffi};

/// The entry point SQLite looks for in `libidtypes_sqlite.so` (`.dylib`, or
/// `idtypes_sqlite.dll`) when `.load` names no entry point: `sqlite3_` and the file name's
/// ASCII letters, in lowercase, up to its first `.` (without a leading `lib`), then `_init`.
///
/// # Safety
///
/// Called by SQLite, with the connection, the place for an error message and the API
/// routines it hands to extensions.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sqlite3_idtypessqlite_init(
    db: *mut ffi::sqlite3,
    pz_err_msg: *mut *mut c_char,
    p_api: *mut ffi::sqlite3_api_routines,
) -> c_int {
    // SAFETY: the arguments are SQLite's, passed on as it gave them.
    unsafe { Connection::extension_init2(db, pz_err_msg, p_api, init) }
}

/// The same entry point under the extension's own name, for a file renamed `idtypes.so` or
/// loaded with its entry point named (`.load ./libidtypes_sqlite sqlite3_idtypes_init`).
///
/// # Safety
///
/// As [`sqlite3_idtypessqlite_init`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sqlite3_idtypes_init(
    db: *mut ffi::sqlite3,
    pz_err_msg: *mut *mut c_char,
    p_api: *mut ffi::sqlite3_api_routines,
) -> c_int {
    // SAFETY: as above.
    unsafe { Connection::extension_init2(db, pz_err_msg, p_api, init) }
}

/// Registers the functions on the connection that loads the extension (`Ok(false)`: not a
/// persistent extension, each connection loads it).
fn init(db: Connection) -> rusqlite::Result<bool> {
    idtypes::sql::sqlite::register_functions(&db)?;
    Ok(false)
}
