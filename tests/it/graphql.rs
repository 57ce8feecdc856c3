//! The GraphQL scalars (`async-graphql` feature): a schema with a query and a mutation over
//! format scalars and typed ids, executed as a server executes it. Ids go in as text, inline
//! and in variables, and come out as text; a bad id (another type's prefix, a character
//! outside the alphabet, a wrong length, a number, a typed id's failed check) is refused with
//! its own message, its kind and position as extensions; `AsId` and `TryFrom<ID>` put typed
//! ids where the schema says `ID`. And the SDL: each scalar declared with its description and
//! `@specifiedBy`.

use async_graphql::{
    EmptySubscription, ID, Object, Request, Response, SDLExportOptions, Schema, SimpleObject,
    Value, Variables,
};
use idtypes::async_graphql::AsId;
use idtypes::nanoid::Lowercase;
use idtypes::uuids::DynTypeId;
use idtypes::{
    Cuid2, Ksuid, NanoId, RecordKey, Snowflake, Tbsl, Tid, TimeId, Uid11Xid, Ulid, Uuid,
};
use serde_json::{Value as Json, json};

#[derive(Tid)]
#[idtype(prefix = "post")]
pub struct PostId(Tid);

#[derive(idtypes::Uuid)]
#[idtype(prefix = "user")]
pub struct UserId(Uuid);

/// A TID without a prefix: its text is a TID's.
#[derive(Tid)]
pub struct TagId(Tid);

/// Refuses events from before 2023-11-14 (a TID's microseconds).
fn recent(tid: &Tid) -> Result<(), &'static str> {
    if tid.timestamp_micros() < 1_700_000_000_000_000 {
        Err("made before the service started")
    } else {
        Ok(())
    }
}

#[derive(Tid)]
#[idtype(prefix = "evt", validate = recent)]
pub struct EventId(Tid);

/// A Snowflake without a prefix: a number's decimal text.
#[derive(Snowflake)]
pub struct MessageId(Snowflake);

/// A record key of the `tid` key type: a record key, and a TID.
#[derive(RecordKey)]
#[idtype(key_type = "tid")]
pub struct PostKey(RecordKey);

/// A UUID in its hyphenated form, without a prefix: RFC 9562's text.
#[derive(idtypes::Uuid)]
#[idtype(text = "hyphenated")]
pub struct DeviceId(Uuid);

/// A typed id over a NanoID of its own alphabet and length.
#[derive(NanoId)]
#[idtype(prefix = "inv")]
pub struct InviteId(NanoId<Lowercase, 16>);

const POST: &str = "post_3jzfcijpj2z2a";
const USER: &str = "user_01h455vb4pex5vsknk084sn02q";

#[derive(SimpleObject)]
struct Post {
    id: PostId,
    author: UserId,
    key: RecordKey,
}

/// One field of each of several formats, echoed.
#[derive(SimpleObject)]
struct Formats {
    tid: Tid,
    ulid: Ulid,
    time_id: TimeId,
    key: RecordKey,
    snowflake: Snowflake,
    nano: NanoId,
    cuid: Cuid2,
    ksuid: Ksuid,
    xid: Uid11Xid,
    tbsl: Tbsl,
    typeid: DynTypeId,
}

/// Typed ids of other kinds, echoed.
#[derive(SimpleObject)]
struct Others {
    post_key: PostKey,
    device: DeviceId,
    invite: InviteId,
}

struct Query;

#[Object]
impl Query {
    async fn post(&self, id: PostId) -> Post {
        Post {
            id,
            author: USER.parse().unwrap(),
            key: RecordKey::parse("self").unwrap(),
        }
    }

    async fn posts(&self, ids: Vec<PostId>) -> Vec<PostId> {
        ids
    }

    async fn maybe_post(&self, id: Option<PostId>) -> Option<PostId> {
        id
    }

    async fn tag(&self, id: TagId) -> TagId {
        id
    }

    async fn event(&self, id: EventId) -> EventId {
        id
    }

    #[allow(clippy::too_many_arguments)]
    async fn formats(
        &self,
        tid: Tid,
        ulid: Ulid,
        time_id: TimeId,
        key: RecordKey,
        snowflake: Snowflake,
        nano: NanoId,
        cuid: Cuid2,
        ksuid: Ksuid,
        xid: Uid11Xid,
        tbsl: Tbsl,
        typeid: DynTypeId,
    ) -> Formats {
        Formats {
            tid,
            ulid,
            time_id,
            key,
            snowflake,
            nano,
            cuid,
            ksuid,
            xid,
            tbsl,
            typeid,
        }
    }

