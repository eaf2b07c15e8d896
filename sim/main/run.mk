# sim/main/run.mk: the main run binary, core stub + PMU RTL (sim/main/sim_top.v) with the C model
# in lockstep (sim/main/run.cpp). Included by the top Makefile.
#
#   make build/run_smp/Vsim_top      the main run: default parameters and the PMU's sampler
#                                    (RUN_CFG_smp): make run, make validate, the kernels and the
#                                    main-run tests of make test
#   make build/run/Vsim_top          default parameters, SAMPLER 0: make bench's speed guard
#   make build/run_smt4/Vsim_top     the parameter set RUN_CFG_smt4 (any RUN_CFG_<name> below)
#   make build/run_wave/Vsim_top     default parameters with FST waveforms (Verilator --trace-fst):
#                                    --wave FILE.fst --wave-window A:B; `make run WAVE=A:B` uses it.
#                                    build/run_smp/Vsim_top stays trace-free (tracing costs speed).
#
# A parameter set is a list KEY=VALUE: the RTL gets -GKEY=VALUE; the C model and the report
# -DPMU_KEY=VALUE for the PMU parameters (THREADS P CW W) and run.cpp -DCORE_KEY=VALUE for the
# core's (the report's config line).

RUN_TOP        := sim/main/sim_top.v
RUN_RTL         = $(RUN_TOP) $(CORE_SRC) $(RTL_SRC)
RUN_DEPS        = $(RUN_RTL) $(RTL_INC) sim/main/run.cpp sim/main/run.mk scripts/mk/host_arch.sh $(REPORT_SRC) $(wildcard sim/report/*.h verif/lockstep/*.h)
RUN_INC        := -I$(CURDIR)/cmodel/include -I$(CURDIR)/verif/lockstep -I$(CURDIR)/sim/report
RUN_PMU_KEYS   := THREADS P CW W SAMPLER SMP_DEPTH

RUN_CFG_       :=
RUN_CFG_smt4   := THREADS=4
RUN_CFG_w2     := W=2
RUN_CFG_small  := THREADS=1 P=4 CW=40 W=2
RUN_CFG_big    := THREADS=3 P=16 CW=64 W=7 ROB=48 RS=24 FQ=24
RUN_CFG_smp    := SAMPLER=1
RUN_CFGS       := smt4 w2 small big smp
# The main run is the PMU with its sampler; build/run (SAMPLER 0) is what make bench measures,
# built only there (make test does not need it: run_smt4 and run_wave are SAMPLER 0 builds).
MAIN_RUN       := $(BUILD)/run_smp/Vsim_top
# A parameter set's C and C++ optimisation (default SIM_OPT, the speed the figures are measured
# at): run_smt4 serves one kernel of verif/kernels/kernels.txt, a few thousand cycles, and builds
# in 6 s less CPU at -O1 than at -O3.
RUN_OPT_smt4   := -O1
# The host instruction set of the main run's compiled code (the Verilated C++, run.cpp, the
# report and the C model): x86-64-v3 (AVX2, BMI1/2, LZCNT, MOVBE, FMA: x86 CPUs since 2013-2015)
# when this machine's CPU has it and both compilers take it, else the compilers' default. BMI's
# shifts and and-nots fit the Verilated code's masks and shifts: 4.7% fewer host instructions,
# 2-5% more cycles/s on the shared machine (docs/performance.md). Floating-point contraction is
# off, so every result is that of the default build. Not v4: valgrind, the speed guard's tool,
# decodes no AVX-512. `make BUILD=DIR RUN_ARCH=` (a fresh DIR) builds without it.
ifeq ($(origin RUN_ARCH),undefined)
RUN_ARCH := $(shell scripts/mk/host_arch.sh $(CC) $(SIM_CXX))
endif
run_opt    = $(or $(RUN_OPT_$(1)),$(SIM_OPT)) $(RUN_ARCH)

run_gflags = $(foreach kv,$(RUN_CFG_$(1)),-G$(kv))
run_key    = $(firstword $(subst =, ,$(1)))
run_pflags = $(foreach kv,$(RUN_CFG_$(1)),$(if $(filter $(call run_key,$(kv)),$(RUN_PMU_KEYS)),-DPMU_$(kv)))
run_dflags = $(foreach kv,$(RUN_CFG_$(1)),\
               $(if $(filter $(call run_key,$(kv)),$(RUN_PMU_KEYS)),-DPMU_$(kv),-DCORE_$(kv)))

# one model library per parameter set of the main run (run, run_smt4, ...); this file's flags
# (RUN_ARCH) are the objects' too
$(eval $(call model_lib_rules,run,$(CC),$(CWARN) $(call run_opt,)))
$(foreach c,$(RUN_CFGS),$(eval $(call model_lib_rules,run_$(c),$(CC),$(CWARN) $(call run_opt,$(c)) $(call run_pflags,$(c)))))
$(foreach c,run $(addprefix run_,$(RUN_CFGS)),$(eval $(patsubst cmodel/src/%.c,$(BUILD)/cmodel/$(c)/%.o,$(MODEL_SRC)): sim/main/run.mk scripts/mk/host_arch.sh))

# run_build DIR CFGNAME [EXTRA-VERILATOR-FLAGS] [MODEL-VARIANT (default: DIR's name)]
define run_build
	@echo "verilator: building the main run ($(2:%=RUN_CFG_%)$(if $(2),,default))$(if $(3), with FST waveforms)"
	@mkdir -p $(1)/c
	@$(call depprune,$(1)); rm -f $(1)/Vsim_top  # Verilator's makefile does not relink for the .o files given below
	@for f in $(REPORT_SRC); do \
	  $(CC) $(CWARN) $(call run_opt,$(2)) $(MODEL_INC) -Isim/report $(call run_dflags,$(2)) -MMD -MP \
	    -c $$f -o $(1)/c/$$(basename $$f .c).o || exit 1; done
	@verilator $(VERILATOR_OPTS) --top-module sim_top -I$(CORE_RTL) $(call run_gflags,$(2)) \
	  -CFLAGS "$(call run_opt,$(2)) $(RUN_INC) $(call run_dflags,$(2))" \
	  $(call vl_opt,$(RUN_OPT_$(2))) $(3) \
	  --Mdir $(1) -o Vsim_top $(RUN_RTL) $(abspath sim/main/run.cpp) \
	  $(abspath $(patsubst %.c,$(1)/c/%.o,$(notdir $(REPORT_SRC)))) \
	  $(abspath $(call model_lib,$(if $(4),$(4),$(notdir $(1))))) \
	  > $(1).log 2>&1 || { tail -40 $(1).log; exit 1; }
	@$(call depfile,$(1)/Vsim_top,$(1))
endef

$(BUILD)/run/Vsim_top: $(RUN_DEPS) $(call model_lib,run) | $(BUILD)
	$(call run_build,$(BUILD)/run,)

$(BUILD)/run_%/Vsim_top: $(RUN_DEPS) $(call model_lib,run_%) | $(BUILD)
	$(call run_build,$(BUILD)/run_$*,$*)

# The waveform build (an explicit rule: it wins over run_%). WAVE_VFLAGS and WAVE_OPT are the
# lockstep waveform builds' (verif/regress/regress.mk): --trace-fst, every counter of the bank
# array traced, the C++ at WAVE_OPT (-O0: a debug build).
$(BUILD)/run_wave/Vsim_top: $(RUN_DEPS) $(call model_lib,run) | $(BUILD)
	$(call run_build,$(BUILD)/run_wave,,$(WAVE_VFLAGS) \
	  -MAKEFLAGS "OPT_FAST=$(WAVE_OPT) OPT_SLOW=$(VL_SLOW_OPT) OPT_GLOBAL=$(WAVE_OPT)",run)

.PHONY: run-bin kernels core-lint core-synth core-xsim core-timing
run-bin: $(MAIN_RUN)

# Directed kernels with counts known by arithmetic (verif/kernels/kernels.txt) and malformed
# program files; ends with "N passed, N failed".
kernels: $(MAIN_RUN) $(BUILD)/run_smt4/Vsim_top
	@BUILD=$(BUILD) verif/kernels/run.sh

# Lint of the core and sim_top (Verilator -Wall) for several parameter sets.
CORE_LINT_CFGS := "" "-GSAMPLER=1" "-GTHREADS=1 -GW=2 -GP=4 -GCW=40" "-GTHREADS=3 -GW=7 -GP=16 -GCW=64" \
                  "-GTHREADS=4 -GROB=8 -GFQ=4 -GRS=4 -GBR_PEN=0 -GIC_LAT=1 -GMISS_LAT=1 -GLONG_LAT=1" \
                  "-GROB=20 -GFQ=9 -GRS=5 -GPROG_DEPTH=100 -GMISS_LAT=40"
core-lint:
	@for c in $(CORE_LINT_CFGS); do echo "verilator --lint-only -Wall sim_top $$c"; \
	  verilator --lint-only -Wall -I$(PMU_RTL) -I$(CORE_RTL) --top-module sim_top $(RUN_RTL) $$c || exit 1; done

# Generic yosys synthesis of core_stub alone (no latches); PROG_DEPTH=64 keeps it to minutes.
core-synth: | $(BUILD)
	@scripts/synth/synth_core.sh $(BUILD) PROG_DEPTH=64

# The core stub alone through make fpga's ECP5 synthesis and nextpnr-ecp5 out of context: its
# Fmax and critical path after routing (docs/core.md section 12); CORE_FREQ=MHz (default 50).
core-timing: venv
	@scripts/synth/core_timing.sh $(BUILD)

# Icarus (verif/core/core_tb.v) against the Verilator main run: same retired counts.
core-xsim: $(MAIN_RUN)
	@BUILD=$(BUILD) verif/core/core_xsim.sh $(MAIN_RUN)
