#!/usr/bin/env bash
# Remake the sample saved games in this directory (see README.md here).
# The games come out the same every time; only each file's "date" changes.
set -euo pipefail
cd "$(dirname "$0")"
ohseven simulate --players 2 --games 1 --seed 7 --bots easy,easy --save-dir .
ohseven simulate --players 4 --games 1 --seed 4 --passing --bots easy,easy,easy,easy --save-dir .
ohseven simulate --players 4 --games 1 --seed 1 --bots easy,easy,easy,easy --save-dir .
ohseven simulate --players 5 --games 1 --seed 29 --bots easy,easy,easy,easy,easy --save-dir .
ohseven simulate --players 9 --games 1 --seed 18 --passing --bots easy,easy,easy,easy,easy,easy,easy,easy,easy --save-dir .
python make_redeal_sample.py .
ohseven simulate --rules classic --players 5 --games 1 --seed 61 --bots easy,easy,easy,easy,easy --save-dir .
ohseven simulate --rules up-and-down --players 4 --games 1 --seed 62 --bots easy,easy,easy,easy --save-dir .
ohseven simulate --game watten --games 1 --seed 8 --bots easy,easy,easy,easy --save-dir .
ohseven simulate --game seven-for-seven --games 1 --seed 9 --bots easy,easy,easy,easy,easy,easy,easy --save-dir .
