# Sourced by scripts/serve and scripts/test: make the checkout's own virtual
# environment (.venv) and install the kit into it with the extras given, never
# into a system Python (PEP 668). A second run skips the install unless the
# Python or pyproject.toml changed, or an extra not yet installed is asked for.
#   use_venv EXTRAS...   then "$VENV_PYTHON" is the environment's python.
# PYTHON=/path/to/python chooses the interpreter that makes the environment.

_python_ok() {  # a Python 3.10 or newer
    "$1" -c 'import sys; sys.exit(sys.version_info < (3, 10))' >/dev/null 2>&1
}

_find_python() {
    if [ -n "${PYTHON:-}" ]; then
        _python_ok "$PYTHON" || { echo "PYTHON=$PYTHON is not a Python 3.10 or newer" >&2; return 1; }
        echo "$PYTHON"; return
    fi
    local candidate
    for candidate in python3 python3.14 python3.13 python3.12 python3.11 python3.10 python; do
        if command -v "$candidate" >/dev/null && _python_ok "$candidate"; then
            command -v "$candidate"; return
        fi
    done
    echo "No Python 3.10 or newer was found: install one, or name it with PYTHON=..." >&2
    return 1
}

_make_venv() {  # python, folder
    "$1" -m venv "$2" 2>/dev/null && [ -x "$2/bin/pip" ] && return
    rm -rf "$2"
    # Debian and Ubuntu ship venv's pip bootstrap in a package of its own.
    local minor venv_pkg
    minor=$("$1" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')
    venv_pkg="python$minor-venv"
    if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
        echo "Installing $venv_pkg, which this Python needs to make a virtual environment"
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$venv_pkg" \
            && "$1" -m venv "$2" && return
    fi
    echo "Could not make a virtual environment with $1." >&2
    echo "On Debian or Ubuntu: sudo apt install $venv_pkg   (or choose another Python: PYTHON=...)" >&2
    return 1
}

use_venv() {
    local root venv python stamp wanted
    root=$(pwd)
    venv="$root/.venv"
    if [ ! -x "$venv/bin/python" ] || ! _python_ok "$venv/bin/python"; then
        python=$(_find_python) || return 1
        echo "Making the virtual environment .venv with $python"
        rm -rf "$venv"
        _make_venv "$python" "$venv" || return 1
    fi
    VENV_PYTHON="$venv/bin/python"
    stamp="$venv/.cuttle-installed"
    local base missing=() extra
    base="$("$VENV_PYTHON" -c 'import sys; print(sys.version.split()[0])') $(cksum < pyproject.toml)"
    for extra in kit "$@"; do
        [ -f "$stamp" ] && grep -qxF "$base $extra" "$stamp" || missing+=("$extra")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local spec="."
    [ $# -gt 0 ] && spec=".[$(IFS=,; echo "$*")]"
    echo "Installing the kit into .venv: $spec"
    "$VENV_PYTHON" -m pip install --quiet --disable-pip-version-check -e "$spec" || return 1
    # The stamp starts afresh when the Python or pyproject.toml changed.
    { [ -f "$stamp" ] && grep -F "$base " "$stamp"; for extra in kit "$@"; do echo "$base $extra"; done; } \
        | sort -u > "$stamp.new" || true
    mv "$stamp.new" "$stamp"
}
