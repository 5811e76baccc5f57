package main

import (
	"encoding/json"
	"io"

	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/analyzer/report"
)

// writeJSON prints the plain findings, one document per scan, for scripts.
func writeJSON(w io.Writer, runs []report.Run) error {
	type run struct {
		Target        string                 `json:"target"`
		CUDAVersion   string                 `json:"cudaVersion"`
		Findings      []finding.Finding      `json:"findings"`
		Notifications []finding.Notification `json:"notifications"`
	}
	out := make([]run, 0, len(runs))
	for _, r := range runs {
		fs := r.Findings
		if fs == nil {
			fs = []finding.Finding{}
		}
		ns := r.Notifications
		if ns == nil {
			ns = []finding.Notification{}
		}
		out = append(out, run{r.Target, r.CUDAVersion, fs, ns})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
