# StallScope PMU. `make run` runs the main job; `make test` runs everything that must pass.
# See README.md. Build outputs go to build/ (never committed).

SHELL      := /bin/bash
BUILD      ?= build
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
CC         ?= gcc
# Optimisation of the simulator builds (Verilated RTL, harness, the C model linked into them):
# -O3 runs the lockstep main run about 5% faster than -O2 (docs/verification.md, speed).
SIM_OPT    ?= -O3
# C++ compiler of the Verilated builds: clang++ 14 runs the lockstep main run about 9% faster
# than g++ 12 on the same code (docs/verification.md, speed); the C model's .c files are still
# compiled by the C compiler (gcc).
SIM_CXX    ?= clang++
CFLAGS_C   := -std=c99 -O2 -Wall -Wextra -Werror -Icmodel -Iverif
SAN_FLAGS  := -std=c99 -O1 -g -Wall -Wextra -Werror -Icmodel -Iverif \
              -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
PYTHON     ?= python3

# Debian packages this project needs, and the commands that prove they are installed.
DEB_PKGS   := verilator iverilog yosys g++ clang make python3 python3-matplotlib z3
DEB_CMDS   := verilator iverilog yosys g++ clang python3 z3

MODEL_SRC  := cmodel/pmu_model.c cmodel/pmu_regs.c cmodel/pmu_evctl.c cmodel/pmu_fixslot.c cmodel/pmu_stack.c \
              cmodel/pmu_cnt_bank.c cmodel/pmu_rdp.c
MODEL_HDR  := cmodel/pmu_model.h cmodel/pmu_map.h cmodel/pmu_blocks.h
STIM_SRC   := cmodel/pmu_stim.c
RTL_DIR    ?= rtl
RTL_SRC    := $(wildcard $(RTL_DIR)/pmu_*.v)
RTL_INC    := $(RTL_DIR)/pmu_map.vh $(RTL_DIR)/pmu_lane_sel.vh $(RTL_DIR)/pmu_lane_pick.vh

# Parameter sets co-simulated in `make test` (RTL -G and model -D come from the same list).
CFG_default :=
CFG_small   := THREADS=1 P=4 CW=40 W=2
CFG_big     := THREADS=3 P=16 CW=64 W=7
CONFIGS     := default small big
gflags = $(foreach kv,$(CFG_$(1)),-G$(kv))
dflags = $(foreach kv,$(CFG_$(1)),-DPMU_$(kv))

VERILATOR_FLAGS := --cc --exe --build -j $(JOBS) -Wall -Wno-fatal -I$(RTL_DIR) -Icmodel --top-module pmu_top \
  -MAKEFLAGS "OPT_FAST=$(SIM_OPT) OPT_SLOW=-O2 OPT_GLOBAL=$(SIM_OPT) CXX=$(SIM_CXX)"

.PHONY: all deps gen check-gen lint synth iverilog model cli lockstep test run validate bench soak mutate golden clean help regress regress-smoke wave fuzz fuzz-smoke coverage formal

all: cli lockstep

help:
	@echo "make run    - main job: core stub + PMU, 1M cycles, C model in lockstep; stacks, CSV, chart, traces"
	@echo "make test   - everything that must pass (ends with 'N passed, N failed')"
	@echo "make bench  - cycles/s: C model alone, RTL alone, RTL + lockstep model"
	@echo "make soak   - 10M+ random lockstep cycles over 20 seeds"
	@echo "make validate - the paper's idealisation experiment (docs/validation.md)"
	@echo "make mutate - break each of 5 RTL rules and require the checkers to catch it"
	@echo "make lint | synth | gen | check-gen | clean"

# ---- dependencies: install when root, else print the exact command --------------------------
deps:
	@missing=""; for c in $(DEB_CMDS); do command -v $$c >/dev/null 2>&1 || missing="$$missing $$c"; done; \
	/usr/bin/python3 -c 'import matplotlib' >/dev/null 2>&1 || missing="$$missing python3-matplotlib"; \
	if [ -n "$$missing" ]; then \
	  echo "missing tools:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing: apt-get install -y $(DEB_PKGS)"; \
	    (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(DEB_PKGS)) >$(BUILD).apt.log 2>&1 \
	      || { tail -20 $(BUILD).apt.log; exit 1; }; \
	  else \
	    echo "run as root: sudo apt-get update && sudo apt-get install -y $(DEB_PKGS)"; exit 1; \
	  fi; \
	fi

