package api

import (
	"fmt"
	"path"
	"strings"
)

// fileModeMsg is upstream's detail for a file mode out of range.
const fileModeMsg = "must be a number between 0 and 0777 (octal), both inclusive"

// validateVolumeFiles checks configMap and secret volumes as upstream's
// validateConfigMapVolumeSource and validateSecretVolumeSource do: the
// object's name, the default mode, and each item's key, path and mode.
func validateVolumeFiles(errs *FieldErrors, path string, s *PodSpec) {
	for i, v := range s.Volumes {
		p := fmt.Sprintf("%s.volumes[%d]", path, i)
		switch {
		case v.ConfigMap != nil:
			p += ".configMap"
			if v.ConfigMap.Name == "" {
				errs.required(p+".name", "")
			}
			validateFiles(errs, p, v.ConfigMap.DefaultMode, v.ConfigMap.Items)
		case v.Secret != nil:
			p += ".secret"
			if v.Secret.SecretName == "" {
				errs.required(p+".secretName", "")
			}
			validateFiles(errs, p, v.Secret.DefaultMode, v.Secret.Items)
		}
	}
}

func validateFiles(errs *FieldErrors, p string, defaultMode *int32, items []KeyToPath) {
	validateFileMode(errs, p+".defaultMode", defaultMode)
	for i, item := range items {
		ip := fmt.Sprintf("%s.items[%d]", p, i)
		if item.Key == "" {
			errs.required(ip+".key", "")
		}
		if item.Path == "" {
			errs.required(ip+".path", "")
		}
		validateLocalPath(errs, ip+".path", item.Path)
		validateFileMode(errs, ip+".mode", item.Mode)
	}
}

func validateFileMode(errs *FieldErrors, field string, mode *int32) {
	if mode != nil && (*mode < 0 || *mode > 0o777) {
		errs.invalid(field, *mode, fileModeMsg)
	}
}

// validateLocalPath is upstream's ValidateLocalNonReservedPath: a path
// inside the volume, not climbing out of it, not starting with "..".
func validateLocalPath(errs *FieldErrors, field, p string) {
	if path.IsAbs(p) {
		errs.invalid(field, p, "must be a relative path")
	}
	for _, part := range strings.Split(p, "/") {
		if part == ".." {
			errs.invalid(field, p, "must not contain '..'")
			break
		}
	}
	if strings.HasPrefix(p, "..") && !strings.HasPrefix(p, "../") { // "../" is already refused above
		errs.invalid(field, p, "must not start with '..'")
	}
}
