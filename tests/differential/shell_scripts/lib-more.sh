export FROM_NESTED=${SOURCED_LOCAL}-nested
return
export NEVER=1
