package scan

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/archlint/archlint/analyzer/cpp"
	"github.com/archlint/archlint/analyzer/target"
)

// TestPassGroupsSameResults proves that running a unit once per group of
// passes that read it alike (the default) records exactly what running
// every pass separately records, on every C++ fixture tree.
func TestPassGroupsSameResults(t *testing.T) {
	var dirs []string
	for _, parent := range []string{"../../testdata/engine", "../../testdata/rules", "../../testdata/fixes"} {
		es, err := os.ReadDir(parent)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range es {
			if e.IsDir() {
				dirs = append(dirs, filepath.Join(parent, e.Name()))
			}
		}
	}
	dirs = append(dirs, "../../testdata/example")
	for _, dir := range dirs {
		for _, tg := range []string{"sm_120", "sm_90a", "sm_100f"} {
			opt := testOptions(t, dir, tg)
			p, err := Load(opt)
			if err != nil {
				t.Fatal(err)
			}
			units := p.Units()
			if len(units) == 0 {
				continue
			}
			cfg := cpp.Config{Table: opt.Table, CUDA: opt.CUDA, BuildList: []target.Arch{opt.Targets[0].Arch},
				Passes: opt.Table.Reference(opt.CUDA)}
			grouped := p.Evaluate(cfg, units)
			cfg.EveryPass = true
			every := p.Evaluate(cfg, units)
			if !reflect.DeepEqual(grouped, every) {
				t.Errorf("%s, %s: grouped passes record other results than every pass alone", dir, tg)
			}
		}
	}
}
