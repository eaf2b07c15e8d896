# verif/formal/formal.mk: formal checks of the PMU blocks (docs/formal.md). Included by the top
# Makefile, which defines BUILD.
#
#   make formal          BMC and k-induction with yosys 0.23 (read_verilog -formal) and
#                        yosys-smtbmc on z3, plus mutants that must fail; ends with
#                        "N passed, N failed". Counterexample VCDs of failing checks stay in
#                        build/formal/. FORMAL_JOBS=N (default 2), FORMAL_ONLY=REGEXP (e.g.
#                        FORMAL_ONLY=evcnt) run fewer checks.
#   make formal-nightly  the same plus the pmu_top and THREADS=2 mutants and a deeper pmu_top BMC
#                        (minutes each on the whole PMU; solver limit 1200 s a run).

FORMAL_BUILD ?= $(BUILD)/formal

.PHONY: formal formal-nightly

formal: deps
	@nice -n 10 verif/formal/run.sh $(FORMAL_BUILD)

formal-nightly: deps
	@FORMAL_NIGHTLY=1 FORMAL_TIMEOUT=$${FORMAL_TIMEOUT:-1200} nice -n 10 verif/formal/run.sh $(FORMAL_BUILD)
