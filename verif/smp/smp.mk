# verif/smp/smp.mk: the sampler's RTL (rtl/pmu/pmu_smp.v) against the C model's sampler, cycle by
# cycle (verif/smp/tb_smp.cpp). Included by the top Makefile.
#
#   make smp-diff [SEED=N] [CYCLES=N]   build/smp/Vpmu_smp: Verilated pmu_smp (SMP_DEPTH 8) with
#                                       the model variant smp (-DPMU_SAMPLER=1 -DPMU_SMP_DEPTH=8)

SMP_RTL := $(PMU_RTL)/pmu_smp.v $(PMU_RTL)/pmu_smp_thr.v
SMP_TB  := verif/smp/tb_smp.cpp

$(BUILD)/smp/Vpmu_smp: $(SMP_RTL) $(RTL_INC) $(SMP_TB) $(call model_lib,smp) | $(BUILD)
	@echo "verilator: building the sampler's check (pmu_smp against the model)"
	@rm -f $@; mkdir -p $(@D)
	@verilator $(VERILATOR_OPTS) --top-module pmu_smp -GSMP_DEPTH=8 \
	  -CFLAGS "$(SIM_OPT) -I$(CURDIR)/cmodel/include -I$(CURDIR)/cmodel/src $(SMP_DFLAGS)" \
	  --Mdir $(@D) -o Vpmu_smp $(SMP_RTL) $(abspath $(SMP_TB) $(call model_lib,smp)) \
	  > $(BUILD)/smp.log 2>&1 || { tail -40 $(BUILD)/smp.log; exit 1; }

.PHONY: smp-diff
smp-diff: deps $(BUILD)/smp/Vpmu_smp
	@$(BUILD)/smp/Vpmu_smp +seed=$(or $(SEED),1) +cycles=$(or $(CYCLES),100000)
