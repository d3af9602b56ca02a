#!/usr/bin/env bash
# Prints a PostgreSQL admin URL for the server tests, installing and starting Debian's PostgreSQL
# when it is missing. Prints nothing (and a reason on stderr) when PostgreSQL cannot be had, so the
# caller can skip that half of the suite with the reason shown.
set -uo pipefail
if [ -n "${TEST_PG_URL:-}" ]; then echo "$TEST_PG_URL"; exit 0; fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else echo "[ensure-postgres] not root and no sudo: cannot install or start PostgreSQL" >&2; exit 0; fi
fi
if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  echo "[ensure-postgres] PostgreSQL not found: installing Debian's package" >&2
  if ! ($SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null); then
    echo "[ensure-postgres] apt-get could not install postgresql" >&2; exit 0
  fi
fi
version=$(ls /etc/postgresql 2>/dev/null | sort -n | tail -1)
if [ -z "$version" ]; then echo "[ensure-postgres] no PostgreSQL cluster found under /etc/postgresql" >&2; exit 0; fi
if ! pg_lsclusters 2>/dev/null | grep -q "^$version *main .*online"; then
  $SUDO pg_ctlcluster "$version" main start >&2 || { echo "[ensure-postgres] the cluster $version/main would not start" >&2; exit 0; }
fi
port=$(pg_lsclusters 2>/dev/null | awk -v v="$version" '$1==v && $2=="main" {print $3}')
password="phw_test_pw"
$SUDO -u postgres psql -q -p "${port:-5432}" -c "ALTER USER postgres PASSWORD '$password'" >/dev/null 2>&1 \
  || su postgres -c "psql -q -p ${port:-5432} -c \"ALTER USER postgres PASSWORD '$password'\"" >/dev/null 2>&1 \
  || { echo "[ensure-postgres] could not set the postgres password" >&2; exit 0; }
echo "postgres://postgres:$password@127.0.0.1:${port:-5432}/postgres"
