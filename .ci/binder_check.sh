#!/usr/bin/env bash
# `make binder-check`: prove the Binder environment runs every notebook.
# Builds .venv-binder from ONLY binder/requirements.txt plus what binder/postBuild does, then
# executes a sample of the notebooks (BINDER_ALL=1: all of them) in a kernel of that environment (nbval-lax driven
# from .venv), failing on any error; JupyterLab and Voilà of that environment must start.  The venv is rebuilt from scratch whenever binder/ changes (CI always
# starts from a clean clone); dicelab is reinstalled by postBuild on every run.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
VENV=.venv-binder
STAMP="$VENV/.binder-stamp"
want=$(cat binder/requirements.txt binder/postBuild binder/runtime.txt 2>/dev/null | sha256sum | cut -d' ' -f1)
if [ ! -x "$VENV/bin/python" ] || [ "$(cat "$STAMP" 2>/dev/null)" != "$want" ]; then
  echo "binder-check: building a fresh $VENV from binder/requirements.txt"
  rm -rf "$VENV"
  "$PYTHON" -m venv "$VENV"
  "$VENV/bin/python" -m pip install --quiet --upgrade pip
  "$VENV/bin/python" -m pip install --quiet -r binder/requirements.txt
  echo "$want" > "$STAMP"
fi
echo "binder-check: running binder/postBuild"
PATH="$PWD/$VENV/bin:$PATH" VIRTUAL_ENV="$PWD/$VENV" binder/postBuild >/dev/null
"$VENV/bin/python" -m pip check

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A clean Jupyter set-up: no user kernel spec or config can stand in for the venv's kernel.
export JUPYTER_CONFIG_DIR="$work/config" JUPYTER_DATA_DIR="$work/data"
export JUPYTER_RUNTIME_DIR="$work/runtime" IPYTHONDIR="$work/ipython"
unset JUPYTER_PATH MPLBACKEND
export PATH="$PWD/$VENV/bin:$PATH"
(cd "$work" && "$OLDPWD/$VENV/bin/python" - <<'PY'
import sys
from jupyter_client.kernelspec import KernelSpecManager
import dicelab
spec = KernelSpecManager().get_kernel_spec("python3")
print(f"binder-check: kernel python3 = {spec.argv[0]} (resolved to {sys.executable}), "
      f"dicelab {dicelab.__version__} from {dicelab.__file__}")
assert "site-packages" in dicelab.__file__, "dicelab must come from postBuild's install"
PY
)

"$VENV/bin/jupyter" lab --version >/dev/null
"$VENV/bin/voila" --version >/dev/null
extensions=$("$VENV/bin/jupyter" server extension list 2>&1)
grep -q "voila.server_extension.*enabled" <<<"$extensions" \
  || { echo "binder-check: voila's server extension is not enabled (Binder's voila/render links)" >&2; exit 1; }

# Execute every notebook in a kernel of .venv-binder (kernel spec "dicelab-binder").
# The driver is .venv's pytest + nbval: nbconvert/nbclient's asyncio client can miss a
# ZMQ wake-up and then sit until the cell timeout (seen with ipykernel 7 / pyzmq 27); what
# is proven here is the environment the cells run in, and that is .venv-binder's alone.
mkdir -p "$JUPYTER_DATA_DIR/kernels/dicelab-binder"
cat > "$JUPYTER_DATA_DIR/kernels/dicelab-binder/kernel.json" <<JSON
{"argv": ["$PWD/$VENV/bin/python", "-m", "ipykernel_launcher", "-f", "{connection_file}"],
 "display_name": "dicelab Binder check", "language": "python"}
JSON
if ! find notebooks -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' | grep -q .; then
  echo "binder-check: no notebook found under notebooks/" >&2
  exit 1
fi
# A probe notebook first: it fails unless its kernel is .venv-binder's, with postBuild's dicelab.
mkdir -p "$work/probe"
cat > "$work/probe/probe.ipynb" <<JSON
{"cells": [{"cell_type": "code", "id": "probe", "execution_count": null, "metadata": {},
  "outputs": [],
  "source": ["import sys, dicelab\\n",
             "assert sys.prefix == '$PWD/$VENV', sys.prefix\\n",
             "assert dicelab.__file__.startswith(sys.prefix), dicelab.__file__"]}],
 "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
 "nbformat": 4, "nbformat_minor": 5}
JSON
# make pytest already runs every notebook (nbval) in .venv; here a sample proves the Binder
# environment: the language chooser, both start pages, a play notebook per language, and two
# lessons (one needs the shipped duel tables: package data must be installed). BINDER_ALL=1
# runs every notebook instead.
if [ "${BINDER_ALL:-0}" = "1" ]; then
  targets=(notebooks)
else
  targets=(notebooks/index.ipynb notebooks/en/00_start_here.ipynb
           notebooks/fr/00_commencer_ici.ipynb notebooks/en/03_cinqmille.ipynb
           notebooks/fr/04_seveny.ipynb notebooks/fr/lessons/01_denombrer_les_lancers.ipynb
           notebooks/en/lessons/13_ahead_on_points.ipynb)
fi
DRIVER="${DRIVER:-.venv/bin/python}"
start=$(date +%s)
"$DRIVER" -m pytest -q -p no:cacheprovider -o addopts="" \
  --nbval-lax --nbval-kernel-name=dicelab-binder --nbval-cell-timeout=900 \
  --ignore-glob='*/notebooks/*.py' "$work/probe/probe.ipynb" "${targets[@]}"
echo "binder-check: ${targets[*]} ran in the Binder environment ($(( $(date +%s) - start )) s)"
