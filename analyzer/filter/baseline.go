package filter

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"

	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/analyzer/report"
)

// stableKey is the partialFingerprints key under which report writes
// report.StableFingerprint (fingerprint.go: stableFingerprintKey). It is
// repeated here because report keeps it unexported; TestBaselineRoundTrip
// writes a log through report.WriteSARIF and fails if the two drift.
const stableKey = "archlint/v1"

// baselineLog is the part of a SARIF log that Baseline reads.
type baselineLog struct {
	Version *string `json:"version"`
	Runs    []struct {
		Results []struct {
			PartialFingerprints map[string]string `json:"partialFingerprints"`
			Locations           []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI string `json:"uri"`
					} `json:"artifactLocation"`
				} `json:"physicalLocation"`
			} `json:"locations"`
		} `json:"results"`
	} `json:"runs"`
}

// BaselineFile is Baseline with the log read from file.
func BaselineFile(fs []finding.Finding, file string) ([]finding.Finding, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("baseline: %w", err)
	}
	out, err := Baseline(fs, b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return out, nil
}

// Baseline keeps the findings that are absent from sarifLog, an earlier
// archlint SARIF log, marked Properties[PropBaselineState] = "new"; findings
// present in it ("unchanged") are dropped. Presence is decided by archlint's
// stable fingerprint (partialFingerprints "archlint/v1"), which survives
// edits that move a finding to another line.
//
// The fingerprint hashes the file's path as report spelled it: relative to
// the working directory, or to the scan root for a file outside it. The
// baseline's own result URIs say which spelling was used, so each finding is
// fingerprinted with every baseline path that its Root/Path ends with (and
// with its root-relative Path): a baseline made from another working
// directory or checkout location still matches.
func Baseline(fs []finding.Finding, sarifLog []byte) ([]finding.Finding, error) {
	var log baselineLog
	if err := json.Unmarshal(sarifLog, &log); err != nil {
		return nil, fmt.Errorf("baseline is not a SARIF log: %w", err)
	}
	if log.Version == nil || *log.Version != "2.1.0" || log.Runs == nil {
		return nil, errors.New(`baseline is not a SARIF 2.1.0 log (no "version": "2.1.0" or no "runs")`)
	}
	prints := map[string]bool{}
	paths := map[string][]string{} // base name -> baseline paths
	seenPath := map[string]bool{}
	results, stable := 0, 0
	for _, run := range log.Runs {
		for _, res := range run.Results {
			results++
			fp := res.PartialFingerprints[stableKey]
			if fp == "" {
				continue
			}
			stable++
			prints[fp] = true
			if len(res.Locations) == 0 {
				continue
			}
			p, err := url.PathUnescape(res.Locations[0].PhysicalLocation.ArtifactLocation.URI)
			if err != nil || p == "" || seenPath[p] {
				continue
			}
			seenPath[p] = true
			paths[path.Base(p)] = append(paths[path.Base(p)], p)
		}
	}
	if results > 0 && stable == 0 {
		return nil, fmt.Errorf("baseline has %d results but no %q fingerprints: was it written by archlint --format sarif?",
			results, stableKey)
	}

	var out []finding.Finding
	for _, f := range fs {
		if present(f, prints, paths) {
			continue
		}
		out = append(out, withProperty(f, PropBaselineState, "new"))
	}
	return out, nil
}

// present reports whether f's stable fingerprint, under any spelling of its
// path that the baseline used, is in the baseline.
func present(f finding.Finding, prints map[string]bool, paths map[string][]string) bool {
	rel := path.Clean(filepath.ToSlash(f.Location.Path))
	if prints[report.StableFingerprint(f, rel)] {
		return true
	}
	full := path.Join(filepath.ToSlash(f.Location.Root), rel)
	for _, p := range paths[path.Base(rel)] {
		if (full == p || hasPathSuffix(full, p)) && prints[report.StableFingerprint(f, p)] {
			return true
		}
	}
	return false
}

// hasPathSuffix reports whether p ends with the whole segments of suffix.
func hasPathSuffix(p, suffix string) bool {
	return len(p) > len(suffix) && p[len(p)-len(suffix)-1] == '/' && p[len(p)-len(suffix):] == suffix
}
