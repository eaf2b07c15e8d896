# verif/coverage/coverage.mk: code coverage (Verilator line + toggle) of the PMU RTL, run under
# the lockstep harness. Included by the top Makefile (which defines BUILD, RTL_DIR, JOBS,
# VERILATOR_FLAGS, LOCKSTEP_DEPS, MODEL_SRC, STIM_SRC).
#
#   make coverage     build build/lockstep_cov, run random seeds and every directed test,
#                     merge the .dat files, write build/coverage/pmu.info (lcov) and print
#                     line/toggle coverage per module (verif/coverage/run.sh; docs/coverage.md)
#
# COV_SEEDS (default 3) random seeds of COV_CYCLES (default 100000) cycles each. Toggle
# coverage includes every signal up to COV_MAX_WIDTH bits (Verilator's default, 256, would leave
# out wide vectors such as the increment bus, THREADS*(P+32)*IW bits, and evtsel/ext);
# COV_MAX_WIDTH=256 gives a build faster to compile and run, without those signals.
COV_MAX_WIDTH ?= 65536

COV_LOCKSTEP_DEPS := $(LOCKSTEP_DEPS) $(wildcard verif/lockstep*.h) verif/coverage/lockstep_cov.cpp verif/coverage/coverage.mk

$(BUILD)/lockstep_cov/Vpmu_lockstep: $(COV_LOCKSTEP_DEPS) | $(BUILD)
	@echo "verilator: building lockstep harness (cov: --coverage-line --coverage-toggle)"
	@verilator $(VERILATOR_FLAGS) --coverage-line --coverage-toggle --coverage-max-width $(COV_MAX_WIDTH) \
	  -CFLAGS "-O2 -I$(CURDIR)/cmodel -I$(CURDIR)/verif" \
	  --Mdir $(BUILD)/lockstep_cov -o Vpmu_lockstep $(RTL_SRC) $(abspath verif/coverage/lockstep_cov.cpp) \
	  $(abspath $(MODEL_SRC) $(STIM_SRC) verif/pmu_rand.c verif/pmu_cov.c) > $(BUILD)/lockstep_cov.log 2>&1 \
	  || { tail -40 $(BUILD)/lockstep_cov.log; exit 1; }

coverage: deps $(BUILD)/lockstep_cov/Vpmu_lockstep
	@verif/coverage/run.sh $(BUILD)
