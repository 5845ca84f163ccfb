package eval

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/veritykb/verity"
)

// NewsOptions configure [CompanyNews].
type NewsOptions struct {
	Pages       int    // pages in all; 0 means 400
	Distractors int    // of them, pages about a company that gave the product up; 0 means a fifth
	Seed        uint64 // the same seed gives the same corpus
	// English is the share of companies written about in English; 0
	// means a quarter, a negative value none.
	English float64
	// HeldOut is the share of companies whose pages use only the held-out
	// templates; 0 means a quarter.
	HeldOut float64
}

// NewsCorpus is a generated corpus of news pages about companies that use
// (or gave up) Bitrix24, with what each page says.
type NewsCorpus struct {
	Pages     []NewsPage    `json:"pages"`
	Companies []NewsCompany `json:"companies"`
}

// NewsCompany is a company of the corpus: its bare name as every page
// writes it inside the forms it dresses it in, the language of its pages,
// whether its pages use only held-out templates, and whether it uses the
// product (a distractor gave it up).
type NewsCompany struct {
	Name       string `json:"name"`
	Lang       string `json:"lang"`
	HeldOut    bool   `json:"held_out"`
	Distractor bool   `json:"distractor"`
	Pages      int    `json:"pages"`
}

// NewsPage is one page: the company it is about, the template and the
// forms of the name it used.
type NewsPage struct {
	URI      string   `json:"uri"`
	Title    string   `json:"title"`
	Text     string   `json:"text"`
	Company  string   `json:"company"`
	Template string   `json:"template"`
	Forms    []string `json:"forms"`
}

// Sources returns the corpus as public web pages, as `verity ingest`
// stores the JSONL records [NewsCorpus.Records] returns.
func (c *NewsCorpus) Sources() []*verity.Source {
	out := make([]*verity.Source, len(c.Pages))
	for i, p := range c.Pages {
		out[i] = &verity.Source{ID: p.URI, URI: p.URI, System: "web", Title: p.Title, Text: p.Text, Version: 1,
			ACL: []verity.Principal{verity.Public}, Status: verity.StatusActive}
	}
	return out
}

// Records returns the corpus as records for `verity ingest` (JSONL, one a
// line: id, uri, system, title, acl, text).
func (c *NewsCorpus) Records() []map[string]any {
	out := make([]map[string]any, len(c.Pages))
	for i, p := range c.Pages {
		out[i] = map[string]any{"id": p.URI, "uri": p.URI, "system": "web", "title": p.Title,
			"acl": []string{string(verity.Public)}, "text": p.Text}
	}
	return out
}

// newsTemplate is two sentences naming a company twice: first in one of
// the forms a first mention takes (with a descriptor or a legal form, in
// the case the sentence needs), then by its quoted name alone.
//
// The templates were written before any change to extraction was tuned on
// them; those marked held are never looked at while tuning, and
// [EntityReport] reports them apart.
type newsTemplate struct {
	id         string
	lang       string
	held       bool
	distractor bool
	text       string // {nom}, {gen}, {prep}: the first mention in that case; {n}: the name alone
}

