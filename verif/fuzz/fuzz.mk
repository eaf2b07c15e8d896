# verif/fuzz/fuzz.mk: differential fuzzing of RTL against the C model (libFuzzer) and parser
# fuzzers under ASan/UBSan (docs/fuzzing.md). Included by the top Makefile, which defines BUILD,
# RTL_DIR, MODEL_SRC, MODEL_HDR and STIM_SRC.
#
#   make fuzz          each fuzzer for FUZZ_TIME seconds (default 300; FUZZERS="fuzz_lockstep ..." to
#                      pick some); corpora kept in build/fuzz/corpus/
#   make fuzz-smoke    about 20 s: each fuzzer briefly from the committed corpus verif/fuzz/corpus/,
#                      plus a deliberately broken RTL copy that the lockstep fuzzer must catch;
#                      ends with "N passed, N failed"
#
# Binaries: build/fuzz/fuzz_lockstep (Verilated RTL + model, FUZZ_CFG parameters),
# build/fuzz/fuzz_stim (cmodel/pmu_stim.c parser + runner on the model), build/fuzz/fuzz_prog
# (the program-file loader of sim/run.cpp), build/fuzz/fuzz_golden (the golden-vector checker of
# cmodel/pmu_golden.c). Needs clang and libclang-rt-14-dev (libFuzzer, ASan,
# UBSan runtimes).

FUZZ_DIR    := $(BUILD)/fuzz
FUZZ_TIME   ?= 300
FUZZ_JOBS   ?= 2
FUZZ_CC     ?= clang
FUZZ_CXX    ?= clang++
# Small parameters: CW=33 (the smallest legal width) so counters preloaded below 2^33 wrap fast.
FUZZ_CFG    := THREADS=2 P=4 CW=33 W=4
fuzz_gflags := $(foreach kv,$(FUZZ_CFG),-G$(kv))
fuzz_dflags := $(foreach kv,$(FUZZ_CFG),-DPMU_$(kv))
FUZZ_SAN    := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CWARN  := -std=c99 -O1 -g -Wall -Wextra -Werror -Icmodel -Iverif
# The lockstep fuzzer: UBSan on the model and harness (the model alone is fuzzed under ASan through
# fuzz_stim). Feedback: edge coverage of the Verilated RTL, the model and the functional coverage
# sampler (verif/pmu_cov.c); libFuzzer's comparison tracing (-fsanitize=fuzzer-no-link) is left
# out: it took 80% of the run time (the encoding needs no magic values: events come from the catalog).
FUZZ_LS_SAN := -fsanitize=undefined -fno-sanitize-recover=all
FUZZ_EDGES  := -fsanitize-coverage=inline-8bit-counters,pc-table

# The mutant the lockstep fuzzer must catch in fuzz-smoke: one perl substitution of one RTL line,
# applied to a copy in build/fuzz/mut/ (never rtl/ itself; as scripts/mutate.sh does).
FUZZ_MUT_FILE  := pmu_regs.v
FUZZ_MUT_SUBST := s/\(\(q & ~clr\) \x7c set\)/((q \x7c set) \& ~clr)/
FUZZ_MUT_WHAT  := a W1C of gstatus beats an overflow in the same cycle

FUZZ_LS_DEPS = $(MODEL_SRC) $(MODEL_HDR) verif/pmu_cov.c verif/pmu_cov.h verif/rtl_state.h \
               verif/lockstep_pair.h verif/fuzz/fuzz_lockstep.cpp verif/fuzz/fuzz.mk

