//! The workspace's cross-crate tests, one module per suite, all in one test binary (`it`):
//! the suites share sqlx, tokio and proptest, and linking them once instead of once per suite
//! is most of what building the tests costs.
//!
//! Run one suite with `cargo test -p idtypes-tests --test it tid_conformance::`, one test
//! with its path, e.g. `fork::a_forked_child_uses_another_clock_id_than_its_parent`.
//!
//! All suites run in this one process, side by side: a test must not rely on being alone in
//! it (no process-wide settings such as environment variables; database tables named by
//! `idtypes_tests::unique_table`), and what needs a process of its own runs in a child (the
//! forks of `fork`, the worker processes of `lease_fleet`).

#[macro_use]
mod common;

mod arbitrary_ids;
mod at_time;
mod atproto_wire;
mod axum_extract;
mod bytes_migration;
mod clock_faults;
mod cuid2_conformance;
mod derive_api;
mod derive_hygiene;
mod derive_serde;
mod derive_text;
mod diesel_mysql;
mod diesel_postgres;
mod diesel_sqlite;
mod diesel_typed;
mod everyday_traits;
#[cfg(unix)]
mod fork;
mod fuzz_regressions;
mod graphql;
mod ksuid_conformance;
mod lanes;
mod lease;
mod lease_cold_start;
mod lease_cost;
mod lease_etcd_cluster;
mod lease_etcd_faults;
mod lease_faults;
mod lease_fleet;
mod lease_healing;
mod lease_recovery;
mod lease_term;
mod markdown_links;
mod nanoid_conformance;
mod object_id_conformance;
mod pg_extension;
mod pg_extension_leases;
mod pg_native_columns;
mod postgres_types;
mod record_key_conformance;
mod record_key_properties;
mod rs_xid_conformance;
mod run_ahead;
mod rusqlite_ids;
mod rusqlite_sqlx;
mod schema;
mod sea_orm_mysql;
mod sea_orm_postgres;
mod sea_orm_sqlite;
mod serde_forms;
mod sonyflake_conformance;
mod sql_functions;
mod sql_functions_dump;
mod sqlite_functions;
mod sqlx_derive;
mod sqlx_mysql;
mod sqlx_postgres;
mod sqlx_sqlite;
mod tbsl_conformance;
mod tbsl_generator;
mod tbsl_properties;
mod tid_conformance;
mod tid_generator;
mod tid_properties;
mod time_id_conformance;
mod time_id_generator;
mod time_id_properties;
mod time_ranges;
mod typeid_spec;
mod uid11_conformance;
mod uid11_generators;
mod uid11_properties;
mod utc_times;
mod uuid_hyphenated;
mod uuid_typed;
