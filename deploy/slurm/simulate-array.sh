#!/bin/bash
# One shard of a mahjong-lab run per task of a Slurm job array (docs/distributed.md). Submit it from the
# repository root (or with sbatch --chdir=REPO), after mkdir -p logs:
#   array=$(sbatch --parsable deploy/slurm/simulate-array.sh)
# Task i of an array of M plays shard i of M (the program reads SLURM_ARRAY_TASK_*); sbatch options on the command
# line override the lines below (--array=1-32 --cpus-per-task=16). The run comes from the environment, which
# sbatch passes on: GAMES, SEED, RULES, STRATEGIES, OUT, and MJLAB_OPTS for further simulate options.
#SBATCH --job-name=mjlab-sim
#SBATCH --array=1-4
#SBATCH --cpus-per-task=2
#SBATCH --time=02:00:00
#SBATCH --requeue
#SBATCH --open-mode=append
#SBATCH --output=logs/%x-%A_%a.out
set -euo pipefail
GAMES=${GAMES:-1000000}
SEED=${SEED:-1}
RULES=${RULES:-harr}
STRATEGIES=${STRATEGIES:-chow-mixer,suit-hunter,defender,harr}
OUT=${OUT:-results/run1}
if [[ ! -f bin/mjlab.js ]]; then
  echo "simulate-array.sh: $PWD is not the mahjong-lab repository root; submit from there or with sbatch --chdir=REPO" >&2
  exit 2
fi
: "${SLURM_ARRAY_TASK_ID:?simulate-array.sh is a job array script: submit it with sbatch (docs/distributed.md)}"
echo "mjlab-sim: task $SLURM_ARRAY_TASK_ID of array $SLURM_ARRAY_JOB_ID on $(hostname), restart ${SLURM_RESTART_COUNT:-0}, $(date -Is)"
# --resume: a first start has nothing to resume; a requeued or resubmitted task continues from its checkpoint, and
# a finished shard returns at once. MJLAB_OPTS is split into words on purpose.
# shellcheck disable=SC2086
exec node bin/mjlab.js simulate --rules "$RULES" --strategies "$STRATEGIES" --games "$GAMES" --seed "$SEED" \
  --workers "${SLURM_CPUS_PER_TASK:-1}" --resume --no-progress ${MJLAB_OPTS:-} --out "$OUT/shard-$SLURM_ARRAY_TASK_ID"
