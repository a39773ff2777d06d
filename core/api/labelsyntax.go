package api

// The syntax of label keys' names and of label values, written out rather
// than as regular expressions (the page's binary links no regexp: its
// Unicode tables are built when the program starts, before the page draws).

// IsQualifiedNamePart reports whether s matches
// ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9], the name of a label key after
// any "prefix/" (the length limit of 63 is the caller's).
func IsQualifiedNamePart(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case (c == '-' || c == '_' || c == '.') && i > 0 && i < len(s)-1:
		default:
			return false
		}
	}
	return true
}

// IsLabelValue reports whether s matches
// (([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?: empty, or a qualified name
// part (the length limit of 63 is the caller's).
func IsLabelValue(s string) bool { return s == "" || IsQualifiedNamePart(s) }
