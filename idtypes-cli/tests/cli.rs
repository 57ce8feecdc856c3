//! Runs the `idtypes` binary: known answers from the conformance vectors and the
//! specification notes (copied here), the JSON shape, generation, ranges, conversions, and
//! invalid input (a message and a non-zero status, never a panic).

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

/// The binary under test.
fn idtypes() -> Command {
    Command::cargo_bin("idtypes").expect("the idtypes binary is built for the tests")
}

/// Runs `args`, expects success, and parses each line of standard output as JSON.
fn json(args: &[&str]) -> Vec<Value> {
    let output = idtypes().args(args).arg("--json").assert().success();
    lines_as_json(&output.get_output().stdout)
}

/// Each line of `stdout` as JSON.
fn lines_as_json(stdout: &[u8]) -> Vec<Value> {
    String::from_utf8(stdout.to_vec())
        .expect("UTF-8 output")
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is one JSON object"))
        .collect()
}

/// The candidate of `format` in an `inspect` object.
fn candidate<'a>(object: &'a Value, format: &str) -> &'a Value {
    object["candidates"]
        .as_array()
        .expect("candidates is an array")
        .iter()
        .find(|candidate| candidate["format"] == format)
        .unwrap_or_else(|| panic!("no {format} candidate in {object}"))
}

/// The `format` of each candidate, in order.
fn formats(object: &Value) -> Vec<&str> {
    object["candidates"]
        .as_array()
        .expect("candidates is an array")
        .iter()
        .map(|candidate| candidate["format"].as_str().expect("format is a string"))
        .collect()
}

/// Standard output as text.
fn stdout_of(args: &[&str]) -> String {
    let output = idtypes().args(args).assert().success();
    String::from_utf8(output.get_output().stdout.clone()).expect("UTF-8 output")
}

// --- inspect: known answers ---------------------------------------------------------------

#[test]
fn inspect_a_tid_for_people() {
    idtypes()
        .args(["inspect", "3jzfcijpj2z2a"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "valid as      tid (best guess), time-id, record-key",
        ))
        .stdout(predicate::str::contains(
            "time (UTC)    2023-06-30T15:03:01.887007Z",
        ))
        .stdout(predicate::str::contains("microseconds  1688137381887007"))
        .stdout(predicate::str::contains("clock id      6"))
        .stdout(predicate::str::contains(
            "integer       1728652679052295174",
        ))
        .stdout(predicate::str::contains("bytes (hex)   17fd6873eaf07c06"));
}

