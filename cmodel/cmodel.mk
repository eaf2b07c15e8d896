# cmodel/cmodel.mk: the C reference model as a static library, its CLI and its unit tests.
# Included by the top Makefile (BUILD, CC, CWARN, SIM_OPT, SAN_OPT, MODEL_INC, STIM_* and dflags).
#
# The model is compiled once per parameter set into $(BUILD)/cmodel/<variant>/libpmu_model.a from
# cmodel/src/ (private headers: cmodel/src/pmu_blocks.h); everything else sees only
# cmodel/include/ (pmu_model.h, the generated pmu_map.h).
#   variants: default, small, big (the CONFIGS, -DPMU_<KEY>), san (ASan + UBSan, clang);
#   sim/main/run.mk and verif/fuzz/fuzz.mk add their own.
#
#   make cli     build/pmu_cli: run a .stim file on the model (docs/stimulus.md)
#   make model   build/test_model: the model's unit tests

MODEL_SRC := $(wildcard cmodel/src/*.c)
MODEL_HDR := $(wildcard cmodel/include/*.h cmodel/src/*.h)
model_lib  = $(BUILD)/cmodel/$(1)/libpmu_model.a

# model_lib_rules VARIANT COMPILER FLAGS
define model_lib_rules
$(BUILD)/cmodel/$(1)/%.o: cmodel/src/%.c | $(BUILD)
	@mkdir -p $$(@D)
	$(2) $(3) $(MODEL_INC) -Icmodel/src -MMD -MP -c $$< -o $$@
$(BUILD)/cmodel/$(1)/libpmu_model.a: $(patsubst cmodel/src/%.c,$(BUILD)/cmodel/$(1)/%.o,$(MODEL_SRC))
	@rm -f $$@ && ar rcs $$@ $$^
-include $(wildcard $(BUILD)/cmodel/$(1)/*.d)
endef

$(foreach c,$(CONFIGS),$(eval $(call model_lib_rules,$(c),$(CC),$(CWARN) $(SIM_OPT) $(call dflags,$(c)))))
$(eval $(call model_lib_rules,san,clang,$(CWARN) $(SAN_OPT)))

$(call model_lib,san) $(BUILD)/pmu_cli_san $(BUILD)/test_model_san: | san-deps

CLI_SRC  := cmodel/cli/pmu_cli.c $(STIM_SRC)
TEST_SRC := cmodel/test/test_model.c

$(BUILD)/pmu_cli: $(CLI_SRC) $(call model_lib,default)
	$(CC) $(CWARN) -O2 $(MODEL_INC) $(STIM_INC) -o $@ $(CLI_SRC) $(call model_lib,default)
	@$(call cdepfile,$@,$(CWARN) $(MODEL_INC) $(STIM_INC),$(CLI_SRC))

$(BUILD)/pmu_cli_san: $(CLI_SRC) $(call model_lib,san)
	clang $(CWARN) $(SAN_OPT) $(MODEL_INC) $(STIM_INC) -o $@ $(CLI_SRC) $(call model_lib,san)
	@$(call cdepfile,$@,$(CWARN) $(MODEL_INC) $(STIM_INC),$(CLI_SRC))

$(BUILD)/test_model: $(TEST_SRC) $(call model_lib,default)
	$(CC) $(CWARN) -O2 $(MODEL_INC) -o $@ $(TEST_SRC) $(call model_lib,default)
	@$(call cdepfile,$@,$(CWARN) $(MODEL_INC),$(TEST_SRC))

$(BUILD)/test_model_san: $(TEST_SRC) $(call model_lib,san)
	clang $(CWARN) $(SAN_OPT) $(MODEL_INC) -o $@ $(TEST_SRC) $(call model_lib,san)
	@$(call cdepfile,$@,$(CWARN) $(MODEL_INC),$(TEST_SRC))

.PHONY: cli model
cli: deps $(BUILD)/pmu_cli
model: deps $(BUILD)/test_model