    async fn others(&self, post_key: PostKey, device: DeviceId, invite: InviteId) -> Others {
        Others {
            post_key,
            device,
            invite,
        }
    }

    /// `node(id: ID!): ID!`, a `PostId` in Rust.
    async fn node(&self, id: AsId<PostId>) -> AsId<PostId> {
        id
    }

    async fn message(&self, id: AsId<MessageId>) -> AsId<MessageId> {
        id
    }

    /// Relay's `node(id: ID!)` over typed UUIDs: any TypeID, its prefix the type.
    async fn global(&self, id: AsId<DynTypeId>) -> String {
        id.into_inner().prefix().to_owned()
    }

    /// An `ID` converted in the resolver.
    async fn legacy(&self, id: ID) -> async_graphql::Result<Tid> {
        let post = PostId::try_from(id)?;
        Ok(post.into_inner())
    }
}

struct Mutation;

#[Object]
impl Mutation {
    async fn create_post(&self, author: UserId, key: RecordKey) -> Post {
        Post {
            id: POST.parse().unwrap(),
            author,
            key,
        }
    }

    async fn delete_post(&self, id: PostId) -> PostId {
        id
    }
}

fn schema() -> Schema<Query, Mutation, EmptySubscription> {
    Schema::new(Query, Mutation, EmptySubscription)
}

async fn run(query: &str, variables: Json) -> Response {
    let request = Request::new(query).variables(Variables::from_json(variables));
    schema().execute(request).await
}

/// The data of a response without errors, as JSON.
async fn data(query: &str, variables: Json) -> Json {
    let response = run(query, variables).await;
    assert!(response.errors.is_empty(), "{:?}", response.errors);
    response.data.into_json().unwrap()
}

/// The one error of a response, as `(message, kind, position)`; its data is null.
async fn refused(query: &str, variables: Json) -> (String, Option<String>, Option<u64>) {
    let response = run(query, variables).await;
    assert_eq!(response.errors.len(), 1, "{:?}", response.errors);
    assert_eq!(response.data, Value::Null);
    let error = &response.errors[0];
    let extension = |name: &str| {
        error
            .extensions
            .as_ref()
            .and_then(|extensions| extensions.get(name))
            .cloned()
    };
    let kind = extension("kind").map(|kind| match kind {
        Value::String(kind) => kind,
        other => panic!("kind {other}"),
    });
    let position = extension("position").map(|position| match position {
        Value::Number(position) => position.as_u64().unwrap(),
        other => panic!("position {other}"),
    });
    (error.message.clone(), kind, position)
}