var newsTemplates = []newsTemplate{
	// Russian, users.
	{id: "ru-1", lang: "ru", text: "{nom} переводит отдел продаж на Битрикс24. По словам директора, {n} использует Битрикс24 для работы с клиентами."},
	{id: "ru-2", lang: "ru", text: "В {prep} внедрили Битрикс24 для учёта заявок. Теперь сотрудники {n} ведут все сделки в одной системе."},
	{id: "ru-3", lang: "ru", text: "{nom} использует Битрикс24 с прошлого года. {n} подключила к Битрикс24 ещё два филиала."},
	{id: "ru-4", lang: "ru", text: "{nom} выбирает Битрикс24 для автоматизации продаж. Внедрение Битрикс24 в {n} заняло три месяца, сообщает пресс-служба."},
	{id: "ru-5", lang: "ru", text: "Как рассказали в {prep}, компания работает в Битрикс24 с весны. В {n} пользуются Битрикс24 и для задач, и для документов."},
	// Russian, users, held out.
	{id: "ru-h1", lang: "ru", held: true, text: "Сотрудники {gen} работают в Битрикс24. {n} использует Битрикс24 и для телефонии."},
	{id: "ru-h2", lang: "ru", held: true, text: "{n} рассказала о переходе на Битрикс24. Руководство {gen} отмечает, что Битрикс24 окупился за полгода."},
	{id: "ru-h3", lang: "ru", held: true, text: "Битрикс24 стал основной CRM для {gen}. В {n} пользуются Битрикс24 уже два года."},
	// A second held-out set, written after ru-h1 had been read to find why
	// two companies split (stop 40), and before any change was measured on
	// it: the honest held-out figure from then on.
	{id: "ru-h4", lang: "ru", held: true, text: "Специалисты {gen} перевели склад на Битрикс24. Сейчас {n} ведёт в Битрикс24 весь учёт поставок."},
	{id: "ru-h5", lang: "ru", held: true, text: "По данным пресс-службы, {nom} завершила внедрение Битрикс24. Клиентов {n} теперь обслуживают через Битрикс24."},
	// A third held-out set (ru-h6..h8, en-h3, en-h4, ru-dh2, en-dh2), written
	// before the judge's recall fix of ru-4 was begun and before anything
	// was measured on them.
	{id: "ru-h6", lang: "ru", held: true, text: "{nom} автоматизировала продажи на Битрикс24. Как отметили в {n}, Битрикс24 помог сократить сроки сделок."},
	{id: "ru-h7", lang: "ru", held: true, text: "На Битрикс24 перешла {nom}. Представители {n} говорят, что довольны системой."},
	{id: "ru-h8", lang: "ru", held: true, text: "{nom} выбрала Битрикс24 после тестирования нескольких CRM. Сейчас в {n} с Битрикс24 работают более ста сотрудников."},
	// A fourth held-out set, written after ru-h8's and en-h1's failures had
	// been read (both an evaluation word after the verb) and before the fix.
	{id: "ru-h9", lang: "ru", held: true, text: "Запуск Битрикс24 в {prep} прошёл без сбоев. {n} ведёт в Битрикс24 сделки и задачи."},
	{id: "ru-h10", lang: "ru", held: true, text: "{nom} внедряет Битрикс24 по итогам конкурса среди интеграторов. В {n} выбирают Битрикс24 уже третий год."},
	// Russian, distractors.
	{id: "ru-d1", lang: "ru", distractor: true, text: "{nom} отказывается от Битрикс24 в пользу собственной разработки. В {n} объяснили, что Битрикс24 не подошёл по функциям."},
	{id: "ru-d2", lang: "ru", distractor: true, text: "В {prep} отказались от Битрикс24 после трёх лет работы. {n} переходит на другую систему."},
	{id: "ru-dh1", lang: "ru", held: true, distractor: true, text: "{nom} прекращает использовать Битрикс24. Как сообщили в {n}, от Битрикс24 отказались из-за стоимости."},
	{id: "ru-dh2", lang: "ru", held: true, distractor: true, text: "{nom} больше не использует Битрикс24. В {n} перешли на другую CRM."},
	// English, users.
	{id: "en-1", lang: "en", text: "{nom} has moved its sales team to Bitrix24. A spokesperson said {n} uses Bitrix24 for every customer deal."},
	{id: "en-2", lang: "en", text: "{nom} uses Bitrix24 to run its support desk. Since the rollout, {n} has connected two more offices to Bitrix24."},
	{id: "en-3", lang: "en", text: "{nom} deployed Bitrix24 across its warehouses last spring. Staff at {n} now track every order in the CRM."},
	// English, users, held out.
	{id: "en-h1", lang: "en", held: true, text: "Bitrix24 is now the main CRM at {nom}. {n} adopted Bitrix24 after a three-month pilot."},
	{id: "en-h2", lang: "en", held: true, text: "Employees of {nom} now log their calls in Bitrix24. {n} chose Bitrix24 over two other CRMs."},
	{id: "en-h3", lang: "en", held: true, text: "After a long search, {nom} settled on Bitrix24. {n} now runs its sales pipeline in Bitrix24."},
	{id: "en-h4", lang: "en", held: true, text: "Bitrix24 has been rolled out at {nom}. According to {n}, the switch took six weeks."},
	{id: "en-h5", lang: "en", held: true, text: "The rollout of Bitrix24 at {nom} finished in May. {n} picked Bitrix24 following a review of five vendors."},
	// English, distractors.
	{id: "en-d1", lang: "en", distractor: true, text: "{nom} dropped Bitrix24 in favour of an in-house system. {n} stopped using Bitrix24 last year."},
	{id: "en-dh1", lang: "en", held: true, distractor: true, text: "{nom} has abandoned Bitrix24. According to {n}, Bitrix24 did not fit its processes."},
	{id: "en-dh2", lang: "en", held: true, distractor: true, text: "{nom} no longer uses Bitrix24. {n} switched to another CRM this spring."},
}

