package cluster

import "github.com/kubeloop/kubeloop/core/kubectl/helptext"

// KubectlHelp are the pages kubectl's help prints (Options.KubectlHelp).
func (c *Cluster) KubectlHelp() helptext.Pages { return c.opts.KubectlHelp }

// SetKubectlHelp changes them: the page hands them over once it has loaded
// them.
func (c *Cluster) SetKubectlHelp(p helptext.Pages) { c.opts.KubectlHelp = p }