#[tokio::test]
async fn ids_go_in_and_come_out_as_text_inline_and_in_variables() {
    let inline = data(
        &format!(r#"{{ post(id: "{POST}") {{ id author key }} }}"#),
        json!({}),
    )
    .await;
    let expected = json!({ "post": { "id": POST, "author": USER, "key": "self" } });
    assert_eq!(inline, expected);

    let query = "query ($id: PostId!) { post(id: $id) { id author key } }";
    assert_eq!(data(query, json!({ "id": POST })).await, expected);

    let query = "query ($ids: [PostId!]!, $none: PostId) { posts(ids: $ids) maybePost(id: $none) }";
    let ids = [POST, "post_3jzfcijpj2z2b"];
    assert_eq!(
        data(query, json!({ "ids": ids, "none": null })).await,
        json!({ "posts": ids, "maybePost": null })
    );
}

#[tokio::test]
async fn mutations_take_typed_ids_and_record_keys() {
    let query = "mutation ($author: UserId!, $key: RecordKey!) { createPost(author: $author, key: $key) { id author key } }";
    assert_eq!(
        data(query, json!({ "author": USER, "key": "3jzfcijpj2z2a" })).await,
        json!({ "createPost": { "id": POST, "author": USER, "key": "3jzfcijpj2z2a" } })
    );
    assert_eq!(
        data(
            &format!(r#"mutation {{ deletePost(id: "{POST}") }}"#),
            json!({})
        )
        .await,
        json!({ "deletePost": POST })
    );
}

#[tokio::test]
async fn every_kind_of_format_reads_and_writes_its_own_text() {
    let ids = json!({
        "tid": "3jzfcijpj2z2a",
        "ulid": "01ARZ3NDEKTSV4RRFFQ69G5FAV",
        "timeId": "3kxnlhr3gxq23",
        "key": "app.bsky.feed.post",
        "snowflake": "175928847299117063",
        "nano": "V1StGXR8_Z5jdHi6B-myT",
        "cuid": "tz4a98xxat96iws9zmbrgj3a",
        "ksuid": "0ujtsYcgvSTl8PAuAdqWYSMnLOv",
        "xid": "4h1dccigLwD",
        "tbsl": "25BF6196C8D610700001",
        "typeid": USER,
    });
    let query = "query ($tid: Tid!, $ulid: Ulid!, $timeId: TimeId!, $key: RecordKey!, \
                 $snowflake: Snowflake!, $nano: NanoId!, $cuid: Cuid2!, $ksuid: Ksuid!, \
                 $xid: Uid11Xid!, $tbsl: Tbsl!, $typeid: DynTypeId!) { \
                 formats(tid: $tid, ulid: $ulid, timeId: $timeId, key: $key, snowflake: $snowflake, \
                 nano: $nano, cuid: $cuid, ksuid: $ksuid, xid: $xid, tbsl: $tbsl, typeid: $typeid) \
                 { tid ulid timeId key snowflake nano cuid ksuid xid tbsl typeid } }";
    assert_eq!(data(query, ids.clone()).await, json!({ "formats": ids }));

    // A TimeId's dashed form is read, and its plain text written.
    let query = r#"{ formats(tid: "3jzfcijpj2z2a", ulid: "01ARZ3NDEKTSV4RRFFQ69G5FAV",
        timeId: "3kxn-lhr-3gxq-23", key: "self", snowflake: "1", nano: "V1StGXR8_Z5jdHi6B-myT",
        cuid: "tz4a98xxat96iws9zmbrgj3a", ksuid: "0ujtsYcgvSTl8PAuAdqWYSMnLOv", xid: "4h1dccigLwD",
        tbsl: "25BF6196C8D610700001", typeid: "01h455vb4pex5vsknk084sn02q") { timeId typeid } }"#;
    assert_eq!(
        data(query, json!({})).await,
        json!({ "formats": { "timeId": "3kxnlhr3gxq23", "typeid": "01h455vb4pex5vsknk084sn02q" } })
    );
}

#[tokio::test]
async fn typed_record_keys_hyphenated_uuids_and_nanoids_too() {
    let query = "query ($key: PostKey!, $device: DeviceId!, $invite: InviteId!) \
                 { others(postKey: $key, device: $device, invite: $invite) { postKey device invite } }";
    let ids = json!({
        "key": "3jzfcijpj2z2a",
        "device": "01890a5d-ac96-774b-bcce-b302099a8057",
        "invite": "inv_abcdefghijklmnop",
    });
    assert_eq!(
        data(query, ids).await,
        json!({ "others": {
            "postKey": "3jzfcijpj2z2a",
            "device": "01890a5d-ac96-774b-bcce-b302099a8057",
            "invite": "inv_abcdefghijklmnop",
        } })
    );
    let (message, kind, _) = refused(
        query,
        json!({
            "key": "self",
            "device": "01890a5d-ac96-774b-bcce-b302099a8057",
            "invite": "inv_abcdefghijklmnop",
        }),
    )
    .await;
    // A record key, but not of its key type.
    assert_eq!(
        message,
        "Failed to parse \"PostKey\": invalid PostKey: expected 13 bytes (the atproto TID), \
         found 4 bytes"
    );
    assert_eq!(kind.as_deref(), Some("length"));
    assert_eq!(
        refused(
            query,
            json!({
                "key": "3jzfcijpj2z2a",
                "device": "01890a5d-ac96-774b-bcce-b302099a8057",
                "invite": "inv_ABCDEFGHIJKLMNOP",
            })
        )
        .await
        .1
        .as_deref(),
        Some("character")
    );
}

