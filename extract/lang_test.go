package extract

import "testing"

func TestReasonText(t *testing.T) {
	for _, r := range Reasons {
		if ReasonText(r.Code, English) != r.Text || ReasonText(r.Code, Russian) != r.RU || r.RU == "" {
			t.Errorf("ReasonText(%s) = %q / %q, want the English and Russian texts", r.Code, ReasonText(r.Code, English), ReasonText(r.Code, Russian))
		}
	}
	if got := ReasonText(ReasonSubjectPerson, "de"); got != "the subject is a person" {
		t.Errorf("ReasonText in a language Verity does not write = %q, want English", got)
	}
	for _, tc := range []struct{ flag, spec, want string }{
		{"", "ru", Russian}, {"en", "ru", English}, {"ru", "en", Russian}, {"", "", English}, {"", "de", English}, {"de", "ru", Russian},
	} {
		if got := MessageLanguage(tc.flag, &Spec{Language: tc.spec}); got != tc.want {
			t.Errorf("MessageLanguage(%q, spec %q) = %q, want %q", tc.flag, tc.spec, got, tc.want)
		}
	}
}
