#!/usr/bin/env bash
# Installs the system packages Kinora's tests need when they are missing: ffmpeg (media
# pipeline), Chromium (end-to-end tests), nginx (the scale-out profile, `npm run cluster`) and
# openssl (certificates for test stand-ins). Uses apt-get when it can; otherwise says what to
# install. The product itself runs with Node alone.
set -euo pipefail

missing=()
command -v ffmpeg >/dev/null 2>&1 && command -v ffprobe >/dev/null 2>&1 || missing+=(ffmpeg)
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
# The web push tests make a certificate for their stand-in push service.
command -v openssl >/dev/null 2>&1 || missing+=(openssl)

if [ ${#missing[@]} -eq 0 ]; then
  echo "System packages present: ffmpeg, chromium, nginx, openssl."
  exit 0
fi

if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "Installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # nginx is run by `npm run cluster` with its own configuration, never as the system's service.
  [ -d /usr/sbin ] && [ ! -e /usr/sbin/policy-rc.d ] && printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && added_policy=1
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  [ "${added_policy:-}" = 1 ] && rm -f /usr/sbin/policy-rc.d
  echo "Installed: ${missing[*]}"
elif command -v apt-get >/dev/null 2>&1 && command -v sudo >/dev/null 2>&1; then
  sudo apt-get update -qq
  sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "Please install these packages with your system's package manager: ${missing[*]}" >&2
  echo "(Debian/Ubuntu: apt-get install ${missing[*]}; macOS: brew install ffmpeg chromium)" >&2
  exit 1
fi
