# sim/report/report.mk: the main run's report and trace writers (report.c: stacks, top-down,
# counters, CSV; trace_kanata.c, pipetrace.c, trace_o3.c, trace_track.c, trace_res.c) and their self-test test_report.c.
# tip_oracle.c: the time-proportional profile oracle (--tip-oracle), test_tip.c its unit tests.
# Included by the top Makefile; sim/main/run.mk links REPORT_SRC into the main run.

REPORT_SRC := sim/report/report.c sim/report/smp_file.c sim/report/perfstat.c sim/report/toplev.c sim/report/trace_kanata.c sim/report/pipetrace.c sim/report/trace_o3.c sim/report/trace_track.c \
              sim/report/trace_res.c sim/report/tip_oracle.c
REPORT_INC := $(MODEL_INC) -Isim/report

$(BUILD)/test_report: $(REPORT_SRC) sim/report/test_report.c $(call model_lib,default)
	$(CC) $(CWARN) -O2 $(REPORT_INC) -o $@ sim/report/test_report.c $(REPORT_SRC) $(call model_lib,default)
	@$(call cdepfile,$@,$(CWARN) $(REPORT_INC),sim/report/test_report.c $(REPORT_SRC))

$(BUILD)/test_report_san: $(REPORT_SRC) sim/report/test_report.c $(call model_lib,san)
	clang $(CWARN) $(SAN_OPT) $(REPORT_INC) -o $@ sim/report/test_report.c $(REPORT_SRC) $(call model_lib,san)
	@$(call cdepfile,$@,$(CWARN) $(REPORT_INC),sim/report/test_report.c $(REPORT_SRC))

$(BUILD)/test_report_san: | san-deps

# The time-proportional oracle's unit tests (tip_oracle.c, docs/spec.md section 7).
$(BUILD)/test_tip: sim/report/tip_oracle.c sim/report/smp_file.c sim/report/test_tip.c
	$(CC) $(CWARN) -O2 $(REPORT_INC) -o $@ sim/report/test_tip.c sim/report/tip_oracle.c sim/report/smp_file.c -lm
	@$(call cdepfile,$@,$(CWARN) $(REPORT_INC),sim/report/test_tip.c sim/report/tip_oracle.c sim/report/smp_file.c)

# The readers' own code, for scripts/run/check_traces.py (test traces-viewers): Konata's parsers
# (bundled with esbuild, run by node), gem5's o3-pipeview.py, SimpleScalar's pipeview.pl,
# pmu-tools' tldata.py and plotters, into $(BUILD)/tools by scripts/run/trace_tools.py (sources:
# KONATA_SRC, GEM5_SRC, SIMPLESCALAR_SRC, PMUTOOLS_SRC, a local clone each, else a shallow clone
# from GitHub); perf from Debian's linux-perf. Not part of make all.
TRACE_DEB := esbuild nodejs perl git linux-perf

.PHONY: trace-tools
trace-tools:
	@missing=""; for c in esbuild node perl git perf; do command -v $$c >/dev/null 2>&1 || missing="$$missing $$c"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing: apt-get install -y $(TRACE_DEB)"; \
	    mkdir -p $(BUILD) && (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(TRACE_DEB)) >$(BUILD)/apt-trace.log 2>&1 \
	      || { tail -20 $(BUILD)/apt-trace.log; exit 1; }; \
	  else echo "missing:$$missing; run as root: sudo apt-get install -y $(TRACE_DEB)"; exit 1; fi; \
	fi
	BUILD=$(BUILD) python3 scripts/run/trace_tools.py --out $(BUILD)/tools
