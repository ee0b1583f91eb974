#!/usr/bin/env bash
# Installs Gesture Demo like a Linux desktop app, or removes it again.
#
#   scripts/install.sh [--prefix DIR] [--configuration release|debug]
#   scripts/install.sh [--prefix DIR] --uninstall
#
# DIR defaults to ~/.local. It builds the app (release by default) and
# writes, under DIR:
#   bin/gesture-demo
#   share/applications/org.gesturedemo.GestureDemo.desktop  (the window's app id)
#   share/metainfo/org.gesturedemo.GestureDemo.metainfo.xml (AppStream)
#   share/icons/hicolor/{scalable,16x16,...,512x512}/apps/org.gesturedemo.GestureDemo.{svg,png}
#   share/man/man1/gesture-demo.1                           (swift-argument-parser's generate-manual)
#   share/bash-completion/completions/gesture-demo, share/zsh/site-functions/_gesture-demo,
#   share/fish/vendor_completions.d/gesture-demo.fish      (the app's --generate-completion-script)
#   share/gesture-demo/install-manifest                     (what was written, for --uninstall)
#
# It checks that every destination can be written before it builds or
# writes anything, and undoes its own writes if one fails midway, so a
# failed install leaves nothing behind. --uninstall removes exactly the
# files and folders the manifest lists (folders only when empty).
#
# GESTURE_INSTALL_SWIFTPM_FLAGS adds options to the `swift package` call
# that builds; the tests, which run inside `swift test`, pass --ignore-lock.
set -euo pipefail

app_id=org.gesturedemo.GestureDemo
program=gesture-demo
repo=$(cd "$(dirname "$0")/.." && pwd)

fail() {
    printf 'install.sh: %s\n' "$*" >&2
    exit 1
}

usage() {
    sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'
}

prefix="$HOME/.local"
configuration=release
uninstall=false
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix)
            [ $# -ge 2 ] && [ -n "$2" ] || fail "--prefix needs a folder"
            prefix=$2
            shift 2 ;;
        --prefix=*)
            prefix=${1#--prefix=}
            [ -n "$prefix" ] || fail "--prefix needs a folder"
            shift ;;
        --configuration)
            [ $# -ge 2 ] || fail "--configuration needs release or debug"
            configuration=$2
            shift 2 ;;
        --uninstall) uninstall=true; shift ;;
        -h|--help) usage; exit 0 ;;
        *) fail "unknown argument '$1' (try --help)" ;;
    esac
done
case "$configuration" in
    release|debug) ;;
    *) fail "--configuration is release or debug, not '$configuration'" ;;
esac
case "$prefix" in
    /*) ;;
    *) prefix="$PWD/$prefix" ;;
esac
prefix=${prefix%/}
[ -n "$prefix" ] || fail "refusing to install into /"
# Characters the launcher's Exec line (or this script's lists) cannot carry.
unsafe='["'\''\\$`%|]'
[[ "$prefix" =~ $unsafe ]] &&
    fail "the prefix may not contain quotes, backslashes, \$, \`, % or | (the launcher's Exec line names it)"

manifest="$prefix/share/$program/install-manifest"

# The nearest folder of `path` that exists: where a missing folder would be
# created.
existing_ancestor() {
    local path=$1
    while [ ! -e "$path" ]; do path=$(dirname "$path"); done
    printf '%s\n' "$path"
}

# Fails in one line unless files can be created in folder `dir` (which may
# not exist yet). A probe file is tried rather than `test -w`, which is
# true for root even on read-only mounts.
require_writable() {
    local dir=$1 base probe
    base=$(existing_ancestor "$dir")
    [ -d "$base" ] || fail "cannot install into $prefix: $base is not a folder"
    probe=$(mktemp -p "$base" .install-probe.XXXXXX 2>/dev/null) ||
        fail "cannot install into $prefix: $base is not writable"
    rm -f "$probe"
}

# MARK: Uninstall

if $uninstall; then
    [ -f "$manifest" ] || fail "nothing to uninstall in $prefix (no $manifest)"
    require_writable "$(dirname "$manifest")"
    removed=0
    folders=()
    while IFS= read -r entry; do
        case "$entry" in
            "$prefix"/*) ;;
            *) fail "$manifest lists $entry, outside $prefix: not touching it" ;;
        esac
    done <"$manifest"
    while IFS= read -r entry; do
        case "$entry" in
            */) folders+=("${entry%/}") ;;
            *)
                if [ -e "$entry" ] || [ -L "$entry" ]; then
                    rm -f "$entry"
                    removed=$((removed + 1))
                fi ;;
        esac
    done <"$manifest"
    rm -f "$manifest"
    # Deepest folders first; one that holds something else stays.
    for folder in $(printf '%s\n' "${folders[@]+"${folders[@]}"}" | sort -r); do
        rmdir "$folder" 2>/dev/null || true
    done
    printf 'install.sh: removed %d files from %s\n' "$removed" "$prefix" >&2
    exit 0
fi

# MARK: Install

# Every file, as "source destination" once staged.
destinations=(
    "$prefix/bin"
    "$prefix/share/applications"
    "$prefix/share/metainfo"
    "$prefix/share/icons/hicolor"
    "$prefix/share/man/man1"
    "$prefix/share/bash-completion/completions"
    "$prefix/share/zsh/site-functions"
    "$prefix/share/fish/vendor_completions.d"
    "$prefix/share/$program"
)
for dir in "${destinations[@]}"; do require_writable "$dir"; done