# fuzz_lockstep_build OUTDIR RTLDIR EXTRA_CFLAGS
define fuzz_lockstep_build
	@echo "verilator + clang: building $(1)/fuzz_lockstep ($(FUZZ_CFG), RTL $(2))"
	@mkdir -p $(1)/c && rm -f $(1)/fuzz_lockstep
	@for f in $(MODEL_SRC) verif/pmu_cov.c; do \
	  $(FUZZ_CC) $(FUZZ_CWARN) -O2 $(FUZZ_LS_SAN) $(FUZZ_EDGES) $(fuzz_dflags) \
	    -c $$f -o $(1)/c/$$(basename $$f .c).o || exit 1; done
	@verilator --cc --exe --build -j $(FUZZ_JOBS) -Wall -Wno-fatal -I$(2) -Icmodel --top-module pmu_top \
	  -MAKEFLAGS "CXX=$(FUZZ_CXX) LINK=$(FUZZ_CXX) OPT_FAST=-O2 OPT_SLOW=-O2 OPT_GLOBAL=-O2" $(fuzz_gflags) \
	  -CFLAGS "-O2 -g $(FUZZ_EDGES) -I$(CURDIR)/cmodel -I$(CURDIR)/verif $(fuzz_dflags) $(3)" \
	  -LDFLAGS "-fsanitize=fuzzer $(FUZZ_LS_SAN)" \
	  --Mdir $(1) -o fuzz_lockstep $(2)/pmu_*.v $(abspath verif/fuzz/fuzz_lockstep.cpp) \
	  $(abspath $(patsubst %.c,$(1)/c/%.o,$(notdir $(MODEL_SRC) verif/pmu_cov.c))) \
	  > $(1)/build.log 2>&1 || { tail -40 $(1)/build.log; exit 1; }
endef

# (the old copy goes first: Verilator's makefile finds it through VPATH and would not relink)
$(FUZZ_DIR)/fuzz_lockstep: $(FUZZ_LS_DEPS) $(RTL_SRC) $(RTL_INC)
	@rm -f $@
	$(call fuzz_lockstep_build,$(FUZZ_DIR)/lockstep,$(RTL_DIR),)
	@cp $(FUZZ_DIR)/lockstep/fuzz_lockstep $@

# The broken copy: rebuilt whenever the RTL or the substitution changes; the pattern must match
# exactly one line (a rewrite of the file that drops it fails loudly here).
$(FUZZ_DIR)/mut/fuzz_lockstep: $(FUZZ_LS_DEPS) $(RTL_SRC) $(RTL_INC)
	@rm -rf $(FUZZ_DIR)/mut && mkdir -p $(FUZZ_DIR)/mut && cp -r $(RTL_DIR) $(FUZZ_DIR)/mut/rtl
	@n=$$(perl -ne '$$n++ if $(FUZZ_MUT_SUBST); END { print $$n+0 }' $(RTL_DIR)/$(FUZZ_MUT_FILE)); \
	  if [ "$$n" != 1 ]; then echo "fuzz mutant: the pattern matched $$n lines of $(RTL_DIR)/$(FUZZ_MUT_FILE) (expected 1): update FUZZ_MUT_SUBST in verif/fuzz/fuzz.mk"; exit 1; fi
	@perl -pi -e '$(FUZZ_MUT_SUBST)' $(FUZZ_DIR)/mut/rtl/$(FUZZ_MUT_FILE)
	$(call fuzz_lockstep_build,$(FUZZ_DIR)/mut/build,$(FUZZ_DIR)/mut/rtl,-DFUZZ_MUTANT)
	@cp $(FUZZ_DIR)/mut/build/fuzz_lockstep $@

# Parser fuzzers: whole program under ASan + UBSan, default parameters.
$(FUZZ_DIR)/fuzz_stim: verif/fuzz/fuzz_stim.c verif/fuzz/fuzz_lines.h $(MODEL_SRC) $(MODEL_HDR) $(STIM_SRC) cmodel/pmu_stim.h | $(BUILD)
	@mkdir -p $(FUZZ_DIR)
	$(FUZZ_CC) $(FUZZ_CWARN) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ verif/fuzz/fuzz_stim.c $(MODEL_SRC) $(STIM_SRC)

# The golden-vector reader/checker, without the writer's main().
$(FUZZ_DIR)/fuzz_golden: verif/fuzz/fuzz_golden.c verif/fuzz/fuzz_lines.h cmodel/pmu_golden.c cmodel/pmu_golden.h $(MODEL_HDR) | $(BUILD)
	@mkdir -p $(FUZZ_DIR)
	$(FUZZ_CC) $(FUZZ_CWARN) $(FUZZ_SAN) -fsanitize=fuzzer -DPMU_GOLDEN_NO_MAIN -o $@ verif/fuzz/fuzz_golden.c cmodel/pmu_golden.c

