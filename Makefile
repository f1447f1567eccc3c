# Two commands for a fresh clone: `make serve` and `make test`. Both create .venv when missing.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: serve test lint browser bench model clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

serve: $(STAMP)  ## serve on http://127.0.0.1:8000 with gunicorn
	MUGGINS_BIND=$(HOST):$(PORT) $(VENV)/bin/gunicorn --config python:service.gunicorn_config 'service:create_app()'

test: $(STAMP) lint browser  ## the whole suite
	$(PY) -m pytest

browser:  ## Debian's chromium for the browser tests (apt-get, only when missing)
	sh tests/browser/install_chromium.sh

lint: $(STAMP)  ## lint the Dockerfile
	$(VENV)/bin/hadolint Dockerfile

bench: $(STAMP)  ## every benchmark; results go to docs/performance.md by hand
	$(PY) -m bench.enumerate
	$(PY) -m bench.scorers
	$(PY) -m bench.http
	$(PY) -m bench.ceiling

model: $(STAMP)  ## retrain the card reader (then quantized to int8), the card finder and index spotter (one network) and the pips' suit model (CPU, seeded; see the model card for times) and redraw the special faces
	$(PY) -m pip install --quiet -e '.[train]'
	$(PY) -m vision_models.train --threads 2 $(if $(wildcard ../shared/data/real-photos/labels.json),--real ../shared/data/real-photos)
	$(PY) -m vision_models.quantize
	$(PY) -m vision_models.train_maps --threads 2 $(if $(wildcard ../shared/data/real-photos/labels.json),--real ../shared/data/real-photos)
	$(PY) -m vision_models.train_pips --threads 2
	$(PY) -m vision_models.special_cards vision_models/special_faces

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
