# verif/dpi/dpi.mk: the C model through DPI-C (docs/integration.md). Included by the top Makefile.
#
#   build/dpi/libpmu_dpi.a      the DPI-C layer (pmu_dpi.c, the C side of pmu_dpi_pkg.sv) and the
#                               random stimulus through DPI (pmu_dpi_rand.c, pmu_rand.c), C99
#   build/dpi/Vpmu_dpi_tb       the SystemVerilog scoreboard testbench pmu_dpi_tb.sv: pmu_top and
#                               the model through DPI compared every cycle (verilator --binary)
#   make sim-dpi                runs it for DPI_CYCLES (1,000,000) cycles, seed DPI_SEED (default:
#                               the clock)
# After the build the C side is compiled once more against the prototypes Verilator generated
# from the SV imports (Vpmu_dpi_tb__Dpi.h), so a C signature that disagrees with the package
# fails the build.

DPI_C      := verif/dpi/pmu_dpi.c verif/dpi/pmu_dpi_rand.c verif/lockstep/pmu_rand.c
DPI_SV     := verif/dpi/pmu_dpi_pkg.sv verif/dpi/pmu_dpi_tb.sv
SVDPI_INC   = -I$(shell verilator --getenv VERILATOR_ROOT 2>/dev/null)/include/vltstd
DPI_CFLAGS  = $(CWARN) -O2 $(SVDPI_INC) $(MODEL_INC) -Iverif/lockstep
DPI_CYCLES ?= 1000000

$(BUILD)/dpi/libpmu_dpi.a: $(DPI_C) $(wildcard verif/dpi/*.h verif/lockstep/pmu_rand.h cmodel/include/*.h) | deps $(BUILD)
	@mkdir -p $(@D)/obj
	@for f in $(DPI_C); do $(CC) $(DPI_CFLAGS) -c $$f -o $(@D)/obj/$$(basename $$f .c).o || exit 1; done
	@rm -f $@ && ar rcs $@ $(patsubst %.c,$(@D)/obj/%.o,$(notdir $(DPI_C)))

$(BUILD)/dpi/Vpmu_dpi_tb: $(DPI_SV) $(RTL_SRC) $(RTL_INC) $(BUILD)/dpi/libpmu_dpi.a $(call model_lib,default) | deps $(BUILD)
	@echo "verilator --binary: building the DPI-C scoreboard testbench"
	@rm -f $@; $(call depprune,$(@D)/tb)
	@verilator --binary -j $(JOBS) -Wall -Wno-fatal -I$(PMU_RTL) --top-module pmu_dpi_tb \
	  -MAKEFLAGS "$(VL_UNITY) OPT_FAST=-O2 OPT_SLOW=$(VL_SLOW_OPT) OPT_GLOBAL=-O2 CXX=g++" --Mdir $(@D)/tb -o Vpmu_dpi_tb \
	  $(DPI_SV) $(RTL_SRC) $(abspath $(BUILD)/dpi/libpmu_dpi.a $(call model_lib,default)) \
	  > $(@D)/tb.log 2>&1 || { tail -40 $(@D)/tb.log; exit 1; }
	@$(CC) $(DPI_CFLAGS) -fsyntax-only -include $(@D)/tb/Vpmu_dpi_tb__Dpi.h verif/dpi/pmu_dpi.c verif/dpi/pmu_dpi_rand.c \
	  || { echo "verif/dpi: the C prototypes differ from the SV imports (see above)"; exit 1; }
	@cp $(@D)/tb/Vpmu_dpi_tb $@
	@$(call depfile,$@,$(@D)/tb)

.PHONY: sim-dpi
sim-dpi: deps $(BUILD)/dpi/Vpmu_dpi_tb
	@$(BUILD)/dpi/Vpmu_dpi_tb +seed=$${DPI_SEED:-$$(( $$(date +%s) & 0xffffffff ))} +cycles=$(DPI_CYCLES)

# the minimal scoreboard of docs/integration.md (built as a user would: without -Wall); it runs
# 1000 cycles, so its C++ is at -O0 (24 s of CPU against 28 s at -O1). Verilator's runtime
# (OPT_GLOBAL) is the testbench's above: scripts/mk/vlcc.sh compiles it at -O1 for any -O but -O0,
# so ccache finds the one Vpmu_dpi_tb compiled instead of compiling an -O0 copy (10 s of CPU)
$(BUILD)/dpi/Vexample_tb: verif/dpi/pmu_dpi_pkg.sv verif/dpi/example_sb.sv $(RTL_SRC) $(RTL_INC) $(BUILD)/dpi/libpmu_dpi.a $(call model_lib,default) | deps $(BUILD)
	@rm -f $@; $(call depprune,$(@D)/example)
	@verilator --binary -j $(JOBS) -I$(PMU_RTL) --top-module example_tb \
	  -MAKEFLAGS "$(VL_UNITY) OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O2 CXX=g++" --Mdir $(@D)/example -o Vexample_tb \
	  verif/dpi/pmu_dpi_pkg.sv verif/dpi/example_sb.sv $(RTL_SRC) \
	  $(abspath $(BUILD)/dpi/libpmu_dpi.a $(call model_lib,default)) > $(@D)/example.log 2>&1 \
	  || { tail -40 $(@D)/example.log; exit 1; }
	@cp $(@D)/example/Vexample_tb $@
	@$(call depfile,$@,$(@D)/example)
