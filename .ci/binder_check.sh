#!/usr/bin/env bash
# `make binder-check`: prove the Binder environment runs every notebook.
# Builds .venv-binder from ONLY binder/requirements.txt plus what binder/postBuild does, then
# executes every notebook under notebooks/ in that environment's kernel (nbconvert), failing
# on the first error.  The venv is rebuilt from scratch whenever binder/ changes (CI always
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

mapfile -t notebooks < <(find notebooks -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' | sort)
if [ "${#notebooks[@]}" -eq 0 ]; then
  echo "binder-check: no notebook found under notebooks/" >&2
  exit 1
fi
for nb in "${notebooks[@]}"; do
  start=$(date +%s)
  "$VENV/bin/jupyter" nbconvert --to notebook --execute \
    --ExecutePreprocessor.timeout=900 --ExecutePreprocessor.kernel_name=python3 \
    --output-dir "$work/out/$(dirname "$nb")" --log-level=WARN "$nb"
  echo "binder-check: ok  $nb ($(( $(date +%s) - start )) s)"
done
echo "binder-check: all ${#notebooks[@]} notebooks ran in the Binder environment"