# ---- generated files from docs/pmu_map.json -------------------------------------------------
gen:
	$(PYTHON) scripts/gen_map.py

check-gen: deps
	$(PYTHON) scripts/gen_map.py --check

# ---- RTL checks ------------------------------------------------------------------------------
lint: deps
	@$(foreach c,$(CONFIGS),echo "verilator --lint-only -Wall ($(c))" && \
	  verilator --lint-only -Wall -Irtl --top-module pmu_top $(RTL_SRC) $(call gflags,$(c)) &&) true

synth: deps | $(BUILD)
	@scripts/synth.sh $(BUILD)

iverilog: deps | $(BUILD)
	iverilog -g2005 -Irtl -o $(BUILD)/pmu_top.vvp $(RTL_SRC)

$(BUILD):
	mkdir -p $(BUILD)

# ---- C model, CLI, unit test -----------------------------------------------------------------
$(BUILD)/pmu_cli: $(MODEL_SRC) $(MODEL_HDR) $(STIM_SRC) cmodel/pmu_stim.h cmodel/pmu_cli.c | $(BUILD)
	$(CC) $(CFLAGS_C) -o $@ $(MODEL_SRC) $(STIM_SRC) cmodel/pmu_cli.c

$(BUILD)/pmu_cli_san: $(MODEL_SRC) $(MODEL_HDR) $(STIM_SRC) cmodel/pmu_stim.h cmodel/pmu_cli.c | $(BUILD)
	clang $(SAN_FLAGS) -o $@ $(MODEL_SRC) $(STIM_SRC) cmodel/pmu_cli.c

$(BUILD)/test_model: $(MODEL_SRC) $(MODEL_HDR) cmodel/test_model.c | $(BUILD)
	$(CC) $(CFLAGS_C) -o $@ $(MODEL_SRC) cmodel/test_model.c

$(BUILD)/test_model_san: $(MODEL_SRC) $(MODEL_HDR) cmodel/test_model.c | $(BUILD)
	clang $(SAN_FLAGS) -o $@ $(MODEL_SRC) cmodel/test_model.c

REPORT_SRC := sim/report.c sim/trace_kanata.c sim/pipetrace.c sim/trace_track.c

$(BUILD)/test_report: $(REPORT_SRC) sim/test_report.c sim/sim_types.h sim/trace_track.h $(MODEL_SRC) $(MODEL_HDR) | $(BUILD)
	$(CC) $(CFLAGS_C) -Isim -o $@ sim/test_report.c $(REPORT_SRC) $(MODEL_SRC)

$(BUILD)/test_report_san: $(REPORT_SRC) sim/test_report.c sim/sim_types.h sim/trace_track.h $(MODEL_SRC) $(MODEL_HDR) | $(BUILD)
	clang $(SAN_FLAGS) -Isim -o $@ sim/test_report.c $(REPORT_SRC) $(MODEL_SRC)

$(BUILD)/pmu_golden: $(MODEL_SRC) $(MODEL_HDR) $(STIM_SRC) cmodel/pmu_stim.h cmodel/pmu_golden.c cmodel/pmu_golden.h | $(BUILD)
	$(CC) $(CFLAGS_C) -o $@ $(MODEL_SRC) $(STIM_SRC) cmodel/pmu_golden.c

$(BUILD)/pmu_golden_san: $(MODEL_SRC) $(MODEL_HDR) $(STIM_SRC) cmodel/pmu_stim.h cmodel/pmu_golden.c cmodel/pmu_golden.h | $(BUILD)
	clang $(SAN_FLAGS) -o $@ $(MODEL_SRC) $(STIM_SRC) cmodel/pmu_golden.c

