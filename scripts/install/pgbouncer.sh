#!/usr/bin/env bash
# Installs PgBouncer from Debian's packages when it is missing (the pooler tests start their own
# on a spare port; the package's own service is not started). Idempotent.
set -euo pipefail
if [ -x /usr/sbin/pgbouncer ]; then exit 0; fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends pgbouncer >/dev/null
# The package starts its own service on 6432 where systemd or init scripts run; stop it, if any.
service pgbouncer stop >/dev/null 2>&1 || true
/usr/sbin/pgbouncer --version | head -1
