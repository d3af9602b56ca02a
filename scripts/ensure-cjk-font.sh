#!/usr/bin/env bash
# Finds the CJK font the server embeds in printed PDFs (server/printing/services/cjk-font.ts looks in the
# same places), installing Debian's fonts-wqy-zenhei when none is there — as ensure-chromium.sh does for
# the browser; PRINT_FONT_PATH names another TrueType font (.ttf, or a .ttc whose first face is used).
set -euo pipefail
candidates=(
  /usr/share/fonts/truetype/wqy/wqy-zenhei.ttc
  /usr/share/fonts/wqy-zenhei/wqy-zenhei.ttc
  /usr/share/fonts/truetype/wqy/wqy-microhei.ttc
)
if [ -n "${PRINT_FONT_PATH:-}" ]; then
  [ -f "$PRINT_FONT_PATH" ] || { echo "[ensure-cjk-font] PRINT_FONT_PATH=$PRINT_FONT_PATH does not exist" >&2; exit 1; }
  echo "$PRINT_FONT_PATH"; exit 0
fi
found() { for f in "${candidates[@]}"; do [ -f "$f" ] && { echo "$f"; return 0; }; done; return 1; }
if found; then exit 0; fi
echo "[ensure-cjk-font] installing Debian's fonts-wqy-zenhei" >&2
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq fonts-wqy-zenhei >/dev/null
found || { echo "[ensure-cjk-font] no CJK font could be installed" >&2; exit 1; }
