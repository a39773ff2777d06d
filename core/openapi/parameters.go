package openapi

// The parameters of the API's operations, named as upstream names them.
// Clients read them to learn what the server accepts: kubectl looks for
// fieldValidation on a kind's PATCH before it leaves validation to the
// server.

func queryString() *Schema { return &Schema{Type: "string", UniqueItems: true} }

func queryParam(name, typ, description string) *Parameter {
	return &Parameter{Name: name, In: "query", Description: description, Schema: &Schema{Type: typ, UniqueItems: true}}
}

var (
	pretty             = queryParam("pretty", "string", "If 'true', the output is pretty printed.")
	namespaceParameter = &Parameter{Name: "namespace", In: "path", Description: "object name and auth scope, such as for teams and projects", Required: true, Schema: queryString()}

	allowWatchBookmarks  = queryParam("allowWatchBookmarks", "boolean", "allowWatchBookmarks requests watch events with type \"BOOKMARK\".")
	continueParameter    = queryParam("continue", "string", "The continue token of the previous page of a list, to get the next.")
	fieldSelector        = queryParam("fieldSelector", "string", "A selector to restrict the list of returned objects by their fields. Defaults to everything.")
	labelSelector        = queryParam("labelSelector", "string", "A selector to restrict the list of returned objects by their labels. Defaults to everything.")
	limit                = queryParam("limit", "integer", "limit is a maximum number of responses to return for a list call; the list's continue token gets the next page.")
	resourceVersion      = queryParam("resourceVersion", "string", "resourceVersion sets a constraint on what resource versions a request may be served from.")
	resourceVersionMatch = queryParam("resourceVersionMatch", "string", "resourceVersionMatch determines how resourceVersion is applied to list calls.")
	sendInitialEvents    = queryParam("sendInitialEvents", "boolean", "sendInitialEvents=true may be set together with watch=true: the watch starts with synthetic events of the current state of objects.")
	timeoutSeconds       = queryParam("timeoutSeconds", "integer", "Timeout for the list/watch call, regardless of any activity or inactivity.")
	watch                = queryParam("watch", "boolean", "Watch for changes to the described resources and return them as a stream of add, update, and remove notifications.")

	dryRun             = queryParam("dryRun", "string", "When present, indicates that modifications should not be persisted. Valid values are: - All: all dry run stages will be processed")
	fieldManager       = queryParam("fieldManager", "string", "fieldManager is a name associated with the actor or entity that is making these changes.")
	fieldValidation    = queryParam("fieldValidation", "string", "fieldValidation instructs the server on how to handle objects in the request (POST/PUT/PATCH) containing unknown or duplicate fields: Ignore, Warn (the default) or Strict.")
	force              = queryParam("force", "boolean", "Force is going to \"force\" Apply requests: the user re-acquires conflicting fields owned by other managers.")
	gracePeriodSeconds = queryParam("gracePeriodSeconds", "integer", "The duration in seconds before the object should be deleted. Zero means delete immediately.")
	ignoreStoreErrors  = queryParam("ignoreStoreReadErrorWithClusterBreakingPotential", "boolean", "if set to true, it will trigger an unsafe deletion of the resource in case the normal deletion flow fails with a corrupt object error.")
	orphanDependents   = queryParam("orphanDependents", "boolean", "Deprecated: please use the PropagationPolicy.")
	propagationPolicy  = queryParam("propagationPolicy", "string", "Whether and how garbage collection will be performed: 'Orphan', 'Background' or 'Foreground'.")

	listParameters             = []*Parameter{allowWatchBookmarks, continueParameter, fieldSelector, labelSelector, limit, resourceVersion, resourceVersionMatch, sendInitialEvents, timeoutSeconds, watch}
	writeParameters            = []*Parameter{dryRun, fieldManager, fieldValidation}
	patchParameters            = []*Parameter{dryRun, fieldManager, fieldValidation, force}
	deleteParameters           = []*Parameter{dryRun, gracePeriodSeconds, ignoreStoreErrors, orphanDependents, propagationPolicy}
	deleteCollectionParameters = []*Parameter{continueParameter, dryRun, fieldSelector, gracePeriodSeconds, ignoreStoreErrors, labelSelector, limit, orphanDependents, propagationPolicy, resourceVersion, resourceVersionMatch, sendInitialEvents, timeoutSeconds}
)