#[test]
fn inspect_a_tid_as_json() {
    let objects = json(&["inspect", "3jzfcijpj2z2a"]);
    assert_eq!(objects.len(), 1);
    let object = &objects[0];
    assert_eq!(object["input"], "3jzfcijpj2z2a");
    assert_eq!(object["valid"], true);
    assert_eq!(object["prefix"], Value::Null);
    assert_eq!(object["separator"], Value::Null);
    assert_eq!(object["id"], "3jzfcijpj2z2a");
    assert_eq!(object["best_guess"], "tid");
    assert_eq!(formats(object), ["tid", "time-id", "record-key"]);

    let tid = candidate(object, "tid");
    assert_eq!(tid["text"], "3jzfcijpj2z2a");
    assert_eq!(tid["time"], "2023-06-30T15:03:01.887007Z");
    assert_eq!(tid["plausible_time"], true);
    assert_eq!(tid["timestamp_micros"], 1688137381887007u64);
    assert_eq!(tid["timestamp_millis"], 1688137381887u64);
    assert_eq!(tid["clock_id"], 6);
    // 64-bit integers are strings: a JavaScript number would round them.
    assert_eq!(tid["integer"], "1728652679052295174");
    assert_eq!(tid["hex"], "17fd6873eaf07c06");
    assert!(
        tid["uuid_v7"]
            .as_str()
            .is_some_and(|uuid| uuid.starts_with("01890cd4-37ff-7"))
    );
    assert!(
        tid.get("node").is_none(),
        "no fields of other formats: {tid}"
    );

    // The same text read as a TimeId: the same time, the clock id as the node.
    let time_id = candidate(object, "time-id");
    assert_eq!(time_id["timestamp_micros"], 1688137381887007u64);
    assert_eq!(time_id["node"], 6);
    assert_eq!(time_id["dashed"], "3jzf-cij-pj2z-2a");
    assert!(time_id["uuid_v6"].is_string());

    let key = candidate(object, "record-key");
    assert_eq!(key["key_types"], serde_json::json!(["tid", "any"]));

    // The formats that refused it, with the crate's reasons.
    let rejected = object["rejected"].as_array().expect("rejected is an array");
    let refusing: Vec<&str> = rejected
        .iter()
        .map(|rejection| rejection["format"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(
        refusing,
        [
            "tbsl",
            "uid11",
            "snowflake",
            "uuid",
            "ulid",
            "object-id",
            "ksuid",
            "sonyflake",
            "rs-xid",
            "nanoid",
            "cuid2"
        ]
    );
    assert!(
        rejected
            .iter()
            .all(|rejection| rejection["error"].is_string())
    );
}

#[test]
fn inspect_the_other_tid_vectors() {
    // From the atproto interop vectors: every valid TID is read as one.
    let objects = json(&["inspect", "7777777777777", "3zzzzzzzzzzzz", "2222222222222"]);
    assert_eq!(objects.len(), 3);
    for object in &objects {
        assert_eq!(candidate(object, "tid")["text"], object["input"]);
    }
    // 2222222222222 is zero: 1970, an implausible time, so not the best guess; its digits
    // are a Snowflake's, whose time needs --epoch, before any record key.
    assert_eq!(candidate(&objects[2], "tid")["integer"], "0");
    assert_eq!(candidate(&objects[2], "tid")["plausible_time"], false);
    assert_eq!(objects[2]["best_guess"], "snowflake");
}

#[test]
fn inspect_a_dashed_time_id() {
    let objects = json(&["inspect", "3kxn-lhr-3gxq-23"]);
    let object = &objects[0];
    assert_eq!(object["best_guess"], "time-id");
    let time_id = candidate(object, "time-id");
    assert_eq!(time_id["text"], "3kxnlhr3gxq23");
    assert_eq!(time_id["dashed"], "3kxn-lhr-3gxq-23");
    assert_eq!(time_id["time"], "2024-07-19T16:40:46.480310Z");
    assert_eq!(time_id["timestamp_micros"], 1721407246480310u64);
    assert_eq!(time_id["node"], 1);
    assert_eq!(time_id["node_code"], "23");
    assert_eq!(time_id["node_class"], "best effort");
    // A dashed text is not a TID (the legacy dashed form is refused).
    assert!(
        object["rejected"]
            .as_array()
            .is_some_and(|rejected| rejected.iter().any(|r| r["format"] == "tid"))
    );
}

#[test]
fn inspect_a_time_id_before_1970() {
    // The draft's errata: s222-222-2222 is -2^53 µs, zzzz-zzz-zzzz is -1 µs.
    let objects = json(&["inspect", "s222-222-2222-22", "zzzz-zzz-zzzz-zz"]);
    let first = candidate(&objects[0], "time-id");
    assert_eq!(first["timestamp_micros"], -(1i64 << 53));
    assert_eq!(first["time"], "1684-07-28T00:12:25.259008Z");
    assert!(first.get("uuid_v7").is_none(), "no UUIDv7 before 1970");
    let last = candidate(&objects[1], "time-id");
    assert_eq!(last["timestamp_micros"], -1);
    assert_eq!(last["time"], "1969-12-31T23:59:59.999999Z");
    assert_eq!(last["integer"], "-1");
}

#[test]
fn inspect_a_tbsl() {
    // Spec notes: 1700000000 s, 123456 µs, machine 7, suffix 0 -> 25BF6196C8D610700000.
    let objects = json(&["inspect", "25BF6196C8D610700000", "25BF6196C8D610700001"]);
    let object = &objects[0];
    assert_eq!(object["best_guess"], "tbsl");
    let tbsl = candidate(object, "tbsl");
    assert_eq!(tbsl["time"], "2023-11-14T22:13:20.123456Z");
    assert_eq!(tbsl["timestamp_micros"], 1700000000123456u64);
    assert_eq!(tbsl["machine_id"], 7);
    assert_eq!(tbsl["suffix"], 0);
    assert_eq!(tbsl["hex"], "25bf6196c8d610700000");
    // 25BF6196C8D610700001 in base 58 and 62.
    let transport = &candidate(&objects[1], "tbsl")["transport"];
    assert_eq!(transport["base58"], "3818S45pyczRN8");
    assert_eq!(transport["base62"], "tFcxYq1sERALx");
    assert_eq!(candidate(&objects[1], "tbsl")["suffix"], 1);
}

#[test]
fn inspect_uid11_vectors_in_every_profile() {
    // uid11 vectors: 113q8KFkAEs = 362387865600000 = xid ts 86400000 ms after the epoch, r 0.
    let objects = json(&["inspect", "113q8KFkAEs", "1111111NVpb", "jpXCZedGfVQ"]);
    let object = &objects[0];
    let found = formats(object);
    for profile in ["uid11-xid", "ts-seq-rand", "snowish", "uid11", "fullrand"] {
        assert!(found.contains(&profile), "{profile} missing in {found:?}");
    }
    let xid = candidate(object, "uid11-xid");
    assert_eq!(xid["integer"], "362387865600000");
    assert_eq!(xid["time"], "2011-11-12T11:11:11.111Z");
    assert_eq!(xid["timestamp_millis"], 1321009871111u64 + 86400000);
    assert_eq!(xid["random"], 0);
    assert_eq!(candidate(object, "snowish")["machine_id"], 0);
    assert_eq!(candidate(object, "ts-seq-rand")["sequence"], 0);
    // 1 << 22: xid ts 1, r 0.
    assert_eq!(candidate(&objects[1], "uid11")["integer"], "4194304");
    assert_eq!(
        candidate(&objects[1], "uid11-xid")["timestamp_millis"],
        1321009871112u64
    );
    // u64::MAX: its top bit is snowish's reserved bit, so snowish refuses it.
    let max = &objects[2];
    assert_eq!(candidate(max, "uid11")["integer"], "18446744073709551615");
    assert!(!formats(max).contains(&"snowish"));
    assert!(
        max["rejected"]
            .as_array()
            .is_some_and(|rejected| rejected.iter().any(|r| r["format"] == "snowish"))
    );
}

#[test]
fn inspect_uid11_overflow_is_only_a_record_key() {
    // jpXCZedGfVR is 2^64: refused by uid11, but a fine record key.
    let objects = json(&["inspect", "jpXCZedGfVR"]);
    assert_eq!(formats(&objects[0]), ["record-key"]);
    let rejected = objects[0]["rejected"].to_string();
    assert!(rejected.contains("too large"), "{rejected}");
}

#[test]
fn inspect_record_keys_that_are_not_tids() {
    let objects = json(&[
        "inspect",
        "self",
        "app.bsky.feed.post",
        "literal:self",
        "pre:fix",
    ]);
    // `self` is a CUID2's text too (a letter, then digits and letters), read after the key.
    assert_eq!(formats(&objects[0]), ["record-key", "cuid2"]);
    for object in &objects[1..] {
        assert_eq!(formats(object), ["record-key"], "{object}");
    }
    for object in &objects {
        assert_eq!(object["prefix"], Value::Null, "not typed ids: {object}");
    }
    assert_eq!(
        candidate(&objects[0], "record-key")["key_types"],
        serde_json::json!(["any"])
    );
    assert_eq!(
        candidate(&objects[1], "record-key")["key_types"],
        serde_json::json!(["nsid", "any"])
    );
    assert_eq!(candidate(&objects[0], "record-key")["length"], 4);
}

#[test]
fn inspect_typed_id_text() {
    let objects = json(&["inspect", "post_3jzfcijpj2z2a", "user_profile_113q8KFkAEs"]);
    let post = &objects[0];
    assert_eq!(post["prefix"], "post");
    assert_eq!(post["separator"], "_");
    assert_eq!(post["id"], "3jzfcijpj2z2a");
    assert_eq!(post["best_guess"], "tid");
    assert_eq!(
        candidate(post, "tid")["timestamp_micros"],
        1688137381887007u64
    );
    // The whole text is still a record key, read last.
    let last = post["candidates"]
        .as_array()
        .and_then(|candidates| candidates.last())
        .expect("candidates");
    assert_eq!(last["format"], "record-key");
    assert_eq!(last["text"], "post_3jzfcijpj2z2a");

    let user = &objects[1];
    assert_eq!(user["prefix"], "user_profile");
    assert_eq!(user["id"], "113q8KFkAEs");

    idtypes()
        .args(["inspect", "txn::25BF6196C8D610700000"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "typed id      prefix `txn`, separator `::`, id 25BF6196C8D610700000",
        ));
}

#[test]
fn inspect_reads_a_typeids_prefix_as_any_typed_ids() {
    let objects = json(&[
        "inspect",
        "user_01h455vb4pex5vsknk084sn02q",
        "user_profile_01h455vb4pex5vsknk084sn02q",
        "01h455vb4pex5vsknk084sn02q",
    ]);
    let user = &objects[0];
    assert_eq!(user["prefix"], "user");
    assert_eq!(user["separator"], "_");
    assert_eq!(user["id"], "01h455vb4pex5vsknk084sn02q");
    assert_eq!(user["best_guess"], "uuid");
    assert_eq!(
        candidate(user, "uuid")["text"],
        "01890a5d-ac96-774b-bcce-b302099a8057"
    );
    // A TypeID prefix may hold `_`: the suffix follows the last one.
    assert_eq!(objects[1]["prefix"], "user_profile");
    assert_eq!(objects[1]["id"], "01h455vb4pex5vsknk084sn02q");
    // Without a prefix it is no typed id.
    assert_eq!(objects[2]["prefix"], Value::Null);
    idtypes()
        .args(["inspect", "user_01h455vb4pex5vsknk084sn02q"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "typed id      prefix `user`, separator `_`, id 01h455vb4pex5vsknk084sn02q",
        ))
        .stdout(predicate::str::contains("record-key (whole text)"));
}

#[test]
fn inspect_local_time() {
    let objects = json(&["inspect", "--local", "3jzfcijpj2z2a"]);
    let local = candidate(&objects[0], "tid")["local_time"]
        .as_str()
        .expect("local_time with --local")
        .to_owned();
    // RFC 3339 with an offset, to the microsecond.
    assert!(local.contains(".887007"), "{local}");
    let without = json(&["inspect", "3jzfcijpj2z2a"]);
    assert!(candidate(&without[0], "tid").get("local_time").is_none());
}

#[test]
fn inspect_reads_standard_input() {
    let output = idtypes()
        .args(["inspect", "--json"])
        .write_stdin("3jzfcijpj2z2a\n\n   \n  self \r\n25BF6196C8D610700000")
        .assert()
        .success();
    let objects = lines_as_json(&output.get_output().stdout);
    let inputs: Vec<&Value> = objects.iter().map(|object| &object["input"]).collect();
    assert_eq!(inputs, ["3jzfcijpj2z2a", "self", "25BF6196C8D610700000"]);
}

// --- invalid input ------------------------------------------------------------------------

#[test]
fn inspect_invalid_input_names_each_reason() {
    // From the atproto record-key invalid vectors: no format accepts them.
    for bad in ["alpha/beta", "any space", "..", "number[3]", "@handle"] {
        idtypes()
            .args(["inspect", bad])
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicate::str::contains("is not a valid id in any format"))
            .stderr(predicate::str::contains("tid: invalid atproto TID"))
            .stderr(predicate::str::contains(
                "record-key: invalid atproto record key",
            ))
            .stderr(predicate::str::contains("panicked").not());
    }
}

#[test]
fn inspect_keeps_going_after_an_invalid_id() {
    let output = idtypes()
        .args(["inspect", "--json", "3jzfcijpj2z2a", "alpha/beta", "self"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("\"alpha/beta\" is not a valid id"));
    let objects = lines_as_json(&output.get_output().stdout);
    assert_eq!(objects.len(), 3);
    assert_eq!(objects[1]["valid"], false);
    assert_eq!(objects[1]["best_guess"], Value::Null);
    assert_eq!(objects[1]["candidates"], serde_json::json!([]));
    assert_eq!(objects[1]["rejected"].as_array().map(Vec::len), Some(14));
    assert_eq!(objects[2]["valid"], true);
}

#[test]
fn no_input_makes_it_panic() {
    let long = "a".repeat(10_000);
    let nasty = [
        "",
        "-",
        "_",
        "post_",
        "_3jzfcijpj2z2a",
        "a_b_c_",
        "ünïcödé",
        "3jzf_",
        "x__",
        "FFFFFFFFFFFFFFFFFFFF",
        "00000000000000000000",
        "jzzzzzzzzzzzz",
        "kjzfcijpj2z2a",
        "3jzf-cij-pj2z-2a",
        "zzzz-zzz-zzzz-zz",
        "post_3jzfcijpj2z2a_",
        "é_3jzfcijpj2z2a",
        &long,
    ];
    for text in nasty {
        let assert = idtypes().args(["inspect", "--"]).arg(text).assert();
        let output = assert.get_output();
        assert!(
            matches!(output.status.code(), Some(0 | 1)),
            "{text:?}: {output:?}"
        );
        assert!(!String::from_utf8_lossy(&output.stderr).contains("panicked"));
    }
    // Standard input that is not UTF-8: that line is an error, the others are read.
    idtypes()
        .args(["inspect"])
        .write_stdin(b"\xff\xfe\n3jzfcijpj2z2a\n\0\n".to_vec())
        .assert()
        .code(1)
        .stdout(predicate::str::contains("tid (best guess)"))
        .stderr(predicate::str::contains(
            "line 1 of standard input is not UTF-8",
        ));
    for args in [
        &["convert", "tid", "--from", "integer", "--", "-1"][..],
        &[
            "convert",
            "tbsl",
            "99999999999999999999999999999",
            "--from",
            "integer",
        ],
        &[
            "convert",
            "tbsl",
            "zzzzzzzzzzzzzzzzzzzzzzzzzz",
            "--from",
            "base62",
        ],
        &["convert", "tbsl", "", "--from", "base58"],
        &["convert", "time-id", "ffffffffffffffffff", "--from", "hex"],
        &["convert", "tid", "é7", "--from", "hex"],
        &["range", "tid", "--prefix", "é"],
        &["range", "uid11", "--prefix", "zzzzzzzzzzzz"],
        &["range", "time-id", "--from", "+262143-12-31T00:00:00Z"],
        &["range", "tid", "--from", "1000-01-01", "--to", "1000-01-02"],
        &["new", "time-id", "--node", "1024"],
        &["new", "tbsl", "--machine", "65535"],
    ] {
        let assert = idtypes().args(args).assert();
        let output = assert.get_output();
        assert_eq!(output.status.code(), Some(1), "{args:?}: {output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

// --- new ----------------------------------------------------------------------------------

#[test]
fn new_tids_count_clock_id_and_order() {
    let text = stdout_of(&["new", "tid", "-n", "5", "--clock-id", "7"]);
    let tids: Vec<idtypes::Tid> = text
        .lines()
        .map(|line| line.parse().expect("each line is a TID"))
        .collect();
    assert_eq!(tids.len(), 5);
    assert!(tids.iter().all(|tid| tid.clock_id() == 7));
    assert!(
        tids.windows(2).all(|pair| pair[0] < pair[1]),
        "strictly increasing"
    );
}

#[test]
fn new_every_format_parses_back() {
    let text = stdout_of(&["new", "time-id", "--node", "1", "-n", "3"]);
    for line in text.lines() {
        let id: idtypes::TimeId = line.parse().expect("a TimeId");
        assert_eq!(id.node().get(), 1);
    }
    let text = stdout_of(&["new", "snowish", "--machine", "12", "-n", "3"]);
    for line in text.lines() {
        assert_eq!(
            idtypes::Snowish::parse(line).map(|id| id.machine_id()),
            Ok(12)
        );
    }
    let text = stdout_of(&["new", "snowflake", "--epoch", "discord", "--machine", "9"]);
    assert_eq!(
        idtypes::Snowflake::parse(text.trim()).map(|id| id.worker_id()),
        Ok(9)
    );
    let text = stdout_of(&["new", "tbsl", "--machine", "7", "-n", "3"]);
    for line in text.lines() {
        assert_eq!(idtypes::Tbsl::parse(line).map(|id| id.machine_id()), Ok(7));
    }
    for (format, len) in [("uid11-xid", 11), ("ts-seq-rand", 11), ("fullrand", 11)] {
        let text = stdout_of(&["new", format, "-n", "4"]);
        assert_eq!(text.lines().count(), 4);
        for line in text.lines() {
            assert_eq!(line.len(), len);
            assert!(idtypes::Uid11::parse(line).is_ok(), "{format}: {line}");
        }
    }
    let text = stdout_of(&["new", "record-key", "-n", "2"]);
    for line in text.lines() {
        let key = idtypes::RecordKey::parse(line).expect("a record key");
        assert!(key.to_tid().is_ok(), "new record keys are TIDs");
    }
}

#[test]
fn new_as_json_one_object_per_id() {
    let objects = json(&["new", "tbsl", "--machine", "7", "-n", "3"]);
    assert_eq!(objects.len(), 3);
    for object in &objects {
        assert_eq!(object["format"], "tbsl");
        assert_eq!(object["machine_id"], 7);
        assert!(object["text"].as_str().is_some_and(|text| text.len() == 20));
        assert!(object["time"].is_string());
        assert!(object["integer"].is_string());
    }
}

#[test]
fn new_refuses_wrong_options() {
    // Usage mistakes: status 2, with clap's usage line.
    for args in [
        &["new", "snowish"][..],
        &["new", "tbsl", "-n", "2"],
        &["new", "uid11-xid", "--clock-id", "3"],
        &["new", "tid", "--machine", "3"],
        &["new", "tid", "-n", "0"],
        &["new", "tid", "-n", "1000001"],
        &["new", "nonsense"],
    ] {
        idtypes()
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("error:"))
            .stderr(predicate::str::contains("panicked").not());
    }
    idtypes()
        .args(["new", "snowish"])
        .assert()
        .stderr(predicate::str::contains("--machine"));
    // Values the crate refuses: status 1 with its message.
    idtypes()
        .args(["new", "tid", "--clock-id", "5000"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("clock id out of range"));
    idtypes()
        .args(["new", "tbsl", "--machine", "100"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("expected 0..=99"));
    idtypes()
        .args(["new", "uid11"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("choose a profile"));
}

// --- range --------------------------------------------------------------------------------

#[test]
fn range_for_a_prefix() {
    let objects = json(&["range", "tid", "--prefix", "3jzf"]);
    let object = &objects[0];
    assert_eq!(object["format"], "tid");
    assert_eq!(object["prefix"], "3jzf");
    let ranges = object["ranges"].as_array().expect("ranges");
    assert_eq!(ranges.len(), 1);
    assert_eq!(ranges[0]["start"]["text"], "3jzf222222222");
    assert_eq!(ranges[0]["end"]["text"], "3jzfzzzzzzzzz");
    assert_eq!(ranges[0]["start"]["hex"], "17fd600000000000");
    assert_eq!(ranges[0]["end"]["hex"], "17fd7fffffffffff");
    // A TID's own integer, in every database's column.
    assert_eq!(
        object["sql"]["postgresql"],
        "id BETWEEN 1728643385096404992 AND 1728678569468493823"
    );
    assert_eq!(object["sql"]["mysql"], object["sql"]["postgresql"]);
    assert_eq!(object["sql"]["sqlite"], object["sql"]["mysql"]);

    idtypes()
        .args(["range", "tid", "--prefix", "3jzf", "--column", "post_id"])
        .assert()
        .success()
        .stdout(predicate::str::contains("start"))
        .stdout(predicate::str::contains(
            "SQLite        post_id BETWEEN 1728643385096404992 AND 1728678569468493823",
        ));
}

#[test]
fn range_for_a_span_of_time() {
    // 2023-06-30, the whole day: the crate's doc example.
    let objects = json(&[
        "range",
        "tid",
        "--from",
        "2023-06-30T00:00:00Z",
        "--to",
        "2023-06-30T23:59:59.999999Z",
    ]);
    let range = &objects[0]["ranges"][0];
    assert_eq!(range["start"]["timestamp_micros"], 1688083200000000u64);
    assert_eq!(range["start"]["clock_id"], 0);
    assert_eq!(range["end"]["timestamp_micros"], 1688169599999999u64);
    assert_eq!(range["end"]["clock_id"], 1023);
    assert_eq!(objects[0]["from"], "2023-06-30T00:00:00Z");

    // A date alone is the whole day; the same answer.
    let dates = json(&["range", "tid", "--from", "2023-06-30", "--to", "2023-06-30"]);
    assert_eq!(dates[0]["ranges"], objects[0]["ranges"]);

    // Milliseconds for xid.
    let xids = json(&[
        "range",
        "uid11-xid",
        "--from",
        "2023-06-30",
        "--to",
        "2023-06-30",
    ]);
    assert_eq!(
        xids[0]["ranges"][0]["start"]["timestamp_millis"],
        1688083200000u64
    );
    assert_eq!(
        xids[0]["ranges"][0]["end"]["timestamp_millis"],
        1688169599999u64
    );
}

#[test]
fn range_of_time_ids_across_1970_is_two_ranges() {
    let objects = json(&[
        "range",
        "time-id",
        "--from",
        "1969-12-31T23:59:59Z",
        "--to",
        "1970-01-01T00:00:01Z",
    ]);
    let ranges = objects[0]["ranges"].as_array().expect("ranges");
    assert_eq!(ranges.len(), 2);
    assert_eq!(ranges[0]["start"]["text"], "2222222222222");
    assert_eq!(ranges[1]["end"]["text"], "zzzzzzzzzzzzz");
    let sql = objects[0]["sql"]["postgresql"].as_str().expect("sql");
    assert_eq!(sql.matches("BETWEEN").count(), 2);
    assert!(sql.contains(") OR ("), "{sql}");
}

#[test]
fn range_that_matches_nothing_or_cannot_be() {
    for (args, message) in [
        (
            &["range", "tid", "--prefix", "k"][..],
            "no tid id has the prefix `k`",
        ),
        (
            &["range", "uid11", "--prefix", "jq"],
            "no uid11 id has the prefix `jq`",
        ),
        (
            &["range", "tid", "--to", "1969-01-01"],
            "no tid id can have been made",
        ),
        (
            &["range", "tid", "--from", "2024-02-01", "--to", "2024-01-01"],
            "--from is after --to",
        ),
        (
            &["range", "record-key", "--prefix", "a"],
            "record keys have no ranges",
        ),
        (&["range", "fullrand", "--from", "now"], "hold no time"),
        (
            &["range", "tid", "--from", "yesterday"],
            "invalid time `yesterday`",
        ),
        (
            &["range", "tid", "--prefix", "3jzf!"],
            "invalid atproto TID",
        ),
    ] {
        idtypes()
            .args(args)
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicate::str::contains(message));
    }
    for args in [
        &["range", "tid"][..],
        &["range", "tid", "--prefix", "3", "--from", "2024-01-01"],
    ] {
        idtypes().args(args).assert().code(2);
    }
}

// --- convert ------------------------------------------------------------------------------

#[test]
fn convert_round_trips() {
    let to = |args: &[&str]| stdout_of(args).trim_end().to_owned();
    assert_eq!(
        to(&["convert", "tid", "3jzfcijpj2z2a", "--to", "integer"]),
        "1728652679052295174"
    );
    assert_eq!(
        to(&[
            "convert",
            "tid",
            "1728652679052295174",
            "--from",
            "integer",
            "--to",
            "text"
        ]),
        "3jzfcijpj2z2a"
    );
    assert_eq!(
        to(&[
            "convert",
            "tid",
            "\\x17FD6873EAF07C06",
            "--from",
            "hex",
            "--to",
            "text"
        ]),
        "3jzfcijpj2z2a"
    );
    // TBSL transport bases (the TBSL reference implementation).
    assert_eq!(
        to(&["convert", "tbsl", "25BF6196C8D610700001", "--to", "base58"]),
        "3818S45pyczRN8"
    );
    assert_eq!(
        to(&[
            "convert",
            "tbsl",
            "tFcxYq1sERALx",
            "--from",
            "base62",
            "--to",
            "text"
        ]),
        "25BF6196C8D610700001"
    );
    // TimeIds: dashed, and negative integers before 1970.
    assert_eq!(
        to(&["convert", "time-id", "3kxnlhr3gxq23", "--to", "dashed"]),
        "3kxn-lhr-3gxq-23"
    );
    assert_eq!(
        to(&[
            "convert", "time-id", "-1", "--from", "integer", "--to", "dashed"
        ]),
        "zzzz-zzz-zzzz-zz"
    );
    // uid11 vectors.
    assert_eq!(
        to(&[
            "convert",
            "uid11-xid",
            "4194304",
            "--from",
            "int",
            "--to",
            "text"
        ]),
        "1111111NVpb"
    );
    assert_eq!(
        to(&["convert", "uid11", "jpXCZedGfVQ", "--to", "hex"]),
        "ffffffffffffffff"
    );
    // Several values, one line each.
    assert_eq!(
        to(&[
            "convert",
            "uid11",
            "11111111111",
            "11111111112",
            "1111111111z",
            "--to",
            "int"
        ]),
        "0\n1\n57"
    );
}

#[test]
fn convert_prints_every_form_and_json() {
    let text = stdout_of(&["convert", "tbsl", "25BF6196C8D610700001"]);
    assert!(text.contains("base58        3818S45pyczRN8"), "{text}");
    assert!(
        text.contains("integer       178257920012945307205633"),
        "{text}"
    );

    let objects = json(&[
        "convert",
        "tbsl",
        "3818S45pyczRN8",
        "--from",
        "base58",
        "--to",
        "hex",
    ]);
    let object = &objects[0];
    assert_eq!(object["format"], "tbsl");
    assert_eq!(object["input"], "3818S45pyczRN8");
    assert_eq!(object["from"], "base58");
    assert_eq!(object["to"], "hex");
    assert_eq!(object["value"], "25bf6196c8d610700001");
    assert_eq!(object["forms"]["text"], "25BF6196C8D610700001");
    assert_eq!(object["forms"]["base62"], "tFcxYq1sERALx");

    let objects = json(&["convert", "tid", "3jzfcijpj2z2a"]);
    assert_eq!(objects[0]["to"], Value::Null);
    assert_eq!(objects[0]["value"], Value::Null);
    assert_eq!(
        objects[0]["forms"],
        serde_json::json!({
            "text": "3jzfcijpj2z2a",
            "integer": "1728652679052295174",
            "uuid": "01890cd4-37ff-701c-8060-000000000000",
            "typeid": "01h46d8dzze0e80r0000000000",
            "hex": "17fd6873eaf07c06",
        })
    );
}

#[test]
fn convert_reads_standard_input() {
    idtypes()
        .args(["convert", "tid", "--to", "integer"])
        .write_stdin("3jzfcijpj2z2a\n2222222222223\n")
        .assert()
        .success()
        .stdout("1728652679052295174\n1\n");
}

#[test]
fn convert_refuses_bad_values_and_forms() {
    for (args, message) in [
        (&["convert", "uid11", "jpXCZedGfVR"][..], "too large"),
        (
            &["convert", "tid", "abc", "--from", "integer"],
            "invalid tid integer `abc`",
        ),
        (
            &["convert", "tid", "17fd", "--from", "hex"],
            "expected 16 hex digits",
        ),
        (
            &[
                "convert",
                "snowish",
                "18446744073709551615",
                "--from",
                "integer",
            ],
            "reserved",
        ),
        (&["convert", "tbsl", "25bf6196c8d610700001"], "invalid TBSL"),
    ] {
        idtypes()
            .args(args)
            .assert()
            .code(1)
            .stderr(predicate::str::contains(message))
            .stderr(predicate::str::contains("panicked").not());
    }
    for (args, message) in [
        (
            &["convert", "tid", "3jzfcijpj2z2a", "--to", "base58"][..],
            "no transport bases",
        ),
        (
            &["convert", "record-key", "self", "--to", "integer"],
            "only a text form",
        ),
        (
            &["convert", "uid11-xid", "1111111NVpb", "--to", "dashed"],
            "no dashed form",
        ),
        (
            &["convert", "tid", "x", "--to", "nonsense"],
            "invalid value",
        ),
    ] {
        idtypes()
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
    // An invalid value among valid ones: the others are still converted.
    idtypes()
        .args([
            "convert",
            "tid",
            "3jzfcijpj2z2a",
            "nope",
            "2222222222223",
            "--to",
            "int",
        ])
        .assert()
        .code(1)
        .stdout("1728652679052295174\n1\n")
        .stderr(predicate::str::contains("invalid atproto TID"));
}

// --- help ---------------------------------------------------------------------------------

#[test]
fn help_has_examples() {
    idtypes()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("Examples:"))
        .stdout(predicate::str::contains("idtypes inspect 3jzfcijpj2z2a"));
    for command in ["inspect", "new", "range", "convert", "sql"] {
        idtypes()
            .args([command, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains("Examples:"))
            .stdout(predicate::str::contains("--json"));
    }
}

#[test]
fn the_top_level_help_names_every_format_the_commands_take() {
    // The formats `convert` takes, as clap lists them: every one of the table.
    let convert = stdout_of(&["convert", "--help"]);
    // The first list of possible values, FORMAT's: `- tid:         atproto ...`, one a line.
    let names: Vec<&str> = convert
        .lines()
        .skip_while(|line| !line.contains("Possible values:"))
        .skip(1)
        .map_while(|line| line.trim_start().strip_prefix("- "))
        .filter_map(|line| line.split_once(':').map(|(name, _)| name))
        .collect();
    assert!(names.len() >= 17, "{names:?}");
    let help = stdout_of(&["--help"]);
    for name in names {
        // In a parenthesized list of names: `(tid)`, `(uid11, uid11-xid, ...)`.
        let named = ["(", " "].iter().any(|before| {
            [")", ","]
                .iter()
                .any(|after| help.contains(&format!("{before}{name}{after}")))
        });
        assert!(named, "`idtypes --help` does not name {name}");
    }
}

// --- sql: the scripts -------------------------------------------------------------------

#[test]
fn sql_prints_the_scripts_of_the_library() {
    assert_eq!(
        stdout_of(&["sql", "postgres"]),
        idtypes::sql::postgres_script("public").unwrap()
    );
    assert_eq!(
        stdout_of(&["sql", "postgres", "--schema", "My Ids"]),
        idtypes::sql::postgres_script("My Ids").unwrap()
    );
    assert_eq!(stdout_of(&["sql", "mysql"]), idtypes::sql::MYSQL);
    assert_eq!(
        stdout_of(&["sql", "mysql", "--database", "ids"]),
        idtypes::sql::mysql_script("ids").unwrap()
    );
    let object = &json(&["sql", "postgres", "--schema", "ids"])[0];
    assert_eq!(object["database"], "postgresql");
    assert_eq!(object["namespace"], "ids");
    assert_eq!(
        object["script"],
        idtypes::sql::postgres_script("ids").unwrap()
    );
    assert_eq!(json(&["sql", "mysql"])[0]["namespace"], Value::Null);
}

#[test]
fn sql_refuses_a_name_the_database_would_not_keep() {
    idtypes()
        .args(["sql", "postgres", "--schema", "a$$b"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "error: invalid PostgreSQL schema name",
        ));
    idtypes()
        .args(["sql", "mysql", "--database", "ids "])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("MySQL database name"));
    idtypes().args(["sql"]).assert().code(2);
    idtypes().args(["sql", "oracle"]).assert().code(2);
}

// --- what each format brings (the table in src/formats.rs) --------------------------------

#[test]
fn inspect_orders_readings_and_refusals_by_format() {
    // u64::MAX: every profile's time is implausible, so the formats without time come first;
    // snowish refuses it (its reserved bit), after the formats that refuse the text itself.
    let objects = json(&["inspect", "jpXCZedGfVQ", "5czqrvpmYZ5"]);
    let refusing = |object: &Value| -> Vec<String> {
        object["rejected"]
            .as_array()
            .expect("rejected is an array")
            .iter()
            .map(|rejection| rejection["format"].as_str().unwrap_or_default().to_owned())
            .collect()
    };
    assert_eq!(
        formats(&objects[0]),
        [
            "uid11",
            "fullrand",
            "record-key",
            "uid11-xid",
            "ts-seq-rand"
        ]
    );
    assert_eq!(
        refusing(&objects[0]),
        [
            "tbsl",
            "tid",
            "time-id",
            "snowish",
            "snowflake",
            "uuid",
            "ulid",
            "object-id",
            "ksuid",
            "sonyflake",
            "rs-xid",
            "nanoid",
            "cuid2"
        ]
    );
    // A plausible xid with a large sequence: xid, ts-seq-rand, snowish, then the rest.
    assert_eq!(
        formats(&objects[1]),
        [
            "uid11-xid",
            "ts-seq-rand",
            "snowish",
            "uid11",
            "fullrand",
            "record-key"
        ]
    );
    // A text uid11 refuses is reported once, by uid11, not by each profile.
    assert_eq!(
        refusing(&objects[1]),
        [
            "tbsl",
            "tid",
            "time-id",
            "snowflake",
            "uuid",
            "ulid",
            "object-id",
            "ksuid",
            "sonyflake",
            "rs-xid",
            "nanoid",
            "cuid2"
        ]
    );
    let tid = json(&["inspect", "3jzfcijpj2z2a"]);
    assert_eq!(
        refusing(&tid[0]),
        [
            "tbsl",
            "uid11",
            "snowflake",
            "uuid",
            "ulid",
            "object-id",
            "ksuid",
            "sonyflake",
            "rs-xid",
            "nanoid",
            "cuid2"
        ]
    );
}

#[test]
fn inspect_a_snowflake_with_and_without_its_epoch() {
    // Discord's API reference's example: worker 1, process 0 (worker id 32), increment 7.
    let objects = json(&["inspect", "--epoch", "discord", "175928847299117063"]);
    let snowflake = candidate(&objects[0], "snowflake");
    assert_eq!(snowflake["time"], "2016-04-30T11:18:25.796Z");
    assert_eq!(snowflake["timestamp_millis"], 1_462_015_105_796_i64);
    assert_eq!(snowflake["millis_since_epoch"], 41_944_705_796_i64);
    assert_eq!(snowflake["worker_id"], 32);
    assert_eq!(snowflake["sequence"], 7);
    assert_eq!(snowflake["integer"], "175928847299117063");
    assert_eq!(objects[0]["best_guess"], "snowflake");
    // The same by the Unix milliseconds of the epoch.
    let objects = json(&["inspect", "--epoch", "1420070400000", "175928847299117063"]);
    assert_eq!(
        candidate(&objects[0], "snowflake")["time"],
        "2016-04-30T11:18:25.796Z"
    );
    // Without the epoch, the parts but no time.
    let objects = json(&["inspect", "175928847299117063"]);
    let snowflake = candidate(&objects[0], "snowflake");
    assert_eq!(snowflake["time"], Value::Null);
    assert_eq!(snowflake["worker_id"], 32);
    idtypes()
        .args(["inspect", "--epoch", "discord", "175928847299117063"])
        .assert()
        .success()
        .stdout(predicate::str::contains("worker id"))
        .stdout(predicate::str::contains("2016-04-30T11:18:25.796Z"));
}

#[test]
fn snowflakes_need_their_epoch_to_be_made_or_ranged() {
    let text = stdout_of(&[
        "new",
        "snowflake",
        "--epoch",
        "twitter",
        "--machine",
        "3",
        "-n",
        "3",
    ]);
    assert_eq!(text.lines().count(), 3);
    for line in text.lines() {
        assert_eq!(
            idtypes::Snowflake::parse(line).map(|id| id.worker_id()),
            Ok(3)
        );
    }
    for args in [
        &["new", "snowflake", "--machine", "3"][..],
        &["new", "snowflake", "--epoch", "twitter"],
        &["range", "snowflake", "--from", "2024-01-01"],
        &["inspect", "--epoch", "yesterday", "1"],
        &["inspect", "--epoch", "253402300800000", "1"],
    ] {
        idtypes()
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--epoch").or(predicate::str::contains("--machine")))
            .stderr(predicate::str::contains("panicked").not());
    }
    idtypes()
        .args(["range", "snowflake", "--prefix", "17"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no prefix ranges"));
    let objects = json(&[
        "range",
        "snowflake",
        "--epoch",
        "discord",
        "--from",
        "2016-04-30T11:18:25.796Z",
        "--to",
        "2016-04-30T11:18:25.796Z",
    ]);
    let range = &objects[0]["ranges"][0];
    let start: u64 = range["start"]["integer"].as_str().unwrap().parse().unwrap();
    let end: u64 = range["end"]["integer"].as_str().unwrap().parse().unwrap();
    assert!((start..=end).contains(&175928847299117063));
    assert_eq!(end - start, (1 << 22) - 1);
}

#[test]
fn usage_mistakes_name_the_formats_that_have_the_form_or_option() {
    for (args, message) in [
        (
            &["convert", "tid", "x", "--to", "dashed"][..],
            "error: --to: tid has no dashed form (time-id has)\n",
        ),
        (
            &["convert", "uid11-xid", "x", "--from", "base58"],
            "error: --from: uid11-xid has no transport bases (tbsl has): use text, integer or hex\n",
        ),
        (
            &["convert", "rkey", "self", "--to", "dashed"],
            "error: --to: record keys have only a text form\n",
        ),
        (
            &["new", "tid", "--machine", "3"],
            "error: --machine does not apply to tid: tid takes --clock-id\n",
        ),
        (
            &["new", "uid11-xid", "--node", "1"],
            "error: --node does not apply to uid11-xid: uid11-xid ids have no clock, node or machine id\n",
        ),
        (
            &["new", "tbsl"],
            "error: tbsl ids name the machine that made them: give --machine <ID> (0..=99)\n",
        ),
    ] {
        let output = idtypes().args(args).assert().code(2);
        let stderr = String::from_utf8_lossy(&output.get_output().stderr).into_owned();
        assert!(stderr.starts_with(message), "{args:?}: {stderr}");
        assert!(stderr.contains("\nUsage: idtypes "), "{args:?}: {stderr}");
    }
}

#[test]
fn formats_answer_to_their_aliases() {
    assert_eq!(
        stdout_of(&["convert", "timeid", "3kxnlhr3gxq23", "--to", "dashed"]),
        "3kxn-lhr-3gxq-23\n"
    );
    assert_eq!(
        stdout_of(&["convert", "rkey", "self"]),
        "text          self\n"
    );
    assert_eq!(
        stdout_of(&["convert", "tbsl", "25BF6196C8D610700001", "--to", "int"]),
        "178257920012945307205633\n"
    );
}

#[test]
fn ulids_convert_to_and_from_their_uuid_and_tids_to_their_uuid_v7() {
    let objects = json(&["convert", "ulid", "01arz3ndektsv4rrffq69g5fav"]);
    assert_eq!(
        objects[0]["forms"],
        serde_json::json!({
            "text": "01ARZ3NDEKTSV4RRFFQ69G5FAV",
            "integer": "1777027686520646174104517696511196507",
            "hex": "01563e3ab5d3d6764c61efb99302bd5b",
            "uuid": "01563e3a-b5d3-d676-4c61-efb99302bd5b",
            "typeid": "01arz3ndektsv4rrffq69g5fav",
        })
    );
    idtypes()
        .args(["convert", "ulid", "01563E3A-B5D3-D676-4C61-EFB99302BD5B", "--from", "uuid"])
        .assert()
        .success()
        .stdout("text          01ARZ3NDEKTSV4RRFFQ69G5FAV\ninteger       1777027686520646174104517696511196507\nhex           01563e3ab5d3d6764c61efb99302bd5b\nuuid          01563e3a-b5d3-d676-4c61-efb99302bd5b\ntypeid        01arz3ndektsv4rrffq69g5fav\n");
    idtypes()
        .args([
            "convert",
            "tid",
            "01890cd4-37ff-701c-8060-000000000000",
            "--from",
            "uuid",
            "--to",
            "text",
        ])
        .assert()
        .success()
        .stdout("3jzfcijpj2z2a\n");
    // Not hyphenated, or a UUIDv7 with random bits a TID does not have: refused, saying why.
    idtypes()
        .args([
            "convert",
            "ulid",
            "01563e3ab5d3d6764c61efb99302bd5b",
            "--from",
            "uuid",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "invalid UUID: expected 36 bytes, found 32 bytes",
        ));
    idtypes()
        .args([
            "convert",
            "tid",
            "01890cd4-37ff-701c-8060-000000000001",
            "--from",
            "uuid",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "rand_b holds data below its top 10 bits",
        ));
    idtypes()
        .args(["convert", "uid11-xid", "x", "--to", "uuid"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "uid11-xid has no UUID form (tid, time-id, ulid have)",
        ));
}

#[test]
fn new_ulids_rise_and_inspect_reads_their_time() {
    let output = idtypes()
        .args(["new", "ulid", "-n", "3"])
        .assert()
        .success();
    let text = String::from_utf8(output.get_output().stdout.clone()).unwrap();
    let ids: Vec<idtypes::Ulid> = text.lines().map(|line| line.parse().unwrap()).collect();
    assert_eq!(ids.len(), 3);
    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
    let objects = json(&["inspect", "01ARZ3NDEKTSV4RRFFQ69G5FAV"]);
    assert_eq!(objects[0]["best_guess"], "ulid");
    let ulid = candidate(&objects[0], "ulid");
    assert_eq!(ulid["time"], "2016-07-30T23:54:10.259Z");
    assert_eq!(ulid["random_hex"], "d6764c61efb99302bd5b");
    assert_eq!(ulid["uuid"], "01563e3a-b5d3-d676-4c61-efb99302bd5b");
}

#[test]
fn new_uuids_are_version_7_or_4_and_inspect_reads_typeids() {
    let output = idtypes()
        .args(["new", "uuid", "-n", "3"])
        .assert()
        .success();
    let text = String::from_utf8(output.get_output().stdout.clone()).unwrap();
    let uuids: Vec<&str> = text.lines().collect();
    assert_eq!(uuids.len(), 3);
    assert!(uuids.windows(2).all(|pair| pair[0] < pair[1]));
    assert!(
        uuids
            .iter()
            .all(|uuid| uuid.len() == 36 && &uuid[14..15] == "7")
    );
    let output = idtypes().args(["new", "uuid", "--v4"]).assert().success();
    let text = String::from_utf8(output.get_output().stdout.clone()).unwrap();
    assert_eq!(&text[14..15], "4");
    let objects = json(&["inspect", "user_01h455vb4pex5vsknk084sn02q"]);
    assert_eq!(objects[0]["best_guess"], "uuid");
    let uuid = candidate(&objects[0], "uuid");
    assert_eq!(uuid["text"], "01890a5d-ac96-774b-bcce-b302099a8057");
    assert_eq!(uuid["version"], 7);
    assert_eq!(uuid["time"], "2023-06-30T03:34:18.518Z");
    idtypes()
        .args(["new", "tid", "--v4"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--v4 does not apply to tid"));
}

#[test]
fn ksuids_rise_inspect_convert_and_range() {
    let output = idtypes()
        .args(["new", "ksuid", "-n", "3"])
        .assert()
        .success();
    let text = String::from_utf8(output.get_output().stdout.clone()).unwrap();
    let ids: Vec<idtypes::Ksuid> = text.lines().map(|line| line.parse().unwrap()).collect();
    assert_eq!(ids.len(), 3);
    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));

    // segmentio's example: a KSUID of a plausible time beats the record key reading.
    let objects = json(&["inspect", "0ujtsYcgvSTl8PAuAdqWYSMnLOv"]);
    assert_eq!(objects[0]["best_guess"], "ksuid");
    let ksuid = candidate(&objects[0], "ksuid");
    assert_eq!(ksuid["time"], "2017-10-10T04:00:47Z");
    assert_eq!(ksuid["timestamp_millis"], 1_507_608_047_000u64);
    assert_eq!(ksuid["random_hex"], "b5a1cd34b5f99d1154fb6853345c9735");
    assert_eq!(ksuid["hex"], "0669f7efb5a1cd34b5f99d1154fb6853345c9735");

    let objects = json(&["convert", "ksuid", "aWgEPTl1tmebfsQzFP4bxwgy80V"]);
    assert_eq!(
        objects[0]["forms"],
        serde_json::json!({
            "text": "aWgEPTl1tmebfsQzFP4bxwgy80V",
            "integer": "1461501637330902918203684832716283019655932542975",
            "hex": "ffffffffffffffffffffffffffffffffffffffff",
        })
    );
    idtypes()
        .args(["convert", "ksuid", "1", "--from", "integer", "--to", "text"])
        .assert()
        .success()
        .stdout("000000000000000000000000001\n");
    idtypes()
        .args([
            "convert",
            "ksuid",
            "0669f7efb5a1cd34b5f99d1154fb6853345c9735",
            "--from",
            "hex",
            "--to",
            "text",
        ])
        .assert()
        .success()
        .stdout("0ujtsYcgvSTl8PAuAdqWYSMnLOv\n");
    // The alphabet is checked: `:` is refused where it stands.
    idtypes()
        .args(["convert", "ksuid", "0ujtsYcgvSTl8PAuAdqWYSMnLO:"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "unexpected character ':' at byte 26",
        ));

    let objects = json(&["range", "ksuid", "--prefix", "0ujts"]);
    let range = &objects[0]["ranges"][0];
    assert_eq!(range["start"]["text"], "0ujts0000000000000000000000");
    assert_eq!(range["end"]["text"], "0ujtszzzzzzzzzzzzzzzzzzzzzz");
    let objects = json(&[
        "range",
        "ksuid",
        "--from",
        "2023-11-14T22:13:20Z",
        "--to",
        "2023-11-14T22:13:20Z",
    ]);
    let range = &objects[0]["ranges"][0];
    assert_eq!(range["start"]["time"], "2023-11-14T22:13:20Z");
    assert_eq!(
        range["start"]["random_hex"],
        "00000000000000000000000000000000"
    );
    assert_eq!(
        range["end"]["random_hex"],
        "ffffffffffffffffffffffffffffffff"
    );
}

#[test]
fn new_and_inspect_sonyflakes_in_the_v1_layout() {
    let output = idtypes()
        .args(["new", "sonyflake", "--machine", "513", "-n", "3"])
        .assert()
        .success();
    let text = String::from_utf8(output.get_output().stdout.clone()).unwrap();
    let ids: Vec<u64> = text.lines().map(|line| line.parse().unwrap()).collect();
    assert_eq!(ids.len(), 3);
    assert!(ids.windows(2).all(|w| w[0] < w[1]));
    assert!(ids.iter().all(|id| id & 0xFFFF == 513));
    let objects = json(&["inspect", "578547906324398081"]);
    let sonyflake = candidate(&objects[0], "sonyflake");
    assert_eq!(sonyflake["timestamp_millis"], 1_754_371_024_420_i64);
    assert_eq!(
        (
            sonyflake["machine_id"].as_u64(),
            sonyflake["sequence"].as_u64()
        ),
        (Some(1), Some(3))
    );
    idtypes()
        .args(["new", "sonyflake"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--machine"));
}

// --- rs/xid's XID, and the two "xid"s ------------------------------------------------------

#[test]
fn plain_xid_is_refused_naming_both_xids() {
    for args in [
        &["new", "xid"][..],
        &["convert", "xid", "9m4e2mr0ui3e8a215n4g", "--to", "hex"],
        &["range", "xid", "--prefix", "9m"],
    ] {
        idtypes()
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("`xid` is ambiguous: rs-xid"))
            .stderr(predicate::str::contains("or uid11-xid"));
    }
}

#[test]
fn inspect_tells_the_two_xids_apart_by_length() {
    // rs/xid's test vector: 20 characters, an rs-xid (and a record key).
    let objects = json(&["inspect", "9m4e2mr0ui3e8a215n4g", "113q8KFkAEs"]);
    assert_eq!(objects[0]["best_guess"], "rs-xid");
    let rs_xid = candidate(&objects[0], "rs-xid");
    assert_eq!(rs_xid["time"], "2011-03-22T17:50:19Z");
    assert_eq!(rs_xid["timestamp_seconds"], 1_300_816_219);
    assert_eq!(rs_xid["machine_id_hex"], "60f486");
    assert_eq!(rs_xid["process_id"], 0xe428);
    assert_eq!(rs_xid["counter"], 4_271_561);
    assert_eq!(rs_xid["hex"], "4d88e15b60f486e428412dc9");
    assert_eq!(rs_xid["integer"], "23995823885809873473754967497");
    assert!(!formats(&objects[0]).contains(&"uid11-xid"));
    // 11 characters: a uid11 xid, never an rs-xid.
    assert!(formats(&objects[1]).contains(&"uid11-xid"));
    assert!(!formats(&objects[1]).contains(&"rs-xid"));
}

#[test]
fn rs_xid_new_range_and_convert() {
    let output = idtypes()
        .args(["new", "rs-xid", "-n", "3"])
        .assert()
        .success();
    let ids: Vec<String> = String::from_utf8(output.get_output().stdout.clone())
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    assert_eq!(ids.len(), 3);
    for id in &ids {
        assert_eq!(id.len(), 20, "{id}");
        assert!(id.ends_with('0') || id.ends_with('g'), "{id}");
    }
    let ranges = json(&[
        "range",
        "rs-xid",
        "--from",
        "2024-06-01T12:00:00Z",
        "--to",
        "2024-06-01T12:00:05Z",
    ]);
    let range = &ranges[0]["ranges"][0];
    assert_eq!(range["start"]["text"], "cpdgqg00000000000000");
    assert_eq!(range["end"]["text"], "cpdgqhfvvvvvvvvvvvvg");
    let to = |args: &[&str]| {
        let output = idtypes().args(args).assert().success();
        String::from_utf8(output.get_output().stdout.clone())
            .unwrap()
            .trim()
            .to_owned()
    };
    assert_eq!(
        to(&["convert", "rs-xid", "9m4e2mr0ui3e8a215n4g", "--to", "hex"]),
        "4d88e15b60f486e428412dc9"
    );
    assert_eq!(
        to(&[
            "convert",
            "rs-xid",
            "23995823885809873473754967497",
            "--from",
            "integer",
            "--to",
            "text"
        ]),
        "9m4e2mr0ui3e8a215n4g"
    );
    // Past 96 bits: refused, with the integers it takes.
    idtypes()
        .args([
            "convert",
            "rs-xid",
            "79228162514264337593543950336",
            "--from",
            "integer",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "0..=79228162514264337593543950335",
        ));
}

// --- NanoID -------------------------------------------------------------------------------

#[test]
fn new_nanoids_are_21_url_safe_symbols() {
    let text = stdout_of(&["new", "nanoid", "-n", "3"]);
    let ids: Vec<&str> = text.lines().collect();
    assert_eq!(ids.len(), 3);
    for id in &ids {
        assert!(id.parse::<idtypes::NanoId>().is_ok(), "{id}");
    }
    assert_ne!(ids[0], ids[1]);
}

#[test]
fn inspect_reads_a_nanoid_and_says_why_not_one() {
    let objects = json(&["inspect", "V1StGXR8_Z5jdHi6B-myT"]);
    let nanoid = candidate(&objects[0], "nanoid");
    assert_eq!(nanoid["length"], 21);
    idtypes()
        .args(["inspect", "V1StGXR8_Z5jdHi6B-my~"])
        .assert()
        .stdout(predicate::str::contains(
            "nanoid        invalid NanoID: unexpected character '~' at byte 20",
        ));
    idtypes()
        .args(["range", "nanoid", "--prefix", "a"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("no ranges"));
}

#[test]
fn new_cuid2s_of_each_length_and_inspect_them() {
    for (length, args) in [
        (24, vec!["new", "cuid2", "-n", "3"]),
        (10, vec!["new", "cuid2", "--length", "10", "-n", "3"]),
        (2, vec!["new", "cuid2", "--length", "2", "-n", "3"]),
        (32, vec!["new", "cuid2", "--length", "32", "-n", "3"]),
    ] {
        let text = stdout_of(&args);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{text}");
        for line in lines {
            let id = idtypes::Cuid2::parse(line).expect("a CUID2");
            assert_eq!(id.len(), length);
        }
    }
    idtypes()
        .args(["new", "cuid2", "--length", "33"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("length out of range"));
    let objects = json(&["inspect", "tz4a98xxat96iws9zmbrgj3a"]);
    assert_eq!(objects[0]["best_guess"], "cuid2");
    assert_eq!(candidate(&objects[0], "cuid2")["length"], 24);
}

#[test]
fn object_ids_inspect_new_range_and_convert() {
    // Uppercase, as a driver may hand it over: read, and written back in lowercase.
    let objects = json(&["inspect", "64B7F0A1C2D3E4F5A6B7C8D9"]);
    assert_eq!(objects[0]["best_guess"], "object-id");
    let id = candidate(&objects[0], "object-id");
    assert_eq!(id["text"], "64b7f0a1c2d3e4f5a6b7c8d9");
    assert_eq!(id["time"], "2023-07-19T14:18:09Z");
    assert_eq!(id["timestamp_seconds"], 1_689_776_289);
    assert_eq!(id["random_hex"], "c2d3e4f5a6");
    assert_eq!(id["counter"], 0xb7_c8d9);
    assert_eq!(id["integer"], "31170870759044484800697583833");

    let output = idtypes()
        .args(["new", "object-id", "-n", "3"])
        .assert()
        .success();
    let ids: Vec<String> = String::from_utf8(output.get_output().stdout.clone())
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    assert_eq!(ids.len(), 3);
    for id in &ids {
        assert_eq!(id.len(), 24, "{id}");
        assert!(
            id.bytes()
                .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()),
            "{id}"
        );
        // One process: one random value.
        assert_eq!(id[8..18], ids[0][8..18]);
    }
    let ranges = json(&[
        "range",
        "object-id",
        "--from",
        "2024-06-01T12:00:00Z",
        "--to",
        "2024-06-01T12:00:05Z",
    ]);
    let range = &ranges[0]["ranges"][0];
    assert_eq!(range["start"]["text"], "665b0d400000000000000000");
    assert_eq!(range["end"]["text"], "665b0d45ffffffffffffffff");
    assert_eq!(
        stdout_of(&[
            "convert",
            "object-id",
            "64b7f0a1c2d3e4f5a6b7c8d9",
            "--to",
            "integer"
        ]),
        "31170870759044484800697583833\n"
    );
    idtypes()
        .args([
            "convert",
            "object-id",
            "64b7f0a1c2d3e4f5a6b7c8dg",
            "--to",
            "hex",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains("ObjectId"));
}
