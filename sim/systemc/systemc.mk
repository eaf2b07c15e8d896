# sim/systemc/systemc.mk: the PMU in SystemC (docs/integration.md). Included by the top Makefile.
#
#   build/systemc/lockstep/Vpmu_sc_lockstep  pin level: the Verilated pmu_top (verilator --sc) and
#                                            the C model's SystemC wrapper (pmu_model_sc.h) on the
#                                            same signals, compared every cycle (sc_lockstep.cpp)
#   build/systemc/pmu_tlm_test               TLM-2.0 loosely-timed model (pmu_tlm.h) and its
#                                            initiator test (tlm_test.cpp)
#   make sim-systemc                         both: SC_CYCLES (1,000,000) random lockstep cycles,
#                                            seed SC_SEED (default: the clock), and the TLM test
# Debian's libsystemc-dev (SystemC 2.3.4) is built for C++17: g++ 12's default standard
# (../shared/TOOLCHAIN.md), so these builds use g++, not SIM_CXX.

SC_DEB     := libsystemc-dev
SC_CXX     := g++
SC_OPT     ?= -O2
SC_INC     := -I$(CURDIR)/cmodel/include -I$(CURDIR)/verif/lockstep -I$(CURDIR)/sim/systemc
SC_LS_C    := verif/lockstep/pmu_rand.c
SC_LS_DEPS  = $(RTL_SRC) $(RTL_INC) $(SC_LS_C) $(wildcard sim/systemc/*.h sim/systemc/sc_lockstep.cpp verif/lockstep/*.h)
SC_CYCLES  ?= 1000000

.PHONY: systemc-deps sim-systemc
systemc-deps: deps
	@test -f /usr/include/systemc.h || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing: apt-get install -y $(SC_DEB)"; mkdir -p $(BUILD); \
	    (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(SC_DEB)) >$(BUILD)/apt-systemc.log 2>&1 \
	      || { tail -20 $(BUILD)/apt-systemc.log; exit 1; }; \
	  else echo "SystemC missing: sudo apt-get install -y $(SC_DEB)"; exit 1; fi; }

$(BUILD)/systemc/lockstep/Vpmu_sc_lockstep: $(SC_LS_DEPS) $(call model_lib,default) | systemc-deps $(BUILD)
	@echo "verilator --sc: building the SystemC lockstep (pmu_top + PmuModelSc)"
	@mkdir -p $(@D); rm -f $@; $(call depprune,$(@D))
	@verilator --sc --exe --build -j $(JOBS) -Wall -Wno-fatal -I$(PMU_RTL) --top-module pmu_top \
	  -MAKEFLAGS "$(VL_UNITY) OPT_FAST=$(SC_OPT) OPT_SLOW=$(VL_SLOW_OPT) OPT_GLOBAL=$(SC_OPT) CXX=$(SC_CXX)" \
	  -CFLAGS "$(SC_OPT) $(SC_INC)" --Mdir $(@D) -o Vpmu_sc_lockstep $(RTL_SRC) \
	  $(abspath sim/systemc/sc_lockstep.cpp $(SC_LS_C) $(call model_lib,default)) \
	  > $(@D).log 2>&1 || { tail -40 $(@D).log; exit 1; }
	@$(call depfile,$@,$(@D))

SC_TLM_SRC := sim/systemc/tlm_test.cpp
$(BUILD)/systemc/pmu_tlm_test: $(SC_TLM_SRC) $(wildcard sim/systemc/*.h) $(call model_lib,default) | systemc-deps $(BUILD)
	@mkdir -p $(@D)
	$(SC_CXX) $(SC_OPT) -Wall -Wextra -Werror $(SC_INC) -o $@ $(SC_TLM_SRC) $(call model_lib,default) -lsystemc
	@$(SC_CXX) $(SC_INC) -MM -MP -MT $@ $(SC_TLM_SRC) > $@.dep

sim-systemc: systemc-deps $(BUILD)/systemc/lockstep/Vpmu_sc_lockstep $(BUILD)/systemc/pmu_tlm_test
	@SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 $(BUILD)/systemc/lockstep/Vpmu_sc_lockstep --cycles $(SC_CYCLES) \
	  $(if $(SC_SEED),--seed $(SC_SEED)) && SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 $(BUILD)/systemc/pmu_tlm_test

# the minimal virtual platform of docs/integration.md, built and run by the test list
$(BUILD)/systemc/example_vp: sim/systemc/example_vp.cpp $(wildcard sim/systemc/*.h) $(call model_lib,default) | systemc-deps $(BUILD)
	@mkdir -p $(@D)
	$(SC_CXX) $(SC_OPT) -Wall -Wextra -Werror $(SC_INC) -o $@ $< $(call model_lib,default) -lsystemc
	@$(SC_CXX) $(SC_INC) -MM -MP -MT $@ $< > $@.dep
