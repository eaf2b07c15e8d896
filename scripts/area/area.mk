# The area flow (docs/area.md): current Yosys and nextpnr from PyPI (build/venv, pinned in
# scripts/gen/requirements.txt) over the configurations of scripts/area/configs.py.
#   make area        the full sweep -> $(BUILD)/area/area.csv, the cost model's fit
#                    (scripts/area/model.json, held-out error), the charts (docs/area_*.svg/png)
#                    and the generated tables of docs/area.md; prints its run time.
#                    AREA_JOBS jobs at a time under nice (default 2); results are cached per
#                    configuration (sources, script and tool versions unchanged).
#   make area-quick  for iterating on the RTL: the default PMU with block RAM (synthesis) and the
#                    smallest PMU with block RAM (HX8K place and route) -> $(BUILD)/area/quick.csv;
#                    AREA_PIPE=1 or 2 measures them with the event path pipeline
#   make area-breakdown  one programmable counter and the CPI-stack block per stage (module jobs
#                    with stages cut out, scripts/area/stages.py) -> the tables of docs/area.md
#                    "Where the LUT4 go, per stage"
#   make area-features  the feature group of configs.py and the default PMU it is measured
#                    against -> the table "Cost of each feature" of docs/area.md and its
#                    chart (docs/area_features.svg/png) alone
#   make area-smoke  the flow on its smallest inputs (in make test, scripts/area/smoke.py)
#   make area-baseline  configs.BASELINE (the default PMU, the bare bank, the core stub) with
#                    Debian's yosys 0.23 (the issue's baseline)
AREA_JOBS ?= 2
AREA_PIPE ?= 0
.PHONY: area area-smoke area-baseline area-quick area-breakdown area-features

area: venv
	@t0=$$(date +%s); \
	BUILD=$(BUILD) $(VENV_PY) scripts/area/sweep.py -j $(AREA_JOBS) && \
	BUILD=$(BUILD) $(VENV_PY) scripts/area/breakdown.py -j $(AREA_JOBS) && \
	BUILD=$(BUILD) $(VENV_PY) scripts/area/fit.py && \
	BUILD=$(BUILD) $(VENV_PY) scripts/area/plot.py && \
	BUILD=$(BUILD) $(VENV_PY) scripts/area/tables.py && \
	echo "area: make area took $$(( $$(date +%s) - t0 )) s"

area-quick: venv
	@t0=$$(date +%s); \
	BUILD=$(BUILD) $(VENV_PY) scripts/area/sweep.py --quick --pipe $(AREA_PIPE) -j $(AREA_JOBS) && \
	echo "area: make area-quick took $$(( $$(date +%s) - t0 )) s"

area-breakdown: venv
	@BUILD=$(BUILD) $(VENV_PY) scripts/area/breakdown.py -j $(AREA_JOBS)

area-features: venv
	@t0=$$(date +%s); \
	BUILD=$(BUILD) $(VENV_PY) scripts/area/sweep.py -j $(AREA_JOBS) \
	  --only features && \
	BUILD=$(BUILD) $(VENV_PY) scripts/area/plot.py --features-only && \
	BUILD=$(BUILD) $(VENV_PY) scripts/area/tables.py --tables features && \
	echo "area: make area-features took $$(( $$(date +%s) - t0 )) s"

area-smoke: venv
	@BUILD=$(BUILD) $(VENV_PY) scripts/area/smoke.py

area-baseline: venv
	@BUILD=$(BUILD) $(VENV_PY) scripts/area/sweep.py --tools debian -j 1 \
	  --only baseline
