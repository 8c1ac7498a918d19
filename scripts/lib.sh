# Shared by scripts/start and scripts/test (sourced, not run): the virtualenv and the install.
# shellcheck shell=bash

VENV=.venv

# Run a command as root: directly when we are root, else through sudo.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    echo "need root for: $* (install sudo, or run this as root)" >&2
    return 1
  fi
}

apt_install() {
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "please install: $* (this script only knows Debian's apt-get)" >&2
    return 1
  fi
  echo "installing $* with apt-get"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# Create .venv with python3 (3.11 or newer) unless a working one is there.
ensure_venv() {
  if [ -x "$VENV/bin/python" ] && "$VENV/bin/python" -c 'import pip' >/dev/null 2>&1; then
    return 0
  fi
  command -v python3 >/dev/null 2>&1 || apt_install python3
  if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    echo "Companion needs Python 3.11 or newer; python3 is $(python3 -V 2>&1)" >&2
    return 1
  fi
  # Debian keeps venv's pip bootstrap in a package of its own.
  python3 -c 'import ensurepip' >/dev/null 2>&1 || apt_install python3-venv
  rm -rf "$VENV"
  echo "creating $VENV"
  python3 -m venv "$VENV"
}

# Install the project (editable: the app reads its templates, static files and compiled
# translations from this folder) with the given extras, only when pyproject.toml changed since
# the last install with them.
install_project() {
  local extras=$1 stamp="$VENV/.installed${1:+-$1}" want
  want=$(sha256sum pyproject.toml | cut -d' ' -f1)
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    return 0
  fi
  # The project alone: any install of it with extras (the tests') installed it too.
  if [ -z "$extras" ]; then
    for other in "$VENV"/.installed-*; do
      if [ -f "$other" ] && [ "$(cat "$other")" = "$want" ]; then
        return 0
      fi
    done
  fi
  echo "installing Companion${extras:+ with [$extras]} into $VENV (once per change of pyproject.toml)"
  local log
  if ! log=$("$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
      -e ".${extras:+[$extras]}" 2>&1); then
    echo "$log" >&2
    return 1
  fi
  echo "$want" >"$stamp"
}
