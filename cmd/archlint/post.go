package main

import (
	"fmt"

	"github.com/archlint/archlint/analyzer/filter"
	"github.com/archlint/archlint/analyzer/finding"
	"github.com/archlint/archlint/analyzer/scan"
)

// postOptions are the post-processing flags.
type postOptions struct {
	read           filter.ReadFunc
	baseline       string
	rev, mergeBase string
	showSuppressed bool
	roots          []string
	// includeVendored keeps findings in third-party trees (3rdparty/,
	// third_party/, git submodules).
	includeVendored bool
}

// postProcess runs the filters in order, over every target at once:
// suppressions (a suppression used by any target counts as used), then the
// baseline, then the lines changed since a revision. Problems with
// suppression comments (AL901) join the first target's findings.
func postProcess(res *scan.Result, o postOptions) error {
	var all []finding.Finding
	for _, tr := range res.Targets {
		all = append(all, tr.Findings...)
	}
	if !o.includeVendored {
		var skips []filter.VendoredSkip
		all, skips = filter.Vendored(all, o.roots)
		for _, sk := range skips {
			res.Notifications = append(res.Notifications, finding.Notification{Level: finding.LevelNote,
				Message: fmt.Sprintf("%d finding(s) in the vendored tree %s not reported (third-party code; --include-vendored reports them)", sk.Findings, sk.Dir)})
		}
	}
	kept, suppressed, problems := filter.Suppress(all, res.Scanned, o.read)
	if o.showSuppressed {
		kept = append(kept, suppressed...)
	}
	if len(res.Targets) > 0 {
		for i := range problems {
			problems[i].Target = res.Targets[0].Target.String()
		}
	}
	var err error
	if o.baseline != "" {
		if kept, err = filter.BaselineFile(kept, o.baseline); err != nil {
			return fmt.Errorf("--baseline: %w", err)
		}
		if problems, err = filter.BaselineFile(problems, o.baseline); err != nil {
			return fmt.Errorf("--baseline: %w", err)
		}
	}
	if o.rev != "" || o.mergeBase != "" {
		rev, mb := o.rev, false
		if o.mergeBase != "" {
			rev, mb = o.mergeBase, true
		}
		if len(o.roots) == 0 {
			return fmt.Errorf("no scan root for --new-from-rev")
		}
		if kept, err = filter.NewFromRev(kept, o.roots[0], rev, mb); err != nil {
			return err
		}
		if problems, err = filter.NewFromRev(problems, o.roots[0], rev, mb); err != nil {
			return err
		}
	}
	// Back to their targets, in the original order.
	for i := range res.Targets {
		name := res.Targets[i].Target.String()
		var mine []finding.Finding
		for _, f := range kept {
			if f.Target == name {
				mine = append(mine, f)
			}
		}
		if i == 0 {
			mine = append(mine, problems...)
		}
		scan.SortFindings(mine)
		res.Targets[i].Findings = mine
	}
	return nil
}
