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
#   CFG=small|big (a parameter set of the Makefile, CFG_small/CFG_big): build/pmu_cli_small,
#   build/test_model_small, ... instead (or name those files directly).
# These are plain C: they need only a C compiler, ar and make (c-deps), never the RTL tools
# of deps (the generated pmu_map.h is committed; the generator is not run).

MODEL_SRC := $(wildcard cmodel/src/*.c)
MODEL_HDR := $(wildcard cmodel/include/*.h cmodel/src/*.h)
model_lib  = $(BUILD)/cmodel/$(1)/libpmu_model.a

# model_lib_rules VARIANT COMPILER FLAGS
define model_lib_rules
$(BUILD)/cmodel/$(1)/%.o: cmodel/src/%.c | $(BUILD)
	@mkdir -p $$(@D)
	$(CCACHE_CC)$(2) $(3) $(MODEL_INC) -Icmodel/src -MMD -MP -c $$< -o $$@
$(BUILD)/cmodel/$(1)/libpmu_model.a: $(patsubst cmodel/src/%.c,$(BUILD)/cmodel/$(1)/%.o,$(MODEL_SRC))
	@rm -f $$@ && ar rcs $$@ $$^
-include $(wildcard $(BUILD)/cmodel/$(1)/*.d)
endef

$(foreach c,$(CONFIGS),$(eval $(call model_lib_rules,$(c),$(CC),$(CWARN) $(SIM_OPT) $(call dflags,$(c)))))
$(eval $(call model_lib_rules,san,clang,$(CWARN) $(SAN_OPT)))

$(call model_lib,san) $(BUILD)/pmu_cli_san $(BUILD)/test_model_san: | san-deps

CLI_SRC  := cmodel/cli/pmu_cli.c $(STIM_SRC)
TEST_SRC := cmodel/test/test_model.c

# c_prog TARGET COMPILER OPT FLAGS SOURCES VARIANT: a C program of SOURCES compiled with OPT and
# FLAGS and linked with the model library VARIANT, and its dependency file from FLAGS (every C
# program of the model is made this way)
define c_prog
$(1): $(5) $(call model_lib,$(6))
	$(2) $(CWARN) $(3) $(4) -o $$@ $(5) $(call model_lib,$(6))
	@$$(call cdepfile,$$@,$(CWARN) $(4),$(5))
endef
CLI_FLAGS := $(MODEL_INC) $(STIM_INC)
$(eval $(call c_prog,$(BUILD)/pmu_cli,$(CC),-O2,$(CLI_FLAGS),$(CLI_SRC),default))
$(eval $(call c_prog,$(BUILD)/pmu_cli_san,clang,$(SAN_OPT),$(CLI_FLAGS),$(CLI_SRC),san))
$(eval $(call c_prog,$(BUILD)/test_model,$(CC),-O2,$(MODEL_INC),$(TEST_SRC),default))
$(eval $(call c_prog,$(BUILD)/test_model_san,clang,$(SAN_OPT),$(MODEL_INC),$(TEST_SRC),san))

# The CLI and unit tests of the other parameter sets: the model library of that set, and the
# same -DPMU_<KEY> flags for the sources that include pmu_map.h (the one list: CFG_<set>).
$(foreach c,$(filter-out default,$(CONFIGS)),\
  $(eval $(call c_prog,$(BUILD)/pmu_cli_$(c),$(CC),-O2,$(call dflags,$(c)) $(CLI_FLAGS),$(CLI_SRC),$(c)))\
  $(eval $(call c_prog,$(BUILD)/test_model_$(c),$(CC),-O2,$(call dflags,$(c)) $(MODEL_INC),$(TEST_SRC),$(c))))

# make cli / make model [CFG=default|small|big]
CFG ?= default
cfg_suffix = $(if $(filter $(1),$(CONFIGS)),,$(error CFG=$(1): not a parameter set (one of: $(CONFIGS))))$(if $(filter default,$(1)),,_$(1))

# C-only tools: a C compiler, ar and make (this make). Installs gcc (with binutils) when root,
# else prints the command; unlike deps it never asks for verilator, iverilog, yosys or z3.
C_DEB_PKGS := gcc binutils make
.PHONY: c-deps
c-deps:
	@missing=""; for c in $(firstword $(CC)) ar; do command -v $$c >/dev/null 2>&1 || missing="$$missing $$c"; done; \
	if [ -n "$$missing" ]; then \
	  echo "missing tools:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing: apt-get install -y $(C_DEB_PKGS)"; \
	    mkdir -p $(BUILD); \
	    (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(C_DEB_PKGS)) >$(BUILD)/apt-c.log 2>&1 \
	      || { tail -20 $(BUILD)/apt-c.log; exit 1; }; \
	  else \
	    echo "run as root: sudo apt-get update && sudo apt-get install -y $(C_DEB_PKGS)"; exit 1; \
	  fi; \
	fi

.PHONY: cli model
cli: c-deps
	@$(MAKE) --no-print-directory $(BUILD)/pmu_cli$(call cfg_suffix,$(CFG))
model: c-deps
	@$(MAKE) --no-print-directory $(BUILD)/test_model$(call cfg_suffix,$(CFG))

# build/test_ffwd: pmu_ffwd() (fast-forward) against single steps on random configurations from
# the random stimulus generator (verif/lockstep/pmu_rand.c); --bench: cycles/s per quantum
FFWD_TEST_SRC := cmodel/test/test_ffwd.c verif/lockstep/pmu_rand.c
# ... and for the other parameter sets: build/test_ffwd_small, _big (CW = 40, 64), _ram, _pipe (PIPE = 1)
$(foreach c,$(CONFIGS),$(eval $(call c_prog,$(BUILD)/test_ffwd$(call cfg_suffix,$(c)),$(CC),-O2,\
  $(call dflags,$(c)) $(MODEL_INC) -Iverif/lockstep,$(FFWD_TEST_SRC),$(c))))

# build/test_sampler (and _san): the time-proportional sampler (spec 7) in a model library built
# with -DPMU_SAMPLER=1 and a buffer of 8 records (variants smp, smp_san). The board's model
# (pmuctl's) is fpga/fpga.mk's.
SMP_DFLAGS    := $(call dflags,smp)
SMP_TEST_SRC  := cmodel/test/test_sampler.c
$(eval $(call model_lib_rules,smp_san,clang,$(CWARN) $(SAN_OPT) $(SMP_DFLAGS)))
$(call model_lib,smp_san) $(BUILD)/test_sampler_san: | san-deps
$(eval $(call c_prog,$(BUILD)/test_sampler,$(CC),-O2,$(SMP_DFLAGS) $(MODEL_INC),$(SMP_TEST_SRC),smp))
$(eval $(call c_prog,$(BUILD)/test_sampler_san,clang,$(SAN_OPT),$(SMP_DFLAGS) $(MODEL_INC),$(SMP_TEST_SRC),smp_san))
