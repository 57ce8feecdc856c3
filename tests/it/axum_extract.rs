//! The axum extractors (`idtypes::axum::{Path, Query, Json}`): good ids pass as axum's own
//! extractors pass them; a bad id in the path, the query or the body is an RFC 9457 problem
//! (`application/problem+json`) with the id's own message, where it was, its kind and its
//! position; every other failure is an `about:blank` problem with axum's status. The typed ids
//! are of four formats: a TID with a prefix, a UUID with TypeID text, a TID checked by its
//! `validate` function, a NanoID. And the OpenAPI schema and responses, in utoipa 5 and 6.

use axum::{
    Router,
    body::Body,
    http::{Request, StatusCode},
    routing::get,
};
use idtypes::axum::{INVALID_ID, InvalidBody, InvalidParams, Json, Location, Path, Problem, Query};
use idtypes::{ErrorKind, NanoId, Tid, Uuid};
use serde::Deserialize;
use serde_json::{Value, json};
use tower::ServiceExt;

#[derive(Tid)]
#[idtype(prefix = "post")]
pub struct PostId(Tid);

#[derive(idtypes::Uuid)]
#[idtype(prefix = "user")]
pub struct UserId(Uuid);

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

#[derive(NanoId)]
#[idtype(prefix = "tok")]
pub struct TokenId(NanoId);

const POST: &str = "post_3jzfcijpj2z2a";
const USER: &str = "user_01h455vb4pex5vsknk084sn02q";
const TOKEN: &str = "tok_V1StGXR8_Z5jdHi6B-myT";

/// An event id its check accepts: 2024-01-01.
fn event() -> String {
    let tid = Tid::from_parts(1_704_067_200_000_000, 0).unwrap();
    EventId::from_inner(tid).unwrap().to_string()
}

#[derive(Debug, Deserialize)]
struct Filter {
    author: Option<UserId>,
    event: Option<EventId>,
}

#[derive(Debug, Deserialize)]
struct Required {
    #[allow(dead_code, reason = "only read to be refused")]
    token: TokenId,
}

#[derive(Debug, Deserialize)]
struct NewPost {
    author: UserId,
    token: TokenId,
    #[serde(default)]
    event: Option<EventId>,
    #[serde(default)]
    related: Vec<PostId>,
}

async fn get_post(Path(id): Path<PostId>) -> String {
    id.to_string()
}

async fn get_users_post(Path((user, post)): Path<(UserId, PostId)>) -> String {
    format!("{user} {post}")
}

async fn get_number(Path(n): Path<u32>) -> String {
    n.to_string()
}

async fn list_posts(Query(filter): Query<Filter>) -> String {
    format!("{:?} {:?}", filter.author, filter.event)
}

async fn get_page(Path((page, size)): Path<(u32, u8)>) -> String {
    format!("{page} {size}")
}

async fn required(Query(_): Query<Required>) {}

async fn maybe(post: Option<Path<PostId>>, body: Option<Json<NewPost>>) -> String {
    format!(
        "{:?} {:?}",
        post.map(|Path(id)| id.to_string()),
        body.map(|Json(new)| new.author.to_string())
    )
}

async fn create_post(Json(new): Json<NewPost>) -> Json<Value> {
    Json(json!({
        "author": new.author.to_string(),
        "token": new.token.to_string(),
        "event": new.event.map(|event| event.to_string()),
        "related": new.related.iter().map(ToString::to_string).collect::<Vec<_>>(),
    }))
}

/// A handler's own parse of an id, with `?`: an id refused is the invalid-id problem.
async fn parse_tid(
    axum::extract::Path(text): axum::extract::Path<String>,
) -> Result<String, Problem> {
    Ok(Tid::parse(&text)?.to_string())
}

/// A generator whose lease term has ended (`LeaseExpired`), with `?`: 503.
async fn next_leased() -> Result<String, Problem> {
    let term = idtypes::LeaseTerm::new(3, std::time::Duration::from_secs(20), 0, i64::MAX);
    let generator = idtypes::tid::TidGenerator::new().with_lease_term(term.clone())?;
    term.end();
    Ok(generator.try_next()?.to_string())
}

