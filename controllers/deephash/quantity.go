package deephash

// This file prints a resource.Quantity as upstream's informer holds it: the
// API server stores the canonical text and the controller's decoder parses it
// again (resource.ParseQuantity), so the unexported fields printed are those
// ParseQuantity leaves for canonical text.

import (
	"strconv"
	"strings"

	"github.com/kubeloop/kubeloop/core/api"
)

var (
	decimalExponents = map[string]int{"n": -9, "u": -6, "m": -3, "": 0, "k": 3, "M": 6, "G": 9, "T": 12, "P": 15, "E": 18}
	binaryExponents  = map[string]uint{"Ki": 10, "Mi": 20, "Gi": 30, "Ti": 40, "Pi": 50, "Ei": 60}
)

// quantity prints q's fields {i d s Format}. For integer digits N with a
// decimal suffix, i is N at the suffix's power of ten, and the text is kept
// unless N ends in 000; with a binary suffix, i is N×2^k at scale 0, and the
// text is kept unless N is a multiple of 8 (ParseQuantity's caching rules).
func (p *printer) quantity(q api.Quantity) {
	text := canonical(q)
	value, scale, format, keep := int64(0), 0, "DecimalSI", true
	if text != "0" {
		digits, suffix := splitDigits(text)
		n, _ := strconv.ParseInt(digits, 10, 64)
		if e, ok := decimalExponents[suffix]; ok {
			value, scale = n, e
			keep = !strings.HasSuffix(strings.TrimLeft(digits, "+-"), "000")
		} else if b, ok := binaryExponents[suffix]; ok {
			value, format = n<<b, "BinarySI"
			keep = n&7 != 0
		} else if e, err := strconv.Atoi(strings.TrimLeft(suffix, "eE")); err == nil {
			value, scale, format = n, e, "DecimalExponent"
			keep = !strings.HasSuffix(digits, "000")
		}
	}
	if !keep {
		text = ""
	}
	p.structField("i", "resource.int64Amount", func() {
		p.integer("value", "int64", value)
		p.integer("scale", "resource.Scale", int64(scale))
	})
	p.structField("d", "resource.infDecAmount", func() { p.nilField("Dec", "*inf.Dec") })
	p.str("s", "string", text)
	p.str("Format", "resource.Format", format)
}

// canonical is the text the API server stores for q (Quantity.String):
// the smallest integer with a suffix of q's kind — "0.25" is 250m, "2000m"
// is 2, "1024Mi" is 1Gi; a binary amount that is not a whole multiple of
// 1024 is written in decimal. Exact to the milli-unit kubeloop keeps.
func canonical(q api.Quantity) string {
	milli := q.MilliValue()
	if milli == 0 {
		return "0"
	}
	text := q.String()
	if q.IsBinary() && milli%1000 == 0 {
		units, k := milli/1000, 0
		for k < 6 && units%1024 == 0 {
			units /= 1024
			k++
		}
		if k > 0 {
			return strconv.FormatInt(units, 10) + [...]string{"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"}[k]
		}
	}
	n, e := milli, -3
	for e < 18 && n%1000 == 0 {
		n /= 1000
		e += 3
	}
	if strings.ContainsAny(text, "eE") && !q.IsBinary() && !strings.HasSuffix(text, "E") {
		if e == 0 {
			return strconv.FormatInt(n, 10)
		}
		return strconv.FormatInt(n, 10) + "e" + strconv.Itoa(e)
	}
	suffix := map[int]string{-3: "m", 0: "", 3: "k", 6: "M", 9: "G", 12: "T", 15: "P", 18: "E"}[e]
	return strconv.FormatInt(n, 10) + suffix
}

// splitDigits splits canonical quantity text into its signed integer
// digits and its suffix.
func splitDigits(t string) (digits, suffix string) {
	i := 0
	if i < len(t) && (t[i] == '+' || t[i] == '-') {
		i++
	}
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	return t[:i], t[i:]
}
