package kubectl

import (
	"fmt"
	"slices"
	"strings"
)

// This file is `kubectl help`, `kubectl`, and `kubectl VERB --help`:
// kubectl's own layout and wording, listing only what this terminal runs.

// helpText describes one command as `kubectl COMMAND --help` does, cut down
// to the flags kubeloop supports.
type helpText struct {
	short   string // one line, in the command list
	long    string // the first paragraph of the help page
	example string // one example, already indented
	options string // the supported flags, in kubectl's layout
	usage   string // after "Usage:\n  "
}

// helpGroups is `kubectl`'s command list: its groups, in its order, with
// only the verbs implemented here.
var helpGroups = []struct {
	title string
	verbs []string
}{
	{"Basic Commands (Beginner)", []string{"create", "set"}},
	{"Basic Commands (Intermediate)", []string{"get", "delete"}},
	{"Deploy Commands", []string{"rollout", "scale"}},
	{"Troubleshooting and Debugging Commands", []string{"describe"}},
	{"Advanced Commands", []string{"apply", "patch", "wait"}},
	{"Settings Commands", []string{"label", "annotate"}},
	{"Other Commands", []string{"version"}},
}

// subcommands lists the subcommands of rollout and set, in kubectl's order.
var subcommands map[string][]string

func fillSubcommands() {
	subcommands = map[string][]string{
		"create":  {"configmap", "cronjob", "deployment", "job", "namespace", "poddisruptionbudget", "quota", "secret", "service", "serviceaccount"},
		"rollout": {"history", "pause", "restart", "resume", "status", "undo"},
		"set":     {"env", "image", "resources"},
		// kubectl create service's types.
		"create service": {"clusterip", "externalname", "loadbalancer", "nodeport"},
	}
}

var helpTexts map[string]helpText

