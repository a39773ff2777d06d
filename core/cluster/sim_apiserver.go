package cluster

import (
	"fmt"
	"slices"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/store"
)

// This file is `sim apiserver start|stop ID`: API server identities, for
// the storage version garbage collector. start makes an API server
// apiserver-ID: its identity Lease in kube-system (label
// apiserver.kubernetes.io/identity=kube-apiserver, 3600s) and its entry in
// the StorageVersion apps.deployments (created if missing). stop is the
// server gone for good: upstream its Lease expires an hour after its last
// renewal and the other API servers' lease collector deletes it; here the
// Lease goes at once. A started server renews its Lease every 10s
// (--identity-lease-renew-interval-seconds), as housekeeping. The
// sandbox's own API server keeps no identity Lease, so that a cluster
// nobody asked for API servers in has no writes every 10s.

func init() { RegisterSim("apiserver", simAPIServer) }

// StorageVersionName is the StorageVersion `sim apiserver` writes.
const StorageVersionName = "apps.deployments"

func simAPIServer(c *Cluster, args []string) (string, error) {
	const usage = "usage: sim apiserver start|stop ID (an API server identity apiserver-ID)"
	if len(args) != 2 || args[1] == "" {
		return "", fmt.Errorf("%s", usage)
	}
	id := api.APIServerLeasePrefix + args[1]
	leases := api.Leases
	switch args[0] {
	case "start":
		now := api.NewMicroTime(c.clk.Now())
		lease := &api.Lease{ObjectMeta: api.ObjectMeta{Name: id, Namespace: "kube-system",
			Labels: map[string]string{api.APIServerIdentityLabel: api.APIServerIdentityValue, "kubernetes.io/hostname": args[1]}},
			Spec: api.LeaseSpec{HolderIdentity: api.Ptr(id), LeaseDurationSeconds: api.Ptr(int32(3600)), AcquireTime: api.Ptr(now), RenewTime: api.Ptr(now)}}
		created, err := c.store.Create(lease)
		if err != nil {
			return "", err
		}
		renewIdentity(c, id, created.GetObjectMeta().UID)
		entry := api.ServerStorageVersion{APIServerID: id, EncodingVersion: "apps/v1", DecodableVersions: []string{"apps/v1"}, ServedVersions: []string{"apps/v1"}}
		svs := api.StorageVersions
		if o, err := c.store.Get(svs, "", StorageVersionName); err == nil {
			sv := api.DeepCopy(o.(*api.StorageVersion))
			sv.Status.StorageVersions = append(slices.DeleteFunc(sv.Status.StorageVersions, func(v api.ServerStorageVersion) bool { return v.APIServerID == id }), entry)
			if _, err := c.store.UpdateStatus(sv); err != nil {
				return "", err
			}
		} else {
			sv := &api.StorageVersion{ObjectMeta: api.ObjectMeta{Name: StorageVersionName}}
			out, err := c.store.Create(sv)
			if err != nil {
				return "", err
			}
			sv = api.DeepCopy(out.(*api.StorageVersion))
			sv.Status.StorageVersions = []api.ServerStorageVersion{entry}
			sv.Status.CommonEncodingVersion = api.Ptr("apps/v1")
			if _, err := c.store.UpdateStatus(sv); err != nil {
				return "", err
			}
		}
		c.RunUntilIdle(0)
		return fmt.Sprintf("API server %s started: lease kube-system/%s, storageversion %s\n", id, id, StorageVersionName), nil
	case "stop":
		if _, err := c.store.Delete(leases, "kube-system", id, store.DeleteOptions{}); err != nil {
			return "", err
		}
		c.RunUntilIdle(0)
		return fmt.Sprintf("API server %s stopped: its identity lease is gone\n", id), nil
	}
	return "", fmt.Errorf("%s", usage)
}

// identityRenewInterval is kube-apiserver's identity lease renewal period.
const identityRenewInterval = 10 * time.Second

// renewIdentity renews API server id's Lease (uid) every 10s while it
// exists: once it is deleted (sim apiserver stop) the server is gone.
func renewIdentity(c *Cluster, id, uid string) {
	c.clk.Housekeeping(identityRenewInterval, "apiserver identity "+id, func() {
		o, err := c.store.Get(api.Leases, "kube-system", id)
		if err != nil || o.GetObjectMeta().UID != uid {
			return
		}
		l := api.DeepCopy(o.(*api.Lease))
		l.Spec.RenewTime = api.Ptr(api.NewMicroTime(c.clk.Now()))
		if _, err := c.store.Update(l); err != nil {
			return
		}
		renewIdentity(c, id, uid)
	})
}
