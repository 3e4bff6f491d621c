# bourre-lessons: build and test entry points. Needs only python3 and GNU make.
#
#   make lab     copy the course into my-lessons/ (git-ignored) and open it in JupyterLab
#   make test    lint + unit/property/widget tests + notebook checks (what CI runs)

SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON3 ?= python3
VENV    ?= .venv
PY      := $(VENV)/bin/python
STAMP   := $(VENV)/.installed

# Matplotlib writes its font cache here; warmed at install time so that no
# "building the font cache" warning ever lands in a notebook's output.
export MPLCONFIGDIR := $(CURDIR)/.cache/matplotlib
MPL_STAMP := $(MPLCONFIGDIR)/.warmed
# The compiled core's machine code (Numba's cache, beside its sources), made at install time
# (about two minutes on 2 cores) so that no lesson, notebook or test waits for it; made again
# when a file of the compiled core changes (bourre_lessons/sim/warm.py).
COMPILED_STAMP := $(CURDIR)/.cache/compiled.warmed

NOTEBOOK_DIRS := notebooks exercises
NOTEBOOKS     := $(wildcard $(addsuffix /*.ipynb,$(NOTEBOOK_DIRS)))
NB_CELL_TIMEOUT ?= 120
# Tests and nbval record exercise progress here, never in the user's own data folder.
TEST_ENV := BOURRE_LESSONS_DATA=$(CURDIR)/.cache/test-data
# pytest-xdist workers for the unit run (CI has 2 cores); files stay whole on one worker.
TEST_WORKERS ?= 2
# `make lab` opens the learner's own copy of the course, never the checkout's notebooks: a
# lesson opened, run or edited there leaves `git status` clean and `git pull` free of conflicts.
LAB_FOLDER    ?= my-lessons
LAB_ARGS      ?=

# An editable install made before the bourre_lessons/ folder existed maps no package; this
# marker appears (and forces one reinstall) once the folder does.
PKG_MARK := $(if $(wildcard bourre_lessons),$(VENV)/.package-present)

.PHONY: help install lab lab-copy test unit unit-alone lint format nbtest notebooks bench constraints clean distclean

help:
	@echo "make lab          open the course in JupyterLab, in your copy $(LAB_FOLDER)/ (installs $(VENV) on first use)"
	@echo "make test         lint, unit/property/widget tests, notebook sync check and nbval"
	@echo "make unit-alone   make unit in a fresh clone with no source texts beside it (what a user has)"
	@echo "make lint         ruff check + ruff format --check"
	@echo "make format       ruff format + ruff check --fix"
	@echo "make notebooks    re-execute every notebook and sync its .md pair"
	@echo "make browser      the browser tests alone (installs Debian's chromium if missing)"
	@echo "make robot        the robot learner: answers in view after Run All (PAGES=... picks)"
	@echo "make lab-copy     only copy or update the course in $(LAB_FOLDER)/ (what make lab opens)"
	@echo "make present      the scenes as a Voila app for a projector (classroom mode)"
	@echo "make workbench    the house-rules workbench as a Voila page (present/workbench.ipynb)"
	@echo "make lite         the course as a static in-browser site in build/lite/ (JupyterLite)"
	@echo "make lite-test    that site in chromium, offline (LITE_SURVEY=1: every notebook)"
	@echo "make screenshots  regenerate the README screenshots in docs/img/"
	@echo "make bench        run benchmarks (python -m benchmarks); BASE=<commit> compares that commit side by side"
	@echo "make constraints  re-resolve all dependencies and rewrite constraints.txt"
	@echo "make clean        remove caches; make distclean also removes $(VENV)"

# ---------------------------------------------------------------------------------------------
# Environment

install: $(STAMP) $(MPL_STAMP) $(COMPILED_STAMP)

$(STAMP): pyproject.toml constraints.txt $(PKG_MARK)
	test -x $(PY) || $(PYTHON3) -m venv $(VENV)
	$(PY) -m pip install --upgrade pip
	$(PY) -m pip install -c constraints.txt -e ".[dev,lab,lite,scale]"
	mkdir -p $(MPLCONFIGDIR)
	$(PY) -c "import matplotlib; matplotlib.use('Agg'); import matplotlib.pyplot"
	touch $@
	touch $(MPL_STAMP)

$(VENV)/.package-present:
	mkdir -p $(VENV)
	touch $@

# Re-warm the font cache after `make clean` removed .cache/.
$(MPL_STAMP): $(STAMP)
	mkdir -p $(MPLCONFIGDIR)
	$(PY) -c "import matplotlib; matplotlib.use('Agg'); import matplotlib.pyplot"
	touch $@

$(COMPILED_STAMP): $(STAMP) $(wildcard bourre_lessons/sim/fast/*.py)
	$(PY) -m bourre_lessons.sim.warm
	mkdir -p $(dir $@)
	touch $@

# ---------------------------------------------------------------------------------------------
# The course

# Copies (or updates) the course into $(LAB_FOLDER)/ as `bourre-lessons lab` does, keeping any
# notebook whose cells you changed, then starts JupyterLab there with idle kernels culled
# (bourre_lessons/cli.py). `make lab-copy` only copies.
lab: install
	$(PY) -m bourre_lessons lab "$(LAB_FOLDER)" $(LAB_ARGS)

lab-copy: install
	$(PY) -m bourre_lessons copy "$(LAB_FOLDER)"

# ---------------------------------------------------------------------------------------------
# Checks

# The stages, as tools/run_stages.py reads a plan: steps in order (";"), lanes side by side
# ("&") within a step, targets in order within a lane. On a 2-core machine the browser stage
# waits on JupyterLab and chromium much of the time, so the notebook check and the static site's
# test run beside it. Each stage's wall time is printed in one closing table (the first stage
# that fails stops the run; each stage's whole output is kept in test-artifacts/stages/).
# TEST_PLAN="lint; unit; nbtest; browser; lite-test" runs them one after the other.
TEST_PLAN ?= lint; chromium lite; unit; browser & nbtest lite-test

test: install
	$(PY) tools/run_stages.py "$(TEST_PLAN)"

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

# Notebooks are left alone here (fix their lint in the .md pair, then `make notebooks`).
format: install
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix --extend-exclude "*.ipynb" .

# pytest exits 5 when it collected no test: that is reported, never passed off as success.
unit: install
	@rc=0; $(TEST_ENV) $(PY) -m pytest -m "not browser" -n $(TEST_WORKERS) --dist loadfile || rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "ERROR: pytest collected no tests under tests/ (exit 5)" >&2; fi; \
	exit $$rc

# The same unit run in a fresh clone of this repository's HEAD, in a folder with nothing beside
# it, as a user who cloned only the repository has it: the checks that need the four source
# texts (tests/source_texts.py) are skipped and counted in one closing line, which must appear.
unit-alone:
	@dir=$$(mktemp -d); trap 'rm -rf "$$dir"' EXIT; \
	git clone --quiet "$(CURDIR)" "$$dir/bourre-lessons"; \
	cd "$$dir/bourre-lessons" && env -u BOURRE_SEEDS $(MAKE) --no-print-directory unit 2>&1 | tee "$$dir/unit.log"; \
	rc=$${PIPESTATUS[0]}; \
	if [ $$rc -ne 0 ]; then exit $$rc; fi; \
	grep -q "source-text checks not run" "$$dir/unit.log" || \
		{ echo "ERROR: a clone without the source texts did not say which checks it left out" >&2; exit 1; }

nbtest: install
	$(PY) tools/check_notebooks.py
ifeq ($(strip $(NOTEBOOKS)),)
	@echo "nbtest: no .ipynb files in $(NOTEBOOK_DIRS) yet; nbval step skipped"
else
	@data=$$(mktemp -d); trap 'rm -rf "$$data"' EXIT; \
	BOURRE_LESSONS_DATA="$$data" $(PY) -m pytest --nbval --nbval-current-env --nbval-cell-timeout=$(NB_CELL_TIMEOUT) \
		--nbval-sanitize-with tools/nbval_sanitize.cfg -p no:cacheprovider \
		$(sort $(dir $(NOTEBOOKS)))
endif

# Browser tests: Playwright drives Debian's chromium (never a downloaded browser) against one
# `jupyter lab` serving a temporary copy of the notebooks, and against the Voila classroom app.
# A failure keeps a screenshot and the page's console log in $(BROWSER_ARTIFACTS)/.
BROWSER_ARTIFACTS ?= test-artifacts/browser
LITE_ARTIFACTS    ?= test-artifacts/lite
VOILA_ARGS        ?=

.PHONY: chromium browser robot present workbench screenshots lite lite-test

# Installs chromium with apt-get when root, else fails with the command to run; never skips.
chromium:
	@bash tools/ensure_chromium.sh

browser: install chromium
	rm -rf $(BROWSER_ARTIFACTS) && mkdir -p $(BROWSER_ARTIFACTS)
	BOURRE_BROWSER_ARTIFACTS=$(abspath $(BROWSER_ARTIFACTS)) $(TEST_ENV) $(PY) -m pytest \
		-m "browser and not lite" -p no:cacheprovider tests/browser

# The robot learner alone (it also runs in `make browser`): every notebook and the classroom
# read as a newcomer sees them after Run All, before any click (tools/robot_learner.py);
# PAGES="notebooks/03_follow_and_beat.ipynb classroom" reads only those.
PAGES ?=
robot: install chromium
	BOURRE_BROWSER_ARTIFACTS=$(abspath $(BROWSER_ARTIFACTS)) $(PY) tools/robot_learner.py $(PAGES)

# The course as a static JupyterLite site: lessons, exercises, this package as a wheel, Pyodide
# and every wheel the kernel needs, all served from build/lite/ itself (tools/build_lite.py).
# Rebuilt only when an input changed (lessons, package, pins, build tools); FORCE=1 rebuilds.
LITE_SITE   ?= build/lite
LITE_SURVEY ?= 0

lite: install
	$(PY) tools/build_lite.py --output $(LITE_SITE) $(if $(FORCE),--force)

# The site served on 127.0.0.1 in chromium with every other host blocked: lesson 03 and
# exercise set 1 run and answer a click; LITE_SURVEY=1 runs every notebook (fully/partly/not);
# the readable-engine benchmark plays a few hands in the site's Pyodide (benchmarks/pyodide.py).
lite-test: lite chromium
	rm -rf $(LITE_ARTIFACTS) && mkdir -p $(LITE_ARTIFACTS)
	BOURRE_LITE_SITE=$(abspath $(LITE_SITE)) BOURRE_LITE_SURVEY=$(LITE_SURVEY) \
		BOURRE_BROWSER_ARTIFACTS=$(abspath $(LITE_ARTIFACTS)) $(TEST_ENV) $(PY) -m pytest \
		-m lite -p no:cacheprovider tests/browser/test_browser_lite.py \
		tests/browser/test_browser_pyodide_bench.py
	@cat $(LITE_ARTIFACTS)/lite-timings.json
	@if [ -f $(LITE_ARTIFACTS)/lite-survey.txt ]; then cat $(LITE_ARTIFACTS)/lite-survey.txt; fi

# The scenes as a Voila app for a projector (present/classroom.ipynb), on 127.0.0.1.
# The course's template (bourre_lessons/voila) is Voila's "lab" without its CDN stylesheets.
present: install
	JUPYTER_PATH=$(CURDIR)/bourre_lessons/voila$${JUPYTER_PATH:+:$$JUPYTER_PATH} \
		$(VENV)/bin/voila present/classroom.ipynb --Voila.ip=127.0.0.1 --template=bourre \
		--VoilaConfiguration.extension_denylist=jupyterlab-jupytext $(VOILA_ARGS)

# The house-rules workbench alone as a Voila page (present/workbench.ipynb), served as `present`.
workbench: install
	JUPYTER_PATH=$(CURDIR)/bourre_lessons/voila$${JUPYTER_PATH:+:$$JUPYTER_PATH} \
		$(VENV)/bin/voila present/workbench.ipynb --Voila.ip=127.0.0.1 --template=bourre \
		--VoilaConfiguration.extension_denylist=jupyterlab-jupytext $(VOILA_ARGS)

# Regenerate the README screenshots in docs/img/ from the running course.
screenshots: install chromium
	$(PY) tools/screenshots.py

# Exercise checks record progress: a fresh throwaway folder each run keeps the outputs the same.
notebooks: install
	@data=$$(mktemp -d); trap 'rm -rf "$$data"' EXIT; \
	BOURRE_LESSONS_DATA="$$data" $(PY) tools/run_notebooks.py

bench: install
	@if [ -f benchmarks/__main__.py ]; then \
		set -x; $(PY) -m benchmarks $(if $(BASE),--base $(BASE)); \
	else \
		echo "bench: benchmarks/__main__.py does not exist yet; nothing to run"; \
	fi

# Re-resolve every extra in a throwaway venv and rewrite constraints.txt.
constraints:
	PYTHON=$(PYTHON3) tools/freeze_constraints.sh

# ---------------------------------------------------------------------------------------------
# Cleaning

clean:
	rm -rf .cache .pytest_cache .ruff_cache .hypothesis build dist test-artifacts
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +
	find . -path ./$(VENV) -prune -o -name .ipynb_checkpoints -type d -prune -exec rm -rf {} +
	find . -path ./$(VENV) -prune -o -name '*.egg-info' -type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
