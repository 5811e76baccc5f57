#!/usr/bin/env python3
"""Cross-check `archlint trace` against the real C preprocessor.

Draws N conditional directives at random (seeded) from `archlint trace --format json`
over a tree, and for each one and a few passes runs gcc's `cpp -x c++ -undef -P` on the
directive's file with the pass's nvcc macros (from `archlint targets`), after inserting a
marker line right after the directive: the marker survives exactly when the branch is
taken. Unresolvable #includes get empty stub headers (cpp stops at a missing header), so
this checks the file's own logic in a closed world (unknown macros are 0); values archlint
reports as undecided (null) are skipped, not counted.

usage: scripts/crosscheck.py ARCHLINT_BIN TREE [N] [SEED] [FILES...]
"""
import json, os, random, re, shutil, subprocess, sys, tempfile

def main():
    binary, tree = sys.argv[1], sys.argv[2]
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 30
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else random.randrange(1 << 30)
    files = sys.argv[5:] or ["."]
    print(f"seed {seed}")
    rng = random.Random(seed)
    out = subprocess.run([binary, "trace", "--target", "sm_120", "--format", "json", "--root", ".", *files],
                         cwd=tree, capture_output=True, text=True).stdout
    entries = [json.loads(l) for l in out.splitlines() if l.strip()]
    entries = [e for e in entries if e["directive"] in ("#if", "#ifdef", "#ifndef", "#elif", "#else")]
    macros = pass_macros(binary)
    picks = rng.sample(entries, min(n, len(entries)))
    agree = disagree = skipped = 0
    stubs = tempfile.mkdtemp()
    for e in picks:
        for p in ("host", "sm_80", "sm_90a", "sm_100a", "sm_120", "sm_120a", "sm_120f"):
            st = e["arches"].get(p)
            if st is None or st["taken"] is None or not st["reached"]:
                skipped += 1
                continue
            got = run_cpp(tree, e["file"], e["line"], macros[p], stubs)
            if got is None:
                skipped += 1
                continue
            if got == st["taken"]:
                agree += 1
            else:
                disagree += 1
                print(f"DISAGREE {e['file']}:{e['line']} {e['directive']} {e['condition']} [{p}] archlint={st['taken']} cpp={got}")
    shutil.rmtree(stubs)
    print(f"{len(picks)} directives: {agree} (directive, pass) pairs agree, {disagree} disagree, {skipped} skipped (undecided or unreached)")

def pass_macros(binary):
    out = subprocess.run([binary, "targets"], capture_output=True, text=True).stdout
    res = {}
    for line in out.splitlines()[1:]:
        f = line.split()
        name, defs = f[0], [d for d in f[1:] if "=" in d]
        base = ["__CUDACC__=1", "__NVCC__=1", "__CUDACC_VER_MAJOR__=13", "__CUDACC_VER_MINOR__=0",
                "__CUDA_API_VER_MAJOR__=13", "__CUDA_API_VER_MINOR__=0", "__cplusplus_unused=1"]
        res[name] = base + defs
    return res

def run_cpp(tree, path, line, defs, stubs):
    src = open(os.path.join(tree, path), encoding="utf-8", errors="replace").read().split("\n")
    # The directive may continue over several lines: insert after its last one.
    i = line - 1
    while i < len(src) and src[i].rstrip().endswith("\\"):
        i += 1
    marked = src[:i + 1] + ["ARCHLINT_MARKER_TAKEN"] + src[i + 1:]
    d = os.path.dirname(os.path.join(tree, path))
    tmp = os.path.join(d, ".archlint_crosscheck_" + os.path.basename(path))
    open(tmp, "w").write("\n".join(marked))
    try:
        incs = ["-I" + os.path.join(tree, x) for x in (".", "include", "csrc")] + ["-I" + stubs]
        for _ in range(200):
            r = subprocess.run(["cpp", "-x", "c++", "-undef", "-P", "-w", *("-D" + x for x in defs), *incs, tmp],
                               capture_output=True, text=True)
            m = re.search(r"fatal error: (\S+): No such file", r.stderr)
            if not m:
                break
            stub = os.path.join(stubs, m.group(1))
            os.makedirs(os.path.dirname(stub), exist_ok=True)
            # The toolkit headers archlint models: cuda.h gives CUDA_VERSION,
            # the runtime headers CUDART_VERSION (CUDA 13.0 assumed).
            body = {"cuda.h": "#define CUDA_VERSION 13000\n",
                    "cuda_runtime.h": "#define CUDART_VERSION 13000\n",
                    "cuda_runtime_api.h": "#define CUDART_VERSION 13000\n"}.get(m.group(1), "")
            open(stub, "w").write(body)
        else:
            return None
        if re.search(r"error:", r.stderr) and "ARCHLINT_MARKER_TAKEN" not in r.stdout:
            return None
        return "ARCHLINT_MARKER_TAKEN" in r.stdout
    finally:
        os.remove(tmp)

if __name__ == "__main__":
    main()
