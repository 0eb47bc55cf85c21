#!/bin/bash
# No command here is a launch the packs know.
export CUDA_VISIBLE_DEVICES=0
python train.py --epochs 3
echo done
