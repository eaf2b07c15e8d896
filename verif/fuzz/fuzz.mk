# verif/fuzz/fuzz.mk: differential fuzzing of RTL against the C model (libFuzzer) and parser
# fuzzers under ASan/UBSan (docs/fuzzing.md). Included by the top Makefile, which defines BUILD,
# PMU_RTL, MODEL_INC, STIM_SRC, model_lib_rules and (verif/lockstep/lockstep.mk) LOCKSTEP_INC.
#
#   make fuzz          each fuzzer for FUZZ_TIME (or FUZZ_S) seconds (default 300; FUZZERS="fuzz_lockstep ..." to
#                      pick some), FUZZ_PAR at a time (default: the number of cores); corpora kept
#                      in build/fuzz/corpus/
#   make fuzz-smoke    about 20 s: each fuzzer briefly from the committed corpus verif/fuzz/corpus/,
#                      plus a deliberately broken RTL copy that the lockstep fuzzer must catch;
#                      ends with "N passed, N failed"; FUZZ_ONLY=NAME (lockstep, stim, prog, golden, mutant) runs one
#                      (the test list's fuzz-NAME tests, after its build-fuzz test)
#
# Binaries: build/fuzz/fuzz_lockstep (Verilated RTL + model, FUZZ_CFG parameters),
# build/fuzz/fuzz_stim (verif/stim/pmu_stim.c parser + runner on the model), build/fuzz/fuzz_prog
# (the program-file loader of sim/main/run.cpp), build/fuzz/fuzz_golden (the golden-vector checker of
# verif/golden/pmu_golden.c). Needs clang and libclang-rt-14-dev (libFuzzer, ASan,
# UBSan runtimes).

FUZZ_DIR    := $(BUILD)/fuzz
# FUZZ_S is the same setting under the name issue 17 uses (make fuzz FUZZ_S=3600)
FUZZ_TIME   ?= $(or $(FUZZ_S),300)
FUZZ_JOBS   ?= 2
# fuzzers run at the same time by make fuzz (one core each)
FUZZ_PAR    ?= $(shell nproc)
FUZZ_CC     ?= clang
FUZZ_CXX    ?= clang++
# Small parameters: CW=33 (the smallest legal width) so counters preloaded below 2^33 wrap fast.
FUZZ_CFG    := THREADS=2 P=4 CW=33 W=4
fuzz_gflags := $(foreach kv,$(FUZZ_CFG),-G$(kv))
fuzz_dflags := $(foreach kv,$(FUZZ_CFG),-DPMU_$(kv))
FUZZ_SAN    := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CWARN  := -std=c99 -O1 -g -Wall -Wextra -Werror $(MODEL_INC)
# The lockstep fuzzer: UBSan on the model and harness (the model alone is fuzzed under ASan through
# fuzz_stim). Feedback: edge coverage of the Verilated RTL, the model and the functional coverage
# sampler (verif/coverage/pmu_cov.c); libFuzzer's comparison tracing (-fsanitize=fuzzer-no-link) is left
# out: it took 80% of the run time (the encoding needs no magic values: events come from the catalog).
FUZZ_LS_SAN := -fsanitize=undefined -fno-sanitize-recover=all
FUZZ_EDGES  := -fsanitize-coverage=inline-8bit-counters,pc-table

# The mutant the lockstep fuzzer must catch in fuzz-smoke: one perl substitution of one RTL line,
# applied to a copy in build/fuzz/mut/ (never rtl/ itself; as scripts/run/mutate.sh does).
FUZZ_MUT_FILE  := pmu_regs.v
FUZZ_MUT_SUBST := s/\(\(q & ~clr\) \x7c set\)/((q \x7c set) \& ~clr)/
FUZZ_MUT_WHAT  := a W1C of gstatus beats an overflow in the same cycle

