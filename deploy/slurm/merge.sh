#!/bin/bash
# The merge of a mahjong-lab run's shards (docs/distributed.md), submitted to start when every array task has
# succeeded, from the same directory and with the same OUT as the array:
#   sbatch --dependency=afterok:"$array" deploy/slurm/merge.sh
# If a task fails or is cancelled the dependency can never be met, and --kill-on-invalid-dep=yes cancels this job
# (reason DependencyNeverSatisfied) instead of leaving it pending forever; recover the shard, then submit it again.
#SBATCH --job-name=mjlab-merge
#SBATCH --time=00:30:00
#SBATCH --kill-on-invalid-dep=yes
#SBATCH --open-mode=append
#SBATCH --output=logs/%x-%j.out
set -euo pipefail
OUT=${OUT:-results/run1}
if [[ ! -f bin/mjlab.js ]]; then
  echo "merge.sh: $PWD is not the mahjong-lab repository root; submit from there or with sbatch --chdir=REPO" >&2
  exit 2
fi
# It prints the game ranges it covers: 0..GAMES-1 once every shard is in.
exec node bin/mjlab.js merge --out "$OUT/merged" "$OUT"/shard-*
