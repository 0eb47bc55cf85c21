#!/bin/bash
# source and . of files beside the script, nested, with return.
source lib-env.sh
accelerate launch --num_processes 8 train.py --tag $SOURCED_LOCAL
unset HCCL_BUFFSIZE
python train.py --nested "$FROM_NESTED"
