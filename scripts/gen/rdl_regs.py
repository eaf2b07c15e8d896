"""The PMU register map from SystemRDL (rtl/pmu/data/pmu.rdl) for scripts/gen/gen_map.py.

load() compiles the .rdl with systemrdl-compiler, elaborates it twice (with this build's
parameters, and with P at its maximum so that every build's map is checked for overlaps), checks
the StallScope rules the exporters below rely on, and returns a RegMap: plain Python objects,
with the symbolic sizes (ss_count, ss_width, ss_reset) kept next to their elaborated values.
The emitters (gen_*) turn a RegMap into text: the RTL register block included by
rtl/pmu/pmu_regs.v, the C model's decode table, the register sections of the Verilog and C
headers, the lockstep state list, the docs tables, IP-XACT and a UVM register model (the last two
through the PeakRDL exporters).

Errors: "FILE:LINE: rule" on stderr and exit status 2 (RdlError), before anything is written.

Why not PeakRDL-regblock for the RTL (tried with 1.3.1 on this map): its output is SystemVerilog
with unpacked structs in a package (hwif_in/hwif_out), which Yosys 0.23 rejects ("Only PACKED
supported at this time") and Icarus 11 rejects ("sorry: Unpacked structs not supported"); it has
no Verilog parameters (THREADS, P, CW are fixed at elaboration) and no place for the counter bank
(external storage with one read/write port), pprot-based privilege or the 64-bit read latch.
"""
import os
import re
import textwrap

from systemrdl import RDLCompiler, RDLCompileError
from systemrdl.messages import MessagePrinter, Severity
from systemrdl.node import FieldNode, RegfileNode, RegNode
from systemrdl.rdltypes import OnWriteType

TOP = "pmu"
UDP_REG = ("ss_count", "ss_uread", "ss_uread_en", "ss_block", "ss_present")
BLOCK_PARAMS = ("SAMPLER",)   # parameters an ss_present expression may use (module pmu_regs_gen has them)
IDENT = re.compile(r"^[a-z][a-z0-9_]*$")


class RdlError(Exception):
    """file, line, rule"""

    def __init__(self, src, line, rule):
        Exception.__init__(self, rule)
        self.src = src
        self.line = line
        self.rule = rule

    def __str__(self):
        return "%s:%d: %s" % (self.src, self.line, self.rule)


class _Printer(MessagePrinter):
    """systemrdl-compiler's messages as one line each, FILE:LINE: rule (first error only)."""

    def __init__(self, name, suffix=""):
        MessagePrinter.__init__(self)
        self.name = name
        self.suffix = suffix
        self.first = None

    def print_message(self, severity, text, src_ref):
        if severity < Severity.ERROR or self.first is not None:
            return
        line = 0
        try:
            if src_ref is not None and src_ref.line is not None:
                line = src_ref.line
        except Exception:  # a source reference without a position
            line = 0
        self.first = RdlError(self.name, line, text + self.suffix)


# ---- the map as plain objects --------------------------------------------------------------------
class Field:
    def __init__(self, **kw):
        self.__dict__.update(kw)

    @property
    def msb(self):
        return self.lsb + self.width - 1


class Reg:
    def __init__(self, **kw):
        self.__dict__.update(kw)

    @property
    def kind(self):
        """'cnt' counter in the bank (external), 'blk' held by a hand-written block (external with
        ss_block), 'const' read-only constant, 'store' flops here."""
        if self.external:
            return "blk" if self.block else "cnt"
        if not any(f.access in ("rw", "w1c", "sts") for f in self.fields):
            return "const"
        return "store"

    @property
    def hwset(self):
        """Fields that hardware writes (w1c, sts): the includer holds the register's flop."""
        return self.kind != "blk" and any(f.access in ("w1c", "sts") for f in self.fields)

    @property
    def writable(self):
        """Software may write it (else every write is an error, spec 5.2)."""
        return any(f.access in ("rw", "w1c", "cnt", "hwrw") for f in self.fields)

    @property
    def is_array(self):
        return self.cexpr is not None

    def mask(self):
        """Writable bits at this build's parameters."""
        m = 0
        for f in self.fields:
            if f.access in ("rw", "w1c", "hwrw"):
                m |= ((1 << f.width) - 1) << f.lsb
        return m

    def razwi_mask(self):
        m = 0
        for f in self.fields:
            if f.razwi_at is not None:
                m |= ((1 << f.width) - 1) << f.lsb
        return m

    def razwi_at(self):
        ats = set(f.razwi_at for f in self.fields if f.razwi_at is not None)
        return ats.pop() if ats else None


class RegMap:
    def __init__(self, src, env):
        self.src = src
        self.env = env
        self.globals = []
        self.thread = []
        self.thread_base = 0
        self.thread_stride = 0
        self.thread_cexpr = "THREADS"

    @property
    def regs(self):
        return self.globals + self.thread

    def reg(self, name):
        for r in self.regs:
            if r.name == name:
                return r
        raise KeyError(name)

    def blocks(self):
        """[(name, regs, present, base)]: the hand-written blocks that hold registers of a thread
        block (ss_block), in map order: their registers, the parameter expression under which they
        exist (ss_present, None: always) and the lowest offset (word index k = (offset - base) / 4)."""
        out = []
        for r in self.thread:
            if r.kind != "blk":
                continue
            if not out or out[-1][0] != r.block:
                out.append((r.block, [], r.present, r.offset))
            out[-1][1].append(r)
        return out

    def counters(self):
        """[(reg, bank base expression)]: the counter arrays of a thread block in bank order."""
        out, base = [], []
        for r in self.thread:
            if r.kind == "cnt":
                out.append((r, sum_expr(base) if base else "0"))
                base.append(r.cexpr if r.is_array else "1")
        return out


def _ev(expr, env):
    return eval(expr, {"__builtins__": {}}, dict(env))


def _line(node):
    ref = node.inst.inst_src_ref
    try:
        return ref.line if ref is not None and ref.line is not None else 0
    except Exception:  # pragma: no cover
        return 0


def _pline(node, prop):
    """Line of the assignment of property prop to node (else the instance's line)."""
    try:
        ref = node.inst.property_src_ref.get(prop)
        if ref is not None and ref.line is not None:
            return ref.line
    except Exception:  # pragma: no cover
        pass
    return _line(node)


def _compile(path, name, params, suffix=""):
    pr = _Printer(name, suffix)
    rdlc = RDLCompiler(message_printer=pr)
    try:
        rdlc.compile_file(path)
        root = rdlc.elaborate(TOP, parameters=params)
    except RDLCompileError:
        raise pr.first or RdlError(name, 0, "systemrdl-compiler failed")
    except (OSError, UnicodeDecodeError) as e:
        raise RdlError(name, 0, "cannot read: %s" % (getattr(e, "strerror", None) or e))
    if pr.first is not None:
        raise pr.first
    return root


