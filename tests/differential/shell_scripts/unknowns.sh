#!/bin/bash
# Constructs the reader does not run: the words they touch are unknown, the rest known.
MASTER_ADDR=$(hostname)
export MASTER_ADDR
PORT=$((29500 + 1))
WHEN=`date +%s`
KNOWN=kept
if [ -n "$CALLER_SET" ]; then
  KNOWN=changed_in_if
  inner --inside-if
fi
for i in 1 2; do inner --loop $i; LAST=$i; done
case "$CALLER_SET" in
  from*) CASE_VAR=yes ;;
  *) CASE_VAR=no ;;
esac
setup() {
  export SET_IN_FUNCTION=1
}
setup
ARGS=(--a 1 --b 2)
cat > /dev/null <<EOF2
this "quote is never closed
EOF2
torchrun --master_addr $MASTER_ADDR --master_port $PORT --when "$WHEN" --known $KNOWN \
  --last $LAST --case $CASE_VAR ${ARGS[@]} --plain yes
python train.py --after-blocks $KNOWN
cd sub && source ./lib-in-sub.sh
cd ..
python train.py --after-and-source
