source ./train.sh
