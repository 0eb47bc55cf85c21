#!/bin/sh
echo "no launch here"
