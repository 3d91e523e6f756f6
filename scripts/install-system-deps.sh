#!/usr/bin/env bash
# Installs the system packages Kinora's tests need when they are missing: ffmpeg (media
# pipeline), Chromium (end-to-end tests), nginx (the scale-out profile, `npm run cluster`) and
# openssl (certificates for test stand-ins). Uses apt-get when it can; otherwise says what to
# install. The product itself runs with Node alone.
#
# --cluster: what `npm run cluster` needs only: nginx, and PostgreSQL and Redis (which it runs
# itself in its run folder when none is given or running). None of these is ever started as
# the system's service.
set -euo pipefail

mode=all
[ "${1:-}" = "--cluster" ] && mode=cluster

has_postgres() {
  local bin
  for bin in /usr/lib/postgresql/*/bin; do
    [ -x "$bin/initdb" ] && [ -x "$bin/postgres" ] && return 0
  done
  return 1
}

missing=()
if [ "$mode" = all ]; then
  command -v ffmpeg >/dev/null 2>&1 && command -v ffprobe >/dev/null 2>&1 || missing+=(ffmpeg)
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  # The web push tests make a certificate for their stand-in push service.
  command -v openssl >/dev/null 2>&1 || missing+=(openssl)
fi
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
# The packages, not running servers: `npm run cluster` and its test run their own.
if [ "$mode" = cluster ] || [ -n "${CI:-}" ]; then
  has_postgres || missing+=(postgresql)
  command -v redis-server >/dev/null 2>&1 || [ -x /usr/bin/redis-server ] || missing+=(redis-server)
fi

if [ ${#missing[@]} -eq 0 ]; then
  if [ "$mode" = cluster ]; then
    echo "System packages present: nginx, postgresql, redis-server."
  else
    echo "System packages present: ffmpeg, chromium, nginx, openssl."
  fi
  exit 0
fi

# A policy-rc.d that refuses every start: nginx, PostgreSQL and Redis are run by
# `npm run cluster` with their own configuration, never as the system's services.
install_cmd='export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
added_policy=
if [ -d /usr/sbin ] && [ ! -e /usr/sbin/policy-rc.d ]; then
  printf "#!/bin/sh\nexit 101\n" >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && added_policy=1
fi
apt-get install -y -qq --no-install-recommends "$@" >/dev/null
status=$?
[ "$added_policy" = 1 ] && rm -f /usr/sbin/policy-rc.d
exit $status'

if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "Installing: ${missing[*]}"
  bash -c "$install_cmd" install "${missing[@]}"
  echo "Installed: ${missing[*]}"
elif command -v apt-get >/dev/null 2>&1 && command -v sudo >/dev/null 2>&1; then
  echo "Installing with sudo: ${missing[*]}"
  sudo bash -c "$install_cmd" install "${missing[@]}"
  echo "Installed: ${missing[*]}"
else
  echo "Please install these packages with your system's package manager: ${missing[*]}" >&2
  echo "(Debian/Ubuntu: apt-get install ${missing[*]}; macOS: brew install ffmpeg chromium nginx postgresql redis)" >&2
  exit 1
fi