# The program-file loader lives in sim/run.cpp (static, C++); the fuzzer compiles that very
# function, cut out of the file, so there is one parser and no copy to drift.
$(FUZZ_DIR)/load_program.inc: sim/run.cpp verif/fuzz/fuzz.mk | $(BUILD)
	@mkdir -p $(FUZZ_DIR)
	@{ awk '/^#ifndef CORE_PROG_DEPTH/{p=1} p{print} p&&/^#endif/{exit}' sim/run.cpp; \
	   awk '/^static std::vector<uint16_t> load_program\(/{p=1} p{print} p&&/^}/{exit}' sim/run.cpp; } > $@.tmp
	@grep -q '^static std::vector<uint16_t> load_program(' $@.tmp && grep -q 'return words;' $@.tmp \
	  && grep -q 'define CORE_PROG_DEPTH' $@.tmp \
	  || { echo "fuzz_prog: cannot find load_program() in sim/run.cpp: update verif/fuzz/fuzz.mk"; rm -f $@.tmp; exit 1; }
	@mv $@.tmp $@

$(FUZZ_DIR)/fuzz_prog: verif/fuzz/fuzz_prog.cpp verif/fuzz/fuzz_lines.h $(FUZZ_DIR)/load_program.inc
	$(FUZZ_CXX) -std=c++17 -O1 -g -Wall -Wextra -Werror -I$(FUZZ_DIR) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ verif/fuzz/fuzz_prog.cpp

FUZZ_BINS := $(FUZZ_DIR)/fuzz_lockstep $(FUZZ_DIR)/fuzz_stim $(FUZZ_DIR)/fuzz_prog $(FUZZ_DIR)/fuzz_golden

# libFuzzer and the sanitizer runtimes come with libclang-rt-14-dev (a recommendation of clang,
# so missing after --no-install-recommends): probe by linking an empty fuzzer.
FUZZ_DEB := libclang-rt-14-dev
.PHONY: fuzz-deps
fuzz-deps: deps
	@mkdir -p $(FUZZ_DIR)
	@printf '#include <stddef.h>\n#include <stdint.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n' \
	  > $(FUZZ_DIR)/probe.c
	@$(FUZZ_CC) -fsanitize=fuzzer,address,undefined -o $(FUZZ_DIR)/probe $(FUZZ_DIR)/probe.c 2>/dev/null || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing: apt-get install -y $(FUZZ_DEB) (libFuzzer, ASan, UBSan runtimes)"; \
	    (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(FUZZ_DEB)) >$(FUZZ_DIR)/apt.log 2>&1 \
	      || { tail -20 $(FUZZ_DIR)/apt.log; exit 1; }; \
	    $(FUZZ_CC) -fsanitize=fuzzer,address,undefined -o $(FUZZ_DIR)/probe $(FUZZ_DIR)/probe.c; \
	  else echo "libFuzzer missing: sudo apt-get install -y $(FUZZ_DEB)"; exit 1; fi; }

$(FUZZ_BINS) $(FUZZ_DIR)/mut/fuzz_lockstep: | fuzz-deps

fuzz: deps $(FUZZ_BINS)
	@BUILD=$(BUILD) verif/fuzz/run.sh long $(FUZZ_TIME) $(FUZZERS)

fuzz-smoke: deps $(FUZZ_BINS) $(FUZZ_DIR)/mut/fuzz_lockstep
	@BUILD=$(BUILD) FUZZ_MUT_WHAT="$(FUZZ_MUT_WHAT)" verif/fuzz/run.sh smoke

# The lockstep harness binaries include verif/lockstep_pair.h (extracted from lockstep.cpp so
# that this fuzzer shares its drive/compare code); make them depend on it too.
$(BUILD)/lockstep_default/Vpmu_lockstep $(BUILD)/lockstep_small/Vpmu_lockstep \
$(BUILD)/lockstep_big/Vpmu_lockstep $(BUILD)/lockstep_x/Vpmu_lockstep: verif/lockstep_pair.h