func fillHelpTexts() {
	helpTexts = map[string]helpText{
		"annotate": {
			short:   "Update the annotations on a resource",
			long:    "Update the annotations on one or more resources.",
			example: "  # Update pod 'foo' with the annotation 'description' and the value 'my frontend'\n  kubectl annotate pods foo description='my frontend'",
			options: opt("--overwrite=false", "If true, allow annotations to be overwritten, otherwise reject annotation updates that overwrite existing annotations."),
			usage:   "kubectl annotate [--overwrite] (-f FILENAME | TYPE NAME) KEY_1=VAL_1 ... KEY_N=VAL_N [--resource-version=version] [options]",
		},
		"apply": {
			short:   "Apply a configuration to a resource by file name or stdin",
			long:    "Apply a configuration to a resource by file name or stdin. The resource name must be specified. This resource will be created if it doesn't exist yet. To use 'apply', always create the resource initially with either 'apply' or 'create --save-config'.",
			example: "  # Apply the configuration in pod.json to a pod\n  kubectl apply -f ./pod.json",
			options: opt("-f, --filename=[]", "The files that contain the configurations to apply (- for stdin).") +
				opt("--record=false", "Record current kubectl command in the resource annotation."),
			usage: "kubectl apply (-f FILENAME | -k DIRECTORY) [options]",
		},
		"create": {
			short:   "Create a resource from a file or from stdin",
			long:    "Create a resource from a file or from stdin.",
			example: "  # Create a deployment using the data in nginx-deployment.yaml\n  kubectl create -f nginx-deployment.yaml",
			options: opt("-f, --filename=[]", "Filename to use to create the resource (- for stdin).") +
				opt("--record=false", "Record current kubectl command in the resource annotation.") +
				opt("--save-config=false", "If true, the configuration of current object will be saved in its annotation."),
			usage: "kubectl create -f FILENAME [options]",
		},
		"create configmap": {
			short:   "Create a config map from a local file, directory or literal value",
			long:    "Create a config map based on a file, directory, or specified literal value.\n\n A single config map may package one or more key/value pairs.",
			example: "  # Create a new config map named my-config with key1=config1 and key2=config2\n  kubectl create configmap my-config --from-literal=key1=config1 --from-literal=key2=config2",
			options: generatorOptions + opt("--from-file=[]", "Key file can be specified using its file path, in which case file basename will be used as configmap key, or optionally with a key and file path, in which case the given key will be used.") +
				opt("--from-literal=[]", "Specify a key and literal value to insert in configmap (i.e. mykey=somevalue)"),
			usage: "kubectl create configmap NAME [--from-file=[key=]source] [--from-literal=key1=value1] [--dry-run=server|client|none] [options]",
		},
		"create secret": {
			short:   "Create a secret from a local file, directory, or literal value",
			long:    "Create a secret with specified type.\n\n A generic secret holds key/value pairs from files or literal values (kubeloop's kubectl creates generic secrets).",
			example: "  # Create a new secret named my-secret with key1=supersecret and key2=topsecret\n  kubectl create secret generic my-secret --from-literal=key1=supersecret --from-literal=key2=topsecret",
			options: generatorOptions + opt("--from-file=[]", "Key files can be specified using their file path, in which case a default name will be given to them, or optionally with a name and file path, in which case the given name will be used.") +
				opt("--from-literal=[]", "Specify a key and literal value to insert in secret (i.e. mykey=somevalue)") +
				opt("--type=''", "The type of secret to create"),
			usage: "kubectl create secret generic NAME [--type=string] [--from-file=[key=]source] [--from-literal=key1=value1] [--dry-run=server|client|none] [options]",
		},
		"create cronjob": {
			short:   "Create a cron job with the specified name",
			long:    "Create a cron job with the specified name.",
			example: "  # Create a cron job\n  kubectl create cronjob my-job --image=busybox --schedule=\"*/1 * * * *\"",
			options: generatorOptions + opt("--image=''", "Image name to run.") +
				opt("--restart=''", "job's restart policy. supported values: OnFailure, Never") +
				opt("--schedule=''", "A schedule in the Cron format the job should be run with."),
			usage: "kubectl create cronjob NAME --image=image --schedule='0/5 * * * ?' -- [COMMAND] [args...] [flags] [options]",
		},
		"create deployment": {
			short:   "Create a deployment with the specified name",
			long:    "Create a deployment with the specified name.",
			example: "  # Create a deployment named my-dep that runs the busybox image\n  kubectl create deployment my-dep --image=busybox\n\n  # Create a deployment named my-dep that runs the nginx image with 3 replicas\n  kubectl create deployment my-dep --image=nginx --replicas=3\n\n  # Create a deployment named my-dep that runs the busybox image and expose port 5701\n  kubectl create deployment my-dep --image=busybox --port=5701",
			options: generatorOptions + opt("--image=[]", "Image names to run. A deployment can have multiple images set for multi-container pod.") +
				opt("--port=-1", "The containerPort that this deployment exposes.") +
				opt("-r, --replicas=1", "Number of replicas to create. Default is 1."),
			usage: "kubectl create deployment NAME --image=image -- [COMMAND] [args...] [options]",
		},
		"create job": {
			short:   "Create a job with the specified name",
			long:    "Create a job with the specified name.",
			example: "  # Create a job\n  kubectl create job my-job --image=busybox\n\n  # Create a job from a cron job named \"a-cronjob\"\n  kubectl create job test-job --from=cronjob/a-cronjob",
			options: generatorOptions + opt("--from=''", "The name of the resource to create a Job from (only cronjob is supported).") +
				opt("--image=''", "Image name to run."),
			usage: "kubectl create job NAME --image=image [--from=cronjob/name] -- [COMMAND] [args...] [options]",
		},
		"create poddisruptionbudget": {
			short:   "Create a pod disruption budget with the specified name",
			long:    "Create a pod disruption budget with the specified name, selector, and desired minimum available pods.",
			example: "  # Create a pod disruption budget named my-pdb that will select all pods with the app=rails label\n  # and require at least one of them being available at any point in time\n  kubectl create poddisruptionbudget my-pdb --selector=app=rails --min-available=1\n  \n  # Create a pod disruption budget named my-pdb that will select all pods with the app=nginx label\n  # and require at least half of the pods selected to be available at any point in time\n  kubectl create pdb my-pdb --selector=app=nginx --min-available=50%",
			options: generatorOptions + opt("--max-unavailable=''", "The maximum number or percentage of unavailable pods this budget requires.") +
				opt("--min-available=''", "The minimum number or percentage of available pods this budget requires.") +
				opt("--selector=''", "A label selector to use for this budget. Only equality-based selector requirements are supported."),
			usage: "kubectl create poddisruptionbudget NAME --selector=SELECTOR --min-available=N [--dry-run=server|client|none] [options]",
		},
		"create quota": {
			short:   "Create a quota with the specified name",
			long:    "Create a resource quota with the specified name, hard limits, and optional scopes.",
			example: "  # Create a new resource quota named my-quota\n  kubectl create quota my-quota --hard=cpu=1,memory=1G,pods=2,services=3,replicationcontrollers=2,resourcequotas=1,secrets=5,persistentvolumeclaims=10",
			options: generatorOptions + opt("--hard=''", "A comma-delimited set of resource=quantity pairs that define a hard limit.") +
				opt("--scopes=''", "A comma-delimited set of quota scopes that must all match each object tracked by the quota. (kubeloop does not simulate quota scopes.)"),
			usage: "kubectl create quota NAME [--hard=key1=value1,key2=value2] [--scopes=Scope1,Scope2] [--dry-run=server|client|none] [options]",
		},
		"create namespace": {
			short:   "Create a namespace with the specified name",
			long:    "Create a namespace with the specified name.",
			example: "  # Create a new namespace named my-namespace\n  kubectl create namespace my-namespace",
			options: generatorOptions,
			usage:   "kubectl create namespace NAME [--dry-run=server|client|none] [options]",
		},
		"create service": {
			short: "Create a service using a specified subcommand",
			long:  "Create a service using a specified subcommand.",
			usage: "kubectl create service [flags] [options]",
		},
		"create service clusterip": {
			short: "Create a ClusterIP service",
			long:  "Create a ClusterIP service with the specified name.",
			example: "  # Create a new ClusterIP service named my-cs\n  kubectl create service clusterip my-cs --tcp=5678:8080\n\n" +
				"  # Create a new ClusterIP service named my-cs (in headless mode)\n  kubectl create service clusterip my-cs --clusterip=\"None\"",
			options: opt("--clusterip=''", "Assign your own ClusterIP or set to 'None' for a 'headless' service (no loadbalancing).") + generatorOptions +
				opt("--tcp=[]", "Port pairs can be specified as '<port>:<targetPort>'."),
			usage: "kubectl create service clusterip NAME [--tcp=<port>:<targetPort>] [--dry-run=server|client|none] [options]",
		},
		"create service externalname": {
			short:   "Create an ExternalName service",
			long:    "Create an ExternalName service with the specified name.\n\n ExternalName service references to an external DNS address instead of only pods, which will allow application authors to reference services that exist off platform, on other clusters, or locally.",
			example: "  # Create a new ExternalName service named my-ns\n  kubectl create service externalname my-ns --external-name bar.com",
			options: generatorOptions + opt("--external-name=''", "External name of service") + opt("--tcp=[]", "Port pairs can be specified as '<port>:<targetPort>'."),
			usage:   "kubectl create service externalname NAME --external-name external.name [--dry-run=server|client|none] [options]",
		},
		"create service loadbalancer": {
			short:   "Create a LoadBalancer service",
			long:    "Create a LoadBalancer service with the specified name.",
			example: "  # Create a new LoadBalancer service named my-lbs\n  kubectl create service loadbalancer my-lbs --tcp=5678:8080",
			options: generatorOptions + opt("--tcp=[]", "Port pairs can be specified as '<port>:<targetPort>'."),
			usage:   "kubectl create service loadbalancer NAME [--tcp=port:targetPort] [--dry-run=server|client|none] [options]",
		},
		"create service nodeport": {
			short:   "Create a NodePort service",
			long:    "Create a NodePort service with the specified name.",
			example: "  # Create a new NodePort service named my-ns\n  kubectl create service nodeport my-ns --tcp=5678:8080",
			options: generatorOptions + opt("--node-port=0", "Port used to expose the service on each node in a cluster.") + opt("--tcp=[]", "Port pairs can be specified as '<port>:<targetPort>'."),
			usage:   "kubectl create service nodeport NAME [--tcp=port:targetPort] [--dry-run=server|client|none] [options]",
		},
		"create serviceaccount": {
			short:   "Create a service account with the specified name",
			long:    "Create a service account with the specified name.",
			example: "  # Create a new service account named my-service-account\n  kubectl create serviceaccount my-service-account",
			options: generatorOptions,
			usage:   "kubectl create serviceaccount NAME [--dry-run=server|client|none] [options]",
		},
		"delete": {
			short:   "Delete resources by file names, stdin, resources and names, or by resources and label selector",
			long:    "Delete resources by file names, stdin, resources and names, or by resources and label selector.",
			example: "  # Delete a pod with minimal delay\n  kubectl delete pod foo --now",
			options: opt("--all=false", "Delete all resources, in the namespace of the specified resource types.") +
				opt("--cascade='background'", "Must be \"background\", \"orphan\", or \"foreground\".") +
				opt("--field-selector=''", "Selector (field query) to filter on, supports '=', '==', and '!='.(e.g. --field-selector key1=value1,key2=value2). The server only supports a limited number of field queries per type.") +
				opt("-f, --filename=[]", "containing the resource to delete.") +
				opt("--force=false", "If true, immediately remove resources from API and bypass graceful deletion.") +
				opt("--grace-period=-1", "Period of time in seconds given to the resource to terminate gracefully.") +
				opt("--ignore-not-found=false", "Treat \"resource not found\" as a successful delete.") +
				opt("--now=false", "If true, resources are signaled for immediate shutdown (same as --grace-period=1).") +
				opt("-l, --selector=''", "Selector (label query) to filter on.") +
				opt("--wait=true", "If true, wait for resources to be gone before returning."),
			usage: "kubectl delete ([-f FILENAME] | [-k DIRECTORY] | TYPE [(NAME | -l label | --all)]) [options]",
		},
		"describe": {
			short:   "Show details of a specific resource or group of resources",
			long:    "Show details of a specific resource or group of resources.\n\n Print a detailed description of the selected resources, including related resources such as events or controllers. You may select a single object by name, all objects of that type, provide a name prefix, or label selector.",
			example: "  # Describe a pod\n  kubectl describe pods/nginx",
			options: opt("-A, --all-namespaces=false", "If present, list the requested object(s) across all namespaces.") +
				opt("-l, --selector=''", "Selector (label query) to filter on.") +
				opt("--show-events=true", "If true, display events related to the described object."),
			usage: "kubectl describe (-f FILENAME | TYPE [NAME_PREFIX | -l label] | TYPE/NAME) [options]",
		},
		"get": {
			short: "Display one or many resources",
			long:  "Display one or many resources.\n\n Prints a table of the most important information about the specified resources. You can filter the list using a label selector and the --selector flag.",
			example: "  # List all pods in ps output format\n  kubectl get pods\n\n" +
				"  # List a single pod in JSON output format\n  kubectl get -o json pod web-pod-13je7\n\n" +
				"  # Return only the phase value of the specified pod\n  kubectl get pod web-pod-13je7 -o jsonpath={.status.phase}\n\n" +
				"  # List resource information in custom columns\n  kubectl get pod test-pod -o custom-columns=CONTAINER:.spec.containers[0].name,IMAGE:.spec.containers[0].image",
			options: opt("-A, --all-namespaces=false", "If present, list the requested object(s) across all namespaces.") +
				opt("--allow-missing-template-keys=true", "If true, ignore any errors in templates when a field or map key is missing in the template. Only applies to golang and jsonpath output formats.") +
				opt("--field-selector=''", "Selector (field query) to filter on, supports '=', '==', and '!='.(e.g. --field-selector key1=value1,key2=value2). The server only supports a limited number of field queries per type.") +
				opt("-L, --label-columns=[]", "Accepts a comma separated list of labels that are going to be presented as columns. Names are case-sensitive. You can also use multiple flag options like -L label1 -L label2...") +
				opt("--no-headers=false", "When using the default or custom-column output format, don't print headers (default print headers).") +
				opt("-o, --output=''", "Output format. One of: (json, yaml, name, jsonpath, custom-columns, wide). See custom columns [https://kubernetes.io/docs/reference/kubectl/#custom-columns] and jsonpath template [https://kubernetes.io/docs/reference/kubectl/jsonpath/].") +
				opt("-l, --selector=''", "Selector (label query) to filter on.") +
				opt("--show-kind=false", "If present, list the resource type for the requested object(s).") +
				opt("--show-labels=false", "When printing, show all labels as the last column.") +
				opt("--sort-by=''", "If non-empty, sort list types using this field specification.  The field specification is expressed as a JSONPath expression (e.g. '{.metadata.name}'). The field in the API resource specified by this JSONPath expression must be an integer or a string.") +
				opt("--template=''", "Template string to use when -o=jsonpath, the same as -o=jsonpath=TEMPLATE. (kubeloop has no go-template output.)") +
				opt("-w, --watch=false", "After listing/getting the requested object, watch for changes.") +
				opt("--watch-only=false", "Watch for changes to the requested object(s), without listing/getting first."),
			usage: "kubectl get [(-o|--output=)json|yaml|name|jsonpath|custom-columns|wide] (TYPE[.VERSION][.GROUP] [NAME | -l label] | TYPE[.VERSION][.GROUP]/NAME ...) [flags] [options]",
		},
		"help": {
			short: "Help about any command",
			long:  "Help provides help for any command in the application.\nSimply type kubectl help [path to command] for full details.",
			usage: "kubectl help [command] [options]",
		},
		"label": {
			short:   "Update the labels on a resource",
			long:    "Update the labels on a resource.",
			example: "  # Update pod 'foo' with the label 'unhealthy' and the value 'true'\n  kubectl label pods foo unhealthy=true",
			options: opt("--overwrite=false", "If true, allow labels to be overwritten, otherwise reject label updates that overwrite existing labels."),
			usage:   "kubectl label [--overwrite] (-f FILENAME | TYPE NAME) KEY_1=VAL_1 ... KEY_N=VAL_N [--resource-version=version] [options]",
		},
		"patch": {
			short:   "Update fields of a resource",
			long:    "Update fields of a resource using strategic merge patch, a JSON merge patch, or a JSON patch.\n\n JSON and YAML formats are accepted.",
			example: "  # Update a container's image; spec.containers[*].name is required because it's a merge key\n  kubectl patch pod valid-pod -p '{\"spec\":{\"containers\":[{\"name\":\"kubernetes-serve-hostname\",\"image\":\"new image\"}]}}'",
			options: opt("-p, --patch=''", "The patch to be applied to the resource JSON file.") +
				opt("--type='strategic'", "The type of patch being provided; one of [json merge strategic]"),
			usage: "kubectl patch (-f FILENAME | TYPE NAME) [-p PATCH|--patch-file FILE] [options]",
		},
		"rollout": {
			short: "Manage the rollout of a resource",
			long:  "Manage the rollout of one or many resources.\n        \n Valid resource types include:\n\n  *  deployments\n  *  daemonsets\n  *  statefulsets",
			example: "  # Rollback to the previous deployment\n  kubectl rollout undo deployment/abc\n  \n" +
				"  # Check the rollout status of a daemonset\n  kubectl rollout status daemonset/foo\n  \n" +
				"  # Restart a deployment\n  kubectl rollout restart deployment/abc",
			usage: "kubectl rollout SUBCOMMAND [options]",
		},
		"rollout history": {
			short:   "View rollout history",
			long:    "View previous rollout revisions and configurations.",
			example: "  # View the rollout history of a deployment\n  kubectl rollout history deployment/abc",
			options: opt("--revision=0", "See the details, including podTemplate of the revision specified"),
			usage:   "kubectl rollout history (TYPE NAME | TYPE/NAME) [flags] [options]",
		},
		"rollout pause": {
			short:   "Mark the provided resource as paused",
			long:    "Mark the provided resource as paused.\n\n Paused resources will not be reconciled by a controller. Use \"kubectl rollout resume\" to resume a paused resource. Currently only deployments support being paused.",
			example: "  # Mark the nginx deployment as paused\n  kubectl rollout pause deployment/nginx",
			usage:   "kubectl rollout pause RESOURCE [options]",
		},
		"rollout restart": {
			short:   "Restart a resource",
			long:    "Restart a resource.\n\n        Resource rollout will be restarted.",
			example: "  # Restart a deployment\n  kubectl rollout restart deployment/nginx",
			usage:   "kubectl rollout restart RESOURCE [options]",
		},
		"rollout resume": {
			short:   "Resume a paused resource",
			long:    "Resume a paused resource.\n\n Paused resources will not be reconciled by a controller. By resuming a resource, we allow it to be reconciled again. Currently only deployments support being resumed.",
			example: "  # Resume an already paused deployment\n  kubectl rollout resume deployment/nginx",
			usage:   "kubectl rollout resume RESOURCE [options]",
		},
		"rollout status": {
			short:   "Show the status of the rollout",
			long:    "Show the status of the rollout.\n\n By default 'rollout status' will watch the status of the latest rollout until it's done. If you don't want to wait for the rollout to finish then you can use --watch=false.",
			example: "  # Watch the rollout status of a deployment\n  kubectl rollout status deployment/nginx",
			options: opt("--timeout=0s", "The length of time to wait before ending watch, zero means never.") +
				opt("-w, --watch=true", "Watch the status of the rollout until it's done."),
			usage: "kubectl rollout status (TYPE NAME | TYPE/NAME) [flags] [options]",
		},
		"rollout undo": {
			short:   "Undo a previous rollout",
			long:    "Roll back to a previous rollout.",
			example: "  # Roll back to the previous deployment\n  kubectl rollout undo deployment/abc",
			options: opt("--to-revision=0", "The revision to rollback to. Default to 0 (last revision)."),
			usage:   "kubectl rollout undo (TYPE NAME | TYPE/NAME) [flags] [options]",
		},
		"scale": {
			short:   "Set a new size for a deployment, replica set, or replication controller",
			long:    "Set a new size for a deployment or replica set.",
			example: "  # Scale a deployment named 'nginx-deployment' to 4\n  kubectl scale deployment nginx-deployment --replicas=4",
			options: opt("--current-replicas=-1", "Precondition for current size. Requires that the current size of the resource match this value in order to scale.") +
				opt("--replicas=0", "The new desired number of replicas. Required."),
			usage: "kubectl scale [--resource-version=version] [--current-replicas=count] --replicas=COUNT (-f FILENAME | TYPE NAME) [options]",
		},
		"set": {
			short: "Set specific features on objects",
			long:  "Configure application resources.\n\n These commands help you make changes to existing application resources.",
			usage: "kubectl set SUBCOMMAND [options]",
		},
		"set env": {
			short: "Update environment variables on a pod template",
			long: "Update environment variables on a pod template.\n\n List environment variable definitions in one or more pods, pod templates. Add, update, or remove container environment variable definitions in one or more pod templates (within replication controllers or deployment configurations). View or modify the environment variable definitions on all containers in the specified pods or pod templates, or just those that match a wildcard.\n\n" +
				" Possible resources include (case insensitive):\n\n        pod (po), replicationcontroller (rc), deployment (deploy), daemonset (ds), statefulset (sts), cronjob (cj), replicaset (rs)",
			example: "  # Update deployment 'registry' with a new environment variable\n  kubectl set env deployment/registry STORAGE_DIR=/local\n\n" +
				"  # List the environment variables defined on a deployments 'sample-build'\n  kubectl set env deployment/sample-build --list\n\n" +
				"  # Remove the environment variable ENV from container 'c1' in all deployment configs\n  kubectl set env deployments --all --containers=\"c1\" ENV-",
			options: opt("--all=false", "If true, select all resources in the namespace of the specified resource types") +
				opt("-c, --containers='*'", "The names of containers in the selected pod templates to change - may use wildcards") +
				opt("-e, --env=[]", "Specify a key-value pair for an environment variable to set into each container.") +
				opt("--list=false", "If true, display the environment and any changes in the standard format. this flag will removed when we have kubectl view env.") +
				opt("--overwrite=true", "If true, allow environment to be overwritten, otherwise reject updates that overwrite existing environment.") +
				opt("-l, --selector=''", "Selector (label query) to filter on, supports '=', '==', and '!='.(e.g. -l key1=value1,key2=value2). Matching objects must satisfy all of the specified label constraints."),
			usage: "kubectl set env RESOURCE/NAME KEY_1=VAL_1 ... KEY_N=VAL_N [options]",
		},
		"set image": {
			short:   "Update the image of a pod template",
			long:    "Update existing container image(s) of resources.",
			example: "  # Set a deployment's nginx container image to 'nginx:1.9.1'\n  kubectl set image deployment/nginx nginx=nginx:1.9.1",
			options: opt("--all=false", "Select all resources, in the namespace of the specified resource types") +
				opt("--record=false", "Record current kubectl command in the resource annotation.") +
				opt("-l, --selector=''", "Selector (label query) to filter on, supports '=', '==', and '!='.(e.g. -l key1=value1,key2=value2). Matching objects must satisfy all of the specified label constraints."),
			usage: "kubectl set image (-f FILENAME | TYPE NAME) CONTAINER_NAME_1=CONTAINER_IMAGE_1 ... CONTAINER_NAME_N=CONTAINER_IMAGE_N [options]",
		},
		"set resources": {
			short: "Update resource requests/limits on objects with pod templates",
			long: "Specify compute resource requirements (CPU, memory) for any resource that defines a pod template.  If a pod is successfully scheduled, it is guaranteed the amount of resource requested, but may burst up to its specified limits.\n\n" +
				" For each compute resource, if a limit is specified and a request is omitted, the request will default to the limit.\n\n" +
				" Possible resources include (case insensitive): Use \"kubectl api-resources\" for a complete list of supported resources..",
			example: "  # Set a deployments nginx container cpu limits to \"200m\" and memory to \"512Mi\"\n  kubectl set resources deployment nginx -c=nginx --limits=cpu=200m,memory=512Mi\n\n" +
				"  # Set the resource request and limits for all containers in nginx\n  kubectl set resources deployment nginx --limits=cpu=200m,memory=512Mi --requests=cpu=100m,memory=256Mi",
			options: opt("--all=false", "Select all resources, in the namespace of the specified resource types") +
				opt("-c, --containers='*'", "The names of containers in the selected pod templates to change, all containers are selected by default - may use wildcards") +
				opt("--limits=''", "The resource requirement requests for this container.  For example, 'cpu=100m,memory=256Mi'.  Note that server side components may assign requests depending on the server configuration, such as limit ranges.") +
				opt("--requests=''", "The resource requirement requests for this container.  For example, 'cpu=100m,memory=256Mi'.  Note that server side components may assign requests depending on the server configuration, such as limit ranges.") +
				opt("-l, --selector=''", "Selector (label query) to filter on, supports '=', '==', and '!='.(e.g. -l key1=value1,key2=value2). Matching objects must satisfy all of the specified label constraints."),
			usage: "kubectl set resources (-f FILENAME | TYPE NAME)  ([--limits=LIMITS & --requests=REQUESTS] [options]",
		},
		"wait": {
			short: "Experimental: Wait for a specific condition on one or many resources",
			long: "Experimental: Wait for a specific condition on one or many resources.\n\n The command takes multiple resources and waits until the specified condition is seen in the Status field of every given resource.\n\n" +
				" Alternatively, the command can wait for the given set of resources to be deleted by providing the \"delete\" keyword as the value to the --for flag.\n\n" +
				" A successful message will be printed to stdout indicating when the specified condition has been met.\n\n" +
				" In kubeloop the wait is in simulated time: the cluster runs until the condition holds or the timeout has passed on its clock.",
			example: "  # Wait for the pod \"busybox1\" to contain the status condition of type \"Ready\"\n  kubectl wait --for=condition=Ready pod/busybox1\n\n" +
				"  # The default value of status condition is true; you can wait for other targets after an equal delimiter\n  kubectl wait --for=condition=Ready=false pod/busybox1\n\n" +
				"  # Wait for the pod \"busybox1\" to contain the status phase to be \"Running\"\n  kubectl wait --for=jsonpath='{.status.phase}'=Running pod/busybox1\n\n" +
				"  # Wait for the pod \"busybox1\" to be deleted, with a timeout of 60s, after having issued the \"delete\" command\n  kubectl delete pod/busybox1\n  kubectl wait --for=delete pod/busybox1 --timeout=60s",
			options: opt("--all=false", "Select all resources in the namespace of the specified resource types") +
				opt("-A, --all-namespaces=false", "If present, list the requested object(s) across all namespaces.") +
				opt("--field-selector=''", "Selector (field query) to filter on, supports '=', '==', and '!='.(e.g. --field-selector key1=value1,key2=value2). The server only supports a limited number of field queries per type.") +
				opt("--for=''", "The condition to wait on: [delete|condition=condition-name[=condition-value]|jsonpath='{JSONPath expression}'=[JSONPath value]]. The default condition-value is True.  Condition values are compared after Unicode simple case folding, which is a more general form of case-insensitivity.") +
				opt("-l, --selector=''", "Selector (label query) to filter on.") +
				opt("--timeout=30s", "The length of time to wait before giving up.  Zero means check once and don't wait, negative means wait for a week."),
			usage: "kubectl wait ([-f FILENAME] | resource.group/resource.name | resource.group [(-l label | --all)]) [--for=delete|--for condition=available|--for=jsonpath='{}'[=value]] [options]",
		},
		"version": {
			short: "Print the client and server version information",
			long:  "Print the client and server version information for the current context.",
			options: opt("--client=false", "If true, shows client version only (no server required).") +
				opt("-o, --output=''", "One of 'yaml' or 'json'."),
			usage: "kubectl version [flags] [options]",
		},
	}
}

