export FROM_SUBDIR=yes
