package controllers

import (
	"time"

	"github.com/kubeloop/kubeloop/controllers/kubelet"
	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/cluster"
	"github.com/kubeloop/kubeloop/core/controller"
)

// nodeAgent is the kubelet as a cluster needs it (cluster.NodeAgent).
type nodeAgent struct{}

func (nodeAgent) Register(m *controller.Manager) cluster.Kubelets {
	c := kubelet.Register(m)
	return kubelets{ctrl: c, Heartbeats: kubelet.HeartbeatsOf(c)}
}

func (nodeAgent) HealthyConditions(now time.Time) []api.NodeCondition {
	return kubelet.HealthyConditions(now)
}

// kubelets are the kubelet controller Register added and its node agents,
// whose heartbeats `sim node` fails, recovers, partitions and heals
// (cluster.Kubelets).
type kubelets struct {
	ctrl *controller.Controller
	*kubelet.Heartbeats
}

func (k kubelets) SetBooting(booting bool) { kubelet.SetBooting(k.ctrl, booting) }
