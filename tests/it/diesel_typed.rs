//! Typed ids (the derive macros) with diesel, as its users write it: a `table!` whose
//! columns are the inner ids' SQL types, a struct of typed-id fields that derives
//! `Queryable`, `Selectable` and `Insertable`, and the query builder's filters, on PostgreSQL
//! (`IDTYPES_TEST_POSTGRES_URL`), MySQL / MariaDB (`IDTYPES_TEST_MYSQL_URL`), each skipped
//! when its URL is unset, and SQLite (in memory: always runs).
//!
//! [`typed_cases!`] writes the same tests for each database. The table is `TEMPORARY`: a
//! `table!` names it once for all tests, and a temporary table is each connection's own, so
//! tests running side by side (and other test processes) do not meet.

use diesel::prelude::*;
use idtypes::prelude::*;
use idtypes::{AsBytes, AsText, RecordKey, Tbsl, Tid};
use idtypes_tests::typed::{NoteKey, PostId, TxnId};

use crate::common::sqlx_cases::{Rng, Sample, Storage, samples};
use crate::common::typed_uuid::{self, AccountId, NOT_V7, SessionId, v7_ids};

/// 2023-01-01T00:00:00Z.
const MICROS_2023: u64 = 1_672_531_200_000_000;

fn made_since_2023(tid: &Tid) -> Result<(), String> {
    if tid.timestamp_micros() < MICROS_2023 {
        return Err(format!("{tid} was made before 2023"));
    }
    Ok(())
}

/// A post whose id must be from 2023 or later: its rows are checked when read.
#[derive(Tid)]
#[idtype(prefix = "post", validate = made_since_2023)]
pub struct RecentPostId(Tid);

/// The same rule, but rows are trusted: a column this program alone writes, whose rule was
/// tightened after some rows were written.
#[derive(Tid)]
#[idtype(prefix = "post", validate = made_since_2023, decode = "trust")]
pub struct TrustedPostId(Tid);

/// A record key that must be a TID's text.
#[derive(RecordKey)]
#[idtype(key_type = "tid")]
pub struct PostKey(RecordKey);

/// The same, trusting its rows.
#[derive(RecordKey)]
#[idtype(key_type = "tid", decode = "trust")]
pub struct TrustedPostKey(RecordKey);

/// An error and its sources as one text: the query builder's error says which field failed
/// (`Error deserializing field 'id'`), and its source why.
fn messages(err: &dyn std::error::Error) -> String {
    let mut text = err.to_string();
    let mut source = err.source();
    while let Some(err) = source {
        text.push_str(": ");
        text.push_str(&err.to_string());
        source = err.source();
    }
    text
}

/// Distinct, sorted post ids: the inner type's samples (a signed column's, top bit 0).
fn post_ids(rng: &mut Rng, randoms: usize) -> Vec<PostId> {
    let mut ids: Vec<PostId> = samples::<Tid>(rng, randoms)
        .into_iter()
        .map(PostId::from_inner)
        .collect();
    ids.sort();
    ids.dedup();
    ids
}

