package explain

// enums are the values kubectl explain lists for a field ("enum: Recreate,
// RollingUpdate"), keyed by struct and field: the fields whose values
// core/api's validation restricts to a set, sorted as the API's OpenAPI
// schema sorts them.
var enums = map[string][]string{
	"DeploymentStrategy.type":                                     {"Recreate", "RollingUpdate"},
	"PodSpec.restartPolicy":                                       {"Always", "Never", "OnFailure"},
	"Container.imagePullPolicy":                                   {"Always", "IfNotPresent", "Never"},
	"ContainerPort.protocol":                                      {"SCTP", "TCP", "UDP"},
	"ServicePort.protocol":                                        {"SCTP", "TCP", "UDP"},
	"ServiceSpec.type":                                            {"ClusterIP", "ExternalName", "LoadBalancer", "NodePort"},
	"CronJobSpec.concurrencyPolicy":                               {"Allow", "Forbid", "Replace"},
	"JobSpec.completionMode":                                      {"Indexed", "NonIndexed"},
	"JobSpec.podReplacementPolicy":                                {"Failed", "TerminatingOrFailed"},
	"PodFailurePolicyRule.action":                                 {"Count", "FailIndex", "FailJob", "Ignore"},
	"PodFailurePolicyOnExitCodesRequirement.operator":             {"In", "NotIn"},
	"PersistentVolumeSpec.persistentVolumeReclaimPolicy":          {"Delete", "Recycle", "Retain"},
	"StorageClass.reclaimPolicy":                                  {"Delete", "Recycle", "Retain"},
	"StorageClass.volumeBindingMode":                              {"Immediate", "WaitForFirstConsumer"},
	"StatefulSetSpec.podManagementPolicy":                         {"OrderedReady", "Parallel"},
	"StatefulSetUpdateStrategy.type":                              {"OnDelete", "RollingUpdate"},
	"DaemonSetUpdateStrategy.type":                                {"OnDelete", "RollingUpdate"},
	"StatefulSetPersistentVolumeClaimRetentionPolicy.whenDeleted": {"Delete", "Retain"},
	"StatefulSetPersistentVolumeClaimRetentionPolicy.whenScaled":  {"Delete", "Retain"},
	"Toleration.operator":                                         {"Equal", "Exists"},
	"Taint.effect":                                                {"NoExecute", "NoSchedule", "PreferNoSchedule"},
	"Toleration.effect":                                           {"NoExecute", "NoSchedule", "PreferNoSchedule"},
}
