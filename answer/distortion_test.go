package answer

import (
	"slices"
	"strings"
	"testing"
)

func TestDistortion(t *testing.T) {
	tests := []struct {
		name, claim, quote string
		want               Risk
		reason             string // a substring one reason must have
	}{
		{"seed: bound and condition lost, in English",
			"Access rights are reviewed once a year.",
			"Права доступа сотрудников к производственным системам пересматриваются не реже одного раза в 12 месяцев; чаще — при инцидентах информационной безопасности или смене роли сотрудника.",
			RiskHigh, `bounds it from below ("не реже"`},
		{"seed: the same in Russian",
			"Права доступа пересматриваются раз в год.",
			"Права доступа сотрудников к производственным системам пересматриваются не реже одного раза в 12 месяцев; чаще — при инцидентах информационной безопасности или смене роли сотрудника.",
			RiskHigh, "12"},
		{"раз is once", "Пароль меняется раз в 90 дней.", "Пароль меняется один раз в 90 дней.", RiskNone, ""},
		{"два раза is not once", "Пароль меняется два раза в год.", "Пароль меняется 2 раза в год.", RiskNone, ""},
		{"same words", "Backups are kept for at least 30 days.", "Backups are kept for at least 30 days.", RiskNone, ""},
		{"reworded, nothing lost", "Backups are retained for no less than 30 days.", "Backups are kept for at least 30 days.", RiskNone, ""},
		{"changed number", "Backups are kept for at least 60 days.", "Backups are kept for at least 30 days.", RiskHigh, "says 60"},
		{"number word against digits", "The VPN was down for two hours.", "The VPN was down on 3 March for 2 hours.", RiskLow, "quote's 3"},
		{"negation lost", "Exports are enabled.", "No, exports are not enabled.", RiskHigh, "negation"},
		{"contraction negates", "The backup doesn't run on Sundays.", "The backup runs on Sundays.", RiskHigh, "claim is negated"},
		{"bound inside negation is no negation", "Пароль меняется не реже одного раза в 90 дней.", "Пароль меняется не реже одного раза в 90 дней.", RiskNone, ""},
		{"restriction added", "Only the team lead approves vacations.", "Vacation requests are approved by the team lead.", RiskHigh, `claim restricts it ("only")`},
		{"exception lost", "Deploys on Friday after 14:00 are not allowed.", "Deploys on Friday after 14:00 are not allowed except for security fixes.", RiskHigh, "exception"},
		{"condition lost", "The on-call engineer rolls back.", "If error rates double within 15 minutes of a deploy, the on-call engineer rolls back.", RiskLow, "condition"},
		{"condition added", "If the certificate expires, the VPN is down.", "The VPN was down on 3 March.", RiskHigh, "adds a condition"},
		{"hedge lost", "The restore takes an hour.", "The restore usually takes an hour.", RiskLow, "hedge"},
		{"decimal comma equals point", "The budget is 9.6 million roubles.", "Бюджет — 9,6 млн рублей.", RiskNone, ""},
		{"not only is no negation", "The policy covers not only staff but contractors.", "The policy covers staff and contractors.", RiskNone, ""},
		{"markers are not numbers", "Backups are kept for at least 30 days [2].", "Backups are kept for at least 30 days.", RiskNone, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, diffs := Distortion(tt.claim, tt.quote)
			reasons := Reasons(diffs)
			if got != tt.want {
				t.Fatalf("Distortion(%q, %q) = %s %q, want %s", tt.claim, tt.quote, got, reasons, tt.want)
			}
			if tt.reason != "" && !slices.ContainsFunc(reasons, func(r string) bool { return strings.Contains(r, tt.reason) }) {
				t.Errorf("Distortion(%q, %q) reasons = %q, want one with %q", tt.claim, tt.quote, reasons, tt.reason)
			}
			if got == RiskNone && len(reasons) > 0 {
				t.Errorf("risk none with reasons %q", reasons)
			}
		})
	}
}

func TestParaphrased(t *testing.T) {
	tests := []struct {
		claim, quote string
		want         bool
	}{
		{"Backups are kept for at least 30 days.", "Backups are kept for at least 30 days; monthly snapshots are kept for 12 months.", false},
		{"backups are KEPT for at least 30 days [1]", "Backups are kept for at least 30 days.", false},
		{"Backups are stored for 30 days.", "Backups are kept for at least 30 days.", true},
		{"Пароль меняется", "Пароль  меняется не реже", false},
		{"", "anything", true},
	}
	for _, tt := range tests {
		if got := paraphrased(tt.claim, tt.quote); got != tt.want {
			t.Errorf("paraphrased(%q, %q) = %v, want %v", tt.claim, tt.quote, got, tt.want)
		}
	}
}