// newsForms are the usual ways a first mention dresses a name, per case
// (Russian) or in any position (English); {n} is the name as the page
// quotes it.
var newsForms = map[string][][3]string{ // nominative, genitive, prepositional
	"ru": {
		{"Компания {n}", "компании {n}", "компании {n}"},
		{"Фирма {n}", "фирмы {n}", "фирме {n}"},
		{"Холдинг {n}", "холдинга {n}", "холдинге {n}"},
		{"Корпорация {n}", "корпорации {n}", "корпорации {n}"},
		{"Группа компаний {n}", "группы компаний {n}", "группе компаний {n}"},
		{"ГК {n}", "ГК {n}", "ГК {n}"},
		{"ООО {n}", "ООО {n}", "ООО {n}"},
		{"АО {n}", "АО {n}", "АО {n}"},
		{"{n}", "{n}", "{n}"},
	},
	"en": {
		{"{n}", "{n}", "{n}"},
		{"{n} Inc.", "{n} Inc.", "{n} Inc."},
		{"{n} Ltd", "{n} Ltd", "{n} Ltd"},
		{"{n} Corporation", "{n} Corporation", "{n} Corporation"},
		{"The {n} Company", "the {n} Company", "the {n} Company"},
	},
}

// Name parts: a company's name is a head and a tail joined, so that names
// share heads and tails with others (Росмаш, Роснефть) and near misses
// abound.
var (
	ruHeads = strings.Fields("Альт Рос Сиб Урал Волга Норд Техно Агро Мега Строй Энерго Транс Мед Прог Лог Кварц Вектор Полюс Алмаз Север")
	ruTails = strings.Fields("агро маш нефть пром снаб лайн софт тех сервис трейд строй лес хим мет ком торг")
	enHeads = strings.Fields("North Blue Silver Green Red Bright Iron Clear Swift Stone Oak Pine Harbor Summit Cedar Maple")
	enTails = strings.Fields("wind field stone bridge line works soft path gate wave point forge light brook ridge")
)

// filler sentences stand around the two that name the company; they name
// no company and not the product.
var newsFiller = map[string][]string{
	"ru": {
		"Рынок облачных CRM в России вырос за год на треть.",
		"Аналитики ждут, что спрос на автоматизацию продаж сохранится.",
		"Большинство проектов такого рода занимает от месяца до полугода.",
		"Средний бизнес чаще всего начинает с учёта сделок и задач.",
	},
	"en": {
		"The market for cloud CRM grew by a third last year.",
		"Analysts expect demand for sales automation to hold up.",
		"Most projects of this kind take between one and six months.",
		"Mid-sized firms usually start with deals and tasks.",
	},
}

var newsTitles = map[string][]string{
	"ru": {"Новости автоматизации", "Обзор рынка CRM", "Цифровизация бизнеса", "Региональные новости"},
	"en": {"Automation news", "CRM market roundup", "Business technology", "Regional business"},
}