#[tokio::test]
async fn another_types_prefix_is_refused_with_the_ids_message() {
    let expected = (
        "Failed to parse \"PostId\": invalid PostId: expected the prefix `post_`, found `user_`"
            .to_owned(),
        Some("prefix".to_owned()),
        Some(0),
    );
    let inline = r#"{ post(id: "user_3jzfcijpj2z2a") { id } }"#;
    assert_eq!(refused(inline, json!({})).await, expected);
    let variable = "query ($id: PostId!) { post(id: $id) { id } }";
    assert_eq!(
        refused(variable, json!({ "id": "user_3jzfcijpj2z2a" })).await,
        expected
    );
    let mutation = "mutation ($id: PostId!) { deletePost(id: $id) }";
    assert_eq!(
        refused(mutation, json!({ "id": "user_3jzfcijpj2z2a" })).await,
        expected
    );

    // Where it was: the field's path and the argument's place in the query.
    let response = run(inline, json!({})).await;
    let error = &response.errors[0];
    assert_eq!(error.path.len(), 1);
    assert_eq!(error.locations[0].line, 1);
}

#[tokio::test]
async fn a_character_outside_the_alphabet_is_refused_where_it_stands() {
    assert_eq!(
        refused(r#"{ post(id: "post_3jzfcijpj2z2!") { id } }"#, json!({})).await,
        (
            "Failed to parse \"PostId\": invalid PostId: unexpected character '!' at byte 17 (in \
             the atproto TID), expected one of `234567abcdefghijklmnopqrstuvwxyz`"
                .to_owned(),
            Some("character".to_owned()),
            Some(17),
        )
    );
    assert_eq!(
        refused(
            "query ($id: Ulid!) { formats(tid: \"3jzfcijpj2z2a\", ulid: $id, timeId: \"3kxnlhr3gxq23\", key: \"self\", snowflake: \"1\", nano: \"V1StGXR8_Z5jdHi6B-myT\", cuid: \"tz4a98xxat96iws9zmbrgj3a\", ksuid: \"0ujtsYcgvSTl8PAuAdqWYSMnLOv\", xid: \"4h1dccigLwD\", tbsl: \"25BF6196C8D610700001\", typeid: \"01h455vb4pex5vsknk084sn02q\") { ulid } }",
            json!({ "id": "01ARZ3NDEKTSV4RRFFQ69G5FAU" })
        )
        .await,
        (
            "Failed to parse \"Ulid\": invalid ULID: unexpected character 'U' at byte 25, \
             expected one of `0123456789ABCDEFGHJKMNPQRSTVWXYZ`"
                .to_owned(),
            Some("character".to_owned()),
            Some(25),
        )
    );
}

#[tokio::test]
async fn a_wrong_length_is_refused() {
    assert_eq!(
        refused(r#"{ post(id: "post_3jzfc") { id } }"#, json!({})).await,
        (
            "Failed to parse \"PostId\": invalid PostId: expected 18 bytes (`post_` and the \
             atproto TID), found 10 bytes"
                .to_owned(),
            Some("length".to_owned()),
            None,
        )
    );
    assert_eq!(
        refused(r#"{ tag(id: "3jzfcijpj2z2aa") }"#, json!({})).await,
        (
            "Failed to parse \"TagId\": invalid TagId: expected 13 bytes (the atproto TID), \
             found 14 bytes"
                .to_owned(),
            Some("length".to_owned()),
            None,
        )
    );
}

#[tokio::test]
async fn a_typed_ids_check_refuses_what_its_format_accepts() {
    assert_eq!(
        refused(r#"{ event(id: "evt_2222222222222") }"#, json!({})).await,
        (
            "Failed to parse \"EventId\": invalid EventId: made before the service started"
                .to_owned(),
            Some("validation".to_owned()),
            None,
        )
    );
    let recent = EventId::from_inner(Tid::from_parts(1_704_067_200_000_000, 0).unwrap())
        .unwrap()
        .to_string();
    assert_eq!(
        data(
            "query ($id: EventId!) { event(id: $id) }",
            json!({ "id": recent })
        )
        .await,
        json!({ "event": recent })
    );
}

#[tokio::test]
async fn a_number_is_not_an_id() {
    // In the query or in the variables: validation refuses it, before anything runs.
    let expected = (
        r#"Invalid value for argument "id", expected type "PostId""#.to_owned(),
        None,
        None,
    );
    assert_eq!(
        refused("{ post(id: 42) { id } }", json!({})).await,
        expected
    );
    let query = "query ($id: PostId!) { post(id: $id) { id } }";
    assert_eq!(refused(query, json!({ "id": 42 })).await, expected);
    assert_eq!(refused(query, json!({ "id": null })).await, expected);
    // A Snowflake's too: its scalar's value is its text, as Twitter's and Discord's APIs
    // send it (a JSON number would lose digits in JavaScript).
    let response = run(
        "query ($id: Snowflake!) { formats(tid: \"3jzfcijpj2z2a\", ulid: \"01ARZ3NDEKTSV4RRFFQ69G5FAV\", timeId: \"3kxnlhr3gxq23\", key: \"self\", snowflake: $id, nano: \"V1StGXR8_Z5jdHi6B-myT\", cuid: \"tz4a98xxat96iws9zmbrgj3a\", ksuid: \"0ujtsYcgvSTl8PAuAdqWYSMnLOv\", xid: \"4h1dccigLwD\", tbsl: \"25BF6196C8D610700001\", typeid: \"01h455vb4pex5vsknk084sn02q\") { snowflake } }",
        json!({ "id": 175928847299117063_u64 }),
    )
    .await;
    assert_eq!(
        response.errors[0].message,
        r#"Invalid value for argument "snowflake", expected type "Snowflake""#
    );
}

#[tokio::test]
async fn as_id_puts_a_typed_id_where_the_schema_says_id() {
    let sdl = schema().sdl();
    assert!(sdl.contains("\tnode(id: ID!): ID!\n"), "{sdl}");
    assert!(sdl.contains("\tmessage(id: ID!): ID!\n"), "{sdl}");

    assert_eq!(
        data(&format!(r#"{{ node(id: "{POST}") }}"#), json!({})).await,
        json!({ "node": POST })
    );
    assert_eq!(
        data("query ($id: ID!) { node(id: $id) }", json!({ "id": POST })).await,
        json!({ "node": POST })
    );
    assert_eq!(
        refused(r#"{ node(id: "user_3jzfcijpj2z2a") }"#, json!({})).await,
        (
            "Failed to parse \"ID\": invalid PostId: expected the prefix `post_`, found `user_`"
                .to_owned(),
            Some("prefix".to_owned()),
            Some(0),
        )
    );
    assert_eq!(
        data(&format!(r#"{{ global(id: "{USER}") }}"#), json!({})).await,
        json!({ "global": "user" })
    );
    // An `ID` may be an integer: a Snowflake's decimal text.
    assert_eq!(
        data("{ message(id: 175928847299117063) }", json!({})).await,
        json!({ "message": "175928847299117063" })
    );
    assert_eq!(
        data("query ($id: ID!) { message(id: $id) }", json!({ "id": 1 })).await,
        json!({ "message": "1" })
    );
    assert_eq!(
        refused("query ($id: ID!) { node(id: $id) }", json!({ "id": true })).await,
        (
            r#"Invalid value for argument "id", expected type "ID""#.to_owned(),
            None,
            None
        )
    );
}

#[tokio::test]
async fn try_from_id_converts_in_the_resolver() {
    assert_eq!(
        data(&format!(r#"{{ legacy(id: "{POST}") }}"#), json!({})).await,
        json!({ "legacy": "3jzfcijpj2z2a" })
    );
    let response = run(r#"{ legacy(id: "post_3jzf") }"#, json!({})).await;
    assert_eq!(
        response.errors[0].message,
        "invalid PostId: expected 18 bytes (`post_` and the atproto TID), found 9 bytes"
    );
    assert_eq!(
        ID::from(POST.parse::<PostId>().unwrap()),
        ID(POST.to_owned())
    );
}

/// The SDL's declaration of the scalar `name`: its description block and its line.
fn declaration(sdl: &str, name: &str) -> String {
    let line = sdl
        .lines()
        .position(|line| {
            line == format!("scalar {name}") || line.starts_with(&format!("scalar {name} @"))
        })
        .unwrap_or_else(|| panic!("no scalar {name} in {sdl}"));
    let lines: Vec<&str> = sdl.lines().collect();
    let start = lines[..line]
        .iter()
        .rposition(|line| line.is_empty())
        .map_or(0, |blank| blank + 1);
    lines[start..=line].join("\n")
}

#[test]
fn the_sdl_declares_each_scalar_with_its_description_and_specification() {
    // async-graphql leaves `@specifiedBy` out of the SDL unless asked.
    assert!(schema().sdl().contains("\nscalar Tid\n"));
    let sdl = schema().sdl_with_options(SDLExportOptions::new().include_specified_by());
    assert_eq!(
        declaration(&sdl, "Tid"),
        "\"\"\"\nAn atproto TID (timestamp identifier): 13 characters of the base32-sortable \
         alphabet `234567abcdefghijklmnopqrstuvwxyz`, the first one of `234567abcdefghij`. TIDs \
         sort in the order they were made.\n\"\"\"\nscalar Tid @specifiedBy(url: \
         \"https://atproto.com/specs/tid\")"
    );
    assert_eq!(
        declaration(&sdl, "PostId"),
        "\"\"\"\nPostId: `post_` then an atproto TID (timestamp identifier): 13 characters of \
         the base32-sortable alphabet `234567abcdefghijklmnopqrstuvwxyz`, the first one of \
         `234567abcdefghij`. TIDs sort in the order they were made.\n\"\"\"\nscalar PostId"
    );
    // Without a prefix, a typed id's text is its format's, and so is its specification.
    assert!(
        declaration(&sdl, "TagId")
            .ends_with("scalar TagId @specifiedBy(url: \"https://atproto.com/specs/tid\")")
    );
    // A record key of any key type is a record key; a hyphenated UUID is RFC 9562's.
    assert!(
        declaration(&sdl, "PostKey").ends_with(
            "scalar PostKey @specifiedBy(url: \"https://atproto.com/specs/record-key\")"
        )
    );
    assert!(declaration(&sdl, "DeviceId").ends_with(
        "scalar DeviceId @specifiedBy(url: \"https://www.rfc-editor.org/rfc/rfc9562\")"
    ));
    assert!(declaration(&sdl, "InviteId").ends_with("\nscalar InviteId"));
    // A typed UUID's text is a TypeID, prefix and all.
    assert!(declaration(&sdl, "UserId").ends_with(
        "scalar UserId @specifiedBy(url: \
         \"https://github.com/jetify-com/typeid/blob/main/spec/README.md\")"
    ));
    assert!(declaration(&sdl, "EventId").contains("The type's `validate` check may refuse"));
    for (name, url) in [
        ("RecordKey", "https://atproto.com/specs/record-key"),
        (
            "TimeId",
            "https://datatracker.ietf.org/doc/draft-goldman-tid/",
        ),
        (
            "Uid11Xid",
            "https://github.com/gurki/uid11/blob/master/SPECIFICATION.md",
        ),
        ("Ulid", "https://github.com/ulid/spec"),
        ("Ksuid", "https://github.com/segmentio/ksuid"),
        ("Cuid2", "https://github.com/paralleldrive/cuid2"),
        ("NanoId", "https://github.com/ai/nanoid"),
        (
            "DynTypeId",
            "https://github.com/jetify-com/typeid/blob/main/spec/README.md",
        ),
    ] {
        let declaration = declaration(&sdl, name);
        assert!(
            declaration.ends_with(&format!("scalar {name} @specifiedBy(url: \"{url}\")")),
            "{declaration}"
        );
        assert!(declaration.starts_with("\"\"\"\n"), "{declaration}");
    }
    // No specification to name.
    for name in ["Snowflake", "Tbsl"] {
        assert!(declaration(&sdl, name).ends_with(&format!("\nscalar {name}")));
    }
    // `AsId` is the built-in `ID`, which the SDL does not declare.
    assert!(!sdl.contains("scalar ID"));
}

#[tokio::test]
async fn introspection_gives_each_scalars_description_and_specification() {
    let query = r#"{
        tid: __type(name: "Tid") { kind description specifiedByURL }
        post: __type(name: "PostId") { kind description specifiedByURL }
        user: __type(name: "UserId") { specifiedByURL }
    }"#;
    let data = data(query, json!({})).await;
    assert_eq!(data["tid"]["kind"], "SCALAR");
    assert_eq!(
        data["tid"]["specifiedByURL"],
        "https://atproto.com/specs/tid"
    );
    assert!(
        data["tid"]["description"]
            .as_str()
            .unwrap()
            .starts_with("An atproto TID (timestamp identifier): ")
    );
    assert_eq!(data["post"]["specifiedByURL"], Json::Null);
    assert!(
        data["post"]["description"]
            .as_str()
            .unwrap()
            .starts_with("PostId: `post_` then an atproto TID")
    );
    assert_eq!(
        data["user"]["specifiedByURL"],
        "https://github.com/jetify-com/typeid/blob/main/spec/README.md"
    );
}
