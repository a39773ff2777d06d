package cluster

import (
	"fmt"
	"slices"

	"github.com/kubeloop/kubeloop/controllers/storageversiongc"
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
// Lease goes at once. The sandbox's own API server keeps no identity
// Lease, and started ones are not renewed every 10s, so the store stays
// quiet (no writes while nothing happens).

func init() { RegisterSim("apiserver", simAPIServer) }

// StorageVersionName is the StorageVersion `sim apiserver` writes.
const StorageVersionName = "apps.deployments"

func simAPIServer(c *Cluster, args []string) (string, error) {
	const usage = "usage: sim apiserver start|stop ID (an API server identity apiserver-ID)"
	if len(args) != 2 || args[1] == "" {
		return "", fmt.Errorf("%s", usage)
	}
	id := storageversiongc.LeasePrefix + args[1]
	leases := api.ResourceFor("leases")
	switch args[0] {
	case "start":
		now := api.NewTime(c.clk.Now())
		lease := &api.Lease{ObjectMeta: api.ObjectMeta{Name: id, Namespace: "kube-system",
			Labels: map[string]string{api.APIServerIdentityLabel: api.APIServerIdentityValue, "kubernetes.io/hostname": args[1]}},
			Spec: api.LeaseSpec{HolderIdentity: api.Ptr(id), LeaseDurationSeconds: api.Ptr(int32(3600)), AcquireTime: api.Ptr(now), RenewTime: api.Ptr(now)}}
		if _, err := c.store.Create(lease); err != nil {
			return "", err
		}
		entry := api.ServerStorageVersion{APIServerID: id, EncodingVersion: "apps/v1", DecodableVersions: []string{"apps/v1"}, ServedVersions: []string{"apps/v1"}}
		svs := api.ResourceFor("storageversions")
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