// CompanyNews generates a corpus of news pages, each naming one company
// twice in the usual ways («Компания «Альтагро» переводит отдел продаж на
// Битрикс24 … «Альтагро» использует Битрикс24 …»). A company that uses the
// product has one to three pages, each in the forms its template and a
// random choice of descriptor give; a distractor company has one page
// saying it gave the product up. The same options give the same corpus.
func CompanyNews(opt NewsOptions) *NewsCorpus {
	if opt.Pages <= 0 {
		opt.Pages = 400
	}
	if opt.Distractors <= 0 {
		opt.Distractors = opt.Pages / 5
	}
	opt.Distractors = min(opt.Distractors, opt.Pages)
	if opt.English == 0 {
		opt.English = 0.25
	}
	if opt.HeldOut == 0 {
		opt.HeldOut = 0.25
	}
	rng := rand.New(rand.NewPCG(opt.Seed, 0x5eed))
	taken := map[string]bool{}
	newName := func(lang string) string {
		heads, tails := ruHeads, ruTails
		if lang == "en" {
			heads, tails = enHeads, enTails
		}
		for {
			n := heads[rng.IntN(len(heads))] + tails[rng.IntN(len(tails))]
			if len(taken) >= len(heads)*len(tails) {
				n += fmt.Sprint(len(taken)) // the pool ran out: a digit keeps names apart
			}
			if !taken[strings.ToLower(n)] {
				taken[strings.ToLower(n)] = true
				return n
			}
		}
	}
	c := &NewsCorpus{}
	lang := func() string {
		if opt.English > 0 && rng.Float64() < opt.English {
			return "en"
		}
		return "ru"
	}
	// Users: one to three pages each until the users' pages are filled.
	for users := opt.Pages - opt.Distractors; users > 0; {
		n := min(1+rng.IntN(3), users)
		users -= n
		co := NewsCompany{Lang: lang(), HeldOut: rng.Float64() < opt.HeldOut, Pages: n}
		co.Name = newName(co.Lang)
		c.Companies = append(c.Companies, co)
	}
	for range opt.Distractors {
		co := NewsCompany{Lang: lang(), HeldOut: rng.Float64() < opt.HeldOut, Distractor: true, Pages: 1}
		co.Name = newName(co.Lang)
		c.Companies = append(c.Companies, co)
	}
	for _, co := range c.Companies {
		var pool []newsTemplate
		for _, t := range newsTemplates {
			if t.lang == co.Lang && t.held == co.HeldOut && t.distractor == co.Distractor {
				pool = append(pool, t)
			}
		}
		for range co.Pages {
			c.Pages = append(c.Pages, newsPage(rng, co, pool[rng.IntN(len(pool))], len(c.Pages)))
		}
	}
	// Pages in a random order, so a company's pages are not read together.
	rng.Shuffle(len(c.Pages), func(i, j int) { c.Pages[i], c.Pages[j] = c.Pages[j], c.Pages[i] })
	return c
}

// newsPage writes one page about co with template t.
func newsPage(rng *rand.Rand, co NewsCompany, t newsTemplate, i int) NewsPage {
	quoted := "«" + co.Name + "»"
	if co.Lang == "en" {
		quoted = co.Name
	}
	forms := newsForms[co.Lang]
	f := forms[rng.IntN(len(forms))]
	text, used := t.text, []string{}
	for k, slot := range []string{"{nom}", "{gen}", "{prep}"} {
		if strings.Contains(text, slot) {
			form := strings.ReplaceAll(f[k], "{n}", quoted)
			used = append(used, form)
			text = strings.ReplaceAll(text, slot, form)
		}
	}
	text = strings.ReplaceAll(text, "{n}", quoted)
	used = append(used, quoted)
	filler := newsFiller[co.Lang]
	a, b := filler[rng.IntN(len(filler))], filler[rng.IntN(len(filler))]
	titles := newsTitles[co.Lang]
	title := titles[rng.IntN(len(titles))]
	body := a + " " + text
	if b != a {
		body += " " + b
	}
	return NewsPage{URI: fmt.Sprintf("https://news.example/%s/%04d", co.Lang, i), Title: title,
		Text: "# " + title + "\n\n" + body + "\n", Company: co.Name, Template: t.id, Forms: used}
}
