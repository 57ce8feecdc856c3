//! A small JSON API model with typed ids: `UserId`, `PostId` and an atproto record key.
//!
//! Each id is its own type, so a user id can't be passed where a post id is expected. In JSON
//! each one is a prefixed string (`"post_3jzfcijpj2z2a"`). A request that mixes them up gets an
//! error saying which prefix was expected.
//!
//! Run with `cargo run -p idtypes-examples --example json_api`.

use idtypes::prelude::*;
use idtypes::{ErrorKind, RecordKey, Tid, Uid11Xid};
use serde::{Deserialize, Serialize};

/// A user: an xid (time and randomness, 11 characters), as `user_…`.
#[derive(Uid11Xid)]
#[idtype(prefix = "user")]
pub struct UserId(Uid11Xid);

/// A post: an atproto TID, as `post_…`.
#[derive(Tid)]
#[idtype(prefix = "post")]
pub struct PostId(Tid);

/// The post's record key in its author's atproto repository: a TID-typed key, bare.
#[derive(RecordKey)]
#[idtype(key_type = "tid")]
pub struct PostKey(RecordKey);

/// The body of `POST /posts`.
#[derive(Debug, Serialize, Deserialize)]
struct NewPost {
    author: UserId,
    text: String,
}

/// A post as the API returns it.
#[derive(Debug, Serialize, Deserialize, PartialEq)]
struct Post {
    id: PostId,
    author: UserId,
    rkey: PostKey,
    text: String,
}

/// What the handler does with a request body: read it, give the post its ids.
fn create_post(body: &str) -> Result<Post, serde_json::Error> {
    let request: NewPost = serde_json::from_str(body)?;
    let id = PostId::now();
    Ok(Post {
        id,
        author: request.author,
        // The same TID, as the record key of the atproto record.
        rkey: PostKey::from_inner(RecordKey::from(id.into_inner()))
            .expect("a TID is always a valid `tid` record key"),
        text: request.text,
    })
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let author = UserId::now();
    println!("a new user id:    {author}");

    // A round trip through JSON: each id is its prefixed text.
    let body = serde_json::to_string(&NewPost {
        author,
        text: "hello, typed ids".into(),
    })?;
    println!("request body:     {body}");
    let post = create_post(&body)?;
    let json = serde_json::to_string_pretty(&post)?;
    println!("response body:\n{json}");
    let back: Post = serde_json::from_str(&json)?;
    assert_eq!(back, post);
    println!(
        "the post id's time: {} (clock id {})",
        post.id.datetime::<chrono::DateTime<chrono::Utc>>(),
        post.id.clock_id()
    );

    // A client that sends a post id where a user id belongs gets a precise error.
    let mixed_up = format!(r#"{{"author": "{}", "text": "oops"}}"#, post.id);
    let err = create_post(&mixed_up).unwrap_err();
    println!("wrong-prefix id:  {err}");
    assert!(
        err.to_string()
            .contains("invalid UserId: expected the prefix `user_`, found `post_`")
    );

    // The same checks outside serde, with the error's kind and position.
    let err = "user_113q8KFkAE0".parse::<UserId>().unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Character);
    println!(
        "bad character:    {err} (kind {:?}, byte {:?})",
        err.kind(),
        err.position()
    );
    let err = "self".parse::<PostKey>().unwrap_err();
    println!("wrong key type:   {err}");

    // Typed ranges: every post of one minute, ready for `WHERE id BETWEEN ? AND ?`.
    let minute = post.id.timestamp_micros() / 60_000_000 * 60_000_000;
    let range = PostId::range_for_micros(minute, minute + 59_999_999).expect("a non-empty minute");
    println!("posts of that minute: {range}");
    assert!(range.contains(&post.id));
    Ok(())
}