# Golden vectors from the C model, replayed on Icarus by a plain Verilog testbench (docs/golden.md)
golden: deps
	@verif/golden/run.sh $(BUILD)

cli: deps $(BUILD)/pmu_cli
model: deps $(BUILD)/test_model

# ---- lockstep co-simulation (one Verilator build per parameter set) --------------------------
LOCKSTEP_DEPS := $(RTL_SRC) $(RTL_INC) $(MODEL_SRC) $(MODEL_HDR) $(STIM_SRC) cmodel/pmu_stim.h \
                 verif/lockstep.cpp verif/lockstep_pair.h verif/rtl_state.h verif/pmu_rand.c verif/pmu_rand.h verif/pmu_cov.c verif/pmu_cov.h

$(BUILD)/lockstep_%/Vpmu_lockstep: $(LOCKSTEP_DEPS) | $(BUILD)
	@echo "verilator: building lockstep harness ($*)"
	@verilator $(VERILATOR_FLAGS) $(call gflags,$*) -CFLAGS "$(SIM_OPT) -I$(CURDIR)/cmodel -I$(CURDIR)/verif $(call dflags,$*)" \
	  --Mdir $(BUILD)/lockstep_$* -o Vpmu_lockstep $(RTL_SRC) $(abspath verif/lockstep.cpp) \
	  $(abspath $(MODEL_SRC) $(STIM_SRC) verif/pmu_rand.c verif/pmu_cov.c) > $(BUILD)/lockstep_$*.log 2>&1 \
	  || { tail -40 $(BUILD)/lockstep_$*.log; exit 1; }

# Reset check: every flop starts random (run with +verilator+rand+reset+2 +verilator+seed+N);
# 0 mismatches against the model proves every state element is reset.
$(BUILD)/lockstep_x/Vpmu_lockstep: $(LOCKSTEP_DEPS) | $(BUILD)
	@echo "verilator: building lockstep harness (x: --x-assign unique --x-initial unique)"
	@verilator $(VERILATOR_FLAGS) --x-assign unique --x-initial unique \
	  -CFLAGS "$(SIM_OPT) -I$(CURDIR)/cmodel -I$(CURDIR)/verif" \
	  --Mdir $(BUILD)/lockstep_x -o Vpmu_lockstep $(RTL_SRC) $(abspath verif/lockstep.cpp) \
	  $(abspath $(MODEL_SRC) $(STIM_SRC) verif/pmu_rand.c verif/pmu_cov.c) > $(BUILD)/lockstep_x.log 2>&1 \
	  || { tail -40 $(BUILD)/lockstep_x.log; exit 1; }

lockstep: deps $(BUILD)/lockstep_default/Vpmu_lockstep

# ---- core stub + PMU: the main run binary, kernels, core checks (sim/run.mk) ---------------
include sim/run.mk
include verif/formal/formal.mk
include verif/coverage/coverage.mk
include verif/fuzz/fuzz.mk
include verif/regress/regress.mk

# ---- the two README commands -----------------------------------------------------------------
test: deps
	@scripts/run_tests.sh

run: deps $(BUILD)/run/Vsim_top
	@scripts/run_main.sh

validate: deps $(BUILD)/run/Vsim_top
	/usr/bin/python3 scripts/validate.py --cycles $${VALIDATE_CYCLES:-300000}

# ---- longer jobs -----------------------------------------------------------------------------
bench: deps $(BUILD)/lockstep_default/Vpmu_lockstep $(BUILD)/run/Vsim_top
	$(BUILD)/lockstep_default/Vpmu_lockstep --bench $${BENCH_CYCLES:-1000000} --seed 1
	$(BUILD)/run/Vsim_top --bench --workload mixed --cycles $${BENCH_CYCLES:-1000000} --seed 1

soak: deps $(BUILD)/lockstep_default/Vpmu_lockstep
	@scripts/soak.sh $(BUILD)/lockstep_default/Vpmu_lockstep $${SOAK_SEEDS:-20} $${SOAK_CYCLES:-520000}

mutate: deps
	@scripts/mutate.sh all

clean:
	rm -rf $(BUILD)
