package api

import "reflect"

func typeName(o Object) string {
	t := reflect.TypeOf(o)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Name()
}
