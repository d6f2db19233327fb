# Run by scripts/check-package inside the clean Debian 12 system where the package was just installed: each check
# says what it expected when it fails, and the script stops at the first.
set -euo pipefail
fail() { echo "check-package: $*" >&2; exit 1; }

echo "-- the files the package installs"
for f in /usr/bin/attentionlab /usr/bin/attentionlab-cli /usr/share/applications/attentionlab.desktop \
         /usr/share/icons/hicolor/scalable/apps/attentionlab.svg; do
  dpkg -L attentionlab | grep -qx "$f" || fail "the package does not install $f"
done
# dpkg -L lists the folders too: each must hold something (no empty translations folder, say).
dpkg -L attentionlab | while read -r path; do
  if [ -d "$path" ] && [ -z "$(ls -A "$path")" ]; then fail "the package installs an empty folder $path"; fi
done

echo "-- every library the programs link is installed"
for program in /usr/bin/attentionlab /usr/bin/attentionlab-cli; do
  if ldd "$program" | grep -q "not found"; then
    ldd "$program" | grep "not found" >&2
    fail "$program links a library no installed package provides (a missing Depends)"
  fi
done

echo "-- what a Chinese reader needs: a CJK font and Qt's Chinese catalogue (from the Recommends)"
[ -n "$(fc-list :lang=zh-cn family)" ] || fail "no font with Simplified Chinese characters (fonts-noto-cjk): they would be drawn as boxes"
[ -f /usr/share/qt6/translations/qtbase_zh_CN.qm ] ||
  fail "no /usr/share/qt6/translations/qtbase_zh_CN.qm (qt6-translations-l10n): Qt's own dialogs would stay in English"

echo "-- attentionlab-cli --help and --version"
attentionlab-cli --help | grep -q "train" || fail "attentionlab-cli --help does not list the train command"
attentionlab-cli --version

echo "-- attentionlab --help without a display (no DISPLAY, no QT_QPA_PLATFORM)"
attentionlab --help | grep -q -- "--language" || fail "attentionlab --help does not list --language"

echo "-- a short training: attentionlab-cli train imdb --preset tiny"
work=$(mktemp -d)
(cd "$work" && attentionlab-cli train imdb --preset tiny --epochs 1 --out "$work/run" | tail -n 3)
[ -n "$(ls -A "$work/run" 2>/dev/null)" ] || fail "attentionlab-cli train wrote no model in $work/run"
rm -rf "$work"