[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
"$repo/scripts/setup.sh"
cd "$repo"
# generate-manual (swift-argument-parser's plugin) builds every product in
# the configuration, then writes the man page from the built binary.
# shellcheck disable=SC2086
swift package ${GESTURE_INSTALL_SWIFTPM_FLAGS:-} generate-manual --configuration "$configuration" >&2 ||
    fail "the build failed (output above)"
binary="$repo/.build/$configuration/$program"
manual="$repo/.build/plugins/GenerateManual/outputs/$program/$program.1"
[ -x "$binary" ] || fail "the build left no $binary"
[ -f "$manual" ] || fail "generate-manual left no $manual"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
# The entry starts the installed binary by its full path: PREFIX/bin need
# not be on the session's PATH.
exec_path="$prefix/bin/$program"
case "$exec_path" in *' '*) exec_path="\"$exec_path\"" ;; esac
sed -e "s|^Exec=$program\$|Exec=$exec_path|" \
    -e "s|^TryExec=$program\$|TryExec=$prefix/bin/$program|" \
    "$repo/data/$app_id.desktop" >"$stage/$app_id.desktop"
for shell in bash zsh fish; do
    "$binary" --generate-completion-script "$shell" >"$stage/completion.$shell" ||
        fail "$program --generate-completion-script $shell failed"
done

files=(
    "$binary|$prefix/bin/$program|755"
    "$stage/$app_id.desktop|$prefix/share/applications/$app_id.desktop|644"
    "$repo/data/$app_id.metainfo.xml|$prefix/share/metainfo/$app_id.metainfo.xml|644"
    "$manual|$prefix/share/man/man1/$program.1|644"
    "$stage/completion.bash|$prefix/share/bash-completion/completions/$program|644"
    "$stage/completion.zsh|$prefix/share/zsh/site-functions/_$program|644"
    "$stage/completion.fish|$prefix/share/fish/vendor_completions.d/$program.fish|644"
)
while IFS= read -r icon; do
    files+=("$repo/data/icons/$icon|$prefix/share/icons/$icon|644")
done < <(cd "$repo/data/icons" && find hicolor -type f | sort)

# What this run wrote, newest last, so that a failure can undo it.
written=()
created=()
undo() {
    local i
    for ((i = ${#written[@]} - 1; i >= 0; i--)); do rm -f "${written[i]}"; done
    for ((i = ${#created[@]} - 1; i >= 0; i--)); do rmdir "${created[i]}" 2>/dev/null || true; done
}

# Creates `dir` and its missing parents, noting each one created.
make_folder() {
    local dir=$1
    [ -d "$dir" ] && return 0
    make_folder "$(dirname "$dir")" || return 1
    mkdir "$dir" 2>/dev/null || return 1
    created+=("$dir")
}

# Copies through a temporary name, so a running binary or a reader never
# sees a half-written file.
put() {
    local source=$1 target=$2 mode=$3
    make_folder "$(dirname "$target")" || return 1
    cp "$source" "$target.tmp-$$" 2>/dev/null || { rm -f "$target.tmp-$$"; return 1; }
    chmod "$mode" "$target.tmp-$$" && mv -f "$target.tmp-$$" "$target" || { rm -f "$target.tmp-$$"; return 1; }
    written+=("$target")
}

# A previous install's folders stay ours to remove; its files that this
# version no longer installs go now.
previous=()
[ -f "$manifest" ] && mapfile -t previous <"$manifest"

for entry in "${files[@]}"; do
    IFS='|' read -r source target mode <<<"$entry"
    if ! put "$source" "$target" "$mode"; then
        undo
        fail "cannot write $target; nothing was installed"
    fi
done
if ! make_folder "$(dirname "$manifest")"; then
    undo
    fail "cannot create $(dirname "$manifest"); nothing was installed"
fi

for old in "${previous[@]+"${previous[@]}"}"; do
    case "$old" in
        */|"$manifest") continue ;;
        "$prefix"/*) ;;
        *) continue ;;
    esac
    keep=false
    for new in "${written[@]}"; do [ "$new" = "$old" ] && keep=true && break; done
    $keep || rm -f "$old"
done

{
    printf '%s\n' "${written[@]}"
    printf '%s\n' "$manifest"
    for dir in "${created[@]+"${created[@]}"}"; do printf '%s/\n' "$dir"; done
    for old in "${previous[@]+"${previous[@]}"}"; do
        case "$old" in */) printf '%s\n' "$old" ;; esac
    done
} | awk '!seen[$0]++' >"$manifest.tmp-$$" && mv -f "$manifest.tmp-$$" "$manifest" || {
    rm -f "$manifest.tmp-$$"
    undo
    fail "cannot write $manifest; nothing was installed"
}

printf 'install.sh: installed %s %s into %s (%d files; undo with --uninstall)\n' \
    "$program" "$("$binary" --version)" "$prefix" "$((${#written[@]} + 1))" >&2
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) printf 'install.sh: note: %s is not on PATH; the launcher entry works regardless\n' "$prefix/bin" >&2 ;;
esac
