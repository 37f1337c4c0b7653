#!/usr/bin/env bash
# Which netlib BLACS internals (BI_* symbols) the library's objects refer
# to: none when built with BCREDIST_BLACS_INTERNALS=OFF, the context and
# system-handle tables otherwise.
#   blacs_internals.sh on|off object...
set -euo pipefail
want=$1
shift
used=$(nm -u "$@" | awk '$NF ~ /^BI_/ {print $NF}' | sort -u)
echo "BI_ symbols referenced: ${used:-none}"
if [ "$want" = off ] && [ -n "$used" ]; then
  echo "built without the BLACS internals, yet the objects refer to them" >&2
  exit 1
fi
if [ "$want" = on ] && [ -z "$used" ]; then
  echo "built with the BLACS internals, yet no object refers to them" >&2
  exit 1
fi