def load(path, name, params, maxparams):
    """The checked map. params: every RDL parameter of this build; maxparams: the same with the
    sizes at their maxima (the map must hold every build)."""
    if os.path.isdir(path):
        raise RdlError(name, 0, "cannot read: is a directory")
    if not os.path.exists(path):
        raise RdlError(name, 0, "cannot read: No such file or directory")
    big = ", ".join("%s = %d" % kv for kv in sorted(maxparams.items()) if params.get(kv[0]) != kv[1])
    root = _compile(path, name, params)
    _compile(path, name, maxparams, " (with %s, the largest a build may choose)" % big)
    top = root.top
    env = dict(params)
    m = RegMap(name, env)

    def err(node, rule, prop=None):
        raise RdlError(name, (_pline(node, prop) if prop else _line(node)) if node is not None else 0, rule)

    def text(node, s, what):
        s = s or ""
        if any(ord(c) < 0x20 for c in s) or "|" in s or "*/" in s:
            err(node, "%s contains '|', '*/' or a control character (it goes into Markdown tables and C comments)" % what,
                "desc")
        return s

    def sym(node, prop, value, what, rexpr=None):
        """A symbolic property: evaluates to the elaborated value."""
        e = node.get_property(prop)
        if e is None:
            return None
        try:
            v = _ev(e, env)
        except Exception as ex:
            err(node, "%s '%s': cannot evaluate over the parameters (%s): %s" % (prop, e, ", ".join(sorted(env)), ex),
                prop)
        if v != value:
            err(node, "%s '%s' = %s, but the %s is %s" % (prop, e, v, what, value), prop)
        return e

    def access(f):
        sw = f.get_property("sw").name
        onw = f.get_property("onwrite")
        blk = f.parent.get_property("ss_block") is not None
        if f.parent.external and not blk:
            return "cnt"
        if blk and sw == "rw" and f.get_property("hw").name == "rw" and onw is None and not f.get_property("hwset"):
            return "hwrw"
        if sw == "r" and f.get_property("hw").name == "na":
            return "ro"
        if sw == "rw" and onw is None and not f.get_property("hwset"):
            return "rw"
        if sw == "rw" and onw == OnWriteType.woclr and f.get_property("hwset"):
            return "w1c"
        if sw == "r" and f.get_property("hw").name == "w" and onw is None:
            return "sts"
        err(f, "field %s: sw = %s%s%s is not an access this exporter implements "
            "(rw_f, ro_f, w1c_f, sts_f, cnt_f, and hwrw_f in a block register, of pmu.rdl)" % (f.inst_name, sw, ", onwrite = %s" % onw.name if onw else "",
                                                       ", hwset" if f.get_property("hwset") else ""))

    def reg_of(node, scope):
        width = node.get_property("regwidth")
        if width not in (32, 64):
            err(node, "register %s: regwidth %d (32 or 64)" % (node.inst_name, width))
        if node.get_property("accesswidth") != 32:
            err(node, "register %s: accesswidth must be 32 (APB words)" % node.inst_name)
        if not IDENT.match(node.inst_name):
            err(node, "register name '%s': lower-case letters, digits, _ (it becomes Verilog and C names)" % node.inst_name)
        size = width // 8
        cnt, stride, cexpr = 1, size, None
        if node.is_array:
            if len(node.array_dimensions) != 1:
                err(node, "register %s: one array dimension only" % node.inst_name)
            cnt, stride = node.array_dimensions[0], node.array_stride
            cexpr = node.get_property("ss_count")
            if cexpr is None:
                err(node, "array %s needs ss_count (its size as an expression over the parameters)" % node.inst_name)
            sym(node, "ss_count", cnt, "array size")
            if stride & (stride - 1) or stride < size:
                err(node, "array %s: stride %d must be a power of two of at least %d bytes" % (node.inst_name, stride, size))
        elif node.get_property("ss_count") is not None:
            err(node, "register %s is not an array but has ss_count" % node.inst_name, "ss_count")
        off = node.raw_address_offset
        if off % size:
            err(node, "register %s at 0x%x: a %d-bit register needs an offset that is a multiple of %d"
                % (node.inst_name, off, width, size))
        fields = []
        for f in node.fields():
            acc = access(f)
            wexpr = sym(f, "ss_width", f.width, "field width")
            rexpr = sym(f, "ss_reset", f.get_property("reset") or 0, "reset value")
            rst = f.get_property("reset")
            if rst is None:
                err(f, "field %s needs a reset value (= N)" % f.inst_name)
            if not isinstance(rst, int):
                err(f, "field %s: the reset must be a number" % f.inst_name)
            at = f.get_property("ss_razwi_at")
            if at is not None and (not node.is_array or at >= cnt):
                err(f, "field %s: ss_razwi_at %d is not an element of %s" % (f.inst_name, at, node.inst_name), "ss_razwi_at")
            if wexpr is not None and rst != 0:
                err(f, "field %s: a field whose width is a parameter (ss_width) resets to 0" % f.inst_name)
            if rexpr is not None and acc != "ro":
                err(f, "field %s: ss_reset is for read-only constants (ro_f)" % f.inst_name)
            if acc == "cnt" and wexpr is None:
                err(f, "counter field %s needs ss_width (its width is a parameter, e.g. \"CW\")" % f.inst_name)
            fields.append(Field(name=f.inst_name, lsb=f.lsb, width=f.width, wexpr=wexpr, reset=rst, rexpr=rexpr,
                                access=acc, razwi_at=at, line=_line(f),
                                desc=text(f, f.get_property("desc"), "desc of %s" % f.inst_name)))
        block = node.get_property("ss_block")
        present = node.get_property("ss_present")
        if block is not None and (not node.external or not IDENT.match(block) or width != 32):
            err(node, "register %s: ss_block names the hand-written block that holds an external 32-bit register "
                "(lower-case name)" % node.inst_name, "ss_block")
        if present is not None:
            if block is None:
                err(node, "register %s: ss_present is for block registers (ss_block)" % node.inst_name, "ss_present")
            bad = [x for x in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", present) if x not in BLOCK_PARAMS]
            if bad:
                err(node, "ss_present '%s' of %s: %s is not a block parameter (%s)"
                    % (present, node.inst_name, bad[0], ", ".join(BLOCK_PARAMS)), "ss_present")
        if node.external and block is None and (width != 64 or len(fields) != 1 or fields[0].lsb != 0):
            err(node, "external register %s is a counter of the bank: 64 bits, one field at bit 0" % node.inst_name)
        if node.external and block is None and not node.is_array:
            err(node, "counter %s must be an array (with ss_count)" % node.inst_name)
        ur = node.get_property("ss_uread")
        ue = node.get_property("ss_uread_en")
        if ur and ue is not None:
            err(node, "register %s has both ss_uread and ss_uread_en" % node.inst_name, "ss_uread")
        uread = "always" if ur else "never"
        if ue is not None:
            if not isinstance(ue, FieldNode) or ue.width != 1 or not ue.is_sw_readable:
                err(node, "ss_uread_en of %s must name a 1-bit readable field" % node.inst_name, "ss_uread_en")
            if scope != "thread" or ue.parent.parent.inst_name != "thread" or ue.parent.is_array:
                err(node, "ss_uread_en of %s must name a field of a single register of the same thread block"
                    % node.inst_name, "ss_uread_en")
            uread = (ue.parent.inst_name, ue.inst_name)
        r = Reg(name=node.inst_name, scope=scope, offset=off, count=cnt, cexpr=cexpr, stride=stride, width=width,
                size=size, fields=fields, external=node.external, uread=uread, line=_line(node),
                block=block, present=present,
                desc=text(node, node.get_property("desc"), "desc of %s" % node.inst_name))
        if r.kind == "store" and r.is_array and width != 32:
            err(node, "register array %s: arrays of stored registers are 32-bit" % node.inst_name)
        if r.kind == "const" and r.is_array:
            err(node, "constant register %s cannot be an array" % node.inst_name)
        if r.kind == "blk" and r.uread != "never":
            err(node, "block register %s: readable by privileged accesses only (no ss_uread)" % node.inst_name)
        if r.kind != "blk" and any(f.access == "hwrw" for f in fields):
            err(node, "register %s: hwrw_f fields are for block registers (ss_block)" % node.inst_name)
        if r.hwset and any(f.access == "rw" for f in fields):
            err(node, "register %s mixes hardware-written (w1c/sts) and rw fields" % node.inst_name)
        if r.hwset and r.is_array:
            err(node, "register %s: registers with w1c/sts fields cannot be arrays" % node.inst_name)
        if r.razwi_at() is not None and len(set(f.razwi_at for f in fields if f.razwi_at is not None)) > 1:
            err(node, "register %s: all ss_razwi_at of a register name the same element" % node.inst_name)
        return r

    thread = None
    for c in top.children(unroll=False):
        if isinstance(c, RegNode):
            r = reg_of(c, "global")
            if r.kind != "const":
                w = [f for f in r.fields if f.access != "ro"][0]
                raise RdlError(name, w.line, "global register %s: field %s is %s, but global registers are read-only "
                               "constants (ro_f fields)" % (r.name, w.name, w.access))
            m.globals.append(r)
        elif isinstance(c, RegfileNode) and c.inst_name == "thread":
            thread = c
        else:
            err(c, "unexpected %s '%s' in addrmap %s (registers, then one regfile array 'thread')"
                % (type(c).__name__.replace("Node", "").lower(), c.inst_name, TOP))
    if thread is None:
        err(top, "addrmap %s has no regfile array 'thread'" % TOP)
    if not thread.is_array or thread.get_property("ss_count") != "THREADS":
        err(thread, "regfile thread must be an array with ss_count = \"THREADS\"")
    sym(thread, "ss_count", thread.array_dimensions[0], "array size")
    m.thread_base = thread.raw_address_offset
    m.thread_line = _line(thread)
    m.thread_stride = thread.array_stride
    if m.thread_stride & (m.thread_stride - 1) or m.thread_base % m.thread_stride:
        err(thread, "regfile thread: the stride must be a power of two and the base a multiple of it")
    for g in m.globals:
        if g.offset + g.size > m.thread_base:
            raise RdlError(name, g.line, "global register %s overlaps the thread blocks (from 0x%x)" % (g.name, m.thread_base))
    for c in thread.children(unroll=False):
        if not isinstance(c, RegNode):
            err(c, "regfile thread holds registers only")
        m.thread.append(reg_of(c, "thread"))
    if not m.globals or m.globals[0].name != "id" or [f.name for f in m.globals[0].fields] != ["version", "magic"]:
        err(top, "the first global register must be 'id' with the fields version, magic")
    stored = [r for r in m.thread if r.kind == "store" and r.is_array]
    if len(set(r.cexpr for r in stored)) > 1:
        r = stored[-1]
        raise RdlError(name, r.line, "register arrays %s must have the same ss_count (one read tree)"
                       % ", ".join(x.name for x in stored))
    if not m.counters():
        err(thread, "the thread block has no counters (external cnt_r arrays)")
    seen = set()
    for b, regs, present, base in m.blocks():
        if b in seen:
            raise RdlError(name, regs[0].line, "the registers of block %s must follow one another in the thread block" % b)
        seen.add(b)
        for r in regs:
            if r.present != present:
                raise RdlError(name, r.line, "register %s: every register of block %s has the same ss_present" % (r.name, b))
        end = max(r.offset + (r.count * r.stride if r.is_array else r.size) for r in regs)
        if (end - base) // 4 > 64:
            raise RdlError(name, regs[-1].line, "block %s spans more than 64 words" % b)
    return m


# ---- helpers for the emitters -------------------------------------------------------------------
def vmask(r, bits):
    """The writable-bit mask of r as a Verilog constant expression of `bits` bits (P-wide fields
    as parameter expressions)."""
    fixed = 0
    terms = []
    for f in r.fields:
        if f.access not in ("rw", "w1c", "hwrw"):
            continue
        if f.wexpr is not None:
            terms.append("(((%d'd1 << (%s)) - %d'd1) << %d)" % (bits, f.wexpr, bits, f.lsb))
        else:
            fixed |= ((1 << f.width) - 1) << f.lsb
    s = "%d'h%0*x" % (bits, bits // 4, fixed)
    return " | ".join([s] + terms) if terms else s


def cmask(r, bits):
    fixed = 0
    terms = []
    t = "uint64_t" if bits == 64 else "uint32_t"
    for f in r.fields:
        if f.access not in ("rw", "w1c", "hwrw"):
            continue
        if f.wexpr is not None:
            e = "PMU_" + f.wexpr if re.match(r"^[A-Z_][A-Z0-9_]*$", f.wexpr) else "(%s)" % f.wexpr
            terms.append("((((%s)1 << (%s)) - 1u) << %d)" % (t, e, f.lsb))
        else:
            fixed |= ((1 << f.width) - 1) << f.lsb
    s = "(%s)0x%0*xull" % (t, bits // 4, fixed) if bits == 64 else "0x%08xu" % fixed
    return "(" + " | ".join([s] + terms) + ")" if terms else s


def reset_value(r):
    v = 0
    for f in r.fields:
        v |= (f.reset & ((1 << f.width) - 1)) << f.lsb
    return v


RTL_PARAMS = ("THREADS", "P", "CW", "W", "AW", "SAMPLER")   # parameters of module pmu_regs


def vexpr(e):
    """A parameter expression in Verilog: module parameters as they are, others as `PMU_X."""
    return re.sub(r"\b([A-Z_][A-Z0-9_]*)\b", lambda mo: mo.group(1) if mo.group(1) in RTL_PARAMS
                  else "`PMU_" + mo.group(1), e)


def cexpr(e):
    return re.sub(r"\b([A-Z_][A-Z0-9_]*)\b", lambda mo: "(PMU_" + mo.group(1) + ")", e)


def sum_expr(terms):
    """'P + 3 + 5 + 24' -> 'P + 32' (integer terms added up, symbols kept in order)."""
    syms, n = [], 0
    for t in terms:
        if re.match(r"^[0-9]+$", t):
            n += int(t)
        else:
            syms.append(t)
    if n or not syms:
        syms.append(str(n))
    return " + ".join(syms)


def const_value(r, lang):
    """The value of a constant register: hex, or an OR of parameter-valued fields."""
    fixed = 0
    terms = []
    for f in r.fields:
        if f.rexpr is not None:
            if lang == "v":
                terms.append("((%s) << %d)" % (vexpr(f.rexpr), f.lsb))
            else:
                terms.append("(((uint32_t)%s & 0x%xu) << %d)" % (cexpr(f.rexpr), (1 << f.width) - 1, f.lsb))
        else:
            fixed |= (f.reset & ((1 << f.width) - 1)) << f.lsb
    if lang == "v":
        s = "32'h%08x" % fixed
    else:
        s = "0x%08xu" % fixed
    if not terms:
        return s
    return " | ".join(terms + ([s] if fixed else []))


def shift_of(stride):
    return stride.bit_length() - 1


def _rtl_ctx(m):
    th = m.thread
    stored = [r for r in th if r.kind == "store"]
    sarr = [r for r in stored if r.is_array]
    return th, stored, sarr, [r for r in stored if not r.is_array], m.counters(), m.globals, \
        (sarr[0].cexpr if sarr else "1")


def gen_rtl_pkg(m, banner):
    """The register block's constants (rtl/pmu/pmu_regs_pkg.vh), included in the bodies of module
    pmu_regs_gen and of module pmu_regs: sizes, the thread-block geometry, the constant
    registers' values, writable-bit masks and reset values (OpenTitan's reg_pkg)."""
    L = []
    a = L.append
    th, stored, sarr, ssgl, cnts, consts, gexpr = _rtl_ctx(m)
    ncpt = sum_expr([r.cexpr for r, _ in cnts])
    U = lambda r: r.name.upper()
    a("// " + banner)
    a("// The register block's constants (docs/spec.md 3 and 5.1-5.3; docs/registers.md), included in")
    a("// the bodies of module pmu_regs_gen (pmu_regs_gen.v) and module pmu_regs (pmu_regs.v), whose")
    a("// parameters %s they use. Each includer uses a part of them." % ", ".join(RTL_PARAMS))
    a("/* verilator lint_off UNUSEDPARAM */")
    a("")
    a("  localparam NCPT  = %s;   // counters per thread: %s" % (vexpr(ncpt), ", ".join("%s %s" % (r.name, r.cexpr) for r, _ in cnts)))
    a("  localparam NCNT  = THREADS * NCPT;")
    a("  localparam CIW   = $clog2(NCNT);")
    a("  localparam TIW   = (THREADS > 1) ? $clog2(THREADS) : 1;")
    a("  localparam LIW   = $clog2(NCPT);")
    if sarr:
        g = vexpr(gexpr)
        a("  localparam KIW   = ((%s) > 1) ? $clog2(%s) : 1;   // index of %s" % (g, g, "/".join(r.name for r in sarr)))
        a("  localparam EIW   = (THREADS * (%s) > 1) ? $clog2(THREADS * (%s)) : 1;" % (g, g))
    a("")
    a("  // Thread blocks: block number a >> TSH, thread t in block TB0 + t (the base is stride-aligned).")
    a("  localparam        TSH  = %d;" % shift_of(m.thread_stride))
    a("  localparam [31:0] TB0  = 32'h%x;" % (m.thread_base >> shift_of(m.thread_stride)))
    a("  localparam [31:0] TOFF = 32'h%x;" % (m.thread_stride - 1))
    a("")
    a("  // Constants, writable-bit masks (reserved bits read 0) and reset values")
    for r in consts:
        a("  localparam [31:0] %s_VALUE = %s;" % (U(r), const_value(r, "v")))
    for r in stored:
        w = r.width
        if r.writable:
            a("  localparam [%d:0] %s_MASK = %s;" % (w - 1, U(r), vexpr(vmask(r, w))))
        if r.razwi_at() is not None:
            a("  localparam [%d:0] %s_MASK_AT%d = %s_MASK & ~%d'h%0*x;   // RAZ/WI in element %d"
              % (w - 1, U(r), r.razwi_at(), U(r), w, w // 4, r.razwi_mask(), r.razwi_at()))
        a("  localparam [%d:0] %s_RESET = %d'h%0*x;" % (w - 1, U(r), w, w // 4, reset_value(r)))
    a("")
    a("  // Bank index of a thread's first counter of each array, and loop bounds")
    for r, base in cnts:
        a("  localparam [31:0] LI_%s = %s;" % (U(r), vexpr(base)))
    a("  localparam [31:0] NCPT_C = NCPT;")
    if sarr:
        a("  localparam [31:0] KCNT_C = %s;" % vexpr(gexpr))
    a("")
    a("/* verilator lint_on UNUSEDPARAM */")
    return "\n".join(L) + "\n"


def gen_rtl(m, banner):
    """The register block, module pmu_regs_gen (rtl/pmu/pmu_regs_gen.v), instantiated by pmu_regs."""
    L = []
    a = L.append
    th, stored, sarr, ssgl, cnts, consts, gexpr = _rtl_ctx(m)
    ncpt = sum_expr([r.cexpr for r, _ in cnts])
    U = lambda r: r.name.upper()
    blks = m.blocks()                            # registers held by hand-written blocks
    own = [r for r in stored if not r.hwset]     # flops here: their values out (reg2hw)
    ext = [r for r in stored if r.hwset]         # flops in pmu_regs: their values in (hw2reg)
    hwwr = [r for r in ext if r.writable]        # ... that software also writes (W1C)

    def size(r):
        return "THREADS*%s*%d" % (vexpr(r.cexpr), r.width) if r.is_array else "THREADS*%d" % r.width

    a("// " + banner)
    txt = ("The register block (docs/spec.md 3 and 5.1-5.3; docs/registers.md), instantiated by module "
           "pmu_regs (pmu_regs.v) as u_gen: the storage of the registers that only software writes "
           "(%s; their values out, reg2hw), the address decode, the error rules, the read mux, the "
           "merged write word and the write strobes. pmu_regs holds the behaviour around it: the "
           "flops of the registers that hardware writes (%s; their values in, hw2reg, for the read "
           "mux), updated with the write strobes and word given out here, and the 64-bit read latch "
           "of the counter bank (cnt_hi_rdata_i). Constants: pmu_regs_pkg.vh."
           % (", ".join(r.name for r in own), ", ".join(r.name for r in ext)))
    for ln in textwrap.wrap(txt, 97):
        a("// " + ln)
    a("")
    a("`include \"pmu_map.vh\"")
    a("")
    a("module pmu_regs_gen #(")
    a("  parameter THREADS = `PMU_DEF_THREADS,")
    a("  parameter P       = `PMU_DEF_P,")
    a("  parameter CW      = `PMU_DEF_CW,")
    a("  parameter W       = `PMU_DEF_W,")
    a("  parameter AW      = `PMU_DEF_AW,")
    a("  // 1: the sampler's registers are mapped (spec 7)")
    a("  parameter SAMPLER = `PMU_DEF_SAMPLER,")
    a("  // 1: the access phase uses the address decoded in the setup cycle (dec_q, spec 4 and 5)")
    a("  parameter PIPE    = `PMU_DEF_PIPE,")
    a("  // 1 (block-RAM storage): the arrays are read through a block-RAM copy (g_eram), not a mux,")
    a("  // when they have at least 4 elements")
    a("  parameter STORAGE = `PMU_DEF_STORAGE")
    a(") (")
    ciw = "$clog2(THREADS*(%s))" % vexpr(ncpt)
    ports = [
        ("input  wire", "", "clk_i", None),
        ("input  wire", "", "rst_ni", None),
        (None, None, None, "APB4 (paddr_i[1:0] and pprot_i[2:1] are not used, spec 2)"),
        ("input  wire", "", "psel_i", None),
        ("input  wire", "", "penable_i", None),
        ("input  wire", "", "pwrite_i", None),
        ("LINT_OFF", None, None, None),
        ("input  wire", "[AW-1:0]", "paddr_i", None),
        ("input  wire", "[2:0]", "pprot_i", None),
        ("LINT_ON", None, None, None),
        ("input  wire", "[31:0]", "pwdata_i", None),
        ("input  wire", "[3:0]", "pstrb_i", None),
        ("output reg ", "[31:0]", "prdata_o", None),
        ("output reg ", "", "pslverr_o", None),
        (None, None, None, "counter bank (%s): read port with its setup-cycle pre-read, write port"
         % ", ".join(r.name for r, _ in cnts)),
        ("output wire", "", "cnt_re_o", None),
        ("output wire", "", "cnt_pre_o", "setup cycle of a counter access"),
        ("input  wire", "", "cnt_wait_i", "this access phase is the wait state of a counter access"),
        ("output wire", "[%s-1:0]" % ciw, "cnt_ridx_o", None),
        ("output wire", "[%s-1:0]" % ciw, "cnt_pidx_o", "counter of the setup cycle's address"),
        ("input  wire", "[31:0]", "cnt_rdata_i", "low word of the counter read"),
        ("input  wire", "[31:0]", "cnt_hi_rdata_i", "high word (the 64-bit read latch's)"),
        ("output reg ", "", "cnt_we_o", None),
        ("output reg ", "[%s-1:0]" % ciw, "cnt_widx_o", None),
        ("output reg ", "", "cnt_whi_o", None),
        ("output wire", "[31:0]", "cnt_wdata_o", None),
        ("output wire", "[3:0]", "cnt_wstrb_o", None),
        (None, None, None, "reg2hw: the values of the registers stored here"),
    ]
    for r in own:
        ports.append(("output wire", "[%s-1:0]" % size(r), r.name + "_q_o", None))
    ports.append((None, None, None, "hw2reg: the values of the registers pmu_regs stores"))
    for r in ext:
        ports.append(("input  wire", "[%s-1:0]" % size(r), r.name + "_i", None))
    for b, regs, present, base in blks:
        ports += [
            (None, None, None, "block %s: the registers it holds (%s)%s" % (
                b, ", ".join(r.name for r in regs), "" if present is None else ", mapped when %s" % present)),
            ("output wire", "", "%s_sel_o" % b, "access phase of an access to one of them"),
            ("output wire", "[5:0]", "%s_k_o" % b, "its word index from %s" % regs[0].name),
            ("output wire", "[2:0]", "%s_t_o" % b, "its thread"),
            ("input  wire", "[31:0]", "%s_rdata_i" % b, "the addressed word's value (read, and old word of a write)"),
            ("output wire", "[31:0]", "%s_wword_o" % b, "the strobed bytes of the write data over that word"),
            ("input  wire", "", "%s_werr_i" % b, "the block refuses that write (its own rule)"),
            ("output wire", "", "%s_we_o" % b, "a successful write"),
        ]
    ports.append((None, None, None, "writes, for the registers pmu_regs stores and what it derives from writes"))
    for r in sarr:
        ports.append(("output wire", "[THREADS*%s-1:0]" % vexpr(r.cexpr), "we_%s_o" % r.name,
                      "%s[t*%s+k] written" % (r.name, gexpr)))
    for r in hwwr:
        ports.append(("output reg ", "[THREADS-1:0]", "we_%s_o" % r.name, "%s[t] written (word hi_o)" % r.name))
    if sarr:
        ports.append((None, None, None, "loads of the array elements, decided by pmu_regs: the writes above, or with PIPE >= 2 the"))
        ports.append((None, None, None, "writes of the cycle before from its write register (spec 4)"))
        for r in sarr:
            ports.append(("input  wire", "[THREADS*%s-1:0]" % vexpr(r.cexpr), "ld_%s_i" % r.name,
                          "%s[t*%s+k] loads ld_word_i" % (r.name, gexpr)))
        ports.append(("input  wire", "", "ld_any_i", "some element may load (wr_ok, or a write in the register)"))
        ports.append(("input  wire", "[31:0]", "ld_word_i", "the word an array element loads (masked here)"))
        ports.append(("output wire", "[EIW-1:0]", "widx_o", "the array element of the access, t*%s+k" % gexpr))
        ports.append(("output wire", "[31:0]", "ewword_o", "the word an evtsel/ext write stores (the merge of its bytes)"))
    ports += [
        ("output wire", "", "wr_ok_o", "a successful write"),
        ("output wire", "", "hi_o", "the high word of a 64-bit register"),
        ("output wire", "[AW-1:0]", "addr_o", "the access's address (bits 1:0 zero)"),
    ]
    real = [p for p in ports if p[0] not in (None, "LINT_OFF", "LINT_ON")]
    last = real[-1][2]
    ww = max(len(p[1]) for p in real)
    for kind, w, n, c in ports:
        if kind is None:
            a("  // " + c)
        elif kind == "LINT_OFF":
            a("  /* verilator lint_off UNUSEDSIGNAL */")
        elif kind == "LINT_ON":
            a("  /* verilator lint_on UNUSEDSIGNAL */")
        else:
            ln = "  %s %-*s %s%s" % (kind, ww, w, n, "" if n == last else ",")
            if c:
                ln = "%-*s // %s" % (max(len(ln), 60), ln, c)
            a(ln)
    a(");")
    a("")
    a("  `include \"pmu_regs_pkg.vh\"")
    a("")
    a("  // ---------------------------------------------------------------------------------------------")
    a("  // Storage (the registers pmu_regs stores: their values, read here)")
    a("  // ---------------------------------------------------------------------------------------------")
    for r in own:
        a("  reg  [%s-1:0] %s_q;" % (size(r), r.name))
    for r in ext:
        a("  wire [%s-1:0] %s_q = %s_i;" % (size(r), r.name, r.name))
    for r in own:
        a("  assign %s_q_o = %s_q;" % (r.name, r.name))
    a("")
    a("  // ---------------------------------------------------------------------------------------------")
    a("  // Address decode (spec 3) of the current address (suffix _s), bit-sliced: word address a_s,")
    a("  // thread block number blk_s (its high bits), offset off_s inside the block and its word index")
    a("  // w_s. The thread is an equality of blk_s with a block's number, a register's range a")
    a("  // constant mask over w_s (M_<REG>: bit i set when word i of the thread block is one of its")
    a("  // words), so no decision waits for a subtraction or a compare's carry chain.")
    a("  // ---------------------------------------------------------------------------------------------")
    win = [r for r in th if r.is_array]
    nwd = "(1 << (TSH - 2))"
    for r in win:
        lo = "%d" % (r.offset // 4)
        hi = "%d + %d * (%s)" % (r.offset // 4, r.stride // 4, vexpr(r.cexpr))
        a("  localparam [%s-1:0] M_%s = ({%s{1'b1}} << (%s)) & ~({%s{1'b1}} << (%s));"
          % (nwd, U(r), nwd, lo, nwd, hi))
    # (name, declaration width, reset/zero value) of every decode term; the terms the access
    # phase uses (acc_terms) are also kept without the suffix (see below)
    terms = [("a", "[31:0]   ", "32'd0"), ("blk", "[31:0]   ", "32'd0"), ("off", "[31:0]   ", "32'd0"),
             ("w", "[TSH-3:0]", "{(TSH-2){1'b0}}")]
    terms += [("d_" + r.name, "[31:0]   ", "32'd0") for r in sarr]
    terms += [("kd_" + b, "[31:0]   ", "32'd0") for b, _, _, _ in blks]
    terms += [("in_thr", "         ", "1'b0")]
    terms += [("r_" + r.name, "         ", "1'b0") for r in m.regs] + [("r_cnt", "         ", "1'b0")]
    terms += [("hi", "         ", "1'b0"), ("tsel", "[TIW-1:0]", "{TIW{1'b0}}")]
    if sarr:
        terms.append(("ksel", "[KIW-1:0]", "{KIW{1'b0}}"))
    terms += [("r_" + b, "         ", "1'b0") for b, _, _, _ in blks]
    terms += [("k_" + b, "[5:0]    ", "6'd0") for b, _, _, _ in blks]
    names = [n for n, _, _ in terms]
    cmt = {"r_cnt": "a counter (%s)" % ", ".join(r.name for r, _ in cnts), "hi": "high word of a 64-bit register",
           "tsel": "thread", "w": "word index inside the thread block"}
    if sarr:
        cmt["ksel"] = "element of %s" % "/".join(r.name for r in sarr)
    for b, regs, _, _ in blks:
        cmt["r_" + b] = "a register of block %s" % b
        cmt["k_" + b] = "its word index from %s" % regs[0].name

    def sfx(expr):
        return re.sub(r"\b(%s)\b" % "|".join(map(re.escape, names)), r"\1_s", expr)

    unused = [n for n in names if n.startswith("kd_") or n.startswith("d_")]
    for n, w, _ in terms:
        if n in unused:
            a("  /* verilator lint_off UNUSEDSIGNAL */  // the index bits only")
        a(("  reg %s %s;" % (w, n + "_s")) + (("%s// %s" % (" " * max(1, 12 - len(n)), cmt[n])) if n in cmt else ""))
        if n in unused:
            a("  /* verilator lint_on UNUSEDSIGNAL */")
    a("  integer       ti;")
    a("  // Decoded only while the slave is selected (all zero otherwise: every use below is gated by")
    a("  // the access phase), so the decoder does not toggle on idle bus cycles.")
    a("  always @* begin")
    wd = max(len(n) for n in names) + 2
    for n, _, v in terms:
        a("    %-*s = %s;" % (wd, n + "_s", v))
    a("    ti = 0;  // loop variable: assigned on every path (no latch)")
    a("    if (psel_i) begin")
    a("      a_s[AW-1:2] = paddr_i[AW-1:2];")
    a("      blk_s       = a_s >> TSH;")
    a("      off_s       = a_s & TOFF;")
    a("      w_s         = off_s[TSH-1:2];")
    a("      for (ti = 0; ti < THREADS; ti = ti + 1) begin")
    a("        if (blk_s == TB0 + ti) begin")
    a("          in_thr_s = 1'b1;")
    a("        end")
    a("      end")
    body = [("tsel", "blk[TIW-1:0] - TB0[TIW-1:0]"), ("hi", "a[2]")]
    # the index bits of an array element (the low bits of off - base: no carry from above them)
    for r in sarr:
        body.append(("d_" + r.name, "off - 'h%03x" % r.offset))
    for b, _, _, base in blks:
        body.append(("kd_" + b, "off - 'h%03x" % base))
    for r in consts:
        body.append(("r_" + r.name, "(a == 'h%03x)" % r.offset))
    for r in th:
        if r.kind == "blk" and r.present is not None:
            pre = "(%s != 0) && " % vexpr(r.present)
        else:
            pre = ""
        if r.is_array:
            body.append(("r_" + r.name, pre + "in_thr && M_%s[w]" % U(r)))
        elif r.width == 64:
            body.append(("r_" + r.name, "in_thr && (off[TSH-1:3] == 'h%02x)" % (r.offset >> 3)))
        else:
            body.append(("r_" + r.name, pre + "in_thr && (off == 'h%03x)" % r.offset))
    body.append(("r_cnt", " | ".join("r_" + r.name for r, _ in cnts)))
    for b, regs, _, _ in blks:
        body.append(("r_" + b, " | ".join("r_" + r.name for r in regs)))
        body.append(("k_" + b, "kd_%s[7:2]" % b))
    if sarr:
        e = "d_%s[KIW+%d:%d]" % (sarr[-1].name, shift_of(sarr[-1].stride) - 1, shift_of(sarr[-1].stride))
        for r in reversed(sarr[:-1]):
            e = "r_%s ? d_%s[KIW+%d:%d] : %s" % (r.name, r.name, shift_of(r.stride) - 1, shift_of(r.stride), e)
        body.append(("ksel", e))
    body = [(sfx(n), sfx(v)) for n, v in body]
    wd = max(len(n) for n, _ in body)
    for n, v in body:
        a("      %-*s = %s;" % (wd, n, v))
    a("    end")
    a("  end")
    a("")
    # The bank index: the element's index bits of the address (off >> log2(stride), less the
    # base's part below the stride) plus a constant per thread and counter array, one adder.
    groups = []                                  # [(shift, base mod stride, [(reg, bank base)])]
    for r, base in cnts:
        key = (shift_of(r.stride), r.offset % r.stride)
        for g in groups:
            if g[:2] == key:
                g[2].append((r, base))
                break
        else:
            groups.append((key[0], key[1], [(r, base)]))
    txt = ("Bank index cidx_s of the current address, one adder: the element's index bits of the "
           "address (the offset over the stride) plus a constant of the thread and the counter array, "
           "t * NCPT + the array's first bank index - its first element's index bits (modulo 2^CIW). "
           "Outside a counter's words cidx_s is of no use (the bank takes it only with cnt_pre_o, "
           "cnt_re_o, cnt_we_o).")
    if sarr:
        txt += (" The %s element index eidx_s: thread tsel_s's first %s index (a table of constants) "
                "plus ksel_s." % ("/".join(r.name for r in sarr), sarr[0].name))
    for ln in textwrap.wrap(txt, 97):
        a("  // " + ln)
    for gi, (sh, rem, regs) in enumerate(groups):
        src = "off_s" if rem == 0 else "(off_s - 'h%x)" % rem
        a("  /* verilator lint_off UNUSEDSIGNAL */  // bits CIW-1:0")
        a("  reg  [31:0]    ck%d_s;      // the constant" % gi)
        a("  wire [31:0]    cj%d_s = %s >> %d;   // the index bits" % (gi, src, sh))
        a("  /* verilator lint_on UNUSEDSIGNAL */")
    a("  integer       tc;")
    a("  always @* begin")
    for gi in range(len(groups)):
        a("    ck%d_s = 32'd0;" % gi)
    a("    tc = 0;  // loop variable: assigned on every path (no latch)")
    a("    for (tc = 0; tc < THREADS; tc = tc + 1) begin")
    a("      if (blk_s == TB0 + tc) begin")
    for gi, (sh, rem, regs) in enumerate(groups):
        for r, base in regs:
            a("        if (M_%s[w_s]) begin" % U(r))
            a("          ck%d_s = tc * NCPT_C + LI_%s - 32'd%d;" % (gi, U(r), (r.offset - rem) >> sh))
            a("        end")
    a("      end")
    a("    end")
    a("  end")
    sums = ["ck%d_s[CIW-1:0] + cj%d_s[CIW-1:0]" % (gi, gi) for gi in range(len(groups))]
    if len(groups) == 1:
        a("  wire [CIW-1:0] cidx_s = %s;" % sums[0])
    else:
        e = sums[-1]
        for gi in reversed(range(len(groups) - 1)):
            e = "(%s) ? %s : %s" % (" | ".join("r_%s_s" % r.name for r, _ in groups[gi][2]), sums[gi], e)
        a("  wire [CIW-1:0] cidx_s = %s;" % e)
    if sarr:
        a("  reg [EIW-1:0] ebase;")
        a("  reg [EIW-1:0] eacc;")
        a("  integer       tb;")
        a("  always @* begin")
        a("    ebase = {EIW{1'b0}};")
        a("    eacc  = {EIW{1'b0}};")
        a("    for (tb = 0; tb < THREADS; tb = tb + 1) begin")
        a("      if (tsel_s == tb[TIW-1:0]) begin")
        a("        ebase = eacc;")
        a("      end")
        a("      eacc = eacc + KCNT_C[EIW-1:0];")
        a("    end")
        a("  end")
        a("  wire [EIW-1:0] eidx_s = ebase + {{(EIW - KIW){1'b0}}, ksel_s};")
    a("")
    # the decode the access phase uses
    acc_terms = [("a[AW-1:2]", "AW - 2")] + [("r_" + r.name, "1") for r in m.regs] + [("r_cnt", "1"), ("hi", "1"),
                                                                                   ("tsel", "TIW")]
    if sarr:
        acc_terms.append(("ksel", "KIW"))
    acc_terms.append(("cidx", "CIW"))
    if sarr:
        acc_terms.append(("eidx", "EIW"))
    for b, _, _, _ in blks:
        acc_terms += [("r_" + b, "1"), ("k_" + b, "6")]
    a("  // The decode the access phase uses (spec 5, \"Event path pipeline\" in 4): with PIPE = 0 the")
    a("  // current address's, with PIPE = 1 the setup cycle's from the register dec_q (the address is")
    a("  // stable from the setup cycle on, APB), so that the access cycle's logic starts at a flop.")
    ones = sum(1 for _, w in acc_terms if w == "1")
    a("  localparam DECW = %s;   // the terms below, in that order" % " + ".join(
        [w for _, w in acc_terms if w != "1"][:1] + [str(ones)] + [w for _, w in acc_terms if w != "1"][1:]))
    a("  reg [AW-1:0]  a;")
    for n, w, _ in terms:
        if n in [t for t, _ in acc_terms] and n != "a":
            a("  reg %s %s;" % (w, n))
    a("  reg [CIW-1:0] cidx;")
    if sarr:
        a("  reg [EIW-1:0] eidx;")
    a("  wire [DECW-1:0] dec_s = {%s};" % ", ".join(n.replace("a[", "a_s[") if n.startswith("a[") else n + "_s"
                                                   for n, _ in acc_terms))
    a("  wire [DECW-1:0] dec;")
    a("  generate")
    a("    if (PIPE != 0) begin : g_dec_q")
    a("      reg [DECW-1:0] dec_q;")
    a("      // loaded in the setup cycle (psel without penable); reset clears it")
    a("      always @(posedge clk_i) begin")
    a("        if (!rst_ni) begin")
    a("          dec_q <= {DECW{1'b0}};")
    a("        end else if (psel_i && !penable_i) begin")
    a("          dec_q <= dec_s;")
    a("        end")
    a("      end")
    a("      assign dec = dec_q;")
    a("    end else begin : g_dec")
    a("      assign dec = dec_s;")
    a("    end")
    a("  endgenerate")
    a("  always @* begin")
    a("    a = {AW{1'b0}};")
    a("    {%s} = dec;" % ", ".join(n for n, _ in acc_terms))
    a("  end")
    a("")
    a("  // ---------------------------------------------------------------------------------------------")
    a("  // Access phase, errors (spec 5.2)")
    a("  // ---------------------------------------------------------------------------------------------")
    a("  // Evaluated only while the slave is selected (all 0 otherwise: an error only shows in the")
    a("  // access phase, and the terms do not toggle on idle bus cycles).")
    a("  reg acc;      // access phase")
    a("  reg priv;     // privileged access (pprot[0])")
    a("  reg mapped;")
    ens = []
    for r in m.regs:
        if isinstance(r.uread, tuple) and r.uread not in ens:
            ens.append(r.uread)
    for rn, fn in ens:
        a("  reg ue_%s_%s;   // %s.%s of the addressed thread" % (rn, fn, rn, fn))
    a("  reg usr_rd;   // readable unprivileged")
    a("  reg wr_ro;    // a register without writable fields")
    a("  reg err;")
    a("  reg wr_ok;    // successful write")
    a("  reg rd_ok;    // successful read")
    a("  always @* begin")
    names = ["acc", "priv", "mapped"] + ["ue_%s_%s" % x for x in ens] + ["usr_rd", "wr_ro", "err", "wr_ok", "rd_ok"]
    wd = max(len(n) for n in names)
    for n in names:
        a("    %-*s = 1'b0;" % (wd, n))
    a("    if (psel_i) begin")
    a("      acc    = penable_i && !cnt_wait_i;   // (a wait state: no access yet, spec 5.1)")
    a("      priv   = pprot_i[0];")
    a("      mapped = %s;" % " | ".join("r_" + r.name for r in m.regs))
    for rn, fn in ens:
        er = m.reg(rn)
        a("      ue_%s_%s = %s_q[tsel*%d + `PMU_%s_%s_LSB];" % (rn, fn, rn, er.width, rn.upper(), fn.upper()))
    terms = ["r_" + r.name for r in m.regs if r.uread == "always"]
    for x in ens:
        terms.append("((%s) & ue_%s_%s)" % (" | ".join("r_" + r.name for r in m.regs if r.uread == x), x[0], x[1]))
    a("      usr_rd = %s;" % (" | ".join(terms) if terms else "1'b0"))
    ro = [r for r in m.regs if not r.writable]
    a("      wr_ro  = %s;" % (" | ".join("r_" + r.name for r in ro) if ro else "1'b0"))
    a("      err    = !mapped")
    a("               | (pwrite_i & !priv)")
    a("               | (!pwrite_i & !priv & !usr_rd)")
    a("               | (pwrite_i & wr_ro)%s;" % "".join(
        "\n               | (pwrite_i & r_%s & %s_werr_i)" % (b, b) for b, _, _, _ in blks))
    a("      wr_ok  = acc & pwrite_i & !err;")
    a("      rd_ok  = acc & !pwrite_i & !err;")
    a("    end")
    a("  end")
    a("")
    a("  // ---------------------------------------------------------------------------------------------")
    a("  // Read data")
    a("  // ---------------------------------------------------------------------------------------------")
    a("  // Counters are read through the bank's read port (index cidx)%s" % (
        "; %s element eidx through a" % "/".join(r.name for r in sarr) if sarr else "."))
    if sarr:
        a("  // binary mux tree (a level per index bit, entries past the end read as 0). The tree is only")
        a("  // selected in an access phase (its select is 0 on idle cycles, so it does not toggle).")
    a("  assign cnt_re_o   = rd_ok & r_cnt;")
    a("  assign cnt_ridx_o = cidx;")
    a("  assign cnt_pidx_o = cidx_s;   // the pre-read of the setup cycle (block-RAM storage)")
    a("  // Pre-read (spec 4, block-RAM storage): the setup cycle of an access to a counter names it to the")
    a("  // bank one cycle before the access cycle reads or writes it (the address is stable, APB).")
    a("  assign cnt_pre_o  = psel_i && !penable_i && r_cnt_s;")
    if sarr:
        na = len(sarr)
        aw = "EIW + %d" % (max(na - 1, 1).bit_length()) if na > 1 else "EIW"
        anum = " : ".join("r_%s ? %d" % (r.name, n) for n, r in enumerate(sarr[:-1])) + (" : %d" % (na - 1))
        anum_s = " : ".join("r_%s_s ? %d" % (r.name, n) for n, r in enumerate(sarr[:-1])) + (" : %d" % (na - 1))
        a("")
        a("  reg [31:0]            eval;")
        a("  reg [31:0]            eold;   // the addressed element's word, for its write (ewword_o)")
        a("  generate")
        a("    if ((STORAGE != 0) && (THREADS * P >= 4)) begin : g_eram")
        a("      // Block-RAM storage, at least 4 elements an array (with fewer the mux is smaller than the")
        a("      // RAM's write mask and flags): a copy of every element in a RAM at {array, element},")
        a("      // written with the word a successful write stores (masked as the element's flop masks it, in the")
        a("      // write's access cycle) and read in the setup cycle of every access (the address is")
        a("      // stable from then on, APB), so the access phase reads the RAM's output register instead")
        a("      // of a mux of every element. The RAM has no reset: ewr_q (element written since reset)")
        a("      // stands for it, an element not written reads its reset value. The next access's setup")
        a("      // cycle follows a write's access cycle at the earliest: it reads the written word.")
        a("      localparam RAW = %s;" % aw)
        a("      (* ram_style = \"block\" *)")
        a("      reg  [31:0]              eram [0:(1 << RAW)-1];")
        a("      reg  [(1 << RAW)-1:0]    ewr_q;")
        a("      reg  [31:0]              erd_q;")
        a("      reg                      ewv_q;")
        a("      /* verilator lint_off UNUSEDSIGNAL */  // the array number's low bits only")
        a("      wire [31:0]              ean_s = %s;" % anum_s)
        a("      wire [31:0]              ean   = %s;" % anum)
        a("      wire [31:0]              ksel32 = {{(32 - KIW){1'b0}}, ksel};")
        a("      /* verilator lint_on UNUSEDSIGNAL */")
        a("      wire [RAW-1:0]           era   = {ean_s[RAW-EIW-1:0], eidx_s};")
        a("      wire [RAW-1:0]           ewa   = {ean[RAW-EIW-1:0], eidx};")
        a("      wire                     ewe   = wr_ok && (%s);" % " || ".join("r_" + r.name for r in sarr))
        a("      wire                     erd   = psel_i && !penable_i;")
        mks = []
        for r in sarr:
            mk = "%s_MASK" % U(r)
            if r.razwi_at() is not None:
                mk = "((ksel32 == 32'd%d) ? %s_MASK_AT%d : %s_MASK)" % (r.razwi_at(), U(r), r.razwi_at(), U(r))
            mks.append(("r_" + r.name, mk))
        e = mks[-1][1]
        for c, mk in reversed(mks[:-1]):
            e = "%s ? %s : %s" % (c, mk, e)
        a("      // The write: the strobed bytes of the write data over the element's word read in the")
        a("      // setup cycle (eold, the same word as the element's flop loads), not through the mux")
        a("      // of every register's old word (wword): two LUT levels after the RAM's clock to output")
        a("      // (5.6 ns on the ECP5) instead of four (docs/area.md).")
        a("      wire [31:0]              ewm   = %s;" % e)
        a("      wire [31:0]              ewd   = merge(eold, pwdata_i, pstrb_i) & ewm;")
        a("      always @(posedge clk_i) begin")
        a("        if (ewe) begin")
        a("          eram[ewa] <= ewd;")
        a("        end")
        a("        if (erd) begin")
        a("          erd_q <= eram[era];")
        a("        end")
        a("      end")
        a("      // reset clears the written flags (the RAM words are then not read)")
        a("      always @(posedge clk_i) begin")
        a("        if (!rst_ni) begin")
        a("          ewr_q <= {(1 << RAW){1'b0}};")
        a("          ewv_q <= 1'b0;")
        a("        end else begin")
        a("          if (ewe) begin")
        a("            ewr_q[ewa] <= 1'b1;")
        a("          end")
        a("          if (erd) begin")
        a("            ewv_q <= ewr_q[era];")
        a("          end")
        a("        end")
        a("      end")
        rv = "%s_RESET" % U(sarr[-1])
        for r in reversed(sarr[:-1]):
            rv = "r_%s ? %s_RESET : %s" % (r.name, U(r), rv)
        a("      always @* begin")
        a("        eold = ewv_q ? erd_q : (%s);" % rv)
        a("        eval = 32'd0;")
        a("        if (acc) begin")
        a("          eval = eold;")
        a("        end")
        a("      end")
        a("    end else begin : g_etree")
        a("      reg [(1<<EIW)*32-1:0] etree;")
        a("      integer               el;")
        a("      integer               ee;")
        a("      always @* begin")
        a("        etree = {(1 << EIW){32'd0}};")
        a("        eval  = 32'd0;")
        a("        el    = 0;  // loop variables: assigned on every path (no latch)")
        a("        ee    = 0;")
        a("        if (acc) begin")
        a("          for (ee = 0; ee < THREADS * KCNT_C; ee = ee + 1) begin")
        e = "%s_q[ee*32 +: 32]" % sarr[-1].name
        for r in reversed(sarr[:-1]):
            e = "r_%s ? %s_q[ee*32 +: 32] : %s" % (r.name, r.name, e)
        a("            etree[ee*32 +: 32] = %s;" % e)
        a("          end")
        a("          for (el = 0; el < EIW; el = el + 1) begin")
        a("            for (ee = 0; ee < ((1 << EIW) >> (el + 1)); ee = ee + 1) begin")
        a("              etree[ee*32 +: 32] = eidx[el] ? etree[(2*ee+1)*32 +: 32] : etree[(2*ee)*32 +: 32];")
        a("            end")
        a("          end")
        a("          eval = etree[31:0];")
        a("        end")
        a("      end")
        a("      always @* begin")
        a("        eold = eval;")
        a("      end")
        a("    end")
        a("  endgenerate")
        a("  // The word an evtsel/ext write stores (wword's on such a write): the strobed bytes of the")
        a("  // write data over the element's word alone, not through the mux of every register's word")
        a("  // (pmu_regs' write register of PIPE >= 2 and the loads of the elements take it).")
        a("  // (Formed in the access phase of a write only, as wword: 0 otherwise, so that it does not")
        a("  // follow the bus's data on other cycles; the speed guard's count +1% without.)")
        a("  reg [31:0] ewword;")
        a("  always @* begin")
        a("    ewword = 32'd0;")
        a("    if (psel_i && penable_i && pwrite_i) begin")
        a("      ewword = merge(eold, pwdata_i, pstrb_i);")
        a("    end")
        a("  end")
        a("  assign ewword_o = ewword;")
    a("")

    def word(r):
        if r.width == 64:
            return "%s_q[{tsel, hi}*32 +: 32]" % r.name
        return "%s_q[tsel*32 +: 32]" % r.name

    a("  reg [31:0] rdata;")
    a("  always @* begin")
    a("    rdata = 32'd0;")
    a("    if (rd_ok) begin")
    first = True
    arms = [("r_" + r.name, "%s_VALUE" % U(r)) for r in consts]
    if sarr:
        arms.append((" || ".join("r_" + r.name for r in sarr), "eval"))
    arms += [("r_" + r.name, word(r)) for r in ssgl]
    arms += [("r_" + b, "%s_rdata_i" % b) for b, _, _, _ in blks]
    for c, v in arms:
        a("      %sif (%s) begin" % ("" if first else "end else ", c))
        a("        rdata = %s;" % v)
        first = False
    a("      end")
    a("    end")
    a("  end")
    a("  // A counter's word (rd_ok: the address is mapped, so a read that none of the arms above")
    a("  // takes is of a counter) enters last, beside the mux above, not through it: the low word")
    a("  // of an issue-slot counter comes from the bank's RAM in the access cycle.")
    a("  wire rd_lo = rd_ok && r_cnt && !hi;")
    a("  wire rd_hi = rd_ok && r_cnt && hi;")
    a("")
    a("  always @* begin")
    a("    prdata_o  = rdata | ({32{rd_lo}} & cnt_rdata_i) | ({32{rd_hi}} & cnt_hi_rdata_i);")
    a("    pslverr_o = acc & err;")
    a("  end")
    a("")
    a("  // ---------------------------------------------------------------------------------------------")
    a("  // Writes (spec 5.3)")
    a("  // ---------------------------------------------------------------------------------------------")
    a("  // The bytes of a word that the strobes select, and the strobed bytes of wd over old. Functions")
    a("  // applied where a write lands, in each written register's next-state term.")
    a("  function automatic [31:0] bmask(input [3:0] strb);")
    a("    bmask = {{8{strb[3]}}, {8{strb[2]}}, {8{strb[1]}}, {8{strb[0]}}};")
    a("  endfunction")
    a("")
    a("  function automatic [31:0] merge(input [31:0] old, input [31:0] wd, input [3:0] strb);")
    a("    merge = (old & ~bmask(strb)) | (wd & bmask(strb));")
    a("  endfunction")
    a("")
    if blks:
        a("  // The thread index as 3 bits (the blocks' ports): THREADS <= 8")
        a("  /* verilator lint_off UNUSEDSIGNAL */")
        a("  wire [31:0] tsel32 = {{(32 - TIW){1'b0}}, tsel};")
        a("  /* verilator lint_on UNUSEDSIGNAL */")
        a("")
    if sarr:
        a("  // Write strobes of the array elements, [t*%s+k] (evaluated only on a write)." % gexpr)
        for r in sarr:
            a("  reg [THREADS*%s-1:0] we_%s;" % (vexpr(r.cexpr), r.name))
        a("  integer t;")
        a("  integer k;")
        a("  always @* begin")
        for r in sarr:
            a("    we_%s = {(THREADS * %s){1'b0}};" % (r.name, vexpr(r.cexpr)))
        a("    t = 0;  // loop variables: assigned on every path (no latch)")
        a("    k = 0;")
        a("    if (wr_ok && (%s)) begin" % " || ".join("r_" + r.name for r in sarr))
        a("      for (t = 0; t < THREADS; t = t + 1) begin")
        a("        for (k = 0; k < KCNT_C; k = k + 1) begin")
        a("          if ((tsel == t[TIW-1:0]) && (ksel == k[KIW-1:0])) begin")
        for r in sarr:
            a("            we_%s[t*KCNT_C+k] = r_%s;" % (r.name, r.name))
        a("          end")
        a("        end")
        a("      end")
        a("    end")
        a("  end")
        a("")
    a("  // The word a successful write stores in %s: the strobed bytes" % ", ".join(r.name for r in stored if not r.hwset))
    a("  // of the write data over the register's old word (arrays: the read tree eval, which holds the")
    a("  // addressed element in the access phase). One merge for every register, evaluated only in the")
    a("  // access phase of a write; each register loads it only on a successful write (wr_ok, in its")
    a("  // write enable, so the word does not wait for the error rules) and masks it to its writable")
    a("  // fields at its flop (constant masks, so a synthesis tool drops the flops of reserved bits).")
    a("  reg [31:0] wold;")
    a("  reg [31:0] wword;")
    a("  always @* begin")
    a("    wold  = 32'd0;")
    a("    wword = 32'd0;")
    a("    if (psel_i && penable_i && pwrite_i) begin")
    arms = []
    if sarr:
        arms.append((" || ".join("r_" + r.name for r in sarr), "eval"))
    arms += [("r_" + r.name, word(r)) for r in ssgl if not r.hwset]
    first = True
    for c, v in arms:
        a("      %sif (%s) begin" % ("" if first else "end else ", c))
        a("        wold = %s;" % v)
        first = False
    if arms:
        a("      end")
    a("      wword = merge(wold, pwdata_i, pstrb_i);")
    a("    end")
    a("  end")
    a("")
    a("  // Counter bank write port. Its enable is wr_ok && r_cnt written out: a counter word is mapped,")
    a("  // writable and outside every block, so of the error rules only the privilege one applies")
    a("  // (the same value without the decode's OR of every register and the read rules, which the")
    a("  // wrap of the counters not written, and so gstatus, would otherwise wait for).")
    a("  always @* begin")
    a("    cnt_we_o   = acc && pwrite_i && priv && r_cnt;")
    a("    cnt_widx_o = cidx;")
    a("    cnt_whi_o  = hi;")
    a("  end")
    a("  assign cnt_wdata_o = pwdata_i;")
    a("  assign cnt_wstrb_o = pstrb_i;")
    a("")
    a("  // ---------------------------------------------------------------------------------------------")
    a("  // Flops: a register loads the word of a successful write to it, masked to its writable fields")
    a("  // (registers with hardware-set fields: in pmu_regs); an array element the word ld_word_i when")
    a("  // pmu_regs says (ld_*_i: the write of this cycle, or with PIPE >= 2 of the cycle before).")
    a("  // ---------------------------------------------------------------------------------------------")
    a("  integer tw;")
    if sarr:
        a("  integer kw;")
    a("  always @(posedge clk_i) begin")
    a("    if (!rst_ni) begin")
    for r in stored:
        if r.hwset:
            continue
        n = "THREADS * %s" % vexpr(r.cexpr) if r.is_array else "THREADS"
        a("      %s_q <= {(%s){%s_RESET}};" % (r.name, n, U(r)))
    a("    end else begin")
    if sarr:
        a("      if (ld_any_i) begin   // (implied by every ld_*_i bit: the loop only runs then)")
        a("        for (tw = 0; tw < THREADS; tw = tw + 1) begin")
        a("          for (kw = 0; kw < KCNT_C; kw = kw + 1) begin")
        for r in sarr:
            mk = "%s_MASK" % U(r)
            if r.razwi_at() is not None:
                mk = "((kw == %d) ? %s_MASK_AT%d : %s_MASK)" % (r.razwi_at(), U(r), r.razwi_at(), U(r))
            a("            if (ld_%s_i[tw*KCNT_C+kw]) begin" % r.name)
            a("              %s_q[(tw*KCNT_C+kw)*32 +: 32] <= ld_word_i & %s;" % (r.name, mk))
            a("            end")
        a("          end")
        a("        end")
        a("      end")
    a("      if (wr_ok) begin")
    a("        for (tw = 0; tw < THREADS; tw = tw + 1) begin")
    for r in ssgl:
        if r.hwset:
            continue
        if r.width == 32:
            a("          if ((tsel == tw[TIW-1:0]) && r_%s) begin" % r.name)
            a("            %s_q[tw*32 +: 32] <= wword & %s_MASK;" % (r.name, U(r)))
            a("          end")
        else:
            a("          if ((tsel == tw[TIW-1:0]) && r_%s && hi) begin" % r.name)
            a("            %s_q[tw*64+32 +: 32] <= wword & %s_MASK[63:32];" % (r.name, U(r)))
            a("          end")
            a("          if ((tsel == tw[TIW-1:0]) && r_%s && !hi) begin" % r.name)
            a("            %s_q[tw*64 +: 32] <= wword & %s_MASK[31:0];" % (r.name, U(r)))
            a("          end")
    a("        end")
    a("      end")
    a("    end")
    a("  end")
    a("")
    a("  // ---------------------------------------------------------------------------------------------")
    a("  // Writes for pmu_regs: the strobes and word above; per thread, a write to %s" % (", ".join(r.name for r in hwwr) or "-"))
    a("  // ---------------------------------------------------------------------------------------------")
    for r in sarr:
        a("  assign we_%s_o = we_%s;" % (r.name, r.name))
    if hwwr:
        a("  integer th;")
        a("  always @* begin")
        for r in hwwr:
            a("    we_%s_o = {THREADS{1'b0}};" % r.name)
        a("    for (th = 0; th < THREADS; th = th + 1) begin")
        for r in hwwr:
            a("      we_%s_o[th] = wr_ok && (tsel == th[TIW-1:0]) && r_%s;" % (r.name, r.name))
        a("    end")
        a("  end")
    for b, regs, _, _ in blks:
        a("")
        a("  // Block %s: the access, the merged word its write rule checks and a write stores (formed" % b)
        a("  // whenever one of its registers is addressed, as the rule must be known before wr_ok), and")
        a("  // the write strobe.")
        a("  assign %s_sel_o   = acc & r_%s;" % (b, b))
        a("  assign %s_k_o     = k_%s;" % (b, b))
        a("  assign %s_t_o     = tsel32[2:0];" % b)
        a("  assign %s_wword_o = r_%s ? merge(%s_rdata_i, pwdata_i, pstrb_i) : 32'd0;" % (b, b, b))
        a("  assign %s_we_o    = wr_ok & r_%s;" % (b, b))
    a("  assign wr_ok_o = wr_ok;")
    a("  assign hi_o    = hi;")
    if sarr:
        a("  assign widx_o  = eidx;")
    a("  assign addr_o  = a;")
    a("")
    a("endmodule")
    return "\n".join(L) + "\n"


# ---- C ---------------------------------------------------------------------------------------------
def gen_h_regs(m):
    """Register section of the C header pmu_map.h: offsets, strides, field positions, masks,
    reset values, constants and the register state of pmu_state_t (no newline at its end)."""
    return render("pmu_map_regs.h.j2", m=m).rstrip("\n")


def gen_c(m, banner):
    """cmodel: the decode table (pmu_regs_gen.h), included by pmu_blocks.h after pmu_dec_t."""
    ens = []  # the (register, field) pairs that enable an unprivileged read, in map order
    for r in m.regs:
        if isinstance(r.uread, tuple) and r.uread not in ens:
            ens.append(r.uread)
    return render("pmu_regs_gen.h.j2", m=m, banner=banner, st=[r for r in m.thread if r.kind == "store"],
                  uread_enables=ens, blk_base={b: "PMU_%s_OFF" % regs[0].name.upper() for b, regs, _, _ in m.blocks()})


# ---- lockstep state list (spec 6) ------------------------------------------------------------------
STATE_KINDS = ("cnt", "arr", "w32", "w64", "bits", "field", "one")


def state_list(m, extra):
    """Every state element lockstep compares: the counter bank first, then the stored registers
    of the map (u_regs.<reg>_q), then the behaviour state listed in pmu_params.json. Each is a
    dict: c (model field), rtl (u_blk.name), kind, n, per (C expressions), bits, desc."""
    out = [x for x in extra if x["kind"] == "cnt"]
    for r in m.thread:
        if r.kind != "store":
            continue
        out.append({"c": r.name + "_q", "rtl": "u_regs.%s_q" % r.name, "kind": "w%d" % r.width,
                    "n": "THREADS * %s" % r.cexpr if r.is_array else "THREADS",
                    "per": r.cexpr if r.is_array else "1", "bits": r.width,
                    "desc": "`%s`: %s" % (r.name, r.desc.split(",")[0].split(";")[0]),
                    "elem": r.name})
    out += [x for x in extra if x["kind"] != "cnt"]
    return out


def gen_state(m, extra, banner):
    return render("rtl_state_gen.h.j2", banner=banner, lst=state_list(m, extra),
                  sig=lambda x: "RTL_SIG(%s)" % x["rtl"].replace(".", "__DOT__"), ce=lambda e: cexpr(str(e)))


def state_table(m, extra):
    L = ["| state | RTL | C model (`pmu_state_t`) | layout |", "|---|---|---|---|"]
    for x in state_list(m, extra):
        k = x["kind"]
        if k == "cnt":
            lay = "array, counter i at `cnt_q[i]` (CW bits)"
        elif k == "arr":
            lay = ("array, counter i at `%s[i]`" % x["c"] if x["n"] == "NCNT" else
                   "array, counter k of thread t at `%s[t*P+k]`" % x["c"] if x["n"] == "THREADS * P" else
                   "array of %s, `%s[i]`" % (x["n"], x["c"]))
        elif k == "one":
            lay = "%s bit%s" % (x["bits"], "" if str(x["bits"]) == "1" else "s")
        elif k == "bits":
            lay = "bit %s" % ("t*%s+k" % x["per"] if str(x["per"]) != "1" else "t")
        else:
            w = x["bits"] if k == "field" else k[1:]
            i = "t*%s+k" % x["per"] if str(x["per"]) != "1" else "t"
            lay = "`[(%s)*%s +: %s]`" % (i, w, w) if "+" in i else "`[%s*%s +: %s]`" % (i, w, w)
        if "when" in x:
            lay += " (only with %s >= %d)" % (x["when"], x.get("when_min", 1))
        L.append("| %s | `%s` | `%s` | %s |" % (x["desc"], x["rtl"], x["c"], lay))
    return "\n".join(L)


# ---- docs ------------------------------------------------------------------------------------------
def acc_name(r):
    acc = {"const": "RO", "cnt": "RW counter"}.get(r.kind) or \
        ("RO (status)" if not r.writable else "RW1C" if r.hwset else "RW")
    if r.width == 64:
        acc += ", 64-bit (lo at +0, hi at +4)"
    if r.kind == "blk":
        acc += ", block %s%s" % (r.block, "" if r.present is None else ", only with %s = 1" % r.present)
    return acc


def uread_name(r):
    if r.uread == "always":
        return "yes"
    if r.uread == "never":
        return "no"
    return "if %s.%s" % r.uread


def bits_of(f):
    if f.wexpr is not None:
        return "%s%s-1:%d" % ("%d+" % f.lsb if f.lsb else "", f.wexpr, f.lsb)
    return "%d" % f.lsb if f.width == 1 else "%d:%d" % (f.msb, f.lsb)


def reset_text(f):
    if f.rexpr is not None:
        return f.rexpr
    if f.reset == 0:
        return "0"
    return "0x%0*x" % ((f.width + 3) // 4, f.reset)


def field_acc(r, f):
    s = {"rw": "RW", "ro": "RO", "w1c": "W1C (set by hardware)", "sts": "RO (written by hardware)",
         "cnt": "RW", "hwrw": "RW (changed by hardware)"}[f.access]
    if f.razwi_at is not None:
        s += "; RAZ/WI in %s%d" % (r.name, f.razwi_at)
    return s


def md_regmap(m):
    L = ["| address | name | access | unprivileged read | description |", "|---|---|---|---|---|"]
    for r in m.globals:
        L.append("| `0x%03x` | `%s` | %s | %s | %s |" % (r.offset, r.name, acc_name(r).lower() if r.kind == "const" else acc_name(r),
                                                         uread_name(r), r.desc))
    for r in m.thread:
        n = r.count
        last = r.offset + (n - 1) * r.stride + (4 if r.width == 64 else 0)
        rng = "`+0x%03x`" % r.offset if n == 1 and r.width == 32 else "`+0x%03x`..`+0x%03x`" % (r.offset, last)
        name = r.name + ("0..%d" % (n - 1) if r.is_array else "")
        L.append("| %s | `%s` | %s | %s | %s |" % (rng, name, acc_name(r), uread_name(r), r.desc))
    return "\n".join(L)


def md_fields(m):
    L = ["| register | field | bits | reset | description |", "|---|---|---|---|---|"]
    for r in m.regs:
        if r.kind == "cnt":
            continue
        for f in r.fields:
            L.append("| `%s` | `%s` | %s | %s | %s |" % (r.name, f.name, bits_of(f), reset_text(f), f.desc))
    return "\n".join(L)


def gen_md(m, banner, rdl_rel):
    return render("registers.md.j2", m=m, banner=banner, rdl_rel=rdl_rel,
                  counter_base={x.name: b for x, b in m.counters()})


# ---- Jinja2 templates (scripts/gen/templates/) ----------------------------------------------------
_JINJA = None


def render(name, **values):
    """Template NAME of scripts/gen/templates/ with VALUES and this module's helpers (the text
    helpers above); blocks take their own line (trim_blocks, lstrip_blocks), undefined names fail."""
    global _JINJA
    if _JINJA is None:
        import jinja2  # the virtual environment's (scripts/gen/requirements.txt)
        _JINJA = jinja2.Environment(
            loader=jinja2.FileSystemLoader(os.path.join(os.path.dirname(os.path.abspath(__file__)), "templates")),
            trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True, autoescape=False,
            undefined=jinja2.StrictUndefined)
        _JINJA.globals.update(acc_name=acc_name, uread_name=uread_name, bits_of=bits_of, reset_text=reset_text,
                              field_acc=field_acc, md_regmap=md_regmap, cexpr=cexpr, reset_value=reset_value, cmask=cmask, const_value=const_value,
                              U=lambda r: r.name.upper())
        _JINJA.filters["format_rk"] = lambda u: "kind == PMU_RK_%s" % u
    return _JINJA.get_template(name).render(**values)


# ---- PeakRDL exporters ------------------------------------------------------------------------------
def export_ipxact_uvm(path, params, out_xml, out_uvm):
    """IP-XACT (IEEE 1685-2014) and a UVM register model of this build's map, through
    PeakRDL-ipxact and PeakRDL-uvm (written to temporary names; the caller renames)."""
    from peakrdl_ipxact import IPXACTExporter
    from peakrdl_uvm import UVMExporter
    root = _compile(path, path, params)
    IPXACTExporter().export(root.top, out_xml)
    # class names from the hierarchy (pmu__thread__evtsel): re-used definitions would be named
    # after the anonymous types that the ss_* assignments make (pmu__thread_ss_count_b80c5f18__...)
    UVMExporter().export(root.top, out_uvm, reuse_class_definitions=False)


def _fields_by_address(top):
    """{(absolute address, field name): (lsb, msb, reset, software access)} of every field."""
    out = {}
    for node in top.descendants(unroll=True):
        if node.__class__.__name__ != "FieldNode":
            continue
        reset = node.get_property("reset")
        out[(node.parent.absolute_address, node.inst_name)] = (
            node.lsb, node.msb, reset if isinstance(reset, int) else None,
            node.get_property("sw").name, node.get_property("onwrite").name
            if node.get_property("onwrite") is not None else "")
    return out


def check_ipxact(path, params, xml):
    """Read the exported IP-XACT back with PeakRDL-ipxact's own importer and compare every field
    (address, bits, reset, software access, write side effect) with the map compiled from the
    .rdl. Returns a list of differences (empty when the file says what the .rdl says)."""
    from peakrdl_ipxact import IPXACTImporter
    want = _fields_by_address(_compile(path, path, params).top)
    rdlc = RDLCompiler()
    IPXACTImporter(rdlc).import_file(xml)
    got = _fields_by_address(rdlc.elaborate().top)
    diffs = []
    for k in sorted(set(want) | set(got)):
        if want.get(k) != got.get(k):
            diffs.append("%s: field %s at 0x%x: the .rdl says %s, the IP-XACT file %s"
                         % (xml, k[1], k[0], want.get(k), got.get(k)))
    if not want:
        diffs.append("%s: no fields compiled from %s" % (xml, path))
    return diffs
