package extract

import (
	"strings"

	"github.com/veritykb/verity/analysis"
)

// customerHeadings are headings over logo walls and customer lists, folded:
// a heading is one of them, or opens with one of them followed by a space
// or a colon ("Наши клиенты в медицине", "Our customers: retail").
var customerHeadings = []string{"нам доверяют", "наши клиенты", "клиенты", "они выбрали", "нас выбирают", "с нами работают",
	"наши заказчики", "заказчики", "trusted by", "our customers", "customers", "our clients", "clients", "they trust us",
	"who uses", "who trusts us", "customer stories"}

// IsCustomerHeading reports whether a heading's text (without its # marks)
// introduces a list of customers: "Нам доверяют", "Наши клиенты", "Our
// customers".
func IsCustomerHeading(s string) bool {
	f := strings.Trim(analysis.Fold(s), " .:!—-")
	for _, h := range customerHeadings {
		if f == h || strings.HasPrefix(f, h+" ") || strings.HasPrefix(f, h+":") {
			return true
		}
	}
	return false
}

// ListsCustomers reports whether a page's canonical text has a heading of
// customers (see [IsCustomerHeading]); the page's title counts as one of
// its headings.
func ListsCustomers(title, text string) bool {
	if IsCustomerHeading(title) {
		return true
	}
	for line := range strings.Lines(text) {
		if _, h := analysis.HeadingLevel(strings.TrimSpace(line)); h != "" && IsCustomerHeading(h) {
			return true
		}
	}
	return false
}
