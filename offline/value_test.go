package offline

import "testing"

// TestValues: a sentence holds a value of the kind a question asks for, and
// a value of another kind, or one the question itself states, is none.
func TestValues(t *testing.T) {
	tests := []struct {
		question, sentence string
		want               bool
	}{
		// Times.
		{"Когда выйдет релиз?", "Релиз запланирован на 14 ноября 2026 года.", true},
		{"Когда выйдет релиз?", "Релиз выйдет в следующем месяце, после заморозки.", true},
		{"Когда выйдет релиз?", "Релиз выйдет через две недели после заморозки кода.", true},
		{"Когда выйдет релиз?", "Дата релиза: 14.11.2026, заморозка раньше.", true},
		{"Когда выйдет релиз?", "Релиз выходит в пятницу вечером, как обычно.", true},
		{"Когда сократят отдел?", "В первом квартале 2027 года планируется сократить отдел.", true},
		{"Когда построили собор?", "Собор построили в XIX веке по проекту архитектора.", true},
		{"When is the release?", "The release is planned for November 14, after the freeze.", true},
		{"When do deploys happen?", "Production deploys happen on weekdays between 10:00 and 16:00.", true},
		{"When was the company founded?", "The company was founded in 1998 by two engineers.", true},
		{"When do backups run?", "Backups of the CRM database run nightly at the data centre.", true},
		{"When is the release?", "The release date is 2026-11-14 for every region.", true},
		{"Когда выйдет релиз?", "В релиз вошли 42 задачи, из них 6 исправлений.", false},
		{"When is the release?", "The release contains 42 tasks and 6 security fixes.", false},
		{"When may we deploy?", "You may deploy once the checklist is green.", false},
		// A year the question states is no answer to it.
		{"Когда в 2027 году сократят отдел?", "Отдел сократят в 2027 году по плану.", false},
		// Amounts.
		{"Сколько задач вошло в релиз?", "В релиз вошли 42 задачи, из них 6 исправлений.", true},
		{"Сколько человек сократят?", "Планируется сократить двенадцать человек из отдела продаж.", true},
		{"Какой процент голосов получила партия?", "Партия получила 32,5% голосов на выборах.", true},
		{"How many days carry over?", "Unused days carry over, but not more than 10 days.", true},
		{"How much did Northwind invest?", "Northwind Ventures invested 2 million dollars in Oblako.", true},
		{"Сколько задач вошло в релиз?", "Релиз запланирован на 14 ноября 2026 года.", false},
		{"How many tasks are in release 3.2?", "Release 3.2 is planned for November.", false},
		{"How many people attended?", "One of the organisers opened the meeting.", false},
		// Persons.
		{"Кто ведёт выпуск?", "Выпуск ведёт Дмитрий Орлов из команды платформы.", true},
		{"Кто отвечает за пересмотр прав?", "За пересмотр отвечает руководитель подразделения.", true},
		{"Who approved the budget?", "The budget was approved by Alice Smith last week.", true},
		{"Who approved the budget?", "The budget was approved by the finance director.", true},
		{"Кто ведёт выпуск?", "Выпуск запланирован на 14 ноября 2026 года.", false},
		{"Who approved the budget?", "The budget was approved on 3 March with 12 votes.", false},
		// Organizations.
		{"Какая компания инвестировала в интегратора?", "Инвестором выступил фонд Northwind Ventures в 2025 году.", true},
		{"Какая компания перепродаёт лицензии?", "Лицензии перепродаёт ООО «Ромашка» с прошлого года.", true},
		{"Which company resells the licences?", "The licences are resold by Contoso Ltd under a partnership.", true},
		{"Which company resells the licences?", "The licences are resold by the integrator Oblako.", true},
		{"Which company resells the licences?", "The licences are resold by Alice to several hospitals.", false},
		{"Какая компания перепродаёт лицензии?", "Лицензии перепродают с прошлого года.", false},
		// Places.
		{"Где находится склад?", "Склад находится в Казани, рядом с вокзалом.", true},
		{"Где находится кофемашина?", "Кофемашина стоит на третьем этаже у переговорной.", true},
		{"Where is Acme Logistics based?", "Acme Logistics is a freight forwarder based in Hamburg.", true},
		{"Where is the coffee machine?", "The office coffee machine is on the third floor.", true},
		{"Где хранятся пароли?", "Пароли хранятся только в хранилище секретов и нигде больше.", true},
		{"Where are the keys kept?", "The keys are kept in the team vault, nowhere else.", true},
		{"Где находится склад?", "Склад открыт с 9:00 до 18:00 по будням.", false},
		{"Where is the coffee machine?", "The coffee machine was bought by Alice Smith.", false},
	}
	for _, tt := range tests {
		d := analyze(tt.sentence)
		q := readQuestion(tt.question)
		if q.kind == kindAny {
			t.Fatalf("askedKind(%q) = any, want a kind", tt.question)
		}
		if got := q.holds(d, d.Sents[0]); got != tt.want {
			t.Errorf("%s question %q: holds(%q) = %v, want %v", q.kind, tt.question, tt.sentence, got, tt.want)
		}
	}
}

// TestQuestionAbout: an answer mentions the numbers and names its question
// states, in the sentence or in its document's title.
func TestQuestionAbout(t *testing.T) {
	tests := []struct {
		question, title, sentence string
		want                      bool
	}{
		{"Когда выйдет релиз 3.2?", "#releases", "Релиз 3.2 запланирован на 14 ноября.", true},
		{"Когда выйдет релиз 3.2?", "#releases: 3.2", "Релиз запланирован на 14 ноября.", true},
		{"Когда выйдет релиз 3.2?", "#releases", "Релиз 3.1 вышел 1 октября.", false},
		{"When did Contoso sign?", "Partners", "Contoso Ltd signed a partnership agreement in 2025.", true},
		{"When did Contoso sign?", "Partners", "Northwind Ventures signed in 2025.", false},
	}
	for _, tt := range tests {
		d := analyze(tt.sentence)
		q := readQuestion(tt.question)
		if got := q.about(d, d.Sents[0], analyze(tt.title)); got != tt.want {
			t.Errorf("question %q, title %q: about(%q) = %v, want %v", tt.question, tt.title, tt.sentence, got, tt.want)
		}
	}
}

// TestAmountFocus: an amount answers "how many X" only when it counts X.
func TestAmountFocus(t *testing.T) {
	tests := []struct {
		question, sentence string
		want               bool
	}{
		{"Сколько задач вошло в релиз 3.2?", "В релиз 3.2 вошли 42 задачи.", true},
		{"Сколько стоит релиз 3.2?", "В релиз 3.2 вошли 42 задачи.", false},
		{"How many fixes does release 4.1 contain?", "Release 4.1 contains 18 fixes.", true},
		{"How many users does release 4.1 have?", "Release 4.1 contains 18 fixes.", false},
		{"How much did Northwind invest?", "Northwind Ventures invested 2 million dollars in Oblako.", true},
	}
	for _, tt := range tests {
		d := analyze(tt.sentence)
		q := readQuestion(tt.question)
		if got := q.holds(d, d.Sents[0]) && q.about(d, d.Sents[0], analyze("")); got != tt.want {
			t.Errorf("question %q (focus %q): answered by %q = %v, want %v", tt.question, q.focus, tt.sentence, got, tt.want)
		}
	}
}
