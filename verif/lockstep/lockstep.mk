# verif/lockstep/lockstep.mk: the PMU lockstep harness, pmu_top Verilated with the C model stepped
# and compared every cycle (verif/lockstep/lockstep.cpp). Included by the top Makefile.
#
#   build/lockstep_<cfg>/Vpmu_lockstep   parameter set CFG_<cfg> (the Makefile's CONFIGS)
# Every build is also the reset check's: run with +verilator+rand+reset+2 +verilator+seed+N,
# every flop (and the block RAM, which is never reset) starts random, and 0 mismatches against
# the model proves every state element is reset. Without those options the flops start at 0.
# (--x-assign/--x-initial unique cost no simulation speed: 459-471k against 418-463k cycles/s
# of the main run's harness on one idle machine; a separate X build cost 22 s of CPU each.)
# Also used by the coverage, waveform and mutation builds (LOCKSTEP_* below).

LOCKSTEP_CPP  := verif/lockstep/lockstep.cpp
LOCKSTEP_C    := $(STIM_SRC) verif/lockstep/pmu_rand.c verif/coverage/pmu_cov.c
LOCKSTEP_INC  := -I$(CURDIR)/cmodel/include -I$(CURDIR)/verif/lockstep -I$(CURDIR)/verif/stim \
                 -I$(CURDIR)/verif/coverage
LOCKSTEP_XFLAGS := --x-assign unique --x-initial unique
# first-build prerequisites; every later build also depends on what BIN.dep lists
LOCKSTEP_DEPS  = $(RTL_SRC) $(RTL_INC) $(LOCKSTEP_C) $(wildcard verif/lockstep/*.h verif/lockstep/*.cpp)

# lockstep_build DIR CFG MODEL-VARIANT EXTRA-VERILATOR-FLAGS HARNESS-CPP C++OPT
define lockstep_build
	@echo "verilator: building lockstep harness ($(notdir $(1)))"
	@rm -f $(1)/Vpmu_lockstep; $(call depprune,$(1))
	@verilator $(VERILATOR_FLAGS) $(LOCKSTEP_XFLAGS) $(4) $(call gflags,$(2)) \
	  -CFLAGS "$(6) $(LOCKSTEP_INC) $(call dflags,$(2))" \
	  --Mdir $(1) -o Vpmu_lockstep $(RTL_SRC) $(abspath $(5) $(LOCKSTEP_C) $(call model_lib,$(3))) \
	  > $(1).log 2>&1 || { tail -40 $(1).log; exit 1; }
	@$(call depfile,$(1)/Vpmu_lockstep,$(1))
endef

# A parameter set's C++ optimisation (default SIM_OPT, at which the harness speeds of
# docs/performance.md are measured). make test runs the big, ram, smp and pipeline harnesses
# for 0.3 to 1.2 million cycles each, where -O1 saves more CPU in the build than the run loses
# (lockstep_big: 6 s less to build, 1.6 s more for its 300,000 cycles); the C model keeps SIM_OPT.
LOCKSTEP_OPT_big  := -O1
LOCKSTEP_OPT_ram  := -O1
LOCKSTEP_OPT_pipe := -O1
LOCKSTEP_OPT_pipe2 := -O1
LOCKSTEP_OPT_pipe3 := -O1
LOCKSTEP_OPT_pipe1ff := -O1
LOCKSTEP_OPT_pipe2ram := -O1
LOCKSTEP_OPT_pipe3ff := -O1
LOCKSTEP_OPT_smp  := -O1
lockstep_opt = $(or $(LOCKSTEP_OPT_$(1)),$(SIM_OPT))

$(BUILD)/lockstep_%/Vpmu_lockstep: $(LOCKSTEP_DEPS) $(call model_lib,%) | $(BUILD)
	$(call lockstep_build,$(BUILD)/lockstep_$*,$*,$*,$(call vl_opt,$(LOCKSTEP_OPT_$*)),$(LOCKSTEP_CPP),$(call lockstep_opt,$*))

.PHONY: lockstep
lockstep: deps $(BUILD)/lockstep_default/Vpmu_lockstep