/// Generates the tests for the database the including module describes. It defines, before
/// invoking it: `type Conn`; `fn connect() -> Option<Conn>` (`None`: skip, the reason
/// printed); and `fn column(storage: Storage) -> &'static str`. Its arguments are the diesel
/// backend and the SQL type of a UUID's column there (`Uuid`, or `Binary`).
macro_rules! typed_cases {
    ($backend:path, $uuid:ident) => {
        use super::*;

        diesel::table! {
            use diesel::sql_types::*;

            /// A post: its id, the post it answers, the transaction that wrote it, its record
            /// key (atproto's `rkey`), and its id again as prefixed text and as bytes.
            posts (id) {
                id -> BigInt,
                parent -> Nullable<BigInt>,
                txn -> Binary,
                rkey -> Text,
                slug -> Text,
                legacy -> Binary,
            }
        }

        /// A row of `posts`, each column a typed id (or an adapter of one).
        #[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
        #[diesel(table_name = posts)]
        #[diesel(check_for_backend($backend))]
        struct Post {
            id: PostId,
            parent: Option<PostId>,
            txn: TxnId,
            rkey: NoteKey,
            slug: AsText<PostId>,
            legacy: AsBytes<PostId>,
        }

        /// A connection with an empty temporary `posts` table, or `None` (a skip).
        fn with_posts() -> Option<Conn> {
            let mut conn = connect()?;
            let sql = format!(
                "CREATE TEMPORARY TABLE posts (id {int} PRIMARY KEY, parent {int}, txn {}, \
                 rkey {}, slug {}, legacy {})",
                column(Storage::Bytes10),
                column(Storage::Text),
                column(Storage::PrefixedText),
                column(Storage::Bytes8),
                int = column(Storage::Integer),
            );
            diesel::sql_query(sql).execute(&mut conn).unwrap();
            Some(conn)
        }

        /// Posts over `ids`, each answering the one before it (the first answers none).
        fn posts_of(ids: &[PostId], rng: &mut Rng) -> Vec<Post> {
            ids.iter()
                .enumerate()
                .map(|(i, &id)| Post {
                    id,
                    parent: i.checked_sub(1).map(|p| ids[p]),
                    txn: TxnId::from_inner(Tbsl::random(rng)),
                    rkey: NoteKey::from_inner(RecordKey::random(rng)),
                    slug: AsText(id),
                    legacy: AsBytes(id),
                })
                .collect()
        }

        /// Posts inserted as a struct come back equal, `ORDER BY id` in the ids' `Ord`.
        #[test]
        fn a_struct_of_typed_ids_round_trips() {
            let Some(mut conn) = with_posts() else { return };
            let mut rng = Rng::new();
            let ids = post_ids(&mut rng, 12);
            let mut posts = posts_of(&ids, &mut rng);
            rng.shuffle(&mut posts);
            diesel::insert_into(posts::table)
                .values(&posts)
                .execute(&mut conn)
                .unwrap();

            let mut sorted = posts.clone();
            sorted.sort_by_key(|p| p.id);
            let back: Vec<Post> = posts::table.order(posts::id).load(&mut conn).unwrap();
            assert_eq!(back, sorted);
            let back: Vec<Post> = posts::table
                .select(Post::as_select())
                .order(posts::id.desc())
                .load(&mut conn)
                .unwrap();
            sorted.reverse();
            assert_eq!(back, sorted);
            // Each column sorts like its ids.
            let mut txns: Vec<TxnId> = posts.iter().map(|p| p.txn).collect();
            txns.sort();
            let back: Vec<TxnId> = posts::table
                .select(posts::txn)
                .order(posts::txn)
                .load(&mut conn)
                .unwrap();
            assert_eq!(back, txns);
            let mut keys: Vec<NoteKey> = posts.iter().map(|p| p.rkey.clone()).collect();
            keys.sort();
            let back: Vec<NoteKey> = posts::table
                .select(posts::rkey)
                .order(posts::rkey)
                .load(&mut conn)
                .unwrap();
            assert_eq!(back, keys);
            let slugs: Vec<AsText<PostId>> = posts::table
                .select(posts::slug)
                .order(posts::slug)
                .load(&mut conn)
                .unwrap();
            assert_eq!(slugs, ids.iter().copied().map(AsText).collect::<Vec<_>>());
            let legacy: Vec<AsBytes<PostId>> = posts::table
                .select(posts::legacy)
                .order(posts::legacy)
                .load(&mut conn)
                .unwrap();
            assert_eq!(legacy, ids.iter().copied().map(AsBytes).collect::<Vec<_>>());
        }

        /// The query builder's filters take typed ids by value and by reference, in nullable
        /// columns too: `=`, `BETWEEN` a time range's bounds, `IN` (`= ANY` on PostgreSQL),
        /// `IS NULL`, and updates.
        #[test]
        fn the_query_builder_takes_typed_ids() {
            let Some(mut conn) = with_posts() else { return };
            let mut rng = Rng::new();
            // A day's posts, and posts before and after it.
            let day = 1_688_083_200_000_000u64;
            let mut ids: Vec<PostId> = [
                day - 1,
                day,
                day + 3_600_000_000,
                day + 86_399_999_999,
                day + 86_400_000_000,
            ]
            .into_iter()
            .flat_map(|micros| {
                [0, 1023].map(|clock| PostId::from_inner(Tid::from_parts(micros, clock).unwrap()))
            })
            .collect();
            ids.extend(post_ids(&mut rng, 6));
            ids.sort();
            ids.dedup();
            let posts = posts_of(&ids, &mut rng);
            diesel::insert_into(posts::table)
                .values(&posts)
                .execute(&mut conn)
                .unwrap();

            let wanted = posts[3].clone();
            let by_value: Post = posts::table
                .filter(posts::id.eq(wanted.id))
                .first(&mut conn)
                .unwrap();
            assert_eq!(by_value, wanted);
            let by_ref: Post = posts::table.find(&wanted.id).first(&mut conn).unwrap();
            assert_eq!(by_ref, wanted);
            let by_slug: Post = posts::table
                .filter(posts::slug.eq(AsText(wanted.id)))
                .first(&mut conn)
                .unwrap();
            assert_eq!(by_slug, wanted);
            let by_bytes: Post = posts::table
                .filter(posts::legacy.eq(&AsBytes(wanted.id)))
                .first(&mut conn)
                .unwrap();
            assert_eq!(by_bytes, wanted);
            let by_txn: Post = posts::table
                .filter(posts::txn.eq(wanted.txn))
                .first(&mut conn)
                .unwrap();
            assert_eq!(by_txn, wanted);
            let by_key: Post = posts::table
                .filter(posts::rkey.eq(&wanted.rkey))
                .first(&mut conn)
                .unwrap();
            assert_eq!(by_key, wanted);

            // A nullable column takes a typed id, an `Option` of one, and `IS NULL`.
            let answers: Vec<PostId> = posts::table
                .select(posts::id)
                .filter(posts::parent.eq(wanted.id))
                .load(&mut conn)
                .unwrap();
            assert_eq!(answers, [posts[4].id]);
            let answers: Vec<PostId> = posts::table
                .select(posts::id)
                .filter(posts::parent.eq(Some(&wanted.id)))
                .load(&mut conn)
                .unwrap();
            assert_eq!(answers, [posts[4].id]);
            let first: Vec<PostId> = posts::table
                .select(posts::id)
                .filter(posts::parent.is_null())
                .load(&mut conn)
                .unwrap();
            assert_eq!(first, [ids[0]]);
            let parents: Vec<Option<PostId>> = posts::table
                .select(posts::parent)
                .order(posts::id)
                .load(&mut conn)
                .unwrap();
            assert_eq!(parents, posts.iter().map(|p| p.parent).collect::<Vec<_>>());

            // `BETWEEN` a day's range: the day's posts, by the primary key alone.
            use std::time::{Duration, UNIX_EPOCH};
            let start = UNIX_EPOCH + Duration::from_micros(day);
            let range = PostId::range_for_time(start..start + Duration::from_secs(86_400)).unwrap();
            let in_day: Vec<PostId> = posts::table
                .select(posts::id)
                .filter(posts::id.between(range.start(), range.end()))
                .order(posts::id)
                .load(&mut conn)
                .unwrap();
            let expected: Vec<PostId> = ids
                .iter()
                .copied()
                .filter(|id| range.contains(id))
                .collect();
            assert_eq!(expected.len(), 6, "{expected:?}");
            assert_eq!(in_day, expected);

            // `IN` a list (on PostgreSQL, `= ANY` an array bound as one value).
            let some: Vec<PostId> =
                vec![ids[0], ids[2], ids[5], PostId::from_inner(Tid::from_u64(7))];
            let found: Vec<PostId> = posts::table
                .select(posts::id)
                .filter(posts::id.eq_any(&some))
                .order(posts::id)
                .load(&mut conn)
                .unwrap();
            assert_eq!(found, [ids[0], ids[2], ids[5]]);
            let found: Vec<PostId> = posts::table
                .select(posts::id)
                .filter(posts::id.ne_all(&some))
                .load(&mut conn)
                .unwrap();
            assert_eq!(found.len(), ids.len() - 3);

            // Updates and deletes by typed id.
            let changed = diesel::update(posts::table.find(wanted.id))
                .set((
                    posts::parent.eq(None::<PostId>),
                    posts::slug.eq(AsText(ids[0])),
                ))
                .execute(&mut conn)
                .unwrap();
            assert_eq!(changed, 1);
            let (parent, slug): (Option<PostId>, AsText<PostId>) = posts::table
                .find(wanted.id)
                .select((posts::parent, posts::slug))
                .first(&mut conn)
                .unwrap();
            assert_eq!((parent, slug), (None, AsText(ids[0])));
            let deleted = diesel::delete(posts::table.filter(posts::id.lt(&ids[2])))
                .execute(&mut conn)
                .unwrap();
            assert_eq!(deleted, 2);
        }

        /// Rows written as the inner id read as the typed id; a typed id whose `validate`
        /// refuses a row's id errs naming the type and the reason, unless the type trusts its
        /// rows (`decode = "trust"`). Record keys check their key type the same way.
        #[test]
        fn reading_runs_the_checks_unless_the_type_trusts_its_rows() {
            let Some(mut conn) = with_posts() else { return };
            let old = Tid::from_parts(1_640_995_200_000_000, 0).unwrap();
            let new: Tid = "3kxnlhrd6yh2a".parse().unwrap();
            let reason = made_since_2023(&old).unwrap_err();
            for (id, key) in [(old, "self"), (new, "3kxnlhrd6yh2a")] {
                // Written with the inner types: a `Tid` binds in the column as a `PostId` does.
                diesel::insert_into(posts::table)
                    .values((
                        posts::id.eq(id),
                        posts::txn.eq(Tbsl::MIN),
                        posts::rkey.eq(key),
                        posts::slug.eq(format!("post_{id}")),
                        posts::legacy.eq(AsBytes(id)),
                    ))
                    .execute(&mut conn)
                    .unwrap();
            }
            let all: Vec<PostId> = posts::table
                .select(posts::id)
                .order(posts::id)
                .load(&mut conn)
                .unwrap();
            assert_eq!(all, [PostId::from_inner(old), PostId::from_inner(new)]);

            let err = posts::table
                .select(posts::id)
                .load::<RecentPostId>(&mut conn)
                .unwrap_err();
            let expected = format!("invalid RecentPostId: {reason}");
            assert!(
                messages(&err).contains(&expected),
                "{} lacks {expected:?}",
                messages(&err)
            );
            let err = posts::table
                .select(posts::slug)
                .load::<AsText<RecentPostId>>(&mut conn)
                .unwrap_err();
            assert!(
                messages(&err).contains(&expected),
                "{} lacks {expected:?}",
                messages(&err)
            );
            let err = posts::table
                .select(posts::legacy)
                .load::<AsBytes<RecentPostId>>(&mut conn)
                .unwrap_err();
            assert!(
                messages(&err).contains(&expected),
                "{} lacks {expected:?}",
                messages(&err)
            );
            let recent: RecentPostId = posts::table
                .select(posts::id)
                .filter(posts::id.eq(new))
                .first(&mut conn)
                .unwrap();
            assert_eq!(*recent.as_inner(), new);
            let trusted: Vec<TrustedPostId> = posts::table
                .select(posts::id)
                .order(posts::id)
                .load(&mut conn)
                .unwrap();
            assert_eq!(
                trusted.iter().map(|t| *t.as_inner()).collect::<Vec<_>>(),
                [old, new]
            );
            let trusted: Vec<AsText<TrustedPostId>> = posts::table
                .select(posts::slug)
                .order(posts::id)
                .load(&mut conn)
                .unwrap();
            assert_eq!(trusted.len(), 2);

            let err = posts::table
                .select(posts::rkey)
                .load::<PostKey>(&mut conn)
                .unwrap_err();
            assert!(
                messages(&err).contains("invalid PostKey: expected 13 bytes (the atproto TID)"),
                "{}",
                messages(&err)
            );
            let keys: Vec<TrustedPostKey> = posts::table
                .select(posts::rkey)
                .order(posts::id)
                .load(&mut conn)
                .unwrap();
            assert_eq!(keys[0].as_inner().as_str(), "self");
            let key: PostKey = posts::table
                .select(posts::rkey)
                .filter(posts::id.eq(new))
                .first(&mut conn)
                .unwrap();
            assert_eq!(key.as_inner().as_str(), "3kxnlhrd6yh2a");
        }

        /// `AsText` of a typed id reads its prefix strictly: another type's text is an error.
        #[test]
        fn prefixed_text_of_another_type_is_an_error() {
            let Some(mut conn) = with_posts() else { return };
            let id: Tid = "3jzfcijpj2z2a".parse().unwrap();
            diesel::insert_into(posts::table)
                .values((
                    posts::id.eq(id),
                    posts::txn.eq(Tbsl::MIN),
                    posts::rkey.eq("self"),
                    posts::slug.eq("user_3jzfcijpj2z2a"),
                    posts::legacy.eq(AsBytes(id)),
                ))
                .execute(&mut conn)
                .unwrap();
            let err = posts::table
                .select(posts::slug)
                .first::<AsText<PostId>>(&mut conn)
                .unwrap_err();
            assert!(
                messages(&err)
                    .contains("invalid PostId: expected the prefix `post_`, found `user_`"),
                "{}",
                messages(&err)
            );
        }

        diesel::table! {
            use diesel::sql_types::*;

            /// An account: its id (a typed UUID: PostgreSQL's `uuid`, MySQL's `BINARY(16)`,
            /// SQLite's `BLOB`), the account that invited it, and its id as prefixed text.
            accounts (id) {
                id -> $uuid,
                invited_by -> Nullable<$uuid>,
                slug -> Text,
            }
        }

        /// A row of `accounts`.
        #[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
        #[diesel(table_name = accounts)]
        #[diesel(check_for_backend($backend))]
        struct Account {
            id: AccountId,
            invited_by: Option<AccountId>,
            slug: AsText<AccountId>,
        }

        /// A connection with an empty temporary `accounts` table, or `None` (a skip).
        fn with_accounts() -> Option<Conn> {
            let mut conn = connect()?;
            let sql = format!(
                "CREATE TEMPORARY TABLE accounts (id {uuid} PRIMARY KEY, invited_by {uuid}, \
                 slug {})",
                column(Storage::PrefixedText),
                uuid = column(Storage::Uuid),
            );
            diesel::sql_query(sql).execute(&mut conn).unwrap();
            Some(conn)
        }

        /// Typed UUIDs as a struct's fields and in the query builder: inserted, read back
        /// `ORDER BY id` in time order (version 7 ids), found by value, by reference and in a
        /// nullable column, `BETWEEN` two ids, `IN` a list, updated and deleted.
        #[test]
        fn a_struct_of_typed_uuids_round_trips() {
            let Some(mut conn) = with_accounts() else {
                return;
            };
            let mut rng = Rng::new();
            let ids = v7_ids(&mut rng);
            let accounts: Vec<Account> = ids
                .iter()
                .enumerate()
                .map(|(i, &id)| Account {
                    id,
                    invited_by: i.checked_sub(1).map(|p| ids[p]),
                    slug: AsText(id),
                })
                .collect();
            let mut shuffled = accounts.clone();
            rng.shuffle(&mut shuffled);
            diesel::insert_into(accounts::table)
                .values(&shuffled)
                .execute(&mut conn)
                .unwrap();

            let back: Vec<Account> = accounts::table.order(accounts::id).load(&mut conn).unwrap();
            assert_eq!(back, accounts);
            let newest_first: Vec<AccountId> = accounts::table
                .select(accounts::id)
                .order(accounts::id.desc())
                .load(&mut conn)
                .unwrap();
            assert_eq!(newest_first, ids.iter().rev().copied().collect::<Vec<_>>());
            let slugs: Vec<AsText<AccountId>> = accounts::table
                .select(accounts::slug)
                .order(accounts::slug)
                .load(&mut conn)
                .unwrap();
            assert_eq!(slugs, ids.iter().copied().map(AsText).collect::<Vec<_>>());

            let wanted = accounts[4].clone();
            let by_value: Account = accounts::table.find(wanted.id).first(&mut conn).unwrap();
            assert_eq!(by_value, wanted);
            let by_ref: Account = accounts::table
                .filter(accounts::id.eq(&wanted.id))
                .first(&mut conn)
                .unwrap();
            assert_eq!(by_ref, wanted);
            let invited: Vec<AccountId> = accounts::table
                .select(accounts::id)
                .filter(accounts::invited_by.eq(wanted.id))
                .load(&mut conn)
                .unwrap();
            assert_eq!(invited, [ids[5]]);
            let invited: Vec<AccountId> = accounts::table
                .select(accounts::id)
                .filter(accounts::invited_by.eq(Some(&wanted.id)))
                .load(&mut conn)
                .unwrap();
            assert_eq!(invited, [ids[5]]);
            let first: Vec<AccountId> = accounts::table
                .select(accounts::id)
                .filter(accounts::invited_by.is_null())
                .load(&mut conn)
                .unwrap();
            assert_eq!(first, [ids[0]]);
            let inviters: Vec<Option<AccountId>> = accounts::table
                .select(accounts::invited_by)
                .order(accounts::id)
                .load(&mut conn)
                .unwrap();
            assert_eq!(
                inviters,
                accounts.iter().map(|a| a.invited_by).collect::<Vec<_>>()
            );

            let between: Vec<AccountId> = accounts::table
                .select(accounts::id)
                .filter(accounts::id.between(&ids[2], &ids[6]))
                .order(accounts::id)
                .load(&mut conn)
                .unwrap();
            assert_eq!(between, ids[2..=6]);
            let some = vec![ids[0], ids[3], AccountId::from(idtypes::Uuid::from_u128(7))];
            let found: Vec<AccountId> = accounts::table
                .select(accounts::id)
                .filter(accounts::id.eq_any(&some))
                .order(accounts::id)
                .load(&mut conn)
                .unwrap();
            assert_eq!(found, [ids[0], ids[3]]);

            let changed = diesel::update(accounts::table.find(&wanted.id))
                .set(accounts::invited_by.eq(None::<AccountId>))
                .execute(&mut conn)
                .unwrap();
            assert_eq!(changed, 1);
            let inviter: Option<AccountId> = accounts::table
                .find(wanted.id)
                .select(accounts::invited_by)
                .first(&mut conn)
                .unwrap();
            assert_eq!(inviter, None);
            let deleted = diesel::delete(accounts::table.filter(accounts::id.lt(ids[2])))
                .execute(&mut conn)
                .unwrap();
            assert_eq!(deleted, 2);
        }

        /// A typed UUID that takes version 7 ids only refuses a stored version 4 id when it
        /// reads it, naming the type and the reason; the plain typed id reads it.
        #[test]
        fn reading_a_typed_uuid_runs_its_checks() {
            let Some(mut conn) = with_accounts() else {
                return;
            };
            let v4 = AccountId::from(idtypes::Uuid::parse_str(typed_uuid::V4).unwrap());
            let v7 = AccountId::from(typed_uuid::example());
            for id in [v4, v7] {
                diesel::insert_into(accounts::table)
                    .values((accounts::id.eq(id), accounts::slug.eq(AsText(id))))
                    .execute(&mut conn)
                    .unwrap();
            }
            let err = accounts::table
                .select(accounts::id)
                .load::<SessionId>(&mut conn)
                .unwrap_err();
            let expected = format!("invalid SessionId: {NOT_V7}");
            assert!(
                messages(&err).contains(&expected),
                "{} lacks {expected:?}",
                messages(&err)
            );
            let session: SessionId = accounts::table
                .select(accounts::id)
                .filter(accounts::id.eq(v7))
                .first(&mut conn)
                .unwrap();
            assert_eq!(session.into_inner(), v7.into_inner());
            // Another type's prefixed text is an error too.
            let err = accounts::table
                .select(accounts::slug)
                .load::<AsText<SessionId>>(&mut conn)
                .unwrap_err();
            assert!(
                messages(&err).contains("invalid SessionId"),
                "{}",
                messages(&err)
            );
        }

        /// A typed id over a TID with the top bit set does not fit a signed column: writing it
        /// is an error saying so, on every database.
        #[test]
        fn a_typed_tid_with_the_top_bit_set() {
            let Some(mut conn) = with_posts() else { return };
            let high = PostId::from_inner("c222222222222".parse::<Tid>().unwrap());
            let mut rng = Rng::new();
            let mut post = posts_of(&[high], &mut rng).remove(0);
            post.parent = Some(high);
            let result = diesel::insert_into(posts::table)
                .values(&post)
                .execute(&mut conn);
            let err = messages(&result.unwrap_err());
            assert!(err.contains("does not fit a signed 64-bit column"), "{err}");
        }
    };
}

mod postgres {
    use crate::common::sqlx_cases::postgres::column;
    use crate::diesel_postgres::{Conn, connect};

    typed_cases!(diesel::pg::Pg, Uuid);
}

mod mysql {
    use crate::common::sqlx_cases::mysql::column;
    use crate::diesel_mysql::{Conn, connect};

    typed_cases!(diesel::mysql::Mysql, Binary);
}

mod sqlite {
    use crate::common::sqlx_cases::sqlite::column;
    use crate::diesel_sqlite::{Conn, connect};

    typed_cases!(diesel::sqlite::Sqlite, Binary);
}
