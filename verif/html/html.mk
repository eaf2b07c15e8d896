# verif/html/html.mk: the HTML report of `make run` in headless Chromium (verif/html/check_html.py,
# test html-report of make test; docs/reports.md, "HTML report"). Included by the top Makefile.
#
#   make html-deps    Debian's chromium and chromium-driver: installed when missing (as root, else
#                     the command is printed); Selenium comes with build/venv (scripts/gen/requirements.txt)
#   make html-check   make run's report.html checked in the browser (the test html-report)
#   make html-shot    the same, and the picture docs/report_html.png of the README

HTML_DEB := chromium chromium-driver

.PHONY: html-deps html-check html-shot
html-deps:
	@missing=""; for c in chromium chromedriver; do command -v $$c >/dev/null 2>&1 || missing="$$missing $$c"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing: apt-get install -y $(HTML_DEB)"; \
	    mkdir -p $(BUILD) && (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(HTML_DEB)) >$(BUILD)/apt-html.log 2>&1 \
	      || { tail -20 $(BUILD)/apt-html.log; exit 1; }; \
	  else echo "missing:$$missing; run as root: sudo apt-get install -y $(HTML_DEB)"; exit 1; fi; \
	fi

html-check: html-deps venv $(MAIN_RUN)
	@$(VENV_PY) verif/html/check_html.py --build $(BUILD) --out $(BUILD)/html-check

html-shot: html-deps venv $(MAIN_RUN)
	@$(VENV_PY) verif/html/check_html.py --build $(BUILD) --out $(BUILD)/html-check --screenshot docs/report_html.png
