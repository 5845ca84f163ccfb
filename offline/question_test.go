package offline

import "testing"

func TestAskedKind(t *testing.T) {
	tests := []struct {
		q    string
		want kind
	}{
		{"Когда выйдет релиз 3.2?", kindTime},
		{"В каком году основана компания?", kindTime},
		{"Какого числа заморозка кода?", kindTime},
		{"Во сколько начинается деплой?", kindTime},
		{"К какому сроку нужно подать заявку?", kindTime},
		{"When do production deploys happen?", kindTime},
		{"What year did the war end?", kindTime},
		{"In which year was it built?", kindTime},
		{"Сколько задач вошло в релиз?", kindAmount},
		{"Какой процент голосов получила ассамблея?", kindAmount},
		{"Какое количество деревьев в лесу?", kindAmount},
		{"How many vacation days carry over?", kindAmount},
		{"How much did Northwind invest?", kindAmount},
		{"What percentage of users churned?", kindAmount},
		{"Кто отвечает за пересмотр прав?", kindPerson},
		{"С кем согласовать отпуск?", kindPerson},
		{"Who approved the budget?", kindPerson},
		{"Какая компания инвестировала в Oblako?", kindOrg},
		{"В каком банке открыт счёт?", kindOrg},
		{"Which company resells Bitrix24 licences?", kindOrg},
		{"Где находится офис?", kindPlace},
		{"В каком городе находится Acme Logistics?", kindPlace},
		{"Where is Acme Logistics based?", kindPlace},
		{"Which country hosted the games?", kindPlace},
		// No one kind: a frequency, a duration, a definition, a reason.
		{"Как часто пересматриваются права доступа?", kindAny},
		{"How often are backups checked?", kindAny},
		{"How long are backups kept?", kindAny},
		{"Как называется первый сериал?", kindAny},
		{"What is the office parking policy?", kindAny},
		{"Почему падает бэкап?", kindAny},
		// The first question word decides.
		{"Кто и когда выпускает релиз?", kindPerson},
	}
	for _, tt := range tests {
		if got := askedKind(tt.q); got != tt.want {
			t.Errorf("askedKind(%q) = %s, want %s", tt.q, got, tt.want)
		}
	}
}

// TestAskedKindOnlyAtTheStart: question words inside a statement or a
// clause ask nothing.
func TestAskedKindOnlyAtTheStart(t *testing.T) {
	tests := []struct {
		q    string
		want kind
	}{
		{"Patients who smoke have a higher risk of stroke.", kindAny},
		{"What happens when the backup fails?", kindAny},
		{"Что будет, когда закончится бэкап?", kindAny},
		{"А когда выйдет релиз?", kindTime},
		{"And where is the coffee machine?", kindPlace},
		{"У какой компании лицензия?", kindOrg},
		{"До какого срока подать заявку?", kindTime},
	}
	for _, tt := range tests {
		if got := askedKind(tt.q); got != tt.want {
			t.Errorf("askedKind(%q) = %s, want %s", tt.q, got, tt.want)
		}
	}
}
