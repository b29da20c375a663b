#!/usr/bin/env bash
# Installs xmllint (Debian's libxml2-utils) when it is missing: the CRE tests validate the
# Retention XML against SUNAT's schemas in formats/xsd/ with `xmllint --schema`, and the API and the
# worker validate the suppliers' CPE XMLs against formats/xsd/ubl-2.1 with it (the image installs
# it too). Idempotent.
set -euo pipefail
if command -v xmllint >/dev/null 2>&1; then exit 0; fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libxml2-utils >/dev/null
xmllint --version 2>&1 | head -1
