"""Sonyflake conformance vectors from the PyPI port `sonyflake` (pinned in requirements.txt),
checked against the Go reference's integer rules (github.com/sony/sonyflake/v2).

Run: python3 -m venv venv && venv/bin/pip install -r requirements.txt
     && venv/bin/python generate.py > sonyflake.json

For each layout, ids composed by the port (`Sonyflake.compose`) at instants on unit
boundaries, with the port's `decompose` and `to_time`, beside what the Go reference computes
in integers: `time_units` is `unix_ns / unit - start_units` (`toInternalTime`), `unix_nanos`
is `(start_units + time) * unit` (`ToTime`). Where the port, which turns a datetime into
nanoseconds through a float (`int(dt.timestamp() * 1e9)`), lands one unit low, the vector
says so (`port_time_units`, `port_one_unit_low`). The invalid texts are the strict decimal
rules idtypes keeps (the port takes Python ints, never text).
"""

import datetime
import json
import sys

import sonyflake
from sonyflake import Sonyflake

UTC = datetime.UTC
EPOCH = datetime.datetime.fromtimestamp(0, tz=UTC)


def ms(year, month, day):
    return int(datetime.datetime(year, month, day, tzinfo=UTC).timestamp()) * 1000


LAYOUTS = {
    # name: (start Unix ms, unit ns, bits sequence, bits machine id)
    "v1": (ms(2014, 9, 1), 10_000_000, 8, 16),
    "v2": (ms(2025, 1, 1), 10_000_000, 8, 16),
    "ms-12-10": (ms(2020, 1, 1), 1_000_000, 12, 10),
    "ms-30-1": (ms(2020, 1, 1), 1_000_000, 30, 1),
    "ms-1-30": (ms(2020, 1, 1), 1_000_000, 1, 30),
    "1500us-8-16": (ms(2020, 1, 1), 1_500_000, 8, 16),
}


def port(layout):
    start, unit, seq, mach = layout
    return Sonyflake(
        start_time=datetime.datetime.fromtimestamp(start / 1000, tz=UTC),
        time_unit=datetime.timedelta(microseconds=unit // 1000),
        bits_sequence=seq,
        bits_machine_id=mach,
        machine_id=0,
    )


def vectors():
    out = []
    for name, layout in LAYOUTS.items():
        start, unit, seq, mach = layout
        sf = port(layout)
        start_units = start * 1_000_000 // unit
        bits_time = 63 - seq - mach
        max_units = (1 << bits_time) - 1
        # Units on boundaries a datetime (microseconds) can state, up to ~69 years out.
        for units in [0, 1, 29, 57, 100, 12_345, 1_234_567, 98_765_432, 2_000_000_000]:
            if units > max_units:
                continue
            ns = (start_units + units) * unit
            if ns % 1000:
                continue
            dt = datetime.datetime.fromtimestamp(0, tz=UTC) + datetime.timedelta(microseconds=ns // 1000)
            for sequence, machine in [(0, 0), (1, 1), ((1 << seq) - 1, (1 << mach) - 1), (3 % (1 << seq), 5 % (1 << mach))]:
                value = sf.compose(dt, sequence, machine)
                parts = sf.decompose(value)
                port_units = parts.time
                exact = units << (seq + mach) | sequence << mach | machine
                to_time = sf.to_time(exact)
                out.append(
                    {
                        "layout": name,
                        "text": str(exact),
                        "time_units": units,
                        "sequence": sequence,
                        "machine_id": machine,
                        "unix_nanos": str(ns),
                        "port_text": str(value),
                        "port_time_units": port_units,
                        "port_one_unit_low": port_units == units - 1,
                        "port_decompose_of_text": list(sf.decompose(exact)),
                        "port_to_time_micros": (to_time - EPOCH) // datetime.timedelta(microseconds=1),
                    }
                )
                assert port_units in (units, units - 1), (name, units, port_units)
                assert list(parts)[1:] == [sequence, machine]
        # The largest id of the layout, decomposed by the port.
        top = (1 << 63) - 1
        out.append(
            {
                "layout": name,
                "text": str(top),
                "time_units": max_units,
                "sequence": (1 << seq) - 1,
                "machine_id": (1 << mach) - 1,
                "unix_nanos": str((start_units + max_units) * unit),
                "port_text": str(top),
                "port_time_units": sf.decompose(top).time,
                "port_one_unit_low": False,
                "port_decompose_of_text": list(sf.decompose(top)),
                "port_to_time_micros": None,
            }
        )
    return out


INVALID = [
    # text, kind, byte position
    ("", "Length", None),
    ("10000000000000000000", "Length", None),
    ("99999999999999999999", "Length", None),
    ("9223372036854775808", "Overflow", 18),
    ("9223372036854775810", "Overflow", 17),
    ("9300000000000000000", "Overflow", 1),
    ("9999999999999999999", "Overflow", 1),
    ("00", "Syntax", 0),
    ("01", "Syntax", 0),
    ("0578547906324398081", "Syntax", 0),
    ("-1", "Character", 0),
    ("+1", "Character", 0),
    (" 1", "Character", 0),
    ("1 ", "Character", 1),
    ("1/", "Character", 1),  # '/' is just below '0'
    ("1:", "Character", 1),  # ':' is just above '9'
    ("1_000", "Character", 1),
    ("0x1F", "Character", 1),
    ("1e9", "Character", 1),
]

VALID_EDGES = ["0", "1", "9", "10", "999999999999999999", "1000000000000000000", "9223372036854775807"]


def main():
    doc = {
        "source": f"PyPI sonyflake=={sonyflake.__version__}, checked against github.com/sony/sonyflake/v2's integer rules",
        "layouts": {
            name: {"start_unix_millis": s, "unit_nanos": u, "bits_sequence": q, "bits_machine_id": m}
            for name, (s, u, q, m) in LAYOUTS.items()
        },
        "ids": vectors(),
        "valid_texts": VALID_EDGES,
        "invalid_texts": [{"text": t, "kind": k, "position": p} for t, k, p in INVALID],
    }
    json.dump(doc, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
