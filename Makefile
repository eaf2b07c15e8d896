# StallScope PMU. `make run` runs the main job; `make test` runs everything that must pass.
# See README.md and docs/README.md. Build outputs go to build/ (never committed).
#
# This file holds the tool set-up, the parameter sets and the two README commands; each
# component's rules sit in a fragment next to its sources:
#   cmodel/cmodel.mk          the C reference model library, its CLI and unit tests
#   verif/lockstep/lockstep.mk  the PMU lockstep harness (RTL + model, every cycle)
#   verif/golden/golden.mk    the golden-vector writer and its Icarus replay
#   sim/report/report.mk      the report and trace writers' self-test
#   sim/main/run.mk           the main run: core stub + PMU + model
#   sim/systemc/systemc.mk    the PMU in SystemC: pin-level lockstep, TLM-2.0 model (make sim-systemc)
#   verif/dpi/dpi.mk          the model through DPI-C and its SV scoreboard (make sim-dpi)
#   verif/{formal,coverage,fuzz,regress,cocotb,html}/*.mk
#   fpga/fpga.mk              the FPGA board top's virtual board, pmuctl, the bring-up test
#   scripts/area/area.mk      make area: the area sweep, cost model, charts (docs/area.md)
# Every binary records what it was built from in BIN.dep (compiler -MMD files, Verilator's
# V*__ver.d; scripts/mk/depfile.py), included below, so editing any source, header or Verilog
# include rebuilds exactly what used it.

SHELL      := /bin/bash
BUILD      ?= build
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
CC         ?= gcc
# Optimisation and C++ compiler of the simulator builds (docs/performance.md measures these
# defaults).
SIM_OPT    ?= -O3
SIM_CXX    ?= clang++
# C++ optimisation of Verilator's "slow" files (construction, initial and settle code, run once
# per simulation, never per cycle): -O0 compiles a build's C++ about 20% faster at no cost in
# simulation speed
VL_SLOW_OPT ?= -O0
CWARN      := -std=c99 -Wall -Wextra -Werror
SAN_OPT    := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
PYTHON     ?= python3
# Python's bytecode caches of the scripts make runs go under $(BUILD), not beside the sources
# (a checkout holds nothing but its files after make test).
export PYTHONPYCACHEPREFIX := $(abspath $(BUILD))/pycache
# Every Verilated build goes through scripts/mk/vlcc.sh (Verilator's OBJCACHE hook): every file
# goes through ccache (VLCACHE/ccache): Verilator's runtime (about 10 s of CPU per build) and the
# harnesses repeat across builds. VLCACHE is BUILD; the mutants' builds (other BUILD
# directories) pass their parent's. The C model's libraries go through the same cache
# (CCACHE_CC, where ccache is installed: the C-only targets need only a C compiler), so a
# mutant's build finds them. CCACHE=0 turns ccache off.
CCACHE     ?= 1
CCACHE_CC  := $(if $(filter 1,$(CCACHE)),$(if $(shell command -v ccache 2>/dev/null),ccache ))
VLCACHE    ?= $(abspath $(BUILD))
export OBJCACHE := $(abspath scripts/mk/vlcc.sh)
export VLCC_CCACHE := $(CCACHE)
ifeq ($(CCACHE),1)
export CCACHE_DIR ?= $(VLCACHE)/ccache
export CCACHE_BASEDIR ?= $(CURDIR)
endif

# Debian packages this project needs, and the commands that prove they are installed.
DEB_PKGS   := verilator iverilog yosys g++ clang make python3 python3-matplotlib python3-venv z3 \
              libxml2-utils lcov gtkwave xvfb xauth tcl ccache golang-go graphviz
DEB_CMDS   := verilator iverilog yosys g++ clang python3 z3 xmllint genhtml fst2vcd xvfb-run xauth tclsh ccache go dot

