package cluster_test

import (
	"github.com/kubeloop/kubeloop/controllers"
	"github.com/kubeloop/kubeloop/core/cluster"
)

func init() { cluster.SetAllControllers(controllers.All()) }