FUZZ_LS_DEPS = $(call model_lib,fuzz) verif/coverage/pmu_cov.c verif/coverage/pmu_cov.h $(wildcard verif/lockstep/*.h) \
               verif/fuzz/fuzz_lockstep.cpp verif/fuzz/fuzz.mk

# the model as the lockstep fuzzer links it: UBSan and edge coverage, the fuzzer's parameters
$(eval $(call model_lib_rules,fuzz,$(FUZZ_CC),$(FUZZ_CWARN) -O2 $(FUZZ_LS_SAN) $(FUZZ_EDGES) $(fuzz_dflags)))
$(eval $(call model_lib_rules,fuzz_san,$(FUZZ_CC),$(FUZZ_CWARN) $(FUZZ_SAN) -fsanitize=fuzzer-no-link))

# fuzz_lockstep_build OUTDIR RTLDIR IS_MUTANT(0/1)
# The C++ gets -gline-tables-only (file and line in every sanitizer report; full -g made the
# Verilated files 40% slower to compile). Whether the build is the mutant is a one-line object
# of its own, so both builds compile the generated files with the same flags (ccache reuses the
# files of the modules the mutant leaves alone).
define fuzz_lockstep_build
	@echo "verilator + clang: building $(1)/fuzz_lockstep ($(FUZZ_CFG), RTL $(2))"
	@mkdir -p $(1)/c && rm -f $(1)/fuzz_lockstep && $(call depprune,$(1))
	@$(FUZZ_CC) $(FUZZ_CWARN) -Iverif/coverage -O2 $(FUZZ_LS_SAN) $(FUZZ_EDGES) $(fuzz_dflags) -MMD -MP \
	    -c verif/coverage/pmu_cov.c -o $(1)/c/pmu_cov.o
	@echo 'int fuzz_is_mutant = $(3);' | $(FUZZ_CC) -x c -c - -o $(1)/c/fuzz_variant.o
	@verilator --cc --exe --build -j $(FUZZ_JOBS) -Wall -Wno-fatal -I$(2) --top-module pmu_top \
	  -MAKEFLAGS "$(VL_UNITY) CXX=$(FUZZ_CXX) LINK=$(FUZZ_CXX) OPT_FAST=-O2 OPT_SLOW=$(VL_SLOW_OPT) OPT_GLOBAL=-O2" $(fuzz_gflags) \
	  -CFLAGS "-O2 -gline-tables-only $(FUZZ_EDGES) $(LOCKSTEP_INC) $(fuzz_dflags)" \
	  -LDFLAGS "-fsanitize=fuzzer $(FUZZ_LS_SAN)" \
	  --Mdir $(1) -o fuzz_lockstep $(2)/pmu_*.v $(abspath verif/fuzz/fuzz_lockstep.cpp) \
	  $(abspath $(1)/c/pmu_cov.o $(1)/c/fuzz_variant.o $(call model_lib,fuzz)) \
	  > $(1)/build.log 2>&1 || { tail -40 $(1)/build.log; exit 1; }
	@$(call depfile,$(1)/fuzz_lockstep,$(1))
endef

# (the old copy goes first: Verilator's makefile finds it through VPATH and would not relink)
$(FUZZ_DIR)/fuzz_lockstep: $(FUZZ_LS_DEPS) $(RTL_SRC) $(RTL_INC)
	@rm -f $@
	$(call fuzz_lockstep_build,$(FUZZ_DIR)/lockstep,$(PMU_RTL),0)
	@cp $(FUZZ_DIR)/lockstep/fuzz_lockstep $@

# The broken copy: rebuilt whenever the RTL or the substitution changes; the pattern must match
# exactly one line (a rewrite of the file that drops it fails loudly here).
$(FUZZ_DIR)/mut/fuzz_lockstep: $(FUZZ_LS_DEPS) $(RTL_SRC) $(RTL_INC)
	@rm -rf $(FUZZ_DIR)/mut && mkdir -p $(FUZZ_DIR)/mut && cp -r $(PMU_RTL) $(FUZZ_DIR)/mut/rtl
	@n=$$(perl -ne '$$n++ if $(FUZZ_MUT_SUBST); END { print $$n+0 }' $(PMU_RTL)/$(FUZZ_MUT_FILE)); \
	  if [ "$$n" != 1 ]; then echo "fuzz mutant: the pattern matched $$n lines of $(PMU_RTL)/$(FUZZ_MUT_FILE) (expected 1): update FUZZ_MUT_SUBST in verif/fuzz/fuzz.mk"; exit 1; fi
	@perl -pi -e '$(FUZZ_MUT_SUBST)' $(FUZZ_DIR)/mut/rtl/$(FUZZ_MUT_FILE)
	$(call fuzz_lockstep_build,$(FUZZ_DIR)/mut/build,$(FUZZ_DIR)/mut/rtl,1)
	@cp $(FUZZ_DIR)/mut/build/fuzz_lockstep $@

# Parser fuzzers: whole program under ASan + UBSan, default parameters.
$(FUZZ_DIR)/fuzz_stim: verif/fuzz/fuzz_stim.c verif/fuzz/fuzz_lines.h $(call model_lib,fuzz_san) $(STIM_SRC) verif/stim/pmu_stim.h | $(BUILD)
	@mkdir -p $(FUZZ_DIR)
	$(FUZZ_CC) $(FUZZ_CWARN) $(STIM_INC) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ verif/fuzz/fuzz_stim.c $(STIM_SRC) $(call model_lib,fuzz_san)
	@$(call cdepfile,$@,$(FUZZ_CWARN) $(STIM_INC),verif/fuzz/fuzz_stim.c $(STIM_SRC))

# The golden-vector reader/checker, without the writer's main().
$(FUZZ_DIR)/fuzz_golden: verif/fuzz/fuzz_golden.c verif/fuzz/fuzz_lines.h verif/golden/pmu_golden.c verif/golden/pmu_golden.h $(MODEL_HDR) | $(BUILD)
	@mkdir -p $(FUZZ_DIR)
	$(FUZZ_CC) $(FUZZ_CWARN) -Iverif/golden $(FUZZ_SAN) -fsanitize=fuzzer -DPMU_GOLDEN_NO_MAIN -o $@ verif/fuzz/fuzz_golden.c verif/golden/pmu_golden.c
	@$(call cdepfile,$@,$(FUZZ_CWARN) -Iverif/golden -DPMU_GOLDEN_NO_MAIN,verif/fuzz/fuzz_golden.c verif/golden/pmu_golden.c)

# The program-file loader lives in sim/main/run.cpp (static, C++); the fuzzer compiles that very
# function, cut out of the file, so there is one parser and no copy to drift.
$(FUZZ_DIR)/load_program.inc: sim/main/run.cpp verif/fuzz/fuzz.mk | $(BUILD)
	@mkdir -p $(FUZZ_DIR)
	@{ awk '/^#ifndef CORE_PROG_DEPTH/{p=1} p{print} p&&/^#endif/{exit}' sim/main/run.cpp; \
	   awk '/^static std::vector<uint16_t> load_program\(/{p=1} p{print} p&&/^}/{exit}' sim/main/run.cpp; } > $@.tmp
	@grep -q '^static std::vector<uint16_t> load_program(' $@.tmp && grep -q 'return words;' $@.tmp \
	  && grep -q 'define CORE_PROG_DEPTH' $@.tmp \
	  || { echo "fuzz_prog: cannot find load_program() in sim/main/run.cpp: update verif/fuzz/fuzz.mk"; rm -f $@.tmp; exit 1; }
	@mv $@.tmp $@

$(FUZZ_DIR)/fuzz_prog: verif/fuzz/fuzz_prog.cpp verif/fuzz/fuzz_lines.h $(FUZZ_DIR)/load_program.inc
	$(FUZZ_CXX) -std=c++17 -O1 -g -Wall -Wextra -Werror -I$(FUZZ_DIR) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ verif/fuzz/fuzz_prog.cpp

FUZZ_BINS := $(FUZZ_DIR)/fuzz_lockstep $(FUZZ_DIR)/fuzz_stim $(FUZZ_DIR)/fuzz_prog $(FUZZ_DIR)/fuzz_golden

$(FUZZ_BINS) $(FUZZ_DIR)/mut/fuzz_lockstep: | san-deps

.PHONY: fuzz
fuzz: deps $(FUZZ_BINS)
	@BUILD=$(BUILD) FUZZ_PAR=$(FUZZ_PAR) verif/fuzz/run.sh long $(FUZZ_TIME) $(FUZZERS)

# the mutant's build only when its check runs (all, or FUZZ_ONLY=mutant)
fuzz-smoke: deps $(FUZZ_BINS) $(if $(filter-out mutant,$(FUZZ_ONLY)),,$(FUZZ_DIR)/mut/fuzz_lockstep)
	@BUILD=$(BUILD) FUZZ_MUT_WHAT="$(FUZZ_MUT_WHAT)" verif/fuzz/run.sh smoke $(FUZZ_ONLY)

.PHONY: fuzz-bins
fuzz-bins: deps $(FUZZ_BINS)
