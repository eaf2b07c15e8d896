# verif/regress/regress.mk: the regression runner (scripts/regress/regress.py, docs/regression.md) and
# the waveform builds it reruns a failing lockstep run with. Included by the top Makefile after
# verif/lockstep/lockstep.mk.
#
#   make regress          full local regression: every test of verif/regress/tests.txt (all tags)
#                         x 8 seeds (seeds=N tests; seeds=once tests run once)
#   make regress-smoke    the builds and simulation tests, 1 seed each, a tenth of the cycles
#   REGRESS_ARGS=...      more runner options, e.g. REGRESS_ARGS="--base-seed 4242 -j 1"
#   REGRESS_OUT=DIR       output directory (default build/regress, build/regress-smoke)
#
# Waveform builds (--trace-fst; the same RTL and harness as build/lockstep_<cfg>):
#   build/lockstep_wave/Vpmu_lockstep          default parameters
#   build/lockstep_wave_<cfg>/Vpmu_lockstep    parameter set CFG_<cfg> (small, big)
#   build/lockstep_wave_x/Vpmu_lockstep        the X-reset build (--x-assign/--x-initial unique)
# They accept --wave FILE.fst --wave-from CYCLE. The runner builds them on demand (make -s BIN)
# when a run fails, so a passing regression never pays for them.

REGRESS_TESTS ?= verif/regress/tests.txt
REGRESS_SEEDS ?= 8
REGRESS_ARGS  ?=
# --trace-max-array: the counter bank is an array of NCNT (up to 4 * 48) counters
WAVE_VFLAGS   := --trace-fst --trace-max-array 1024 --timescale 1ns/1ns
# C++ optimisation of the waveform builds. They are debug builds, made to look at a window: -O0
# compiles the main run's in 38 s of CPU against 109 s at -O2 (103 s at -O1), and it then runs
# 1M cycles with a 200-cycle window in 14 s against 3.4 s, so a build and one run take half the
# time. WAVE_OPT=-O2 for a build that runs long.
WAVE_OPT      ?= -O0

# wave_build DIR CFG EXTRA-VERILATOR-FLAGS
wave_build = $(call lockstep_build,$(1),$(2),$(2),$(WAVE_VFLAGS) $(3) \
  -MAKEFLAGS "OPT_FAST=$(WAVE_OPT) OPT_SLOW=$(VL_SLOW_OPT) OPT_GLOBAL=$(WAVE_OPT)",$(LOCKSTEP_CPP),$(WAVE_OPT))

$(BUILD)/lockstep_wave/Vpmu_lockstep: $(LOCKSTEP_DEPS) $(call model_lib,default) | $(BUILD)
	$(call wave_build,$(BUILD)/lockstep_wave,default,)

$(BUILD)/lockstep_wave_x/Vpmu_lockstep: $(LOCKSTEP_DEPS) $(call model_lib,default) | $(BUILD)
	$(call wave_build,$(BUILD)/lockstep_wave_x,default,--x-assign unique --x-initial unique)

$(BUILD)/lockstep_wave_%/Vpmu_lockstep: $(LOCKSTEP_DEPS) $(call model_lib,%) | $(BUILD)
	$(call wave_build,$(BUILD)/lockstep_wave_$*,$*,)

wave: deps $(BUILD)/lockstep_wave/Vpmu_lockstep

# The list builds what its tests run (its build-tagged tests, which the others need), so these
# targets only start the runner. BUILD goes to the list's {build} placeholder.
.PHONY: regress
regress: deps
	@BUILD=$(BUILD) $(PYTHON) scripts/regress/regress.py --tests $(REGRESS_TESTS) -j $(JOBS) --seeds $(REGRESS_SEEDS) \
	  --out $${REGRESS_OUT:-$(BUILD)/regress} $(REGRESS_ARGS)

# 1 seed each, a tenth of the cycles, without the tests that run their own suites (kernels,
# fuzzing, formal, the runner's self-tests, mutants): the simulation tests and the builds
regress-smoke: deps
	@BUILD=$(BUILD) $(PYTHON) scripts/regress/regress.py --tests $(REGRESS_TESTS) -j $(JOBS) --seeds 1 --cycles-scale 0.1 \
	  --filter '^(build-|directed-|lockstep|reset_x|run-)' --out $${REGRESS_OUT:-$(BUILD)/regress-smoke} $(REGRESS_ARGS)

# The list's build tests alone (what scripts/regress/regress_slurm.sh submit runs first).
.PHONY: regress-bins
regress-bins: deps
	@BUILD=$(BUILD) $(PYTHON) scripts/regress/regress.py --tests $(REGRESS_TESTS) -j 1 --tags build \
	  --out $(BUILD)/regress-bins

# The JUnit schema the runner's junit.xml is checked against (verif/regress/junit_test.sh): the
# Jenkins xUnit plugin's junit-10.xsd, as pytest ships it in its source distribution
# (testing/example_scripts/junit-10.xsd, what pytest's own tests validate its JUnit XML with),
# downloaded once at the version pinned in scripts/gen/requirements.txt (scripts/mk/pypi_sdist.py:
# the index's file, checked by its sha256; pip download would build the sdist's metadata first).
JUNIT_XSD := $(BUILD)/junit-xsd/junit-10.xsd
$(JUNIT_XSD): $(GEN_REQ) | $(BUILD)
	@v=$$(sed -n 's/^pytest==\([^ ]*\).*/\1/p' $(GEN_REQ)); [ -n "$$v" ] || { echo "$(GEN_REQ): no pytest==VERSION pin"; exit 1; }; \
	d=$(BUILD)/junit-xsd; rm -rf $$d && mkdir -p $$d/dl && \
	/usr/bin/python3 scripts/mk/pypi_sdist.py pytest $$v $$d/dl >$$d/dl.log 2>&1 || { tail -5 $$d/dl.log; exit 1; }; \
	tar -xzf $$d/dl/pytest-$$v.tar.gz -O pytest-$$v/testing/example_scripts/junit-10.xsd >$@.tmp && \
	grep -q '<xs:element name="testsuites">' $@.tmp && mv $@.tmp $@ && echo "JUnit schema: $@ (pytest $$v sdist)"

.PHONY: junit-xsd
junit-xsd: $(JUNIT_XSD)