# Where the designs are (a mutation test points PMU_RTL at a broken copy).
PMU_RTL    ?= rtl/pmu
CORE_RTL   ?= rtl/core
RTL_SRC    := $(wildcard $(PMU_RTL)/pmu_*.v)
RTL_INC    := $(wildcard $(PMU_RTL)/*.vh)
CORE_SRC   := $(wildcard $(CORE_RTL)/*.v)

# Include paths of each component's public headers.
MODEL_INC  := -Icmodel/include
STIM_SRC   := verif/stim/pmu_stim.c
STIM_INC   := -Iverif/stim

# Parameter sets co-simulated in `make test` (RTL -G and model -D come from the same list).
CFG_default :=
CFG_small   := THREADS=1 P=4 CW=40 W=2
CFG_big     := THREADS=3 P=16 CW=64 W=7
CFG_ram     := STORAGE=1
CFG_pipe    := STORAGE=1 PIPE=1
CFG_pipe2   := PIPE=2
CFG_pipe3   := STORAGE=1 PIPE=3
CFG_smp     := SAMPLER=1 SMP_DEPTH=8
CFG_pipe1ff := PIPE=1
CFG_pipe2ram := STORAGE=1 PIPE=2
CFG_pipe3ff := PIPE=3
CONFIGS     := default small big ram pipe pipe2 pipe3 smp pipe1ff pipe2ram pipe3ff
gflags = $(foreach kv,$(CFG_$(1)),-G$(kv))
dflags = $(foreach kv,$(CFG_$(1)),-DPMU_$(kv))

# Verilator's make arguments that compile a build's generated C++ as two translation units, the
# fast code and the slow (scripts/mk/vl_unity.mk); every Verilated build's -MAKEFLAGS has them.
VL_UNITY       = VM_FAST=V__unity_fast VM_SLOW=V__unity_slow -f $(abspath scripts/mk/vl_unity.mk)
# Verilator options shared by every Verilated build.
VERILATOR_OPTS = --cc --exe --build -j $(JOBS) -Wall -Wno-fatal -I$(PMU_RTL) \
  -MAKEFLAGS "$(VL_UNITY) OPT_FAST=$(SIM_OPT) OPT_SLOW=$(VL_SLOW_OPT) OPT_GLOBAL=$(SIM_OPT) CXX=$(SIM_CXX)"
VERILATOR_FLAGS = $(VERILATOR_OPTS) --top-module pmu_top
# -MAKEFLAGS that set a Verilated build's C++ optimisation to $(1) over the above (none if empty)
vl_opt = $(if $(1),-MAKEFLAGS "OPT_FAST=$(1) OPT_GLOBAL=$(1)")

# depfile BIN MDIR...: after a build, write BIN.dep from the dependency files in MDIR...
depfile = $(PYTHON) scripts/mk/depfile.py $(1) $(1).dep $(2)
# depprune MDIR: before a Verilator build, forget objects whose .d names a file that is gone
depprune = $(PYTHON) scripts/mk/depfile.py --prune $(1)
# cdepfile BIN FLAGS SOURCES: the same for a one-command C build (the compiler lists the headers)
cdepfile = $(CC) $(2) -MM -MP -MT $(1) $(3) > $(1).dep

.PHONY: all deps gen check-gen lint latch-check equiv synth iverilog test run validate bench soak mutate clean help

all: cli lockstep

# Every target a user runs is listed once, in docs/README.md's "Make targets" table: make help
# prints it, and the check-targets test of make test fails when a .PHONY target of the Makefiles
# is missing from it. Targets that only serve others (prerequisites, the regression's builds):
INTERNAL_TARGETS := all help san-deps c-deps systemc-deps html-deps fuzz-bins regress-bins run-bin junit-xsd

help:
	@$(PYTHON) scripts/run/targets.py --print

# ---- dependencies: install when root, else print the exact command --------------------------
deps:
	@missing=""; for c in $(DEB_CMDS); do command -v $$c >/dev/null 2>&1 || missing="$$missing $$c"; done; \
	/usr/bin/python3 -c 'import matplotlib' >/dev/null 2>&1 || missing="$$missing python3-matplotlib"; \
	/usr/bin/python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || missing="$$missing python3-venv"; \
	if [ -n "$$missing" ]; then \
	  echo "missing tools:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing: apt-get install -y $(DEB_PKGS)"; \
	    mkdir -p $(BUILD) && (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(DEB_PKGS)) >$(BUILD)/apt.log 2>&1 \
	      || { tail -20 $(BUILD)/apt.log; exit 1; }; \
	  else \
	    echo "run as root: sudo apt-get update && sudo apt-get install -y $(DEB_PKGS)"; exit 1; \
	  fi; \
	fi

# clang's sanitizer and libFuzzer runtimes come with libclang-rt-14-dev (a recommendation of
# clang, so missing after --no-install-recommends): probe by linking an empty fuzzer.
SAN_DEB := libclang-rt-14-dev
.PHONY: san-deps
# (in a directory of its own: tests of the list may run this at the same time); once per BUILD:
# BUILD/san.ok records a probe that passed
san-deps: deps | $(BUILD)
	@[ -f $(BUILD)/san.ok ] && exit 0; \
	p=$$(mktemp -d $(BUILD)/san_probe.XXXXXX) && trap 'rm -rf '"$$p" EXIT && \
	printf '#include <stddef.h>\n#include <stdint.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n' \
	  > $$p/san_probe.c && \
	{ clang -fsanitize=fuzzer,address,undefined -o $$p/san_probe $$p/san_probe.c 2>/dev/null || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing: apt-get install -y $(SAN_DEB) (libFuzzer, ASan, UBSan runtimes)"; \
	    (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(SAN_DEB)) >$$p/san_apt.log 2>&1 \
	      || { tail -20 $$p/san_apt.log; exit 1; }; \
	    clang -fsanitize=fuzzer,address,undefined -o $$p/san_probe $$p/san_probe.c; \
	  else echo "sanitizer runtimes missing: sudo apt-get install -y $(SAN_DEB)"; exit 1; fi; }; } && \
	touch $(BUILD)/san.ok

$(BUILD):
	mkdir -p $(BUILD)

# ---- Python packages of the generators: a virtual environment from scripts/gen/requirements.txt --
# (Debian's python3 with python3-venv; rebuilt when the requirements change; `make clean` drops it).
# The installer is uv (its pin is in the same file): pip installs it into the new environment,
# then uv installs the rest, downloading in parallel and unpacking in Rust (5 s of CPU and 14 s
# wall against pip's 42 s of CPU and minutes of wall on a loaded machine, empty caches). uv
# reads no pip settings: --native-tls takes the system's certificates, as PIP_CERT names them
# here. If uv fails (say, a network only pip's settings reach), pip installs the file as before,
# and build/venv.log says why. Python compiles a module when it is first imported (into
# PYTHONPYCACHEPREFIX) instead of the installer compiling every file (pip: --no-compile; uv
# compiles nothing). --no-deps: the file pins every package, dependencies included, so nothing is
# resolved; `pip check` then fails if one is missing or at a version another does not accept.
VENV     := $(BUILD)/venv
VENV_PY  := $(VENV)/bin/python
GEN_REQ  := scripts/gen/requirements.txt
VENV_PIP  = $(VENV)/bin/pip install -q --no-compile --no-deps --disable-pip-version-check
$(VENV)/.stamp: $(GEN_REQ) | deps $(BUILD)
	@echo "venv: $(VENV) from $(GEN_REQ)"
	@rm -rf $(VENV) && /usr/bin/python3 -m venv $(VENV) && { \
	  uv=$$(sed -n 's/^\(uv==[^ ]*\).*/\1/p' $(GEN_REQ)) && [ -n "$$uv" ] && $(VENV_PIP) "$$uv" && \
	    $(VENV)/bin/uv pip install -q --no-deps --native-tls --python $(VENV_PY) -r $(GEN_REQ) \
	  || { echo "venv: uv failed (above); installing with pip"; $(VENV_PIP) -r $(GEN_REQ); }; } \
	    > $(BUILD)/venv.log 2>&1 && $(VENV)/bin/pip check --disable-pip-version-check >> $(BUILD)/venv.log 2>&1 \
	  || { tail -20 $(BUILD)/venv.log; rm -rf $(VENV); exit 1; }
	@touch $@

# pyosys-yosys: Yosys 0.70 as a command (scripts/synth/yosys_py.py run by the venv's Python), the
# yosys of make area, latch-check and make fpga
$(VENV)/bin/pyosys-yosys: scripts/synth/yosys_py.py $(VENV)/.stamp
	@sed '1s|.*|#!$(abspath $(VENV_PY))|' $< > $@.tmp && chmod +x $@.tmp && mv $@.tmp $@

.PHONY: venv
venv: $(VENV)/.stamp $(VENV)/bin/pyosys-yosys

# ---- generated files from rtl/pmu/data/pmu.rdl and pmu_params.json ---------------------------
# (IP-XACT and the UVM register model go to build/gen/: nothing in the repository reads them)
gen: venv
	$(VENV_PY) scripts/gen/gen_map.py --export $(BUILD)/gen

check-gen: deps venv
	$(VENV_PY) scripts/gen/gen_map.py --check --export $(BUILD)/gen

# ---- RTL checks ------------------------------------------------------------------------------
lint: deps
	@$(foreach c,$(CONFIGS),echo "verilator --lint-only -Wall ($(c))" && \
	  verilator --lint-only -Wall -I$(PMU_RTL) --top-module pmu_top $(RTL_SRC) $(call gflags,$(c)) &&) true

# No latch inferred by the current yosys's proc (0.23 misses some) in pmu_top (the CONFIGS but
# smp), the sampler pmu_smp alone (two sets: what smp adds to pmu_top, at a fraction of its
# cost) and core_stub (the core-lint sets): scripts/synth/latch_check.py
LATCH_SMP := "pmu_smp:" "pmu_smp:THREADS=1 W=7 P=16 SMP_DEPTH=8"
latch-check: venv
	@set --; for c in $(CORE_LINT_CFGS); do set -- "$$@" "core_stub:$$c"; done; \
	  $(VENV_PY) scripts/synth/latch_check.py --log-dir $(BUILD)/latch-check \
	  $(foreach c,$(filter-out smp,$(CONFIGS)),"pmu_top:$(CFG_$(c))") $(LATCH_SMP) "$$@"

# Prove the working tree's pmu_top the same logic as at REV (an RTL change meant to change no
# behaviour): make equiv REV=HEAD~1 [EQUIV_PARAMS="STORAGE=1 PIPE=1"] (scripts/synth/equiv.sh)
equiv: deps
	@[ -n "$(REV)" ] || { echo "make equiv: set REV, e.g. make equiv REV=HEAD~1" >&2; exit 2; }
	@BUILD=$(BUILD) scripts/synth/equiv.sh $(REV) $(EQUIV_PARAMS)

synth: deps | $(BUILD)
	@scripts/synth/synth.sh $(BUILD)

iverilog: deps | $(BUILD)
	iverilog -g2005 -I$(PMU_RTL) -o $(BUILD)/pmu_top.vvp $(RTL_SRC)

# ---- components ------------------------------------------------------------------------------
include cmodel/cmodel.mk
include verif/lockstep/lockstep.mk
include verif/golden/golden.mk
include sim/report/report.mk
include sim/main/run.mk
include sim/systemc/systemc.mk
include verif/dpi/dpi.mk
include verif/formal/formal.mk
include verif/coverage/coverage.mk
include verif/fuzz/fuzz.mk
include verif/regress/regress.mk
include verif/bank/bank.mk
include verif/smp/smp.mk
include verif/cocotb/cocotb.mk
include verif/fusesoc/fusesoc.mk
include verif/html/html.mk
include fpga/fpga.mk
include scripts/area/area.mk

# what each binary was built from (written by depfile/cdepfile after its build)
-include $(wildcard $(BUILD)/*.dep $(BUILD)/*/*.dep $(BUILD)/*/*/*.dep)

# ---- the two README commands -----------------------------------------------------------------
# make test: the tests of verif/regress/tests.txt tagged pr, two at a time, each with a time limit
# (TEST_TIMEOUT seconds unless the test sets timeout=); random seeds from TEST_SEED (default: the
# clock). Console: PASS/FAIL per run with its time (failures with their log and its last lines),
# last line "N passed, N failed"; JUnit XML in $(BUILD)/tests/junit.xml, lcov coverage (functional
# bins and RTL lines) in $(BUILD)/tests/coverage.info (docs/regression.md).
TEST_JOBS    ?= 2
TEST_TIMEOUT ?= 600
test: deps
	@BUILD=$(BUILD) $(PYTHON) scripts/regress/regress.py --tags pr -j $(TEST_JOBS) --timeout $(TEST_TIMEOUT) \
	  --base-seed $${TEST_SEED:-time} --no-wave --brief --fail-tail 25 --out $(BUILD)/tests $(TEST_ARGS)

# (WAVE=A:B: also an FST of cycles A..B-1 from the waveform build, docs/reports.md)
run: deps venv $(MAIN_RUN) $(BUILD)/pmuctl $(if $(WAVE),$(BUILD)/run_wave/Vsim_top)
	@scripts/run/run_main.sh

validate: deps $(MAIN_RUN)
	/usr/bin/python3 scripts/plot/validate.py --cycles $${VALIDATE_CYCLES:-300000}

# ---- longer jobs -----------------------------------------------------------------------------
# bench: the harness's speeds, and the main run with the model against BENCH_BASE side by side
bench: deps
	@BUILD=$(BUILD) BENCH_ARCH="$(RUN_ARCH)" scripts/run/bench.sh

# soak: the tests tagged soak (1.06e9 lockstep cycles) as a Slurm job array; resumable
# (scripts/run/soak.sh: SOAK_OUT, SOAK_TASKS, SOAK_SCALE, SOAK_SEED, SOAK_FRESH)
soak: deps
	@BUILD=$(BUILD) scripts/run/soak.sh

mutate: deps
	@scripts/run/mutate.sh all

clean:
	rm -rf $(BUILD)
