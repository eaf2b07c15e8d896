# fpga/fpga.mk: the FPGA bring-up path (docs/fpga.md). Included by the top Makefile.
#
#   make vboard        build/vboard/Vboard_top: the board top under Verilator, UART on a pty
#   make pmuctl        build/pmuctl: the host tool (serial port, pty, C model transports)
#   make fpga-lint     verilator --lint-only -Wall of the board top (four parameter sets), Icarus compile
#   make fpga-test     the bring-up session on the virtual board (fpga/test/bringup.sh)
#   make fpga          the ULX3S 85F bitstream build/fpga/board_top.bit with its report
#                      (BOARD=tang20k: the Tang Primer 20K, build/fpga/board_top.fs)
#   make fpga-flow-smoke  the same flow on fpga/flow/flow_smoke_top.v (a minute)
#   make fusesoc-ulx3s    the ULX3S bitstream through FuseSoC (fpga/stallscope_board.core)

FPGA_RTL      := $(wildcard fpga/rtl/*.v)
FPGA_INC      := $(wildcard fpga/rtl/*.vh)
FPGA_SIM_PRIM := fpga/sim/board_prim.v
# the virtual board's UART: 8 cycles per bit (the pty has no baud rate), a bridge timeout of
# 20000 cycles; the board clock stays nominal (CLK_HZ, for pmuctl's -I in milliseconds)
VBOARD_DIV     := 8
VBOARD_TIMEOUT := 20000
# the virtual board has the PMU's sampler (pmuctl record; pmuctl's model is built with it too)
VBOARD_G       := -GBAUD_DIV=$(VBOARD_DIV) -GTIMEOUT=$(VBOARD_TIMEOUT) -GSAMPLER=1
VBOARD_SRC     := $(FPGA_RTL) $(FPGA_SIM_PRIM) $(CORE_SRC) $(RTL_SRC)

$(BUILD)/vboard/Vboard_top: $(VBOARD_SRC) $(FPGA_INC) $(RTL_INC) fpga/sim/vboard.cpp | $(BUILD)
	@echo "verilator: building the virtual board"
	@mkdir -p $(BUILD)/vboard
	@$(call depprune,$(BUILD)/vboard); rm -f $@
	@verilator $(VERILATOR_OPTS) --top-module board_top -I$(CORE_RTL) -Ifpga/rtl $(VBOARD_G) \
	  -CFLAGS "$(SIM_OPT) -I$(CURDIR)/cmodel/include -DBAUD_DIV=$(VBOARD_DIV) -DVB_TIMEOUT=$(VBOARD_TIMEOUT)" \
	  --Mdir $(BUILD)/vboard -o Vboard_top $(VBOARD_SRC) $(abspath fpga/sim/vboard.cpp) \
	  > $(BUILD)/vboard.log 2>&1 || { tail -40 $(BUILD)/vboard.log; exit 1; }
	@$(call depfile,$@,$(BUILD)/vboard)

# The board's PMU event path pipeline: board_top.v's PIPE default (the virtual board and make
# fpga for the ULX3S build board_top with it; pmuctl's model is built with it here; pmuctl reads a
# real board's PIPE from its run control's INFO register)
# (read with make's own functions, no sed: the C-only targets run with a PATH of a compiler and
# make alone, scripts/mk/cli_c_only.sh; $(strip) makes each run of blanks one space)
BOARD_TOP_TEXT := $(strip $(file <fpga/rtl/board_top.v))
BOARD_PIPE := $(patsubst @PIPE@%,%,$(filter @PIPE@%,$(subst parameter PIPE = ,@PIPE@,$(BOARD_TOP_TEXT))))
ifeq ($(BOARD_PIPE),)
$(error fpga/fpga.mk: no 'parameter PIPE = N' in fpga/rtl/board_top.v)
endif
# The board's clock: board_top.v's CLK_HZ default (pmuctl's model answers it for run control's
# CLK_HZ register, as the virtual board does); the ULX3S's PLL (fpga/ulx3s/board_prim.v,
# FREQUENCY_PIN_CLKOP) must make it, make fpga-lint checks that
BOARD_COMMA := ,
BOARD_CLK_HZ := $(patsubst @CLK_HZ@%$(BOARD_COMMA),%,$(filter @CLK_HZ@%$(BOARD_COMMA),$(subst parameter CLK_HZ = ,@CLK_HZ@,$(BOARD_TOP_TEXT))))
ifeq ($(BOARD_CLK_HZ),)
$(error fpga/fpga.mk: no 'parameter CLK_HZ = N,' in fpga/rtl/board_top.v)
endif
# The board's PMU counter storage: board_top.v's STORAGE default (with block RAM an access to a
# counter in it has an APB wait state, docs/spec.md 5.1, which the bridge honours; pmuctl's model
# is built with the same storage, so that its transfers take the board's cycles)
BOARD_STORAGE := $(patsubst @STORAGE@%$(BOARD_COMMA),%,$(filter @STORAGE@%$(BOARD_COMMA),$(subst parameter STORAGE = ,@STORAGE@,$(BOARD_TOP_TEXT))))
ifeq ($(BOARD_STORAGE),)
$(error fpga/fpga.mk: no 'parameter STORAGE = N,' in fpga/rtl/board_top.v)
endif
# pmuctl: C99, one concept per file; the model transport links the board's model library
# (and the sample files' reader, sim/report/smp_file.c); the model is the virtual board's PMU:
# the sampler in, the board's PIPE and STORAGE (model variant board-pipeN-storageS, BOARD_DFLAGS;
# the variant's name carries them, so a changed PIPE or STORAGE rebuilds the library)
BOARD_DFLAGS := -DPMU_SAMPLER=1 -DPMU_PIPE=$(BOARD_PIPE) -DPMU_STORAGE=$(BOARD_STORAGE)
BOARD_MODEL  := board-pipe$(BOARD_PIPE)-storage$(BOARD_STORAGE)
$(eval $(call model_lib_rules,$(BOARD_MODEL),$(CC),$(CWARN) $(SIM_OPT) $(BOARD_DFLAGS)))
PMUCTL_SRC := $(wildcard fpga/host/pmuctl/*.c) sim/report/smp_file.c
# (board_top.v: pmuctl is built with its CLK_HZ, so a new clock rebuilds it)
$(BUILD)/pmuctl: $(PMUCTL_SRC) $(wildcard fpga/host/pmuctl/*.h) $(call model_lib,$(BOARD_MODEL)) fpga/rtl/board_top.v
	$(CC) $(CWARN) -O2 $(BOARD_DFLAGS) -DBOARD_CLK_HZ=$(BOARD_CLK_HZ)u $(MODEL_INC) -Isim/report -o $@ $(PMUCTL_SRC) $(call model_lib,$(BOARD_MODEL))
	@$(call cdepfile,$@,$(CWARN) $(BOARD_DFLAGS) $(MODEL_INC) -Isim/report,$(PMUCTL_SRC))

.PHONY: vboard pmuctl fpga-lint fpga-test
vboard: deps $(BUILD)/vboard/Vboard_top
pmuctl: c-deps $(BUILD)/pmuctl

FPGA_LINT_CFGS := "" "-GTHREADS=1 -GW=2 -GP=4 -GCW=40 -GBAUD_DIV=8 -GLED_LOW=1 -GPIPE=1" "-GTHREADS=3 -GW=7 -GP=16 -GCW=64" \
                  "-GSAMPLER=1"
fpga-lint: deps
	@for c in $(FPGA_LINT_CFGS); do echo "verilator --lint-only -Wall board_top $$c"; \
	  verilator --lint-only -Wall -I$(PMU_RTL) -I$(CORE_RTL) -Ifpga/rtl --top-module board_top \
	    $(VBOARD_SRC) $$c || exit 1; done
	@pll=$$(sed -n 's/.*FREQUENCY_PIN_CLKOP *= *"\([0-9.]*\)".*/\1/p' fpga/ulx3s/board_prim.v); \
	  smoke=$$(sed -n 's/^ *parameter CLK_HZ *= *\([0-9]*\),.*/\1/p' fpga/flow/flow_smoke_top.v); \
	  sh=$$(sed -n 's/^BOARD_CLK_HZ=\([0-9]*\).*/\1/p' fpga/ulx3s/board.sh); \
	  echo "board clock: board_top CLK_HZ $(BOARD_CLK_HZ), ULX3S PLL $$pll MHz, flow_smoke_top $$smoke, board.sh $$sh"; \
	  awk -v a=$(BOARD_CLK_HZ) -v p="$$pll" -v s="$$smoke" -v b="$$sh" \
	    'BEGIN { exit !(p != "" && a == p * 1e6 && s == a && b == a) }' || \
	  { echo "fpga-lint: the board clock differs between board_top.v, fpga/ulx3s/board_prim.v, flow_smoke_top.v, board.sh"; exit 1; }
	@echo "iverilog -g2005 board_top" && mkdir -p $(BUILD) && \
	  iverilog -g2005 -I$(PMU_RTL) -I$(CORE_RTL) -Ifpga/rtl -s board_top -o $(BUILD)/board_top.vvp $(VBOARD_SRC)

fpga-test: $(BUILD)/vboard/Vboard_top $(BUILD)/pmuctl
	@BUILD=$(BUILD) fpga/test/bringup.sh

# make fpga: synthesis, fit check, place and route, timing and bitstream for BOARD (fpga/BOARD/:
# ulx3s, the default, or tang20k), with fpga/flow/flow.sh and the tools of build/venv; fails with
# its report when the design does not fit or misses the clock. FPGA_PARAMS: board top parameters,
# e.g. FPGA_PARAMS="ROB=16". FPGA_DEVICE: the ULX3S's ECP5, 85F (default) or 45F.
BOARD ?= ulx3s
FPGA_DEVICE ?= 85F
.PHONY: fpga
fpga: venv | $(BUILD)
	@FPGA_BOARD=$(BOARD) FPGA_DEVICE=$(FPGA_DEVICE) nice -n 10 fpga/flow/flow.sh $(BUILD) $(FPGA_PARAMS)

# the Tang Primer 20K's techmap of the compares (fpga/tang20k/cmp_map.v, before synth_gowin) proven
# equal to yosys's own compares by a SAT miter on fpga/tang20k/cmp_map_check.v
.PHONY: fpga-cmp-map-check
fpga-cmp-map-check: venv
	@$(VENV)/bin/pyosys-yosys -q -p "read_verilog fpga/tang20k/cmp_map_check.v; proc; \
	  copy cmp_map_check gold; techmap -map fpga/tang20k/cmp_map.v cmp_map_check; opt; \
	  select -assert-none cmp_map_check/t:\$$lt cmp_map_check/t:\$$le cmp_map_check/t:\$$gt cmp_map_check/t:\$$ge; \
	  miter -equiv -flatten -make_assert gold cmp_map_check m; hierarchy -top m; flatten; \
	  sat -verify -prove-asserts m" && echo "fpga-cmp-map-check: cmp_map.v proven equal"

# the flow on the smallest design (fpga/flow/flow_smoke_top.v: the board's pins, clocks and UART,
# no core and no PMU), so the tools, the pins and the primitives cannot rot (pr test fpga-flow-smoke)
.PHONY: fpga-flow-smoke
fpga-flow-smoke: venv | $(BUILD)
	@FPGA_BOARD=$(BOARD) FPGA_TOP=flow_smoke_top FPGA_OUT=$(BUILD)/fpga-smoke-$(BOARD) \
	  nice -n 10 fpga/flow/flow.sh $(BUILD)

# the ULX3S build through FuseSoC (docs/fpga.md section 11): the board core's ulx3s target, edalize's
# trellis flow with the tools of build/venv (fpga/flow/edalize_launcher.sh), in
# $(BUILD)/fusesoc-ulx3s; FUSESOC_ARGS: board top parameters, e.g. FUSESOC_ARGS="--ROB 16"
FUSESOC_ROOTS := --cores-root rtl/pmu --cores-root rtl/core --cores-root fpga
.PHONY: fusesoc-ulx3s
fusesoc-ulx3s: venv | $(BUILD)
	EDALIZE_LAUNCHER=$(CURDIR)/fpga/flow/edalize_launcher.sh STALLSCOPE_VENV=$(abspath $(VENV))/bin \
	  nice -n 10 $(VENV)/bin/fusesoc $(FUSESOC_ROOTS) run --build-root $(BUILD)/fusesoc-ulx3s \
	  --target ulx3s stallscope:board:ulx3s $(FUSESOC_ARGS)
