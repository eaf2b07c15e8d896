#!/usr/bin/env python3
"""Download one pinned source distribution from the Python package index, checked by its sha256.

usage: pypi_sdist.py NAME VERSION DIR    writes DIR/NAME-VERSION.tar.gz and prints its path

It reads the index's simple page (PEP 503; PIP_INDEX_URL if set, else https://pypi.org/simple)
and takes the link to NAME-VERSION.tar.gz, whose #sha256= the file must match. Unlike
`pip download --no-binary :all:`, it builds nothing: pip prepares the sdist's metadata, which for
pytest means building setuptools_scm in an isolated environment (88 s of CPU for one file).
Errors: one line naming the URL or the rule broken, exit 1; a bad download leaves no file.
"""
import hashlib
import os
import re
import sys
import urllib.error
import urllib.parse
import urllib.request


def die(msg):
    sys.stderr.write("pypi_sdist.py: %s\n" % msg)
    sys.exit(1)


def main():
    if len(sys.argv) != 4:
        die("usage: pypi_sdist.py NAME VERSION DIR")
    name, version, out = sys.argv[1:]
    index = os.environ.get("PIP_INDEX_URL", "https://pypi.org/simple").rstrip("/")
    page = "%s/%s/" % (index, re.sub(r"[-_.]+", "-", name).lower())
    try:
        html = urllib.request.urlopen(page, timeout=60).read().decode("utf-8", "replace")
    except (urllib.error.URLError, OSError) as e:
        die("%s: %s" % (page, e))
    fname = "%s-%s.tar.gz" % (name, version)
    links = [urllib.parse.urljoin(page, h) for h in re.findall(r'href="([^"]+)"', html)]
    hits = [u for u in links if urllib.parse.urlparse(u).path.endswith("/" + fname)]
    if not hits:
        die("%s: no link to %s" % (page, fname))
    url, _, frag = hits[0].partition("#")
    want = dict(kv.split("=", 1) for kv in frag.split("&") if "=" in kv).get("sha256")
    if not want:
        die("%s: the link to %s carries no sha256" % (page, fname))
    try:
        data = urllib.request.urlopen(url, timeout=120).read()
    except (urllib.error.URLError, OSError) as e:
        die("%s: %s" % (url, e))
    got = hashlib.sha256(data).hexdigest()
    if got != want:
        die("%s: sha256 %s, the index says %s" % (url, got, want))
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, fname)
    with open(path + ".tmp", "wb") as f:
        f.write(data)
    os.replace(path + ".tmp", path)
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
