package extract_test

import (
	"context"
	"slices"
	"testing"

	"github.com/veritykb/verity/extract"
)

func TestIsCustomerHeading(t *testing.T) {
	for _, tc := range []struct {
		heading string
		want    bool
	}{
		{"Нам доверяют", true},
		{"Наши клиенты в медицине", true},
		{"Наши клиенты:", true},
		{"Our customers", true},
		{"Trusted by", true},
		{"Clients", true},
		{"Клиентский сервис", false},
		{"Customer support", false},
		{"Наши награды", false},
		{"Our partners", false},
	} {
		if got := extract.IsCustomerHeading(tc.heading); got != tc.want {
			t.Errorf("IsCustomerHeading(%q) = %v, want %v", tc.heading, got, tc.want)
		}
	}
}

// TestTargetsIncludeVendorCustomerWalls checks that a customer wall on the
// vendor's domain is read although it never names the product, while the
// same wall elsewhere, and a vendor page without one, are not.
func TestTargetsIncludeVendorCustomerWalls(t *testing.T) {
	db := openStore(t)
	wall := "# Наши клиенты\n\nСеть клиник «Медлайн»\n\nЛаборатория «Гемалаб», Казань"
	put(t, db, "vendor.example", wall)
	put(t, db, "elsewhere.example", wall)
	put(t, db, "about.vendor.example", "# О компании\n\nМы работаем с 2010 года.")
	put(t, db, "news.example", "# Новости\n\nООО «Ромашка» перешла на Битрикс24.")
	s, err := extract.BuiltinSpec("bitrix24-ru")
	if err != nil {
		t.Fatal(err)
	}
	s.Vendor.Domains = append(s.Vendor.Domains, "vendor.example")
	got, err := extract.Targets(context.Background(), db, s)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(got)
	if want := []string{"news.example", "vendor.example"}; !slices.Equal(got, want) {
		t.Errorf("Targets = %v, want %v", got, want)
	}
}