/// Another error of the handler's own (a database's, say), as a 500: the path's `marker`
/// ends up in the cause only.
async fn fail_inside(
    axum::extract::Path(marker): axum::extract::Path<String>,
) -> Result<String, Problem> {
    let insert: Result<String, std::io::Error> = Err(std::io::Error::other(format!(
        "insert or update on table \"posts\" violates foreign key constraint \"{marker}\""
    )));
    insert.map_err(Problem::internal)
}

fn app() -> Router {
    Router::new()
        .route("/parse/{text}", get(parse_tid))
        .route("/next", get(next_leased))
        .route("/fail/{marker}", get(fail_inside))
        .route("/posts", get(list_posts).post(create_post))
        .route("/posts/{id}", get(get_post))
        .route("/users/{user}/posts/{post}", get(get_users_post))
        .route("/numbers/{n}", get(get_number))
        .route("/pages/{page}/{size}", get(get_page))
        .route("/required", get(required))
        .route("/maybe", axum::routing::post(maybe))
        .route("/maybe/{id}", axum::routing::post(maybe))
}

/// What the app answers: the status, the content type and the body's text.
async fn call(request: Request<Body>) -> (StatusCode, String, String) {
    let response = app().oneshot(request).await.unwrap();
    let status = response.status();
    let content_type = response
        .headers()
        .get("content-type")
        .map(|value| value.to_str().unwrap().to_owned())
        .unwrap_or_default();
    let body = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    (
        status,
        content_type,
        String::from_utf8(body.to_vec()).unwrap(),
    )
}

async fn get_text(uri: &str) -> (StatusCode, String, String) {
    call(Request::get(uri).body(Body::empty()).unwrap()).await
}

async fn post_json(body: Value) -> (StatusCode, String, String) {
    call(
        Request::post("/posts")
            .header("content-type", "application/json")
            .body(Body::from(body.to_string()))
            .unwrap(),
    )
    .await
}

/// The problem the app answers: its status, which must be the body's, and the body.
async fn problem_of(answer: (StatusCode, String, String)) -> (StatusCode, Value) {
    let (status, content_type, body) = answer;
    assert_eq!(content_type, "application/problem+json", "{body}");
    let problem: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(problem["status"], status.as_u16(), "{body}");
    (status, problem)
}

#[tokio::test]
async fn good_ids_pass_in_the_path_the_query_and_the_body() {
    assert_eq!(
        get_text(&format!("/posts/{POST}")).await,
        (
            StatusCode::OK,
            "text/plain; charset=utf-8".into(),
            POST.into()
        )
    );
    let (status, _, body) = get_text(&format!("/users/{USER}/posts/{POST}")).await;
    assert_eq!((status, body), (StatusCode::OK, format!("{USER} {POST}")));
    let event = event();
    let (status, _, body) = get_text(&format!("/posts?author={USER}&event={event}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, format!("Some(UserId({USER})) Some(EventId({event}))"));

    let (status, content_type, body) = post_json(json!({
        "author": USER,
        "token": TOKEN,
        "event": event,
        "related": [POST],
    }))
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type, "application/json");
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap(),
        json!({ "author": USER, "token": TOKEN, "event": event, "related": [POST] })
    );
}

