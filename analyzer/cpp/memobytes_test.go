package cpp

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestMemoEstimateMatchesHeap checks the memo's bound against what its
// stored visits hold on the heap: the generated trees are evaluated with
// unbounded memos, and the heap freed by dropping the memos' tables is
// compared with their estimated bytes (memoTable.bytes, from the lengths
// of what each entry keeps). An entry that keeps more than its lengths
// (a list allocated for more than it holds and clipped: netWrites kept
// the room of the writes it left out, a fifth of CCCL's) lets the memo
// hold more than maxMemoBytes without the bound seeing it; savesTree's
// headers write such names.
func TestMemoEstimateMatchesHeap(t *testing.T) {
	cfg := memoTestConfig(t)
	cfg.memoBytes = 1 << 40
	check := func(name string, trees int, tree func(i int) (*FileSet, []*File)) {
		var engines []*Engine
		var est int64
		for i := range trees {
			fs, units := tree(i)
			e := NewEngine(cfg, fs)
			e.Evaluate(units)
			engines = append(engines, e)
			est += e.memo.table.bytes.Load()
		}
		before := heapAlloc()
		for _, e := range engines {
			// A new table holds nothing: the old one's entries are garbage.
			e.memo.table = e.memo.newTable()
		}
		measured := int64(before) - int64(heapAlloc())
		runtime.KeepAlive(engines)
		if est < 1<<20 {
			t.Fatalf("%s: the memos hold %d estimated bytes: too few to compare", name, est)
		}
		ratio := float64(measured) / float64(est)
		t.Logf("%s: estimated %d bytes, freed %d (%.2f)", name, est, measured, ratio)
		if ratio < 0.85 || ratio > 1.15 {
			t.Errorf("%s: dropping the memos freed %d bytes, %.2f times their estimate %d: the bound is off", name, measured, ratio, est)
		}
	}
	check("generated trees", 60, func(i int) (*FileSet, []*File) { return genUnits(int64(i + 1)) })
	check("saved names", 20, func(int) (*FileSet, []*File) { return savesTree() })
}

// heapAlloc is the heap in use once what is unreachable is collected.
func heapAlloc() uint64 {
	var ms runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// savesTree is a unit including 200 guarded headers that each include
// p.h, which reads 100 names and defines them again as it found them
// (the first time, as none of them was defined): a stored visit of a
// header writes the 100 names and leaves them as it read them, as CCCL's
// headers do with the names their prologue and epilogue save and restore,
// so netWrites leaves those writes out.
func savesTree() (*FileSet, []*File) {
	var p, u strings.Builder
	for i := range 100 {
		fmt.Fprintf(&p, "#if defined(S%d)\n#endif\n#undef S%d\n#define S%d 1\n", i, i, i)
	}
	files := []*File{{Root: "r", Path: "p.h", Src: []byte(p.String())}}
	for i := range 200 {
		src := fmt.Sprintf("#ifndef G%d_H\n#define G%d_H\n#include \"p.h\"\n#endif\n", i, i)
		files = append(files, &File{Root: "r", Path: fmt.Sprintf("g%d.h", i), Src: []byte(src)})
		fmt.Fprintf(&u, "#include \"g%d.h\"\n", i)
	}
	unit := &File{Root: "r", Path: "u.cu", Src: []byte(u.String())}
	files = append(files, unit)
	for _, f := range files {
		f.St = Build(Scan(f.Src))
	}
	return NewFileSet(files, nil), []*File{unit}
}
