#!/usr/bin/env bash
# Finds Debian's Chromium for Playwright, installing it when missing (CI and new machines start without it),
# together with a CJK font: without one every Chinese label renders as empty boxes in screenshots.
# Playwright never downloads its own browser here: the network reaches only the package registries.
set -euo pipefail
has_browser() { { [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; } || command -v chromium >/dev/null 2>&1; }
has_cjk_font() { fc-list :lang=zh 2>/dev/null | grep -q .; }
if has_browser && has_cjk_font; then exit 0; fi
packages=()
has_browser || packages+=(chromium)
has_cjk_font || packages+=(fonts-wqy-zenhei)
echo "[ensure-chromium] installing Debian's ${packages[*]}" >&2
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${packages[@]}" >/dev/null
has_browser || { echo "[ensure-chromium] chromium could not be installed" >&2; exit 1; }
