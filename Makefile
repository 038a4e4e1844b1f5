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
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
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
	$(BIN)/python -m bench.expert_ladder --out docs/expert-strength.md

# the expert's strength ladder alone (issue 27): seeded, about 45 minutes on a shared 2-core machine
bench-expert: $(STAMP)
	$(BIN)/python -m bench.expert_ladder --out docs/expert-strength.md

notebooks: $(STAMP)
	$(BIN)/python tools/run_notebooks.py notebooks

# the classroom's settings are in tools/voila.json (the browser and server tests start Voila with it too):
# 127.0.0.1 only, local Host names only, no tracebacks for visitors, idle kernels culled after 15 minutes,
# and the "classroom" page template of tools/jupyter (found through JUPYTER_PATH): nothing asked of a CDN,
# and the start page / is the lessons' page notebooks/classroom/index.ipynb
# `make classroom CLASS_NETWORK=1` serves the school network (every address of this machine) behind a class
# code: a fresh short token that every page asks for (docs/teachers.md, "The class on their own devices")
classroom: $(STAMP)
ifdef CLASS_NETWORK
	@code=$$($(BIN)/python -c "import secrets; print(''.join(secrets.choice('abcdefghjkmnpqrstuvwxyz23456789') for _ in range(6)))"); \
	echo "The classroom on the school network: http://$$(hostname -I 2>/dev/null | cut -d' ' -f1):8866/?token=$$code"; \
	echo "Class code: $$code (Ctrl-C stops it)"; \
	JUPYTER_PATH=$(CURDIR)/tools/jupyter $(BIN)/voila --Voila.config_file_paths=tools --Voila.ip=0.0.0.0 \
	  --Voila.tornado_settings allow_remote_access=True --Voila.token=$$code notebooks/classroom
else
	@echo "The classroom: http://127.0.0.1:8866/ (Ctrl-C stops it)"
	JUPYTER_PATH=$(CURDIR)/tools/jupyter $(BIN)/voila --Voila.config_file_paths=tools notebooks/classroom
endif

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
