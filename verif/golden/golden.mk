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

# the same for another parameter set of the Makefile's CONFIGS (pmu_golden_ram, pmu_golden_pipe2,
# ...): the model built with it writes the vectors the RTL with the same parameters replays (with
# STORAGE=1 they hold the APB wait states, spec 5.1; with PIPE > 0 the later counts, spec 4)
$(BUILD)/pmu_golden_%: $(GOLDEN_SRC) $(call model_lib,%)
	$(CC) $(CWARN) -O2 $(call dflags,$*) $(GOLDEN_INC) -o $@ $(GOLDEN_SRC) $(call model_lib,$*)
	@$(call cdepfile,$@,$(CWARN) $(call dflags,$*) $(GOLDEN_INC),$(GOLDEN_SRC))

$(BUILD)/pmu_golden_san: $(GOLDEN_SRC) $(call model_lib,san)
	clang $(CWARN) $(SAN_OPT) $(GOLDEN_INC) -o $@ $(GOLDEN_SRC) $(call model_lib,san)
	@$(call cdepfile,$@,$(CWARN) $(GOLDEN_INC),$(GOLDEN_SRC))

.PHONY: golden
golden: deps
	@verif/golden/run.sh $(BUILD)

$(BUILD)/pmu_golden_san: | san-deps
