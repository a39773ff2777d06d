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
	var pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		var err error
		switch {
		case a == "--":
			return append(pos, args[i+1:]...), f, nil
		case strings.HasPrefix(a, "--"):
			i, err = f.parseLong(args, i)
		case strings.HasPrefix(a, "-") && len(a) > 1:
			i, err = f.parseShorthands(args, i)
		default:
			pos = append(pos, a)
		}
		if err != nil {
			return nil, nil, err
		}
	}
	return pos, f, nil
}

// parseLong takes args[i], a --name or --name=value, and the value after
// it when the flag needs one; it returns the index of the last argument
// it took.
func (f *flags) parseLong(args []string, i int) (int, error) {
	name, val, hasVal := strings.Cut(args[i][2:], "=")
	d := f.lookup(name, "")
	if d == nil || name == "" {
		return i, fmt.Errorf("unknown flag: --%s", name)
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
			return i, fmt.Errorf("flag needs an argument: --%s", name)
		}
	}
	return i, f.set(d, val)
}

// parseShorthands takes args[i], a run of shorthands (-A, -oyaml,
// -o=yaml, -n ns): bool flags one letter each, until one that takes a
// value, which is the rest of the run or the next argument; it returns
// the index of the last argument it took.
func (f *flags) parseShorthands(args []string, i int) (int, error) {
	a := args[i]
	rest := a[1:]
	for rest != "" {
		c := rest[:1]
		rest = rest[1:]
		d := f.lookup("", c)
		if d == nil {
			return i, fmt.Errorf("unknown shorthand flag: %q in %s", rune(c[0]), a)
		}
		if d.boolean {
			v := "true"
			if strings.HasPrefix(rest, "=") {
				v, rest = rest[1:], ""
			}
			if err := f.set(d, v); err != nil {
				return i, err
			}
			continue
		}
		v := strings.TrimPrefix(rest, "=")
		if rest == "" {
			if i+1 >= len(args) {
				return i, fmt.Errorf("flag needs an argument: %q in %s", rune(c[0]), a)
			}
			i++
			v = args[i]
		}
		if err := f.set(d, v); err != nil {
			return i, err
		}
		rest = ""
	}
	return i, nil
}

// lookup is the flag named long or, with long "", the one whose
// shorthand is short; nil when there is none.
func (f *flags) lookup(long, short string) *flagDef {
	for i := range f.defs {
		if (long != "" && f.defs[i].long == long) || (short != "" && f.defs[i].short == short) {
			return &f.defs[i]
		}
	}
	return nil
}

// set records v as d's value, in order of use, once it parses as d's
// type asks.
func (f *flags) set(d *flagDef, v string) error {
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
