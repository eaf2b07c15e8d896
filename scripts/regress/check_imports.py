#!/usr/bin/env python3
"""Fail on an import cycle among the Python modules of a directory (default: scripts/regress/).

  check_imports.py [DIR]

Reads every DIR/*.py with ast (nothing is imported or run), takes each import of another module of
DIR (at the top or inside a function: `import X`, `import X as Y`, `from X import ...`), and
looks for a cycle in that graph. Prints the graph, each cycle found as "cycle: a -> b -> a", and
ends with "N passed, N failed" (one check per module: it lies on no cycle). Exit status 1 on a
cycle, 2 when DIR has no module or one does not parse.
"""
import ast
import os
import sys


def graph(d):
    mods = sorted(f[:-3] for f in os.listdir(d) if f.endswith(".py"))
    g = {}
    for m in mods:
        path = os.path.join(d, m + ".py")
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        deps = set()
        for n in ast.walk(tree):
            if isinstance(n, ast.Import):
                deps.update(a.name.split(".")[0] for a in n.names)
            elif isinstance(n, ast.ImportFrom) and n.module and not n.level:
                deps.add(n.module.split(".")[0])
        g[m] = sorted(x for x in deps if x in mods and x != m)
    return g


def cycles(g):
    """Every elementary cycle found by depth-first search, each once (rotated to start at its least
    module)."""
    found = set()

    def dfs(m, stack):
        for x in g[m]:
            if x in stack:
                c = stack[stack.index(x):]
                i = c.index(min(c))
                found.add(tuple(c[i:] + c[:i]))
            elif len(stack) <= len(g):
                dfs(x, stack + [x])

    for m in g:
        dfs(m, [m])
    return sorted(found)


def main(argv):
    d = argv[0] if argv else os.path.dirname(os.path.abspath(__file__))
    try:
        g = graph(d)
    except (OSError, SyntaxError) as e:
        print("check_imports: %s" % e, file=sys.stderr)
        return 2
    if not g:
        print("check_imports: %s: no *.py module" % d, file=sys.stderr)
        return 2
    for m, deps in g.items():
        print("%-14s imports %s" % (m, " ".join(deps) or "-"))
    cs = cycles(g)
    on = {m for c in cs for m in c}
    for c in cs:
        print("cycle: %s" % " -> ".join(list(c) + [c[0]]))
    print("%d passed, %d failed" % (len(g) - len(on), len(on)))
    return 1 if cs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
