# verif/fusesoc/fusesoc.mk: the FuseSoC cores' checks (verif/fusesoc/run.sh). Included by the
# top Makefile.
#
#   make fusesoc-smoke     the core files, their lint and simulation targets and the board's setup
#                          stage (what run.sh's header lists); ends with "N passed, N failed".
#                          Run from make, so the Verilator build of the simulation target goes
#                          through the compiler hook (OBJCACHE and the ccache of every other
#                          Verilated build). FUSESOC_OUT: its work directory
#                          (default $(BUILD)/fusesoc).
FUSESOC_OUT ?= $(BUILD)/fusesoc

.PHONY: fusesoc-smoke
fusesoc-smoke: deps venv
	@BUILD=$(BUILD) OUT=$(FUSESOC_OUT) verif/fusesoc/run.sh
