package api

// KubernetesVersion is the release the sandbox's API server and nodes
// report (kubectl version's Server Version, each node's kubeletVersion).
const KubernetesVersion = "v1.32.13"
