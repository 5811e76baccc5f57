package walk

import "testing"

// TestKindOfScripts: Dockerfiles under the names projects give them, shell
// scripts, and documentation about them (not scripts).
func TestKindOfScripts(t *testing.T) {
	for p, want := range map[string]Kind{
		"Dockerfile":                  KindScript,
		"docker/Dockerfile.gpu":       KindScript,
		"dockerfiles/Dockerfile_5090": KindScript,
		"Dockerfile-cu128":            KindScript,
		"base.Dockerfile":             KindScript,
		"Containerfile":               KindScript,
		"scripts/build.sh":            KindScript,
		"Dockerfile.md":               KindOther,
		"Dockerfile_notes.txt":        KindOther,
		"Dockerfiles":                 KindOther,
		"CMakeLists.txt":              KindCMake,
		"relu/build.toml":             KindKernelBuild,
		"Build.toml":                  KindOther,
		"pyproject.toml":              KindOther,
		"setup.py":                    KindPython,
		"k.cu":                        KindCUDA,
	} {
		if got := KindOf(p); got != want {
			t.Errorf("KindOf(%q) = %v, want %v", p, got, want)
		}
	}
}

// TestKindOfWorkflows: a workflow is a .yml or .yaml file directly under
// .github/workflows, and only there; KindAt sees the root's part of the
// path too.
func TestKindOfWorkflows(t *testing.T) {
	for p, want := range map[string]Kind{
		".github/workflows/ci.yml":            KindWorkflow,
		"repo/.github/workflows/release.yaml": KindWorkflow,
		`repo\.github\workflows\Build.YML`:    KindWorkflow,
		".github/workflows/sub/ci.yml":        KindOther,
		".github/dependabot.yml":              KindOther,
		"x.github/workflows/ci.yml":           KindOther,
		"github/workflows/ci.yml":             KindOther,
		".github/workflows/.yml":              KindOther,
		".github/workflows/README.md":         KindOther,
		".github/workflows/lint.sh":           KindScript,
		"ci.yml":                              KindOther,
	} {
		if got := KindOf(p); got != want {
			t.Errorf("KindOf(%q) = %v, want %v", p, got, want)
		}
	}
	for _, c := range []struct {
		root, rel string
		want      Kind
	}{
		{".", ".github/workflows/ci.yml", KindWorkflow},
		{"repo/.github/workflows", "ci.yml", KindWorkflow},
		{"/abs/.github", "workflows/ci.yaml", KindWorkflow},
		{"repo", "ci.yml", KindOther},
		{"", "ci.yml", KindOther},
		{"repo/.github/workflows", "setup.py", KindPython},
	} {
		if got := KindAt(c.root, c.rel); got != c.want {
			t.Errorf("KindAt(%q, %q) = %v, want %v", c.root, c.rel, got, c.want)
		}
	}
}
