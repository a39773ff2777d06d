package cluster

// allControllers is controllers.All() for this package's own tests, which
// cannot import package controllers (it imports this one):
// controllers_test.go, an external test in the same test binary, sets it
// before any test runs.
var allControllers Components

// SetAllControllers gives this package's own tests the list.
func SetAllControllers(cs Components) { allControllers = cs }
