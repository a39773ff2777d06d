package kubectl

import (
	"fmt"
	"strconv"
	"strings"
)

// flagDef declares one flag of a command.
type flagDef struct {
	long, short string
	boolean     bool
	integer     bool   // pflag's Int/Int64 flags: the value must parse as one
	def         string // default shown when the flag is absent
	noOptDef    string // value of a bare --flag that otherwise takes one (--cascade)
	deprecated  string // pflag's MarkDeprecated message, printed when the flag is given
}

// recordFlag is --record, which kubectl v1.32 still honours but has
// marked deprecated.
var recordFlag = flagDef{long: "record", boolean: true, deprecated: "--record will be removed in the future"}

// display is how pflag names a flag in its errors: "-w, --watch" or
// "--replicas".
func (d *flagDef) display() string {
	if d.short != "" {
		return "-" + d.short + ", --" + d.long
	}
	return "--" + d.long
}

// flagUse is one flag as given, in order: what --record writes back into
// kubernetes.io/change-cause.
type flagUse struct{ name, value string }

// flags is the parsed result.
type flags struct {
	defs []flagDef
	vals map[string]string
	uses []flagUse
}

func (f *flags) has(name string) bool { _, ok := f.vals[name]; return ok }

func (f *flags) str(name string) string {
	if v, ok := f.vals[name]; ok {
		return v
	}
	for _, d := range f.defs {
		if d.long == name {
			return d.def
		}
	}
	return ""
}

func (f *flags) boolean(name string) bool {
	b, _ := strconv.ParseBool(f.str(name))
	return b
}

// integer is an integer flag's value (validated by parseFlags).
func (f *flags) integer(name string) int64 {
	n, _ := strconv.ParseInt(f.str(name), 0, 64)
	return n
}

// globalFlags are accepted by every command, as kubectl's persistent flags.
var globalFlags = []flagDef{
	{long: "namespace", short: "n"},
	{long: "help", short: "h", boolean: true},
}

// parseFlags separates positional arguments from flags, with pflag's
// rules and cobra's error wording: --name=value, --name value, -n value,
// -nvalue, -n=value, bool flags without a value, and "--" ending flags.
func parseFlags(args []string, defs []flagDef) ([]string, *flags, error) {
	defs = append(append([]flagDef(nil), defs...), globalFlags...)
	f := &flags{defs: defs, vals: map[string]string{}}
	find := func(long, short string) *flagDef {
		for i := range defs {
			if (long != "" && defs[i].long == long) || (short != "" && defs[i].short == short) {
				return &defs[i]
			}
		}
		return nil
	}
	set := func(d *flagDef, v string) error {
		if d.boolean {
			if _, err := strconv.ParseBool(v); err != nil {
				return fmt.Errorf("invalid argument %q for %q flag: strconv.ParseBool: parsing %q: invalid syntax", v, d.display(), v)
			}
		}
		if d.integer {
			if _, err := strconv.ParseInt(v, 0, 64); err != nil {
				return fmt.Errorf("invalid argument %q for %q flag: %v", v, d.display(), err)
			}
		}
		f.vals[d.long] = v
		f.uses = append(f.uses, flagUse{d.long, v})
		return nil
	}
	var pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return append(pos, args[i+1:]...), f, nil
		case strings.HasPrefix(a, "--"):
			name, val, hasVal := strings.Cut(a[2:], "=")
			d := find(name, "")
			if d == nil || name == "" {
				return nil, nil, fmt.Errorf("unknown flag: --%s", name)
			}
			if !hasVal {
				if d.boolean {
					val = "true"
				} else if d.noOptDef != "" {
					val = d.noOptDef
				} else if i+1 < len(args) {
					i++
					val = args[i]
				} else {
					return nil, nil, fmt.Errorf("flag needs an argument: --%s", name)
				}
			}
			if err := set(d, val); err != nil {
				return nil, nil, err
			}
		case strings.HasPrefix(a, "-") && len(a) > 1:
			// A run of shorthands: -A, -oyaml, -o=yaml, -n ns.
			rest := a[1:]
			for rest != "" {
				c := rest[:1]
				rest = rest[1:]
				d := find("", c)
				if d == nil {
					return nil, nil, fmt.Errorf("unknown shorthand flag: %q in %s", rune(c[0]), a)
				}
				if d.boolean {
					v := "true"
					if strings.HasPrefix(rest, "=") {
						v, rest = rest[1:], ""
					}
					if err := set(d, v); err != nil {
						return nil, nil, err
					}
					continue
				}
				v := strings.TrimPrefix(rest, "=")
				if rest == "" {
					if i+1 >= len(args) {
						return nil, nil, fmt.Errorf("flag needs an argument: %q in %s", rune(c[0]), a)
					}
					i++
					v = args[i]
				}
				if err := set(d, v); err != nil {
					return nil, nil, err
				}
				rest = ""
			}
		default:
			pos = append(pos, a)
		}
	}
	return pos, f, nil
}
