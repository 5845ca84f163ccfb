package answer_test

import (
	"slices"
	"testing"

	"github.com/veritykb/verity/answer"
)

func TestReadQuestion(t *testing.T) {
	tests := []struct {
		q         string
		typ       answer.QuestionType
		focus     []string
		predicate string
	}{
		{"Where do employees park?", answer.AskWhere, []string{"employe", "park"}, "park"},
		{"What is the office parking policy?", answer.AskWhat, []string{"offic", "park", "polici"}, "policy"},
		{"Can I deploy on Friday afternoon?", answer.AskYesNo, []string{"deploy", "friday", "afternoon"}, "deploy"},
		{"How many points did the Panthers defense surrender?", answer.AskHowMany, []string{"point", "panther", "defens", "surrend"}, "surrender"},
		{"When was the Amazon rainforest formed?", answer.AskWhen, []string{"amazon", "rainforest", "form"}, "formed"},
		{"Which fort was rebuilt in 1964?", answer.AskWhich, []string{"rebuilt", "1964"}, "rebuilt"},
		{"In what year did ABC stop using its jingle?", answer.AskWhen, []string{"abc", "stop", "use", "jingl"}, "stop"},
		{"Who led the Panthers in sacks?", answer.AskWho, []string{"led", "panther", "sack"}, "led"},
		{"Prior to Manning, who was the oldest quarterback?", answer.AskWho, []string{"man", "oldest", "quarterback"}, "quarterback"},
		{"How often are access rights reviewed?", answer.AskHowOften, []string{"access", "right", "review"}, "reviewed"},
		{"How long are backups kept?", answer.AskHowLong, []string{"backup", "kept"}, "kept"},
		{"Why do CRM backups fail on Sundays?", answer.AskWhy, []string{"crm", "backup", "fail", "sunday"}, "fail"},
		{"What is the name of the CRM?", answer.AskWhat, []string{"crm"}, ""},
		{"Как часто пересматриваются права доступа?", answer.AskHowOften, []string{"пересм", "прав", "доступ"}, "пересматриваются"},
		{"Сколько очков уступила защита Пэнтерс?", answer.AskHowMany, []string{"очк", "уступ", "защит", "пэнтер"}, "уступила"},
		{"Кто был лидером Пэнтерс по мешкам?", answer.AskWho, []string{"лидер", "пэнтер", "мешк"}, "лидером"},
		{"Где находится склад?", answer.AskWhere, []string{"склад"}, ""},
		{"В каком году запустили Яндекс Маркет?", answer.AskWhen, []string{"запуст", "яндекс", "маркет"}, "запустили"},
		{"Можно ли деплоить в пятницу?", answer.AskYesNo, []string{"депло", "пятниц"}, "деплоить"},
		{"Почему падают резервные копии?", answer.AskWhy, []string{"пада", "резерв", "коп"}, "падают"},
		{"Какой отдел сократят?", answer.AskWhich, []string{"сократ"}, "сократят"},
		{"Как называется CRM отдела продаж?", answer.AskWhat, []string{"crm", "отдел", "продаж"}, ""},
		// A question word inside a clause asks what it asks, not yes or no.
		{"Transport safety is dealt with by whom?", answer.AskWho, []string{"transport", "safeti", "dealt"}, "dealt"},
		{"В виде произведения чего представлено любое число?", answer.AskWhat, []string{"вид", "произв", "предст", "люб", "числ"}, "представлено"},
		{"Я могу деплоить в пятницу?", answer.AskYesNo, []string{"мог", "депло", "пятниц"}, "деплоить"},
	}
	for _, tt := range tests {
		q := answer.ReadQuestion(tt.q)
		if q.Type != tt.typ || !slices.Equal(q.Focus, tt.focus) || q.Predicate != tt.predicate {
			t.Errorf("ReadQuestion(%q) = type %s, focus %q, predicate %q; want %s, %q, %q", tt.q, q.Type, q.Focus, q.Predicate, tt.typ, tt.focus, tt.predicate)
		}
	}
	if q := answer.ReadQuestion("Can I deploy on Friday?"); !q.Permission {
		t.Errorf("ReadQuestion(Can I deploy on Friday?).Permission = false, want true")
	}
	if q := answer.ReadQuestion("Можно ли деплоить в пятницу?"); !q.Permission {
		t.Errorf("ReadQuestion(Можно ли деплоить в пятницу?).Permission = false, want true")
	}
	if q := answer.ReadQuestion("What is the name of the CRM?"); q.Target != "name" {
		t.Errorf("ReadQuestion(What is the name of the CRM?).Target = %q, want name", q.Target)
	}
}

