#!/usr/bin/env python3
"""Build rtl/pmu/pmu_top.v with Icarus Verilog and run the cocotb tests of verif/cocotb/test_pmu.py
(cocotb's own runner, cocotb_tools.runner). Runs in build/venv (make venv; `make cocotb` does it).

usage: run.py [--build DIR] [--seed N] [--tests NAME,...]
  --build DIR   where the simulator build, results.xml and the generated register model go
                (default build/cocotb)
  --seed N      cocotb's random seed (default: from the clock; printed, replay with --seed)
  --tests LIST  only these tests (default: all)
  --rtl DIR     the PMU sources (default rtl/pmu; a mutant copy to see the tests fail)

The example of docs/cocotb.md must be in test_pmu.py as shown there. The register model
(DIR/pmu_regmodel.py) is generated first from rtl/pmu/data/pmu.rdl by
verif/cocotb/gen_regmodel.py. cocotb writes DIR/results.xml (JUnit); this reads it back and ends
with "N passed, N failed" (exit 1 on any failure, or when no test ran).
"""
import argparse
import glob
import os
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def main(argv):
    ap = argparse.ArgumentParser(prog="run.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build", "cocotb"))
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--tests", default=None)
    ap.add_argument("--rtl", default=os.path.join(ROOT, "rtl", "pmu"))
    a = ap.parse_args(argv)
    out = os.path.abspath(a.build)
    os.makedirs(out, exist_ok=True)
    seed = a.seed if a.seed is not None else int(time.time()) % 1000000
    print("cocotb: seed %d (replay: %s --seed %d)" % (seed, os.path.relpath(__file__, ROOT), seed), flush=True)
    gen = os.path.join(out, "pmu_regmodel.py")
    rc = subprocess.call([sys.executable, os.path.join(HERE, "gen_regmodel.py"), gen])
    if rc:
        print("0 passed, 1 failed")
        return 1

    # the example of docs/cocotb.md must be a test of test_pmu.py as shown
    with open(os.path.join(ROOT, "docs", "cocotb.md")) as f:
        doc = f.read()
    with open(os.path.join(HERE, "test_pmu.py")) as f:
        tests = f.read()
    ex = doc.split("```python\n", 1)[-1].split("```", 1)[0] if "```python\n" in doc else ""
    if not ex or ex not in tests:
        print("cocotb: the example of docs/cocotb.md is not in verif/cocotb/test_pmu.py as shown")
        print("0 passed, 1 failed")
        return 1

    from cocotb_tools.runner import get_runner
    sys.path[:0] = [HERE, out]
    os.environ["PYTHONPATH"] = os.pathsep.join([HERE, out] + [p for p in [os.environ.get("PYTHONPATH")] if p])
    rtl = os.path.abspath(a.rtl)
    runner = get_runner("icarus")
    runner.build(sources=sorted(glob.glob(os.path.join(rtl, "pmu_*.v"))), includes=[rtl], hdl_toplevel="pmu_top",
                 build_dir=os.path.join(out, "sim_build"), build_args=["-g2005"], timescale=("1ns", "1ps"),
                 log_file=os.path.join(out, "build.log"))
    results = os.path.join(out, "results.xml")
    if os.path.exists(results):
        os.remove(results)
    runner.test(test_module="test_pmu", hdl_toplevel="pmu_top", test_dir=out, results_xml=results, seed=seed,
                testcase=a.tests.split(",") if a.tests else None, build_dir=os.path.join(out, "sim_build"))
    try:
        root = ET.parse(results).getroot()
    except (OSError, ET.ParseError) as e:
        print("cocotb: no readable %s (%s)" % (results, e))
        print("0 passed, 1 failed")
        return 1
    npass = nfail = 0
    for tc in root.iter("testcase"):
        bad = [k for k in tc if k.tag in ("failure", "error")]
        skipped = [k for k in tc if k.tag == "skipped"]
        if skipped:
            continue
        if bad:
            nfail += 1
            print("FAIL %s: %s" % (tc.get("name"), bad[0].get("message", "")))
        else:
            npass += 1
            print("PASS %s (%s s)" % (tc.get("name"), tc.get("time")))
    print("cocotb: JUnit %s" % results)
    if npass + nfail == 0:
        nfail = 1
        print("cocotb: no test ran")
    print("%d passed, %d failed" % (npass, nfail))
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
