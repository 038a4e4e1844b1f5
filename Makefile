# The two commands of the README: `make lab` and `make test`.  Both (re)build .venv from
# pyproject.toml when it is missing or older than pyproject.toml.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.cardlib-installed

# JupyterLab refuses to run as root unless told; containers and school servers run everything as root
AS_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)
LAB_SETTINGS := $(VENV)/share/jupyter/lab/settings/overrides.json

.PHONY: catalogs lab test test-quick bench bench-expert notebooks classroom print venv clean warmup

venv: $(STAMP)

$(STAMP): pyproject.toml tools/lab_settings.json
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --quiet --upgrade pip   # -qq: errors only, not a pip configuration's notes
	$(BIN)/python -m pip install --quiet --quiet -e '.[test]'
	@mkdir -p $(dir $(LAB_SETTINGS)) && cp tools/lab_settings.json $(LAB_SETTINGS)   # no news pop-ups
	$(BIN)/python -m cardlib._fast.warmup   # compiled kernels ready: nothing compiles at first use
	@touch $(STAMP)

# the project's own notebooks are trusted, so their stored pictures and widgets show before anything runs
lab: $(STAMP)
	$(BIN)/jupyter trust notebooks/*.ipynb notebooks/classroom/*.ipynb
	$(BIN)/jupyter lab $(AS_ROOT) notebooks

# both first run the type checker on cardlib/ ([tool.mypy] in pyproject.toml): a type error stops them there
test: $(STAMP)
	$(BIN)/python -m mypy
	$(BIN)/python -m pytest --nbval --nbval-sanitize-with notebooks/sanitize.cfg -p no:cacheprovider

test-quick: $(STAMP)
	$(BIN)/python -m mypy
	$(BIN)/python -m pytest tests -m "not browser and not slow and not server and not process" -p no:cacheprovider

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	$(BIN)/python -m bench.run --out docs/benchmarks.md
	$(BIN)/python -m bench.classroom_load --n 30 --wire --floor --out docs/classroom-load.md
	$(BIN)/python -m bench.expert_ladder --out docs/expert-strength.md

# the expert's strength ladder alone (issue 27): seeded, about 45 minutes on a shared 2-core machine
bench-expert: $(STAMP)
	$(BIN)/python -m bench.expert_ladder --out docs/expert-strength.md

notebooks: $(STAMP)
	$(BIN)/python tools/run_notebooks.py notebooks

# the classroom (issue 26): one server process for the whole class (python -m cardlib.classroom: the
# lessons of notebooks/classroom run for each student's page, drawn as plain HTML; docs/teachers.md).
# 127.0.0.1 only by default; `make classroom CLASS_NETWORK=1` serves the school network behind a class code
# (a fresh one, or CLASS_CODE=...), printed with the students' address and the teacher's own.
classroom: $(STAMP)
	$(BIN)/python -m cardlib.classroom notebooks/classroom $(if $(CLASS_NETWORK),--network) $(if $(CLASS_CODE),--code $(CLASS_CODE)) $(if $(CLASS_LANG),--language $(CLASS_LANG))

# printable material for a lesson, into build/print/: a students' sheet and the teacher's reference per game, and the probability worksheet
# with its answers, print-ready HTML with everything inline (tools/print_material.py)
print: $(STAMP)
	$(BIN)/python tools/print_material.py build/print
	$(BIN)/python tools/print_languages.py build/print

# again after editing a kernel (cardlib/*/kernel/_kernel.py, cardlib/_fast/_*.py): the ahead-of-time module and numba's cache
warmup: $(STAMP)
	$(BIN)/python -m cardlib._fast.warmup

clean:
	rm -rf $(VENV) build *.egg-info

# issue 25: extract the marked messages and update each language's .po (tools/catalogs.py)
catalogs: $(STAMP)
	$(BIN)/python tools/catalogs.py
	$(BIN)/python tools/print_languages.py --extract
