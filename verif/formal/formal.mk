# verif/formal/formal.mk: formal checks of the PMU blocks (docs/formal.md). Included by the top
# Makefile, which defines BUILD.
#
#   make formal    BMC and k-induction with yosys 0.23 (read_verilog -formal) and yosys-smtbmc on
#                  z3, plus mutants that must fail; ends with "N passed, N failed". Counterexample
#                  VCDs of failing checks stay in build/formal/. FORMAL_JOBS=N (default 2),
#                  FORMAL_ONLY=REGEXP (e.g. FORMAL_ONLY=evcnt) run fewer checks.

FORMAL_BUILD ?= $(BUILD)/formal

formal: deps
	@nice -n 10 verif/formal/run.sh $(FORMAL_BUILD)