// generatorOptions are the flags every generator takes (generate.go).
var generatorOptions = opt("--dry-run='none'", "Must be \"none\", \"server\", or \"client\". If client strategy, only print the object that would be sent, without sending it. (kubeloop does not simulate the server strategy.)") +
	opt("-o, --output=''", "Output format. One of: (json, yaml, name).")

// opt formats one flag as kubectl's help lists it.
func opt(flag, text string) string {
	return "    " + flag + ":\n\t" + text + "\n\n"
}

// subcommandAliases are the other names cobra knows a subcommand by (its
// Aliases), under the name its help is kept.
var subcommandAliases = map[string]string{
	"create cm": "configmap", "create cj": "cronjob", "create deploy": "deployment", "create ns": "namespace",
	"create pdb": "poddisruptionbudget", "create resourcequota": "quota", "create svc": "service",
	"create sa": "serviceaccount",
}

// wantsHelp reports whether a command line asks for help (-h or --help
// before any "--"), and for which command path.
func wantsHelp(words []string) (string, bool) {
	path := words[0]
	rest := words[1:]
	// Down the subcommands as far as the words go: "create service clusterip".
	for len(rest) > 0 {
		next := path + " " + rest[0]
		if name, ok := subcommandAliases[next]; ok {
			next = path + " " + name
		} else if !slices.Contains(subcommands[path], rest[0]) {
			break
		}
		path, rest = next, rest[1:]
	}
	for _, w := range rest {
		switch w {
		case "--":
			return "", false
		case "-h", "--help", "--help=true", "-h=true":
			return path, true
		}
	}
	return "", false
}

