#!/usr/bin/env python3
"""Rewrite a yosys write_smt2 file so that z3 does not expand macros.

z3 4.8.12 expands and simplifies every `define-fun` as it reads it; on the PMU's event-value
adder chains (catalog lanes masked by shared event/umask compares) one definition took minutes.
This turns each internal definition of the (flat) top module
    (define-fun |M#N| ((state |M_s|)) SORT BODY)
into `(declare-fun |M#N| (|M_s|) SORT)` and moves `(= (|M#N| state) BODY)` into the hierarchy
predicate `|M_h|`, which yosys-smtbmc asserts for every time step (BMC and induction). Same
semantics, no macro expansion. Accessors (`|M_n ...|`) and `_a _u _i _t` stay as they are.
usage: smt2_cut.py IN.smt2 OUT.smt2
"""
import re
import sys


def sexpr_end(s, i):
    """Index just past the s-expression that starts with '(' at s[i]."""
    depth, quoted = 0, False
    while i < len(s):
        c = s[i]
        if quoted:
            quoted = c != '|'
        elif c == '|':
            quoted = True
        elif c == '(':
            depth += 1
        elif c == ')':
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return -1


def main():
    src, dst = sys.argv[1], sys.argv[2]
    lines = open(src).read().split('\n')
    top = None
    for l in lines:
        m = re.match(r'; yosys-smt2-topmod (\S+)$', l)
        if m:
            top = m.group(1)
    if top is None:
        sys.exit('smt2_cut.py: no yosys-smt2-topmod line in ' + src)
    head = re.compile(r'\(define-fun (\|' + re.escape(top) + r'#\d+\|) \(\(state \|'
                      + re.escape(top) + r'_s\|\)\) (Bool|\(_ BitVec \d+\)) ')
    hdef = '(define-fun |%s_h| ((state |%s_s|)) Bool true)' % (top, top)
    out, eqs, found_h = [], [], False
    for l in lines:
        m = head.match(l)
        if m:
            end = sexpr_end(l, 0)
            if end < 0:
                sys.exit('smt2_cut.py: definition not on one line: ' + l[:100])
            body = l[m.end():end - 1]
            out.append('(declare-fun %s (|%s_s|) %s)%s' % (m.group(1), top, m.group(2), l[end:]))
            eqs.append('  (= (%s state) %s)' % (m.group(1), body))
        elif l.strip() == hdef:
            found_h = True
            out.append('(define-fun |%s_h| ((state |%s_s|)) Bool (and true' % (top, top))
            out.extend(eqs)
            out.append('))')
        else:
            out.append(l)
    if not found_h:
        sys.exit('smt2_cut.py: |%s_h| is not "true" in %s (flatten the design first)' % (top, src))
    with open(dst, 'w') as f:
        f.write('\n'.join(out))


if __name__ == '__main__':
    main()
