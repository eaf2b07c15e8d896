# verif/golden/golden.mk: golden vectors written by the C model (verif/golden/pmu_golden.c) and
# replayed on Icarus by a plain Verilog testbench (verif/golden/tb_golden.v; docs/golden.md).
# Included by the top Makefile.
#
#   make golden   regenerate the vectors of verif/directed/ into build/golden/ and replay them,
#                 and replay the committed ones of verif/golden/vectors/

GOLDEN_SRC := verif/golden/pmu_golden.c $(STIM_SRC)
GOLDEN_INC := $(MODEL_INC) $(STIM_INC) -Iverif/golden

$(BUILD)/pmu_golden: $(GOLDEN_SRC) $(call model_lib,default)
	$(CC) $(CWARN) -O2 $(GOLDEN_INC) -o $@ $(GOLDEN_SRC) $(call model_lib,default)
	@$(call cdepfile,$@,$(CWARN) $(GOLDEN_INC),$(GOLDEN_SRC))

# the same with block-RAM counter storage (STORAGE=1): its vectors hold the APB wait states
# (spec 5.1), so they are the ones the RTL with STORAGE=1 replays
$(BUILD)/pmu_golden_ram: $(GOLDEN_SRC) $(call model_lib,ram)
	$(CC) $(CWARN) -O2 $(call dflags,ram) $(GOLDEN_INC) -o $@ $(GOLDEN_SRC) $(call model_lib,ram)
	@$(call cdepfile,$@,$(CWARN) $(call dflags,ram) $(GOLDEN_INC),$(GOLDEN_SRC))

$(BUILD)/pmu_golden_san: $(GOLDEN_SRC) $(call model_lib,san)
	clang $(CWARN) $(SAN_OPT) $(GOLDEN_INC) -o $@ $(GOLDEN_SRC) $(call model_lib,san)
	@$(call cdepfile,$@,$(CWARN) $(GOLDEN_INC),$(GOLDEN_SRC))

.PHONY: golden
golden: deps
	@verif/golden/run.sh $(BUILD)

$(BUILD)/pmu_golden_san: | san-deps