#[tokio::test]
async fn a_wrong_prefix_in_the_path_is_the_invalid_id_problem_member_by_member() {
    let (status, content_type, body) = get_text(&format!("/posts/{USER}")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(content_type, "application/problem+json");
    // RFC 9457's members first, in its order, then the extensions.
    assert_eq!(
        body,
        format!(
            "{{\"type\":\"{INVALID_ID}\",\"title\":\"Invalid id\",\"status\":400,\
             \"detail\":\"invalid PostId: expected the prefix `post_`, found `user_`\",\
             \"in\":\"path\",\"parameter\":\"id\",\"kind\":\"prefix\",\"position\":0}}"
        )
    );
}

#[tokio::test]
async fn a_path_of_several_ids_names_the_one_refused() {
    let (status, problem) =
        problem_of(get_text(&format!("/users/{USER}/posts/post_3jzfcijpj2z2")).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        problem,
        json!({
            "type": INVALID_ID,
            "title": "Invalid id",
            "status": 400,
            "detail": "invalid PostId: expected 18 bytes (`post_` and the atproto TID), found 17 bytes",
            "in": "path",
            "parameter": "post",
            "kind": "length",
        })
    );
    let (_, problem) = problem_of(get_text(&format!("/users/{POST}/posts/{POST}")).await).await;
    assert_eq!(problem["parameter"], "user");
    assert_eq!(
        problem["detail"],
        "invalid UserId: expected the prefix `user_`, found `post_`"
    );
}

/// The position counts bytes of the decoded segment: `é` is two.
#[tokio::test]
async fn a_non_ascii_character_in_the_path_is_at_its_byte() {
    let (status, problem) = problem_of(get_text("/posts/post_3jzfcijpj2z%C3%A9").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(problem["kind"], "character");
    assert_eq!(problem["position"], 16);
    assert_eq!(
        problem["detail"],
        "invalid PostId: unexpected character 'é' at byte 16 (in the atproto TID), \
         expected one of `234567abcdefghijklmnopqrstuvwxyz`"
    );
}

#[tokio::test]
async fn a_typed_uuid_in_the_query_says_which_character_and_where() {
    let bad = "user_01h455vb4pex5vsknk084sn02u";
    let error = bad.parse::<UserId>().unwrap_err();
    let (status, problem) = problem_of(get_text(&format!("/posts?author={bad}")).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        problem,
        json!({
            "type": INVALID_ID,
            "title": "Invalid id",
            "status": 400,
            "detail": "invalid UserId: unexpected character 'u' at byte 30 (in the UUID), \
                       expected one of `0123456789abcdefghjkmnpqrstvwxyz`",
            "in": "query",
            "parameter": "author",
            "kind": "character",
            "position": 30,
        })
    );
    assert_eq!(problem["detail"], error.to_string());
    assert_eq!(Some(30), error.position());
}

#[tokio::test]
async fn a_checked_id_its_function_refuses_is_a_validation_problem() {
    let old = "evt_3jzfcijpj2z2a";
    let (status, problem) = problem_of(get_text(&format!("/posts?event={old}")).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(problem["kind"], "validation");
    assert_eq!(
        problem["detail"],
        "invalid EventId: made before the service started"
    );
    assert_eq!(problem.get("position"), None, "no character is to blame");

    let (status, problem) =
        problem_of(post_json(json!({ "author": USER, "token": TOKEN, "event": old })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        problem,
        json!({
            "type": INVALID_ID,
            "title": "Invalid id",
            "status": 422,
            "detail": "invalid EventId: made before the service started",
            "in": "body",
            "pointer": "#/event",
            "kind": "validation",
        })
    );
}

#[tokio::test]
async fn a_nanoid_too_short_in_the_body_is_a_length_problem_at_its_pointer() {
    let (status, problem) =
        problem_of(post_json(json!({ "author": USER, "token": "tok_V1StGXR8" })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        problem,
        json!({
            "type": INVALID_ID,
            "title": "Invalid id",
            "status": 422,
            "detail": "invalid TokenId: expected 25 bytes (`tok_` and the NanoID), found 12 bytes",
            "in": "body",
            "pointer": "#/token",
            "kind": "length",
        })
    );
}

/// serde_json's " at line 1 column N" is not in the detail: the pointer says where.
#[tokio::test]
async fn an_id_deep_in_the_body_has_its_pointer_and_a_clean_detail() {
    let body = json!({
        "author": USER,
        "token": TOKEN,
        "related": [POST, "post_3jzfcijpj2z2_"],
    });
    let (status, problem) = problem_of(post_json(body).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(problem["pointer"], "#/related/1");
    assert_eq!(problem["position"], 17);
    assert_eq!(
        problem["detail"],
        "invalid PostId: unexpected character '_' at byte 17 (in the atproto TID), \
         expected one of `234567abcdefghijklmnopqrstuvwxyz`"
    );
}

#[tokio::test]
async fn a_number_that_does_not_parse_in_the_path_is_about_blank() {
    let (status, problem) = problem_of(get_text("/numbers/abc").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        problem,
        json!({
            "type": "about:blank",
            "title": "Bad Request",
            "status": 400,
            "detail": "Cannot parse `abc` to a `u32`",
            "in": "path",
            "parameter": "n",
        })
    );
}

/// axum gives a tuple's element by its place: the route gives its name.
#[tokio::test]
async fn a_number_in_a_tuple_of_the_path_is_named_by_the_route() {
    let (status, problem) = problem_of(get_text("/pages/3/x").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(problem["type"], "about:blank");
    assert_eq!(problem["in"], "path");
    assert_eq!(problem["parameter"], "size");
}

#[tokio::test]
async fn a_missing_query_parameter_is_about_blank() {
    let (status, problem) = problem_of(get_text("/required").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        problem,
        json!({
            "type": "about:blank",
            "title": "Bad Request",
            "status": 400,
            "detail": "missing field `token`",
        })
    );
}

#[tokio::test]
async fn a_body_that_is_json_but_not_the_type_is_422_about_blank() {
    let (status, problem) = problem_of(post_json(json!({ "author": USER })).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        problem,
        json!({
            "type": "about:blank",
            "title": "Unprocessable Entity",
            "status": 422,
            "detail": "missing field `token`",
            "in": "body",
            "pointer": "#",
        })
    );
    let (_, problem) = problem_of(post_json(json!({ "author": 7, "token": TOKEN })).await).await;
    assert_eq!(problem["type"], "about:blank");
    assert_eq!(problem["pointer"], "#/author");
}

#[tokio::test]
async fn a_body_that_is_not_json_is_400_with_its_line_and_column() {
    let request = Request::post("/posts")
        .header("content-type", "application/json")
        .body(Body::from("{\"author\": "))
        .unwrap();
    let (status, problem) = problem_of(call(request).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        problem,
        json!({
            "type": "about:blank",
            "title": "Bad Request",
            "status": 400,
            "detail": "EOF while parsing a value at line 1 column 11",
        })
    );
}

#[tokio::test]
async fn a_body_without_a_json_content_type_is_415() {
    let request = Request::post("/posts")
        .header("content-type", "text/plain")
        .body(Body::from(
            json!({ "author": USER, "token": TOKEN }).to_string(),
        ))
        .unwrap();
    let (status, problem) = problem_of(call(request).await).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(problem["type"], "about:blank");
    assert_eq!(problem["title"], "Unsupported Media Type");
    assert_eq!(
        problem["detail"],
        "Expected request with `Content-Type: application/json`"
    );
}

/// `Option<Path<T>>` and `Option<Json<T>>` are `None` where axum's are (no parameters, no
/// content type), and refuse a bad id as the others do.
#[tokio::test]
async fn optional_extractors_are_none_where_axums_are_and_refuse_alike() {
    let empty = |uri: &str| Request::post(uri).body(Body::empty()).unwrap();
    let (status, _, body) = call(empty("/maybe")).await;
    assert_eq!((status, body.as_str()), (StatusCode::OK, "None None"));
    let (status, _, body) = call(empty(&format!("/maybe/{POST}"))).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, format!("Some(\"{POST}\") None"));

    let (status, problem) = problem_of(call(empty(&format!("/maybe/{USER}"))).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(problem["parameter"], "id");
    assert_eq!(problem["kind"], "prefix");

    let request = Request::post("/maybe")
        .header("content-type", "application/json")
        .body(Body::from(
            json!({ "author": POST, "token": TOKEN }).to_string(),
        ))
        .unwrap();
    let (status, problem) = problem_of(call(request).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(problem["pointer"], "#/author");
    let request = Request::post("/maybe")
        .header("content-type", "text/plain")
        .body(Body::empty())
        .unwrap();
    let (status, _) = problem_of(call(request).await).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
}

/// An id refused elsewhere on the thread (here by serde_json directly) is not taken for the
/// cause of a failure that is not an id's.
#[tokio::test]
async fn an_earlier_id_error_on_the_thread_is_not_taken_for_another_failure() {
    assert!(serde_json::from_str::<PostId>("\"user_3jzfcijpj2z2a\"").is_err());
    let (_, problem) = problem_of(get_text("/required").await).await;
    assert_eq!(problem["type"], "about:blank");
    assert_eq!(problem.get("kind"), None);
}

#[test]
fn the_problem_gives_the_ids_error_to_the_code() {
    let uri = "/posts?author=post_3jzfcijpj2z2a".parse().unwrap();
    let problem = Query::<Filter>::try_from_uri(&uri).unwrap_err();
    let error = problem.id_error().unwrap();
    assert_eq!(error.kind(), ErrorKind::Prefix);
    assert_eq!(error.type_name(), Some("UserId"));
    assert_eq!(problem.location(), Some(&Location::Query("author".into())));
    assert_eq!(problem.to_string(), error.to_string());
    assert!(std::error::Error::source(&problem).is_some());
}

// ---------------------------------------------------------------------------------------------
// OpenAPI

/// Reads one post.
#[allow(dead_code, reason = "only its documentation is read")]
#[utoipa::path(
    get,
    path = "/posts/{id}",
    params(("id" = PostId, Path, description = "The post's id")),
    responses((status = 200, description = "The post"), InvalidParams)
)]
fn get_post_doc() {}

/// Writes a post.
#[allow(dead_code, reason = "only its documentation is read")]
#[utoipa::path(
    post,
    path = "/posts",
    responses((status = 201, description = "The new post"), InvalidBody)
)]
fn create_post_doc() {}

#[derive(utoipa::OpenApi)]
#[openapi(
    paths(get_post_doc, create_post_doc),
    components(schemas(Problem, PostId))
)]
struct ApiDoc;

/// Every `$ref` of the document, which must each name a schema of its components.
fn refs(value: &Value, found: &mut Vec<String>) {
    match value {
        Value::Object(object) => {
            if let Some(Value::String(target)) = object.get("$ref") {
                found.push(target.clone());
            }
            object.values().for_each(|value| refs(value, found));
        }
        Value::Array(items) => items.iter().for_each(|value| refs(value, found)),
        _ => {}
    }
}

#[test]
fn a_route_lists_the_problem_responses_of_its_extractors() {
    let doc = serde_json::to_value(<ApiDoc as utoipa::OpenApi>::openapi()).unwrap();
    let problem_ref = json!({ "$ref": "#/components/schemas/Problem" });
    let get = &doc["paths"]["/posts/{id}"]["get"]["responses"];
    let statuses = |responses: &Value| {
        let mut keys: Vec<String> = responses.as_object().unwrap().keys().cloned().collect();
        keys.sort();
        keys
    };
    assert_eq!(statuses(get), ["200", "400"]);
    assert_eq!(
        get["400"]["content"]["application/problem+json"]["schema"],
        problem_ref
    );
    let post = &doc["paths"]["/posts"]["post"]["responses"];
    assert_eq!(statuses(post), ["201", "400", "415", "422"]);
    for status in ["400", "415", "422"] {
        let content = post[status]["content"].as_object().unwrap();
        assert_eq!(content.len(), 1, "{status}: problem+json only");
        assert_eq!(content["application/problem+json"]["schema"], problem_ref);
        assert!(post[status]["description"].as_str().unwrap().len() > 10);
    }
    let mut found = Vec::new();
    refs(&doc, &mut found);
    let schemas = &doc["components"]["schemas"];
    for target in found {
        let name = target.strip_prefix("#/components/schemas/").unwrap();
        assert!(schemas.get(name).is_some(), "a dangling $ref: {target}");
    }
}

#[test]
fn the_problem_schema_has_rfc_9457s_members_and_the_extensions() {
    let schema = serde_json::to_value(<Problem as utoipa::PartialSchema>::schema()).unwrap();
    assert_eq!(<Problem as utoipa::ToSchema>::name(), "Problem");
    assert_eq!(schema["type"], "object");
    assert_eq!(
        schema["required"],
        json!(["type", "title", "status", "detail"])
    );
    let mut members: Vec<&String> = schema["properties"].as_object().unwrap().keys().collect();
    members.sort();
    assert_eq!(
        members,
        [
            "detail",
            "in",
            "kind",
            "parameter",
            "pointer",
            "position",
            "status",
            "title",
            "type"
        ]
    );
    assert_eq!(schema["properties"]["type"]["format"], "uri-reference");
    assert_eq!(
        schema["properties"]["in"]["enum"],
        json!(["path", "query", "body"])
    );
    let kinds = schema["properties"]["kind"]["enum"].as_array().unwrap();
    for kind in ["prefix", "separator", "length", "character", "validation"] {
        assert!(kinds.contains(&json!(kind)), "{kind}");
    }
    // utoipa 6's is the same.
    let schema6 = serde_json::to_value(<Problem as utoipa6::PartialSchema>::schema()).unwrap();
    assert_eq!(schema6, schema);
    assert_eq!(<Problem as utoipa6::ToSchema>::name(), "Problem");
}

#[test]
fn utoipa_6_lists_the_same_responses() {
    use utoipa6::IntoResponses;
    let as_json = |responses| serde_json::to_value(responses).unwrap();
    assert_eq!(
        as_json(<InvalidParams as IntoResponses>::responses()),
        serde_json::to_value(<InvalidParams as utoipa::IntoResponses>::responses()).unwrap()
    );
    let body = as_json(<InvalidBody as IntoResponses>::responses());
    assert_eq!(
        body,
        serde_json::to_value(<InvalidBody as utoipa::IntoResponses>::responses()).unwrap()
    );
    assert_eq!(
        body["422"]["content"]["application/problem+json"]["schema"]["$ref"],
        "#/components/schemas/Problem"
    );
}

#[tokio::test]
async fn an_id_a_handler_refuses_with_question_mark_is_the_invalid_id_problem() {
    let (status, problem) = problem_of(get_text("/parse/3jzfcijpj2z2").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(problem["type"], INVALID_ID);
    assert_eq!(problem["kind"], "length");
    assert!(problem.get("in").is_none(), "{problem}");
    assert_eq!(
        problem["detail"],
        Tid::parse("3jzfcijpj2z2").unwrap_err().to_string()
    );
}

#[tokio::test]
async fn a_generator_without_a_lease_answers_503_without_its_reason() {
    idtypes_tests::events::catch();
    let (status, problem) = problem_of(get_text("/next").await).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(
        problem,
        json!({
            "type": "about:blank",
            "title": "Service Unavailable",
            "status": 503,
            "detail": "no id can be made now; try again shortly",
        })
    );
}

#[tokio::test]
async fn another_error_answers_500_and_logs_its_cause_out_of_the_body() {
    idtypes_tests::events::catch();
    let marker = idtypes_tests::unique_table("posts_author_fkey");
    let (status, content_type, body) = get_text(&format!("/fail/{marker}")).await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(content_type, "application/problem+json");
    assert_eq!(
        body,
        r#"{"type":"about:blank","title":"Internal Server Error","status":500,"detail":"the server failed to handle the request"}"#
    );
    assert!(!body.contains(&marker));
    let logged: Vec<_> = idtypes_tests::events::caught_in("idtypes::axum")
        .into_iter()
        .filter(|event| {
            event
                .field("cause")
                .is_some_and(|cause| cause.contains(&marker))
        })
        .collect();
    assert_eq!(logged.len(), 1, "{logged:?}");
    assert_eq!(logged[0].level, tracing::Level::ERROR);
    assert_eq!(logged[0].field("status"), Some("500"));
    assert_eq!(logged[0].field("kind"), Some("other"));
}
