#!/bin/sh
# fetch-from-npm.sh NAME VERSION INTEGRITY DEST
# One package's tarball from the npm registry ($NPM_REGISTRY), refused unless its sha512 is INTEGRITY (a lock
# file's "sha512-…" value), unpacked into DEST. The image build uses it for Node (the node-linux-<arch> package
# pinned in scripts/node-runtime, docs/decisions/0015) and for npm, before either exists in the image.
set -eu
name=$1 version=$2 integrity=$3 dest=$4
tarball=$(mktemp)
curl -fsSL --retry 3 -o "$tarball" "${NPM_REGISTRY:-https://registry.npmjs.org}/$name/-/$name-$version.tgz"
expected=$(printf '%s' "${integrity#sha512-}" | base64 -d | od -An -v -tx1 | tr -d ' \n')
actual=$(sha512sum "$tarball" | cut -d' ' -f1)
if [ "$expected" != "$actual" ]; then
  echo "$name@$version: the tarball's sha512 is $actual, the lock says $expected" >&2
  exit 1
fi
mkdir -p "$dest"
tar -xzf "$tarball" -C "$dest" --strip-components=1 --no-same-owner
rm -f "$tarball"
