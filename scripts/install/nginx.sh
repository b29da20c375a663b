#!/usr/bin/env bash
# Installs nginx from Debian's packages when it is missing: the several-copies launcher
# (scripts/cluster.ts) and its test put it in front of two web and two API processes, with its own
# configuration on spare ports; the package's own service (port 80) is stopped. Idempotent.
set -euo pipefail
if [ -x /usr/sbin/nginx ]; then exit 0; fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx-light >/dev/null
service nginx stop >/dev/null 2>&1 || true
/usr/sbin/nginx -v
