#!/usr/bin/env python3
"""Collapsed stacks of sampled time (pmuctl report --collapsed) as a pprof profile.

  python3 scripts/run/smp_pprof.py IN.folded OUT.pb.gz [--period N] [--interval N]

IN is what `pmuctl report FILE --collapsed IN` writes: one line per (thread name, instruction,
CPI-stack component) with its cycles, `NAME;0xPC;COMPONENT CYCLES` (docs/sampling.md "Sample
files"). OUT is pprof's profile.proto (github.com/google/pprof, proto/profile.proto), gzip
compressed as pprof stores it: one Sample per line, its stack (leaf first) the component, the
instruction (a Function "NAME 0xPC" at address PC) and the thread's workload (a Function NAME),
its value the cycles (sample type cycles/cycles), labels `thread` and `component`; period type
cycles with --period (the sampler's mean interval). `go tool pprof -top|-traces|-svg OUT` reads it.

The message classes are built from a descriptor written here with the field numbers of
profile.proto (the protobuf package, scripts/gen/requirements.txt; no protoc step). Errors: the
file and line of a malformed input line, exit 2, OUT not written.
"""
import argparse
import gzip
import os
import re
import sys

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

# (message, [(field, number, type, repeated, message type)]) of profile.proto, the fields used here
_I64, _U64, _STR, _MSG = (descriptor_pb2.FieldDescriptorProto.TYPE_INT64,
                          descriptor_pb2.FieldDescriptorProto.TYPE_UINT64,
                          descriptor_pb2.FieldDescriptorProto.TYPE_STRING,
                          descriptor_pb2.FieldDescriptorProto.TYPE_MESSAGE)
PROTO = [
    ("Profile", [("sample_type", 1, _MSG, True, "ValueType"), ("sample", 2, _MSG, True, "Sample"),
                 ("location", 4, _MSG, True, "Location"), ("function", 5, _MSG, True, "Function"),
                 ("string_table", 6, _STR, True, None), ("period_type", 11, _MSG, False, "ValueType"),
                 ("period", 12, _I64, False, None), ("comment", 13, _I64, True, None),
                 ("default_sample_type", 14, _I64, False, None)]),
    ("ValueType", [("type", 1, _I64, False, None), ("unit", 2, _I64, False, None)]),
    ("Sample", [("location_id", 1, _U64, True, None), ("value", 2, _I64, True, None),
                ("label", 3, _MSG, True, "Label")]),
    ("Label", [("key", 1, _I64, False, None), ("str", 2, _I64, False, None), ("num", 3, _I64, False, None)]),
    ("Location", [("id", 1, _U64, False, None), ("address", 3, _U64, False, None),
                  ("line", 4, _MSG, True, "Line")]),
    ("Line", [("function_id", 1, _U64, False, None), ("line", 2, _I64, False, None)]),
    ("Function", [("id", 1, _U64, False, None), ("name", 2, _I64, False, None),
                  ("system_name", 3, _I64, False, None), ("filename", 4, _I64, False, None)]),
]
PACKAGE = "perftools.profiles"


def profile_class():
    f = descriptor_pb2.FileDescriptorProto(name="stallscope_profile.proto", package=PACKAGE, syntax="proto3")
    for name, fields in PROTO:
        m = f.message_type.add(name=name)
        for fname, num, typ, rep, sub in fields:
            fd = m.field.add(name=fname, number=num, type=typ,
                             label=descriptor_pb2.FieldDescriptorProto.LABEL_REPEATED if rep
                             else descriptor_pb2.FieldDescriptorProto.LABEL_OPTIONAL)
            if sub:
                fd.type_name = "." + PACKAGE + "." + sub
    pool = descriptor_pool.DescriptorPool()
    pool.Add(f)
    return message_factory.GetMessageClass(pool.FindMessageTypeByName(PACKAGE + ".Profile"))


LINE = re.compile(r"^([^;\s]+);0x([0-9a-fA-F]{1,4});([a-z]+) ([0-9]+)$")


def read_folded(path):
    rows = []
    with open(path) as f:
        for i, line in enumerate(f, 1):
            m = LINE.match(line.rstrip("\n"))
            if not m:
                raise SystemExit("%s:%d: not NAME;0xPC;COMPONENT CYCLES (pmuctl report --collapsed)" % (path, i))
            rows.append((m.group(1), int(m.group(2), 16), m.group(3), int(m.group(4))))
    if not rows:
        raise SystemExit("%s:0: no samples" % path)
    return rows


def build(rows, period):
    Profile = profile_class()
    p = Profile()
    strings = {"": 0}
    p.string_table.append("")

    def s(x):
        if x not in strings:
            strings[x] = len(p.string_table)
            p.string_table.append(x)
        return strings[x]

    funcs, locs = {}, {}

    def loc(name, address=0):
        key = (name, address)
        if key not in locs:
            if name not in funcs:
                fn = p.function.add(id=len(funcs) + 1, name=s(name), system_name=s(name), filename=s("stallscope"))
                funcs[name] = fn.id
            lo = p.location.add(id=len(locs) + 1, address=address)
            lo.line.add(function_id=funcs[name])
            locs[key] = lo.id
        return locs[key]

    p.sample_type.add(type=s("cycles"), unit=s("cycles"))
    if period:
        p.period_type.type = s("cycles")
        p.period_type.unit = s("cycles")
        p.period = period
    p.comment.append(s("StallScope time-proportional samples (docs/sampling.md)"))
    for name, pc, comp, cyc in rows:
        smp = p.sample.add(value=[cyc])
        smp.location_id.extend([loc(comp), loc("%s 0x%04x" % (name, pc), pc), loc(name)])
        smp.label.add(key=s("thread"), str=s(name))
        smp.label.add(key=s("component"), str=s(comp))
    return p


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("folded")
    ap.add_argument("out")
    ap.add_argument("--period", type=int, default=0, help="the sampler's mean interval in cycles")
    a = ap.parse_args()
    p = build(read_folded(a.folded), a.period)
    tmp = a.out + ".tmp"
    with gzip.open(tmp, "wb") as f:
        f.write(p.SerializeToString())
    os.replace(tmp, a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
