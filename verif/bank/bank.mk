# verif/bank/bank.mk: the counter bank's two storage options compared (tb_bank_diff.v, Icarus).
# Included by the top Makefile.
#
#   make bank-diff [SEED=N] [CYCLES=N]   build/bank/tb_bank_diff: flip-flop and block-RAM banks
#                                        side by side on random stimulus, every port every cycle

BANK_TB  := verif/bank/tb_bank_diff.v
BANK_RTL := $(PMU_RTL)/pmu_cnt_bank.v $(PMU_RTL)/pmu_cnt_ram.v $(PMU_RTL)/pmu_cnt_drn.v \
            $(PMU_RTL)/pmu_cnt_wnd.v
SEED     ?= 1
CYCLES   ?= 200000

$(BUILD)/bank/tb_bank_diff: $(BANK_TB) $(BANK_RTL) $(PMU_RTL)/pmu_map.vh | $(BUILD)
	@mkdir -p $(dir $@)
	@iverilog -g2005 -Wall -I$(PMU_RTL) -o $@ $(BANK_TB) $(BANK_RTL)

.PHONY: bank-diff
bank-diff: deps $(BUILD)/bank/tb_bank_diff
	@vvp -n $(BUILD)/bank/tb_bank_diff +seed=$(SEED) +cycles=$(CYCLES)
