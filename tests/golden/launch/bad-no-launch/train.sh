#!/bin/bash
echo hello
python train.py --lr 1
