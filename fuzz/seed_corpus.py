#!/usr/bin/env python3
"""Writes the seed corpora fuzz/corpus/<target>/ from the conformance vectors in tests/vectors/.

Each seed is one selector byte (which format and form the target checks, see fuzz/src/lib.rs)
and the input. Run from anywhere: `python3 fuzz/seed_corpus.py`. It only adds files (named
by their content's hash), so re-running it is harmless; libFuzzer's own finds go elsewhere
(see fuzz/README.md).
"""
import hashlib
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
VECTORS = ROOT / "tests" / "vectors"
CORPUS = ROOT / "fuzz" / "corpus"


def lines(relative):
    text = (VECTORS / relative).read_text()
    return [l for l in text.splitlines() if l.strip() and not l.startswith("#")]


def write(target, selector, data):
    if isinstance(data, str):
        data = data.encode()
    seed = bytes([selector]) + data
    directory = CORPUS / target
    directory.mkdir(parents=True, exist_ok=True)
    (directory / hashlib.sha1(seed).hexdigest()[:16]).write_bytes(seed)


uid11 = json.loads((VECTORS / "uid11" / "test-vectors.json").read_text())
uid11_valid = [v["b58"] for v in uid11["encode"]]
uid11_invalid = [v["s"] for v in uid11["invalid"]]
tids = lines("atproto/tid_syntax_valid.txt")
tids_invalid = lines("atproto/tid_syntax_invalid.txt")
keys = lines("atproto/recordkey_syntax_valid.txt")
keys_invalid = lines("atproto/recordkey_syntax_invalid.txt")
nsids = lines("atproto-nsid/nsid_syntax_valid.txt")
nsids_invalid = lines("atproto-nsid/nsid_syntax_invalid.txt")
time_ids = ["3kxnlhr3gxq23", "3kxn-lhr-3gxq-23", "s222222222222", "zzzzzzzzzzzzz", "jzzzzzzzzzzzz",
            "3kxn-lhr3gxq-23", "2222222222223"]
tbsls = ["25BF6196C8D610700001", "FFFFFFFFFFFFFFFFFFFF", "00000000000000000000", "25bf6196C8D610700000"]
transport = ["3818S45pyczRN8", "tFcxYq1sERALx", "25bf6196c8d610700001", "1208925819614629174706176",
             "1208925819614629174706175", "0", "000000000000001", "12w"]

snowflakes = ["175928847299117063", "0", "9223372036854775807", "9223372036854775808", "01", "+1",
              "10000000000000000000", "1 ", ""]
# Sonyflake (selector 18 with Snowflake: the same text): sony/sonyflake v1 ids.
sonyflakes = ["578547906324398081", "16777216", "9223372036854775806"]
ulids = ["01ARZ3NDEKTSV4RRFFQ69G5FAV", "01arz3ndektsv4rrffq69g5fav", "7ZZZZZZZZZZZZZZZZZZZZZZZZZ",
         "00000000000000000000000000", "8ZZZZZZZZZZZZZZZZZZZZZZZZZ", "01ARZ3NDEKTSV4RRFFQ69G5FAI",
         "01ARZ3NDEKTSV4RRFFQ69G5FA", "01ARZ3NDEKTSV4RRFFQ69G5FAVV", "01ARZ3NDEKTSV4RRFFQ69G5FAu"]
typeids = [v["typeid"] for v in json.loads((VECTORS / "typeid" / "valid.json").read_text())]
typeids_invalid = [v["typeid"] for v in json.loads((VECTORS / "typeid" / "invalid.json").read_text())]
# The TypeID suffixes of the valid vectors, and a version 7 one.
suffixes = [t.rsplit("_", 1)[-1] for t in typeids] + ["01h455vb4pex5vsknk084sn02q"]

# fixed: 0 Tid, 1 TimeId, 2..6 uid11 profiles, 7 Tbsl, 8..13 transport bases, 14..17 raw bytes,
# 18 Snowflake, 19 Ulid.
for text in tids + tids_invalid[:8]:
    write("fixed", 0, text)
for text in time_ids:
    write("fixed", 1, text)
for selector in range(2, 7):
    for text in uid11_valid + uid11_invalid[:3]:
        write("fixed", selector, text)
for text in tbsls:
    write("fixed", 7, text)
for selector in range(8, 14):
    for text in transport:
        write("fixed", selector, text)
for selector in range(14, 18):
    write("fixed", selector, bytes(range(1, 17)))
    write("fixed", selector, b"\xff" * 16)
for text in snowflakes + sonyflakes:
    write("fixed", 18, text)
for text in ulids:
    write("fixed", 19, text)

# record_key: even selector RecordKey, odd RecordKeyType.
for text in keys + keys_invalid + nsids[:10] + nsids_invalid[:6] + tids[:2]:
    write("record_key", 0, text)
for text in ["tid", "nsid", "any", "literal:self", "literal:", "literal:a/b", "TID", "literal:pre:fix"]:
    write("record_key", 1, text)

