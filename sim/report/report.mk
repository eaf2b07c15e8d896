# sim/report/report.mk: the main run's report and trace writers (report.c: stacks, top-down,
# counters, CSV; trace_kanata.c, pipetrace.c, trace_o3.c, trace_track.c) and their self-test test_report.c.
# Included by the top Makefile; sim/main/run.mk links REPORT_SRC into the main run.

REPORT_SRC := sim/report/report.c sim/report/trace_kanata.c sim/report/pipetrace.c sim/report/trace_o3.c sim/report/trace_track.c
REPORT_INC := $(MODEL_INC) -Isim/report

$(BUILD)/test_report: $(REPORT_SRC) sim/report/test_report.c $(call model_lib,default)
	$(CC) $(CWARN) -O2 $(REPORT_INC) -o $@ sim/report/test_report.c $(REPORT_SRC) $(call model_lib,default)
	@$(call cdepfile,$@,$(CWARN) $(REPORT_INC),sim/report/test_report.c $(REPORT_SRC))

$(BUILD)/test_report_san: $(REPORT_SRC) sim/report/test_report.c $(call model_lib,san)
	clang $(CWARN) $(SAN_OPT) $(REPORT_INC) -o $@ sim/report/test_report.c $(REPORT_SRC) $(call model_lib,san)
	@$(call cdepfile,$@,$(CWARN) $(REPORT_INC),sim/report/test_report.c $(REPORT_SRC))

$(BUILD)/test_report_san: | san-deps
