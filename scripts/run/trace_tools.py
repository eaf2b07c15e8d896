#!/usr/bin/env python3
"""Put the viewers' own parsers into build/tools, for scripts/run/check_traces.py
(docs/reports.md, "Checking the traces with the viewers' own code"). Standard library only.

  trace_tools.py [--out DIR]                  (make trace-tools; DIR default build/tools)

Five tools, none of them part of this repository (their code and licences stay in DIR):
  konata       Konata's parsers, src/core/*.ts of https://github.com/shioyadan/Konata, bundled
               unchanged into DIR/konata/konata_parsers.cjs with esbuild (Debian package
               esbuild); only src/core/zstd_stream.ts (zstd input, which needs a WebAssembly
               package) is replaced by a stub that refuses zstd files
  gem5         gem5's util/o3-pipeview.py and the src/python/m5/util package it imports, from
               https://github.com/gem5/gem5
  simplescalar SimpleScalar's pipeview.pl (the pipetrace pretty printer of SimpleScalar 3.0),
               from https://github.com/stevekuznetsov/simple-scalar (a public copy of the
               SimpleScalar 3.0 tool set)
  pmu-tools    toplev's CSV readers and plotters: tldata.py, gen_level.py, tl-barplot.py,
               interval-plot.py and what they import, from https://github.com/andikleen/pmu-tools
  flamegraph   FlameGraph's flamegraph.pl (collapsed stacks to SVG; scripts/run/check_profile.py),
               from https://github.com/brendangregg/FlameGraph

Where each comes from: the environment variable KONATA_SRC, GEM5_SRC, SIMPLESCALAR_SRC,
PMUTOOLS_SRC or FLAMEGRAPH_SRC when set (a local git clone, bare or not, or a directory holding the files), else a
shallow sparse `git clone` of the URL above. DIR/NAME/SOURCE.txt records the source and its commit. A tool that
cannot be had is reported and left out (check_traces.py then skips its checks, visibly); the
exit status is 1 when any tool is missing, else 0.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

TOOLS = {
    "konata": ("KONATA_SRC", "https://github.com/shioyadan/Konata.git", ["src/core", "LICENSE.md"]),
    "gem5": ("GEM5_SRC", "https://github.com/gem5/gem5.git",
             ["util/o3-pipeview.py", "src/python/m5/util", "LICENSE"]),
    "simplescalar": ("SIMPLESCALAR_SRC", "https://github.com/stevekuznetsov/simple-scalar.git",
                     ["pipeview.pl"]),
    "pmu-tools": ("PMUTOOLS_SRC", "https://github.com/andikleen/pmu-tools.git",
                  ["tldata.py", "gen_level.py", "tl-barplot.py", "interval-plot.py", "csv_formats.py",
                   "tl_io.py", "COPYING"]),
    "flamegraph": ("FLAMEGRAPH_SRC", "https://github.com/brendangregg/FlameGraph.git",
                   ["flamegraph.pl", "docs/cddl1.txt"]),
}

ZSTD_STUB = """// Stub written by StallScope's scripts/run/trace_tools.py: the zstd decompressor needs a
// WebAssembly package; the traces checked here are plain text.
export const KonataZstdDecompressionStream: any = class {
    constructor() { throw new Error("zstd input is not supported by this build"); }
};
"""

ENTRY = """export { OnikiriParser } from "./src/core/onikiri_parser";
export { Gem5O3PipeViewParser } from "./src/core/gem5_o3_pipe_view_parser";
export { FileLineReader } from "./src/core/file_line_reader";
export { ArrayOpStore } from "./src/core/op_store";
"""


class ToolError(Exception):
    pass


def run(argv, **kw):
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
    if p.returncode != 0:
        raise ToolError("%s: exit %d: %s" % (" ".join(argv), p.returncode, (p.stderr or p.stdout).strip()[-400:]))
    return p.stdout


def is_git_dir(path):
    return os.path.isfile(os.path.join(path, "HEAD")) and os.path.isdir(os.path.join(path, "objects"))


def get_files(src, url, paths, dest):
    """Copy `paths` (files or directories) of the source into dest; returns a description."""
    if src:
        if is_git_dir(src) or os.path.isdir(os.path.join(src, ".git")):
            gd = src if is_git_dir(src) else os.path.join(src, ".git")
            commit = run(["git", "--git-dir", gd, "rev-parse", "HEAD"]).strip()
            with tempfile.TemporaryDirectory() as tmp:
                tar = os.path.join(tmp, "a.tar")
                with open(tar, "wb") as f:
                    p = subprocess.run(["git", "--git-dir", gd, "archive", "HEAD", "--"] + paths, stdout=f,
                                       stderr=subprocess.PIPE)
                if p.returncode != 0:
                    raise ToolError("git archive in %s: %s" % (src, p.stderr.decode(errors="replace").strip()))
                run(["tar", "-xf", tar, "-C", dest])
            return "%s (git, commit %s)" % (src, commit)
        if not os.path.isdir(src):
            raise ToolError("%s is not a directory" % src)
        return get_files_from_tree(src, paths, dest, "%s (directory)" % src)
    with tempfile.TemporaryDirectory() as tmp:
        co = os.path.join(tmp, "co")
        run(["git", "clone", "-q", "--depth", "1", "--filter=blob:none", "--sparse", url, co])
        run(["git", "-C", co, "sparse-checkout", "set", "--no-cone"] + ["/" + p for p in paths])
        commit = run(["git", "-C", co, "rev-parse", "HEAD"]).strip()
        return get_files_from_tree(co, paths, dest, "%s (commit %s)" % (url, commit))


def get_files_from_tree(co, paths, dest, desc):
    for p in paths:
        s = os.path.join(co, p)
        if not os.path.exists(s):
            raise ToolError("%s has no %s" % (desc, p))
        d = os.path.join(dest, p)
        os.makedirs(os.path.dirname(d), exist_ok=True)
        (shutil.copytree if os.path.isdir(s) else shutil.copy)(s, d)
    return desc


def bundle_konata(dest):
    esbuild = shutil.which("esbuild")
    if not esbuild:
        raise ToolError("esbuild not found (Debian: apt-get install esbuild)")
    with open(os.path.join(dest, "src", "core", "zstd_stream.ts"), "w") as f:
        f.write(ZSTD_STUB)
    with open(os.path.join(dest, "entry.ts"), "w") as f:
        f.write(ENTRY)
    run([esbuild, "entry.ts", "--bundle", "--platform=node", "--format=cjs", "--target=node18",
         "--log-level=warning", "--outfile=konata_parsers.cjs"], cwd=dest)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, os.environ.get("BUILD") or "build", "tools"))
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    missing = 0
    for name, (env, url, paths) in TOOLS.items():
        dest = os.path.join(args.out, name)
        tmp = dest + ".new"
        shutil.rmtree(tmp, ignore_errors=True)
        os.makedirs(tmp)
        try:
            desc = get_files(os.environ.get(env), url, paths, tmp)
            if name == "konata":
                bundle_konata(tmp)
            with open(os.path.join(tmp, "SOURCE.txt"), "w") as f:
                f.write("%s from %s\nwritten by scripts/run/trace_tools.py (make trace-tools)\n" % (name, desc))
            shutil.rmtree(dest, ignore_errors=True)
            os.rename(tmp, dest)
            print("trace-tools: %s: %s -> %s" % (name, desc, os.path.relpath(dest, ROOT)))
        except (ToolError, OSError) as e:
            shutil.rmtree(tmp, ignore_errors=True)
            missing += 1
            print("trace-tools: %s: not installed: %s (set %s to a local clone of %s)" % (name, e, env, url),
                  file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
