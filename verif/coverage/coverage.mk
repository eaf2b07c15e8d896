# verif/coverage/coverage.mk: code coverage (Verilator line + toggle) of the PMU RTL, run under
# the lockstep harness. Included by the top Makefile after verif/lockstep/lockstep.mk.
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

$(BUILD)/lockstep_cov/Vpmu_lockstep: $(LOCKSTEP_DEPS) verif/coverage/lockstep_cov.cpp $(call model_lib,default) | $(BUILD)
	$(call lockstep_build,$(BUILD)/lockstep_cov,default,default,--coverage-line --coverage-toggle --coverage-max-width $(COV_MAX_WIDTH),verif/coverage/lockstep_cov.cpp,-O2)

.PHONY: coverage
coverage: deps $(BUILD)/lockstep_cov/Vpmu_lockstep
	@verif/coverage/run.sh $(BUILD)

# make test's code coverage (test code-cov of verif/regress/tests.txt): line and branch coverage
# only (no toggle), compiled at -O1, which builds fastest; its lcov goes into build/tests/coverage.info
CODECOV_OPT ?= -O1
$(BUILD)/lockstep_cov_line/Vpmu_lockstep: $(LOCKSTEP_DEPS) verif/coverage/lockstep_cov.cpp $(call model_lib,default) | $(BUILD)
	$(call lockstep_build,$(BUILD)/lockstep_cov_line,default,default,--coverage-line \
	  -MAKEFLAGS "OPT_FAST=$(CODECOV_OPT) OPT_SLOW=$(VL_SLOW_OPT) OPT_GLOBAL=$(CODECOV_OPT)",verif/coverage/lockstep_cov.cpp,$(CODECOV_OPT))
