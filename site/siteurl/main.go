// Command siteurl writes the public site's address into the built page,
// as <meta name="kubeloop-site-url" content="URL">: the page starts share
// links with it when it is opened from a file (dist/kubeloop.html) or
// served on this machine (kubeloop serve), where its own address would be
// no use to anyone else (site/sharelink.Base). `make site SITE_URL=…`
// runs it on dist/index.html before the single file is made from it.
package main

import (
	"errors"
	"flag"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"strings"
)

func main() {
	site := flag.String("url", "", "the public site's address (https://…/)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: siteurl -url URL INDEX.HTML")
		os.Exit(2)
	}
	name := flag.Arg(0)
	page, err := os.ReadFile(name)
	if err == nil {
		var out string
		if out, err = Set(string(page), *site); err == nil {
			err = os.WriteFile(name, []byte(out), 0o644)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "siteurl:", err)
		os.Exit(1)
	}
}

var meta = regexp.MustCompile(`<meta name="kubeloop-site-url" content="[^"]*">`)

// Set puts site in page's kubeloop-site-url meta tag. The address must be
// an absolute http(s) URL; a path is given its final slash, as the page
// appends only the #share= fragment.
func Set(page, site string) (string, error) {
	u, err := url.Parse(site)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.Fragment != "" || u.RawQuery != "" {
		return "", fmt.Errorf("SITE_URL %q is not an http(s) address like https://kubeloop.netlify.app/", site)
	}
	if strings.ContainsAny(site, "\"<>'` ") {
		return "", fmt.Errorf("SITE_URL %q has a character an address cannot have", site)
	}
	if !strings.HasSuffix(u.Path, "/") && !strings.HasSuffix(u.Path, ".html") {
		site += "/"
	}
	if len(meta.FindAllString(page, -1)) != 1 {
		return "", errors.New(`the page has no <meta name="kubeloop-site-url" content="…"> to set`)
	}
	return meta.ReplaceAllLiteralString(page, `<meta name="kubeloop-site-url" content="`+site+`">`), nil
}
