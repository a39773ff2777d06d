package api

import "github.com/kubeloop/kubeloop/core/apijson"

// RawExtension is an object embedded in another as its JSON, kept as it
// was written (runtime.RawExtension): a ControllerRevision's data. It is a
// type of its own, not apijson.RawMessage, because the API's schema names
// it apart from the other raw JSON it holds (managedFields' fieldsV1).
type RawExtension []byte

// MarshalJSON writes the JSON as it is ("null" for none).
func (r RawExtension) MarshalJSON() ([]byte, error) { return apijson.RawMessage(r).MarshalJSON() }

// UnmarshalJSON keeps a copy of the JSON.
func (r *RawExtension) UnmarshalJSON(b []byte) error {
	return (*apijson.RawMessage)(r).UnmarshalJSON(b)
}
