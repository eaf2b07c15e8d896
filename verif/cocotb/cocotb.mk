# verif/cocotb/cocotb.mk: the cocotb testbench of the PMU (verif/cocotb/, docs/cocotb.md).
# Included by the top Makefile.
#
#   make cocotb               generate the Python register model from rtl/pmu/data/pmu.rdl, build
#                             rtl/pmu/pmu_top.v with Icarus, run verif/cocotb/test_pmu.py;
#                             ends with "N passed, N failed"; JUnit in $(BUILD)/cocotb/results.xml
#   COCOTB_SEED=N             replay a seed (default: from the clock; printed)
#   COCOTB_TESTS=a,b          only these tests
.PHONY: cocotb
cocotb: deps venv
	@$(VENV_PY) verif/cocotb/run.py --build $(BUILD)/cocotb $${COCOTB_SEED:+--seed $$COCOTB_SEED} \
	  $${COCOTB_TESTS:+--tests $$COCOTB_TESTS}
