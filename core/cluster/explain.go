package cluster

import "github.com/kubeloop/kubeloop/core/explain"

// FieldDocs are the descriptions kubectl explain prints (Options.FieldDocs).
func (c *Cluster) FieldDocs() explain.Docs { return c.opts.FieldDocs }

// SetFieldDocs changes them: the page hands them over once it has loaded
// them, and again in another language.
func (c *Cluster) SetFieldDocs(d explain.Docs) { c.opts.FieldDocs = d }
