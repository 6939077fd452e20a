#!/bin/sh
# Moves each existing DIR into TRASH (a rename on the same file system) instead of deleting it.
#
#   set-aside.sh TRASH DIR...
#
# run.sh prepares every cold build with this rather than `rm -rf`: on an ext4 file system
# without a journal (this VM's), inodes freed in the last minute or so are skipped when new
# ones are allocated (`recently_deleted` in fs/ext4/ialloc.c), so a build started right after
# its previous output was deleted spends seconds of kernel time scanning past them. That is the
# harness's own doing, not the tool's, and it hit Hugo, md_floor and catalog-build alike.
# run.sh empties TRASH once, when it exits.
set -eu
trash="$1"; shift
mkdir -p "$trash"
for dir in "$@"; do
    if [ -e "$dir" ]; then
        mv "$dir" "$(mktemp -d "$trash/$(basename "$dir").XXXXXX")/"
    fi
done
