# Sourced by sourcing.sh.
export HCCL_BUFFSIZE=120
SOURCED_LOCAL=from-lib
. ./lib-more.sh
