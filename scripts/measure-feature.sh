#!/bin/bash
# measure.sh SNIPPET: one TSV row per target: does nvcc 13.0 compile it (through ptxas)
f=$1; name=$(basename $f .cu)
for t in sm_75 sm_80 sm_86 sm_87 sm_88 sm_89 sm_90 sm_90a sm_100 sm_100a sm_100f sm_103 sm_103a sm_103f sm_110 sm_110a sm_110f sm_120 sm_120a sm_120f sm_121 sm_121a sm_121f; do
  a=compute_${t#sm_}
  if out=$(nvcc -c -o /tmp/x.o -gencode arch=$a,code=$t $f 2>&1); then printf '%s\t%s\tok\t\n' $name $t
  else printf '%s\t%s\tfail\t%s\n' $name $t "$(echo "$out" | grep -m2 -E 'error|fatal' | tr '\n\t' '  ' | cut -c1-300)"; fi
done
