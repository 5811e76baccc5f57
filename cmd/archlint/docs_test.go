package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWorkflowDocsInSync keeps docs/github.md showing exactly the workflow
// files CI lints with actionlint.
func TestWorkflowDocsInSync(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "..", "docs", "github.md"))
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join("..", "..", "docs", "workflows", "*.yml"))
	if len(files) != 2 {
		t.Fatalf("want the two documented workflows, found %v", files)
	}
	for _, f := range files {
		body, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(page), "```yaml\n"+string(body)+"```") {
			t.Errorf("%s differs from its copy in docs/github.md", f)
		}
	}
}