// TestJudge: for each question type, in English and Russian, a claim that
// answers passes the relevance gate and its near miss — about the same
// thing, but stating no value of the asked kind, not saying the predicate,
// or about something else — does not.
func TestJudge(t *testing.T) {
	tests := []struct {
		name, q, claim string
		context        []string
		on             bool
	}{
		{"who en", "Who approves vacation requests?", "Vacation requests are approved by the team lead.", nil, true},
		{"who en: no person", "Who approves vacation requests?", "Vacation requests are approved within two days.", nil, false},
		{"who ru", "Кто отвечает за пересмотр прав?", "За пересмотр отвечает руководитель подразделения.", nil, true},
		{"who ru: no person", "Кто отвечает за пересмотр прав?", "Права пересматриваются не реже одного раза в 12 месяцев.", nil, false},
		{"who en: a pronoun at the start is no name", "Who wrote the Liber servitoris?", "His Liber servitoris was written for apprentices.", nil, false},
		{"who en: to lead is no role", "Who was the oldest quarterback in a Super Bowl?", "Manning became the first quarterback to lead his side to four Super Bowls.", nil, false},
		{"who ru: a pronoun at the start is no name", "Кто написал Liber servitoris?", "Его Liber servitoris был написан для учеников.", nil, false},

		{"when en", "When is release 4.1 coming out?", "Release 4.1 is scheduled for March 3, 2027.", nil, true},
		{"when en: no date", "When is release 4.1 coming out?", "Release 4.1 contains 18 fixes and two new reports.", nil, false},
		{"when en: another release", "When is release 4.1 coming out?", "Release 4.2 is scheduled for May 5, 2027.", nil, false},
		{"when ru", "Когда выйдет релиз 3.2?", "Релиз 3.2 запланирован на 14 ноября 2026 года.", nil, true},
		{"when ru: no date", "Когда выйдет релиз 3.2?", "В релиз 3.2 вошли 42 задачи.", nil, false},
		{"when ru: another release", "Когда выйдет релиз 3.3?", "Релиз 3.2 запланирован на 14 ноября 2026 года.", nil, false},

		{"where en", "Where is the Acme warehouse?", "The Acme warehouse is in Hamburg.", nil, true},
		{"where en: no place", "Where is the Acme warehouse?", "The Acme warehouse employs 120 people.", nil, false},
		{"where en: not the predicate", "Where do employees park?", "Acme Logistics GmbH, a freight forwarder based in Hamburg with 120 employees, moved its sales to Bitrix24.", nil, false},
		{"where ru", "Где находится склад Acme?", "Склад Acme находится в Казани.", nil, true},
		{"where ru: no place", "Где находится склад Acme?", "На складе Acme работают 120 человек.", nil, false},
		{"where en: a home is a place", "Where do consultant pharmacists work?", "Consultant pharmacists usually work in nursing homes.", nil, true},
		{"where ru: a home is a place", "Где работают фармацевты-консультанты?", "Фармацевты-консультанты обычно работают в домах для престарелых.", nil, true},

		{"how many en", "How many vacation days carry over?", "Unused days carry over to the next year, but not more than 10 days.", []string{"Vacation policy"}, true},
		{"how many en: no number", "How many vacation days carry over?", "Unused vacation days carry over to the next year.", nil, false},
		{"how many ru", "Сколько задач вошло в релиз 3.2?", "В релиз 3.2 вошли 42 задачи.", nil, true},
		{"how many ru: no number", "Сколько задач вошло в релиз 3.2?", "Задачи релиза 3.2 вошли в план.", nil, false},

		{"how often en", "How often are access rights reviewed?", "Access rights are reviewed at least once every 12 months.", nil, true},
		{"how often en: no frequency", "How often are access rights reviewed?", "Access rights are reviewed by the department head.", nil, false},
		{"how often ru", "Как часто пересматриваются права доступа?", "Права доступа пересматриваются не реже одного раза в 12 месяцев.", nil, true},
		{"how often ru: no frequency", "Как часто пересматриваются права доступа?", "Права доступа пересматривает руководитель подразделения.", nil, false},

		{"how long en", "How long are backups kept?", "Backups are kept for 35 days.", nil, true},
		{"how long en: no duration", "How long are backups kept?", "Backups are kept in the cloud.", nil, false},
		{"how long ru", "Как долго хранятся резервные копии?", "Резервные копии хранятся 35 дней.", nil, true},
		{"how long ru: no duration", "Как долго хранятся резервные копии?", "Резервные копии хранятся в облаке.", nil, false},

		{"why en", "Why do CRM backups fail on Sundays?", "The CRM backup fails every Sunday because it overlaps with the weekly index rebuild.", nil, true},
		{"why en: no reason", "Why do CRM backups fail on Sundays?", "The nightly backup of the CRM database fails every Sunday at 03:00.", nil, false},
		{"why ru", "Почему падают резервные копии по воскресеньям?", "Резервные копии падают по воскресеньям, потому что совпадают с перестройкой индекса.", nil, true},
		{"why ru: no reason", "Почему падают резервные копии по воскресеньям?", "Резервные копии падают по воскресеньям в 03:00.", nil, false},

		{"yes/no en", "Can I deploy on Friday afternoon?", "Deploys on Friday after 14:00 are not allowed except for security fixes.", nil, true},
		{"yes/no en: neither allows nor forbids", "Can I deploy on Friday afternoon?", "Deploys on Friday afternoon are announced in #releases.", nil, false},
		{"yes/no ru", "Можно ли деплоить в пятницу?", "Деплоить в пятницу после 14:00 нельзя, кроме исправлений безопасности.", nil, true},
		{"yes/no ru: neither allows nor forbids", "Можно ли деплоить в пятницу?", "По пятницам деплоить удобнее с утра.", nil, false},

		{"which en", "Which team won Super Bowl 50?", "The Denver Broncos won Super Bowl 50.", nil, true},
		{"which en: no team", "Which team won Super Bowl 50?", "Super Bowl 50 was won in February.", nil, false},
		{"which ru", "Какая команда выиграла Суперкубок 50?", "Суперкубок 50 выиграла команда Денвер Бронкос.", nil, true},
		{"which ru: no team", "Какая команда выиграла Суперкубок 50?", "Суперкубок 50 выиграли в феврале.", nil, false},

		{"what en", "What does every release need?", "Every release needs a tested rollback plan.", nil, true},
		{"what en: not the predicate", "What does every release need?", "Every release is announced in the channel.", nil, false},
		{"what ru", "Что должен иметь каждый релиз?", "Каждый релиз должен иметь проверенный план отката.", nil, true},
		{"what ru: something else", "Что должен иметь каждый релиз?", "Отпуск можно перенести на следующий год.", nil, false},
		{"name en", "What is the name of the CRM?", "The CRM is called Bitrix24.", nil, true},
		{"name en: no name", "What is the name of the CRM?", "The CRM holds the calls of every manager.", nil, false},

		{"the focus in the context", "When did Acme move to Bitrix24?", "It moved in March 2025.", []string{"Acme Logistics picked Bitrix24 as its CRM."}, true},
		{"only the predicate", "What is the layoff plan?", "Every release must have a tested rollback plan.", nil, false},
		{"about something else", "What is the office parking policy?", "Every employee has 28 calendar days of paid vacation per year.", []string{"Vacation policy"}, false},
		{"a question with no focus", "What is it?", "It is a policy.", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := answer.ReadQuestion(tt.q).Judge(tt.claim, tt.context...)
			if v.OnTopic != tt.on {
				t.Errorf("Judge(%q, %q) = %+v, want on topic %v", tt.q, tt.claim, v, tt.on)
			}
			if !v.OnTopic && v.Reason == "" {
				t.Errorf("Judge(%q, %q) is off topic without a reason", tt.q, tt.claim)
			}
		})
	}
}