// runHelp is `kubectl help [COMMAND [SUBCOMMAND]]`.
func runHelp(c *invocation, args []string) {
	if len(args) == 0 {
		printRootHelp(c)
		return
	}
	path := strings.Join(args, " ")
	if _, ok := helpTexts[path]; !ok {
		fmt.Fprintf(&c.out, "Unknown help topic [`%s`]\n\n", strings.Join(args, "` `"))
		printRootHelp(c)
		return
	}
	printHelp(c, path)
}

// printRootHelp is what `kubectl` alone prints.
func printRootHelp(c *invocation) {
	var b strings.Builder
	b.WriteString("kubectl controls the Kubernetes cluster manager.\n\n")
	b.WriteString(" Find more information at: https://kubernetes.io/docs/reference/kubectl/\n\n")
	for _, g := range helpGroups {
		b.WriteString(g.title + ":\n")
		for _, v := range g.verbs {
			fmt.Fprintf(&b, "  %-15s %s\n", v, helpTexts[v].short)
		}
		b.WriteString("\n")
	}
	b.WriteString("Usage:\n  kubectl [flags] [options]\n\n")
	b.WriteString("Use \"kubectl <command> --help\" for more information about a given command.\n")
	c.out.WriteString(b.String())
}

// printHelp is `kubectl PATH --help`.
func printHelp(c *invocation, path string) {
	if path == "" {
		printRootHelp(c)
		return
	}
	h, ok := helpTexts[path]
	if !ok {
		printRootHelp(c)
		return
	}
	var b strings.Builder
	b.WriteString(h.long + "\n\n")
	parent, name := path[:max(strings.LastIndexByte(path, ' '), 0)], path[strings.LastIndexByte(path, ' ')+1:]
	for alias, target := range subcommandAliases {
		if target == name && strings.HasPrefix(alias, parent+" ") {
			fmt.Fprintf(&b, "Aliases:\n%s, %s\n\n", name, alias[len(parent)+1:])
		}
	}
	if h.example != "" {
		b.WriteString("Examples:\n" + h.example + "\n\n")
	}
	if subs, ok := subcommands[path]; ok {
		b.WriteString("Available Commands:\n")
		longest := 11 // cobra's minNamePadding; kubectl's template adds two
		for _, s := range subs {
			longest = max(longest, len(s))
		}
		width := longest + 2
		for _, s := range subs {
			fmt.Fprintf(&b, "  %-*s %s\n", width, s, helpTexts[path+" "+s].short)
		}
		b.WriteString("\n")
	}
	if h.options != "" {
		b.WriteString("Options:\n" + h.options)
	}
	b.WriteString("Usage:\n  " + h.usage + "\n\n")
	if _, ok := subcommands[path]; ok {
		fmt.Fprintf(&b, "Use \"kubectl %s <command> --help\" for more information about a given command.\n", path)
	} else {
		b.WriteString("Use \"kubectl --help\" for a list of the commands this terminal supports.\n")
	}
	c.out.WriteString(b.String())
}