# typed: one selector per typed id (see `typed` in fuzz/src/lib.rs).
typed = [
    (0, ["post_" + t for t in tids] + ["posts_3jzfcijpj2z2a", "post-3jzfcijpj2z2a"]),
    (1, ["evt-3kxnlhr3gxq23", "evt-3kxn-lhr-3gxq-23", "evt_3kxnlhr3gxq23"]),
    (2, ["file::" + t for t in uid11_valid[:3]] + ["file:11111111111"]),
    (3, uid11_valid[:3]),
    (4, ["job_11111111112", "job_11111111111", "job_jpXCZedGfVQ"]),
    (5, ["chat_msg_1111111NVpb", "chat_1111111NVpb"]),
    (6, ["tok_11111111112", "tok_11111111116"]),
    (7, ["txn_" + t for t in tbsls[:2]]),
    (8, ["note_" + k for k in keys[:6]] + ["note_" + "a" * 65]),
    (9, tids + keys[:3]),
    (10, ["profile_self", "profile_Self"]),
    (11, ["coll:" + n for n in nsids[3:9]] + ["coll:self"]),
    (12, ["tweet_" + t for t in snowflakes] + ["tweet175928847299117063"]),
    (13, ["sales_order_" + t for t in ulids[:4]] + ["sales_01ARZ3NDEKTSV4RRFFQ69G5FAV"]),
    (14, ["user_" + s for s in suffixes] + typeids + typeids_invalid),
    (15, suffixes + typeids + typeids_invalid),
]
for selector, texts in typed:
    for text in texts:
        write("typed", selector, text)

# serde: (selector / 2) % 16 picks the type (0..7 fixed-size with a typed id, 8..11 record
# keys, 12 record key types, 13 Snowflake, 14 Ulid, 15 typed UUIDs and DynTypeId), even
# selectors read JSON, odd ones a binary format: postcard below 32, DAG-CBOR from 32 to 63.
json_inputs = {
    0: ['"3jzfcijpj2z2a"', '"post_3jzfcijpj2z2a"', "1728652679052295174"],
    1: ['"3kxnlhr3gxq23"', '"evt-3kxn-lhr-3gxq-23"'],
    2: ['"11111111112"', '"file::jpXCZedGfVQ"'],
    3: ['"113q8KFkAEs"'],
    4: ['"job_11111111112"', '"jpXCZedGfVQ"'],
    5: ['"chat_msg_1111111NVpb"'],
    6: ['"tok_11111111112"'],
    7: ['"25BF6196C8D610700001"', '"txn_25BF6196C8D610700001"', "[37,191,97,150,200,214,16,112,0,1]"],
    8: ['"self"', '"note_self"'],
    9: ['"3jzfcijpj2z2a"', '"self"'],
    10: ['"profile_self"'],
    11: ['"coll:app.bsky.feed.post"'],
    12: ['"literal:self"', '"tid"', '"nope"'],
    13: ['"175928847299117063"', '"tweet_175928847299117063"', "175928847299117063", '"01"'],
    14: ['"01ARZ3NDEKTSV4RRFFQ69G5FAV"', '"sales_order_01arz3ndektsv4rrffq69g5fav"'],
    15: ['"%s"' % t for t in typeids[-3:] + typeids_invalid[:3]]
    + ['"user_01h455vb4pex5vsknk084sn02q"', '"01h455vb4pex5vsknk084sn02q"'],
}
for kind, texts in json_inputs.items():
    for text in texts:
        write("serde", kind * 2, text)
for kind in range(16):
    write("serde", kind * 2 + 1, bytes([0x86, 0xB0, 0xD8, 0xC4, 0x9F, 0xA4, 0xE3, 0xFE, 0x17, 0x00]))
    write("serde", kind * 2 + 1, bytes([10, 0x25, 0xBF, 0x61, 0x96, 0xC8, 0xD6, 0x10, 0x70, 0x00, 0x01]))
    write("serde", kind * 2 + 1, bytes([4]) + b"self")
    # The text in postcard: a length, then the text.
    for text in [b"3jzfcijpj2z2a", b"post_3jzfcijpj2z2a", b"evt_3kxnlhr3gxq23", b"25BF6196C8D610700001",
                 b"175928847299117063", b"01ARZ3NDEKTSV4RRFFQ69G5FAV", b"user_01h455vb4pex5vsknk084sn02q"]:
        write("serde", kind * 2 + 1, bytes([len(text)]) + text)
    # DAG-CBOR: text strings (major type 3), the integer TID earlier releases wrote, a TBSL's
    # bytes (major type 2), null.
    for cbor in [
        b"\x6d3jzfcijpj2z2a",
        b"\x72post_3jzfcijpj2z2a",
        b"\x71evt_3kxnlhr3gxq23",
        b"\x7425BF6196C8D610700001",
        b"\x64self",
        b"\x1b\x17\xfd\x68\x73\xea\xf0\x7c\x06",
        bytes([0x4A, 0x25, 0xBF, 0x61, 0x96, 0xC8, 0xD6, 0x10, 0x70, 0x00, 0x01]),
        b"\xf6",
        b"\x78\x1a01ARZ3NDEKTSV4RRFFQ69G5FAV",
        b"\x78\x1fuser_01h455vb4pex5vsknk084sn02q",
        b"\x50" + bytes(range(16)),
    ]:
        write("serde", 32 + kind * 2 + 1, cbor)

# The `ksuid` target: 0 the text (valid and invalid vectors), 1 prefixes, 2 bytes.
ksuid = json.loads((VECTORS / "ksuid" / "ksuid.json").read_text())
for vector in ksuid["valid"]:
    write("ksuid", 0, vector["text"])
    write("ksuid", 1, vector["text"][:5])
    write("ksuid", 2, bytes.fromhex(vector["bytes"]))
for vector in ksuid["invalid"]:
    write("ksuid", 0, vector["text"])
for prefix in ["", "a", "aWgEPTl1tmebfsQzFP4bxwgy80V", "aX", "z", "0uj:"]:
    write("ksuid", 1, prefix)

# cuid2: even selector a text (isCuid's vectors), odd selector the inputs of an id of length
# selector / 2 % 40.
cuid2 = json.loads((VECTORS / "cuid2" / "cuid2.json").read_text())
for case in cuid2["is_cuid"]:
    write("cuid2", 0, case["text"])
for selector in (1, 5, 21, 49, 65, 67):
    write("cuid2", selector, b"k" + bytes(range(1, 17)) + b"0123456789abcdefghijklmnopqrstuv")
