// Package config reads archlint's project configuration: `.archlint.toml`
// at a scan root, or `[tool.archlint]` in its pyproject.toml. Flags given on
// the command line override it. An unknown key is an error that names the
// key and the file, so a typo never silently does nothing.
package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
)

// Config is what a project can set.
type Config struct {
	// File is where the configuration came from ("" when none).
	File string `toml:"-"`

	Targets         []string          `toml:"targets"`
	CUDAVersion     string            `toml:"cuda-version"`
	BuildArchs      []string          `toml:"build-archs"`
	Exclude         []string          `toml:"exclude"`
	JITFunctions    []string          `toml:"jit-functions"`
	CapabilityFuncs []string          `toml:"capability-functions"`
	IncludeDirs     []string          `toml:"include-dirs"`
	FailOn          string            `toml:"fail-on"`
	Rules           map[string]string `toml:"rules"` // rule ID -> "error" | "warning" | "note" | "off"
}

// Load looks for a configuration in the scan roots, in order: the first
// root (a directory, or the directory of a file root) with `.archlint.toml`
// or a pyproject.toml that has `[tool.archlint]` wins.
func Load(roots []string) (*Config, error) {
	for _, r := range roots {
		dir := r
		if st, err := os.Stat(r); err == nil && !st.IsDir() {
			dir = filepath.Dir(r)
		}
		if c, err := loadFile(filepath.Join(dir, ".archlint.toml"), false); c != nil || err != nil {
			return c, err
		}
		if c, err := loadFile(filepath.Join(dir, "pyproject.toml"), true); c != nil || err != nil {
			return c, err
		}
	}
	return &Config{}, nil
}

func loadFile(name string, pyproject bool) (*Config, error) {
	raw, err := os.ReadFile(name)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	c := &Config{File: name}
	var md toml.MetaData
	if pyproject {
		var doc struct {
			Tool struct {
				Archlint *toml.Primitive `toml:"archlint"`
			} `toml:"tool"`
		}
		md, err = toml.Decode(string(raw), &doc)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if doc.Tool.Archlint == nil {
			return nil, nil // a pyproject.toml without [tool.archlint]
		}
		if err := md.PrimitiveDecode(*doc.Tool.Archlint, c); err != nil {
			return nil, fmt.Errorf("%s [tool.archlint]: %w", name, err)
		}
	} else if md, err = toml.Decode(string(raw), c); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	var unknown []string
	for _, k := range md.Undecoded() {
		key := k.String()
		if pyproject && !strings.HasPrefix(key, "tool.archlint") {
			continue // other tools' sections
		}
		unknown = append(unknown, key)
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return nil, fmt.Errorf("%s: unknown key %s (known: targets, cuda-version, build-archs, exclude, jit-functions, capability-functions, include-dirs, fail-on, rules)",
			name, strings.Join(unknown, ", "))
	}
	for id, lvl := range c.Rules {
		switch lvl {
		case "error", "warning", "note", "off":
		default:
			return nil, fmt.Errorf("%s: rules.%s = %q: want error, warning, note or off", name, id, lvl)
		}
	}
	return c, nil
}
