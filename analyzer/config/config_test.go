package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func write(t *testing.T, dir, name, body string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, ".archlint.toml", "targets = [\"sm_120\", \"sm_121a\"]\ncuda-version = \"12.8\"\nexclude = [\"3rdparty/\"]\n[rules]\nAL105 = \"off\"\n")
	c, err := Load([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Targets) != 2 || c.CUDAVersion != "12.8" || c.Rules["AL105"] != "off" || !strings.HasSuffix(c.File, ".archlint.toml") {
		t.Errorf("%+v", c)
	}

	py := t.TempDir()
	write(t, py, "pyproject.toml", "[project]\nname = \"x\"\n[tool.black]\nline-length = 100\n[tool.archlint]\ntargets = [\"sm_120\"]\njit-functions = [\"mylib.build\"]\n")
	c, err = Load([]string{py})
	if err != nil || len(c.JITFunctions) != 1 || c.Targets[0] != "sm_120" {
		t.Errorf("pyproject: %+v %v", c, err)
	}

	none := t.TempDir()
	write(t, none, "pyproject.toml", "[project]\nname = \"x\"\n")
	if c, err := Load([]string{none}); err != nil || c.File != "" {
		t.Errorf("no config: %+v %v", c, err)
	}
}

func TestUnknownKeyNamesKeyAndFile(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, ".archlint.toml", "target = \"sm_120\"\n")
	_, err := Load([]string{dir})
	if err == nil || !strings.Contains(err.Error(), "unknown key target") || !strings.Contains(err.Error(), ".archlint.toml") {
		t.Errorf("want an error naming the key and file, got %v", err)
	}
	py := t.TempDir()
	write(t, py, "pyproject.toml", "[tool.archlint]\ncuda_version = \"13.0\"\n")
	if _, err := Load([]string{py}); err == nil || !strings.Contains(err.Error(), "tool.archlint.cuda_version") {
		t.Errorf("pyproject unknown key: %v", err)
	}
	bad := t.TempDir()
	write(t, bad, ".archlint.toml", "[rules]\nAL101 = \"loud\"\n")
	if _, err := Load([]string{bad}); err == nil || !strings.Contains(err.Error(), "AL101") {
		t.Errorf("bad level: %v", err)
	}
}
