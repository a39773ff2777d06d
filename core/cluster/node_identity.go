package cluster

import (
	"encoding/hex"
	"fmt"

	"github.com/kubeloop/kubeloop/core/digest"
)

// machineIdentity is what a kubelet reads from its machine for
// status.nodeInfo: /etc/machine-id (32 hex digits; kind writes a fresh one
// into each node container), the DMI product UUID (kind gives each node its
// own, a random UUID) and the kernel's boot ID (a random UUID per boot of
// the host, so shared by every node of a kind cluster). The sandbox derives
// them from the node's name and the cluster's one "host", so a node shows
// the same identity in every run.
func machineIdentity(name string) (machineID, systemUUID, bootID string) {
	return hex.EncodeToString(sixteenBytes("machine-id", name)),
		randomUUID(sixteenBytes("product_uuid", name)),
		randomUUID(sixteenBytes("boot_id", "kubeloop-host"))
}

// sixteenBytes look random and depend only on kind and name.
func sixteenBytes(kind, name string) []byte {
	sum := digest.SHA256([]byte(kind + "/" + name))
	return sum[:16]
}

// randomUUID formats 16 bytes as a version-4 UUID, as the kernel's
// random/uuid hands them out.
func randomUUID(b []byte) string {
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
