package walk

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkWalk walks 10,000 files in 500 directories under a .gitignore
// of typical size (vllm's has about 200 lines; most are literals or
// "*.ext" and take the fast paths).
func BenchmarkWalk(b *testing.B) {
	dir := b.TempDir()
	tree := map[string]string{}
	var ig []string
	for i := range 40 {
		ig = append(ig, fmt.Sprintf("*.gen%d", i), fmt.Sprintf("/build%d/", i), fmt.Sprintf("**/cache%d/**", i), fmt.Sprintf("dist%d/*.py", i), fmt.Sprintf("!keep%d.cu", i))
	}
	tree[".gitignore"] = strings.Join(ig, "\n")
	for d := range 500 {
		for f := range 20 {
			ext := []string{".cu", ".py", ".h", ".txt"}[f%4]
			tree[fmt.Sprintf("pkg%d/sub%d/file%d%s", d/25, d%25, f, ext)] = ""
		}
	}
	mkTree(b, dir, tree)
	b.Run("gitignore", func(b *testing.B) {
		for b.Loop() {
			files, _, err := Walk([]string{dir}, Options{})
			if err != nil || len(files) != 7500 {
				b.Fatalf("%d files, %v", len(files), err)
			}
		}
	})
	b.Run("no-gitignore", func(b *testing.B) {
		for b.Loop() {
			files, _, err := Walk([]string{dir}, Options{NoGitignore: true})
			if err != nil || len(files) != 7500 {
				b.Fatalf("%d files, %v", len(files), err)
			}
		}
	})
}
