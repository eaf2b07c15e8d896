# sim/run.mk: the main run binary, core stub + PMU RTL (rtl/sim_top.v) with the C model in
# lockstep (sim/run.cpp). Included by the top Makefile, which defines BUILD, RTL_DIR, JOBS,
# MODEL_SRC and MODEL_HDR.
#
#   make build/run/Vsim_top          default parameters
#   make build/run_smt4/Vsim_top     the parameter set RUN_CFG_smt4 (any RUN_CFG_<name> below)
#
# A parameter set is a list KEY=VALUE: the RTL gets -GKEY=VALUE; the C model -DPMU_KEY=VALUE for
# the PMU parameters (THREADS P CW W) and run.cpp -DCORE_KEY=VALUE for the core's (the report's
# config line). RUN_REPORT_SRC can point the build at other report/trace sources.

RUN_RTL        = $(RTL_DIR)/sim_top.v $(wildcard $(RTL_DIR)/core_*.v) $(wildcard $(RTL_DIR)/pmu_*.v)
RUN_DEPS       = $(RUN_RTL) $(RTL_DIR)/pmu_map.vh $(RTL_DIR)/pmu_lane_sel.vh $(RTL_DIR)/pmu_lane_pick.vh $(MODEL_SRC) $(MODEL_HDR) \
                 sim/run.cpp sim/sim_types.h verif/rtl_state.h $(RUN_REPORT_SRC)
# every C source of sim/ except the self-tests (report, trace writers and their helpers)
RUN_REPORT_SRC ?= $(filter-out sim/test_%.c,$(wildcard sim/*.c))
RUN_PMU_KEYS   := THREADS P CW W

RUN_CFG_       :=
RUN_CFG_smt4   := THREADS=4
RUN_CFG_w2     := W=2
RUN_CFG_small  := THREADS=1 P=4 CW=40 W=2
RUN_CFG_big    := THREADS=3 P=16 CW=64 W=7 ROB=48 RS=24 FQ=24

run_gflags = $(foreach kv,$(RUN_CFG_$(1)),-G$(kv))
run_key    = $(firstword $(subst =, ,$(1)))
run_dflags = $(foreach kv,$(RUN_CFG_$(1)),\
               $(if $(filter $(call run_key,$(kv)),$(RUN_PMU_KEYS)),-DPMU_$(kv),-DCORE_$(kv)))

# run_build DIR CFGNAME
define run_build
	@echo "verilator: building the main run ($(2:%=RUN_CFG_%)$(if $(2),,default))"
	@mkdir -p $(1)/c
	@rm -f $(1)/Vsim_top  # Verilator's makefile does not relink for the .o files given below
	@for f in $(MODEL_SRC) $(RUN_REPORT_SRC); do \
	  $(CC) -std=c99 $(SIM_OPT) -Wall -Wextra -Werror -Icmodel -Isim $(call run_dflags,$(2)) \
	    -c $$f -o $(1)/c/$$(basename $$f .c).o || exit 1; done
	@verilator --cc --exe --build -j $(JOBS) -Wall -Wno-fatal -I$(RTL_DIR) -Icmodel --top-module sim_top \
	  -MAKEFLAGS "OPT_FAST=$(SIM_OPT) OPT_SLOW=-O2 OPT_GLOBAL=$(SIM_OPT) CXX=$(SIM_CXX)" $(call run_gflags,$(2)) \
	  -CFLAGS "$(SIM_OPT) -I$(CURDIR)/cmodel -I$(CURDIR)/verif -I$(CURDIR)/sim $(call run_dflags,$(2))" \
	  --Mdir $(1) -o Vsim_top $(RUN_RTL) $(abspath sim/run.cpp) \
	  $(abspath $(patsubst %.c,$(1)/c/%.o,$(notdir $(MODEL_SRC) $(RUN_REPORT_SRC)))) \
	  > $(1).log 2>&1 || { tail -40 $(1).log; exit 1; }
endef

$(BUILD)/run/Vsim_top: $(RUN_DEPS) | $(BUILD)
	$(call run_build,$(BUILD)/run,)

$(BUILD)/run_%/Vsim_top: $(RUN_DEPS) | $(BUILD)
	$(call run_build,$(BUILD)/run_$*,$*)

.PHONY: run-bin kernels core-lint core-synth core-xsim
run-bin: $(BUILD)/run/Vsim_top

# Directed kernels with counts known by arithmetic (verif/kernels/kernels.txt) and malformed
# program files; ends with "N passed, N failed".
kernels: $(BUILD)/run/Vsim_top $(BUILD)/run_smt4/Vsim_top
	@BUILD=$(BUILD) verif/kernels/run.sh

# Lint of the core and sim_top (Verilator -Wall) for several parameter sets.
CORE_LINT_CFGS := "" "-GTHREADS=1 -GW=2 -GP=4 -GCW=40" "-GTHREADS=3 -GW=7 -GP=16 -GCW=64" \
                  "-GTHREADS=4 -GROB=8 -GFQ=4 -GRS=4 -GBR_PEN=0 -GIC_LAT=1 -GMISS_LAT=1 -GLONG_LAT=1" \
                  "-GROB=20 -GFQ=9 -GRS=5 -GPROG_DEPTH=100 -GMISS_LAT=40"
core-lint:
	@for c in $(CORE_LINT_CFGS); do echo "verilator --lint-only -Wall sim_top $$c"; \
	  verilator --lint-only -Wall -I$(RTL_DIR) --top-module sim_top $(RUN_RTL) $$c || exit 1; done

# Generic yosys synthesis of core_stub alone (no latches); PROG_DEPTH=64 keeps it to minutes.
core-synth: | $(BUILD)
	@scripts/synth_core.sh $(BUILD) PROG_DEPTH=64

# Icarus (verif/core_tb.v) against the Verilator main run: same retired counts.
core-xsim: $(BUILD)/run/Vsim_top
	@BUILD=$(BUILD) verif/core_xsim.sh $(BUILD)/run/Vsim_top
