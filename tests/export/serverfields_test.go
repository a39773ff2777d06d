package export_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// serverFields are what the API server, its allocators and the
// controllers write into an object: none may be in an export unless the
// learner wrote it.
var serverFields = []string{
	"status:", "uid:", "resourceVersion:", "generation:", "creationTimestamp:", "managedFields",
	"ownerReferences", "finalizers", "selfLink", "clusterIPs", "nodePort:", "healthCheckNodePort",
	"volumeName", "nodeName", "claimRef", "storageClassName",
	"terminationMessagePath", "terminationMessagePolicy", "dnsPolicy", "schedulerName",
	"terminationGracePeriodSeconds", "imagePullPolicy", "restartPolicy", "ipFamilies", "ipFamilyPolicy",
	"internalTrafficPolicy", "sessionAffinity", "type: ClusterIP", "protocol: TCP", "revisionHistoryLimit",
	"progressDeadlineSeconds", "strategy", "updateStrategy", "podManagementPolicy",
	"persistentVolumeClaimRetentionPolicy", "volumeMode", "kind: PersistentVolumeClaim",
	"parallelism", "completionMode", "suspend", "podReplacementPolicy", "backoffLimit",
	"concurrencyPolicy", "successfulJobsHistoryLimit", "failedJobsHistoryLimit",
	"controller-uid", "job-name", "pod-template-hash", "tolerationSeconds", "serviceAccountName",
	"kubernetes.io/metadata.name", "last-applied-configuration", "deployment.kubernetes.io",
	"pv.kubernetes.io", "namespace: default", "resources: {}", "creationTimestamp: null",
}

// flagFor is the kubectl flag that writes a field.
var flagFor = map[string]string{"restartPolicy": "--restart="}

// allocatedValue is a cluster IP the simulation chose.
var allocatedValue = regexp.MustCompile(`clusterIP: \d`)

func TestExportHasNoServerFields(t *testing.T) {
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			text, err := run(t, sc.script).Export()
			require.NoError(t, err)
			require.NotEmpty(t, text)
			for _, f := range serverFields {
				if wrote := strings.TrimSuffix(f, ":"); strings.Contains(sc.script, wrote) ||
					flagFor[wrote] != "" && strings.Contains(sc.script, flagFor[wrote]) {
					continue // the learner wrote it
				}
				assert.NotContains(t, text, f, "export:\n%s", text)
			}
			assert.NotRegexp(t, allocatedValue, text)
		})
	}
}
