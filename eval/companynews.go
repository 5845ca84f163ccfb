package eval

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/veritykb/verity"
)

// NewsOptions configure [CompanyNews].
type NewsOptions struct {
	Pages int // pages in all; 0 means 400
	// Distractors is how many of them are about a company that does not
	// use the product (gave it up, declined it, only weighs it, or its
	// competitors use it); 0 means a fifth.
	Distractors int
	Seed        uint64 // the same seed gives the same corpus
	// English is the share of companies written about in English; 0
	// means a quarter, a negative value none.
	English float64
	// HeldOut is the share of companies whose pages use only held-out
	// templates, split evenly between the held-out parts; 0 means a
	// quarter.
	HeldOut float64
}

// NewsCorpus is a generated corpus of news pages about companies that use
// Bitrix24 (or do not: gave it up, declined it, weigh it), with what each
// page says.
type NewsCorpus struct {
	Pages     []NewsPage    `json:"pages"`
	Companies []NewsCompany `json:"companies"`
}

// NewsCompany is a company of the corpus: its bare name as every page
// writes it inside the forms it dresses it in, the language of its pages,
// the part of the templates its pages use (tuned, or one of the held-out
// parts), and whether it uses the product (a distractor does not: it gave
// it up, declined it, only weighs it).
type NewsCompany struct {
	Name       string `json:"name"`
	Lang       string `json:"lang"`
	Part       string `json:"part"`
	HeldOut    bool   `json:"held_out"` // Part is not PartTuned
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
// them; those of a held-out part are never tuned on, and [EntityReport]
// reports each part apart.
type newsTemplate struct {
	id         string
	lang       string
	part       string // PartTuned (""), PartHeldOut or PartHeldOut2
	distractor bool
	text       string // {nom}, {gen}, {prep}: the first mention in that case; {n}: the name alone
}

// The parts of the templates. PartHeldOut is the four held-out sets
// written during issue 32's first work: their failures have been read
// since (not tuned on, but read), so PartHeldOut2, written on 2026-12-04
// before the judge learned the ordinary words of adoption ("rolled out",
// «запустила», "picked") and measured before anything was changed for it,
// is the honest held-out figure from then on.
const (
	PartTuned    = "tuned"
	PartHeldOut  = "held out"
	PartHeldOut2 = "held out 2"
)

// NewsParts lists the parts in the order reports show them.
var NewsParts = []string{PartTuned, PartHeldOut, PartHeldOut2}

func (t newsTemplate) partName() string {
	if t.part == "" {
		return PartTuned
	}
	return t.part
}

var newsTemplates = []newsTemplate{
	// Russian, users.
	{id: "ru-1", lang: "ru", text: "{nom} переводит отдел продаж на Битрикс24. По словам директора, {n} использует Битрикс24 для работы с клиентами."},
	{id: "ru-2", lang: "ru", text: "В {prep} внедрили Битрикс24 для учёта заявок. Теперь сотрудники {n} ведут все сделки в одной системе."},
	{id: "ru-3", lang: "ru", text: "{nom} использует Битрикс24 с прошлого года. {n} подключила к Битрикс24 ещё два филиала."},
	{id: "ru-4", lang: "ru", text: "{nom} выбирает Битрикс24 для автоматизации продаж. Внедрение Битрикс24 в {n} заняло три месяца, сообщает пресс-служба."},
	{id: "ru-5", lang: "ru", text: "Как рассказали в {prep}, компания работает в Битрикс24 с весны. В {n} пользуются Битрикс24 и для задач, и для документов."},
	// More users (ru-6..ru-12), written on 2026-12-04 in the ordinary words
	// news use for adopting a product, before the judge was changed for them.
	{id: "ru-6", lang: "ru", text: "{nom} запустила Битрикс24 во всех филиалах. По словам представителей {n}, Битрикс24 работает без сбоев."},
	{id: "ru-7", lang: "ru", text: "В {prep} развернули Битрикс24 для всех отделов. {n} внедрила Битрикс24 за два месяца."},
	{id: "ru-8", lang: "ru", text: "{nom} выбрала Битрикс24 в качестве основной CRM. Запуск Битрикс24 в {n} занял шесть недель."},
	{id: "ru-9", lang: "ru", text: "Битрикс24 запущен в {prep} в начале года. Сотрудники {n} перешли на Битрикс24 за неделю."},
	{id: "ru-10", lang: "ru", text: "{nom} развернула Битрикс24 на собственных серверах. В {n} Битрикс24 используют для задач и документов."},
	{id: "ru-11", lang: "ru", text: "Отдел продаж {gen} переведён на Битрикс24. {n} ввела Битрикс24 в эксплуатацию в апреле."},
	{id: "ru-12", lang: "ru", text: "{nom} остановила выбор на Битрикс24. Внедрение Битрикс24 у {n} вёл собственный ИТ-отдел."},
	// Russian, users, held out.
	{id: "ru-h1", lang: "ru", part: PartHeldOut, text: "Сотрудники {gen} работают в Битрикс24. {n} использует Битрикс24 и для телефонии."},
	{id: "ru-h2", lang: "ru", part: PartHeldOut, text: "{n} рассказала о переходе на Битрикс24. Руководство {gen} отмечает, что Битрикс24 окупился за полгода."},
	{id: "ru-h3", lang: "ru", part: PartHeldOut, text: "Битрикс24 стал основной CRM для {gen}. В {n} пользуются Битрикс24 уже два года."},
	// A second held-out set, written after ru-h1 had been read to find why
	// two companies split (stop 40), and before any change was measured on
	// it: the honest held-out figure from then on.
	{id: "ru-h4", lang: "ru", part: PartHeldOut, text: "Специалисты {gen} перевели склад на Битрикс24. Сейчас {n} ведёт в Битрикс24 весь учёт поставок."},
	{id: "ru-h5", lang: "ru", part: PartHeldOut, text: "По данным пресс-службы, {nom} завершила внедрение Битрикс24. Клиентов {n} теперь обслуживают через Битрикс24."},
	// A third held-out set (ru-h6..h8, en-h3, en-h4, ru-dh2, en-dh2), written
	// before the judge's recall fix of ru-4 was begun and before anything
	// was measured on them.
	{id: "ru-h6", lang: "ru", part: PartHeldOut, text: "{nom} автоматизировала продажи на Битрикс24. Как отметили в {n}, Битрикс24 помог сократить сроки сделок."},
	{id: "ru-h7", lang: "ru", part: PartHeldOut, text: "На Битрикс24 перешла {nom}. Представители {n} говорят, что довольны системой."},
	{id: "ru-h8", lang: "ru", part: PartHeldOut, text: "{nom} выбрала Битрикс24 после тестирования нескольких CRM. Сейчас в {n} с Битрикс24 работают более ста сотрудников."},
	// A fourth held-out set, written after ru-h8's and en-h1's failures had
	// been read (both an evaluation word after the verb) and before the fix.
	{id: "ru-h9", lang: "ru", part: PartHeldOut, text: "Запуск Битрикс24 в {prep} прошёл без сбоев. {n} ведёт в Битрикс24 сделки и задачи."},
	{id: "ru-h10", lang: "ru", part: PartHeldOut, text: "{nom} внедряет Битрикс24 по итогам конкурса среди интеграторов. В {n} выбирают Битрикс24 уже третий год."},
	// A fifth held-out set (part "held out 2"), written on 2026-12-04 with the
	// tuned templates ru-6..12 and en-4..9 and committed before the judge
	// was changed; never read before it was measured.
	{id: "ru-h11", lang: "ru", part: PartHeldOut2, text: "С этого года {nom} ведёт продажи в Битрикс24. {n} также перенесла в Битрикс24 базу клиентов."},
	{id: "ru-h12", lang: "ru", part: PartHeldOut2, text: "{nom} завершила переход на Битрикс24. В {n} на Битрикс24 работают все филиалы."},
	{id: "ru-h13", lang: "ru", part: PartHeldOut2, text: "Битрикс24 развёрнут в {prep} для трёхсот пользователей. {n} планирует подключить к Битрикс24 склад."},
	{id: "ru-h14", lang: "ru", part: PartHeldOut2, text: "Весь документооборот {gen} теперь идёт через Битрикс24. {n} внедрила Битрикс24 вместе с интегратором."},
	{id: "ru-h15", lang: "ru", part: PartHeldOut2, text: "{nom} запустила в Битрикс24 онлайн-продажи. Руководство {n} довольно Битрикс24."},
	// Russian, distractors.
	{id: "ru-d1", lang: "ru", distractor: true, text: "{nom} отказывается от Битрикс24 в пользу собственной разработки. В {n} объяснили, что Битрикс24 не подошёл по функциям."},
	{id: "ru-d2", lang: "ru", distractor: true, text: "В {prep} отказались от Битрикс24 после трёх лет работы. {n} переходит на другую систему."},
	// More distractors (ru-d3..ru-d6), written with ru-6..ru-12: declined,
	// only evaluating, a competitor uses it.
	{id: "ru-d3", lang: "ru", distractor: true, text: "{nom} отказалась от внедрения Битрикс24. В {n} решили остаться на прежней системе."},
	{id: "ru-d4", lang: "ru", distractor: true, text: "{nom} пока только рассматривает Битрикс24. В {n} обещают принять решение о переходе на Битрикс24 к осени."},
	{id: "ru-d5", lang: "ru", distractor: true, text: "Конкуренты {gen} давно работают в Битрикс24. Сама {n} по-прежнему ведёт продажи в таблицах."},
	{id: "ru-d6", lang: "ru", distractor: true, text: "{nom} тестирует Битрикс24 в одном отделе. В {n} пока не решили, переходить ли на Битрикс24."},
	{id: "ru-dh1", lang: "ru", part: PartHeldOut, distractor: true, text: "{nom} прекращает использовать Битрикс24. Как сообщили в {n}, от Битрикс24 отказались из-за стоимости."},
	{id: "ru-dh2", lang: "ru", part: PartHeldOut, distractor: true, text: "{nom} больше не использует Битрикс24. В {n} перешли на другую CRM."},
	{id: "ru-dh3", lang: "ru", part: PartHeldOut2, distractor: true, text: "{nom} решила не продлевать подписку на Битрикс24. В {n} ищут замену Битрикс24."},
	{id: "ru-dh4", lang: "ru", part: PartHeldOut2, distractor: true, text: "{nom} изучает Битрикс24 как одну из возможных CRM. Окончательного решения о Битрикс24 в {n} пока нет."},
	{id: "ru-dh5", lang: "ru", part: PartHeldOut2, distractor: true, text: "Клиенты {gen} работают в Битрикс24, а сама {n} пользуется другой системой."},
	// English, users.
	{id: "en-1", lang: "en", text: "{nom} has moved its sales team to Bitrix24. A spokesperson said {n} uses Bitrix24 for every customer deal."},
	{id: "en-2", lang: "en", text: "{nom} uses Bitrix24 to run its support desk. Since the rollout, {n} has connected two more offices to Bitrix24."},
	{id: "en-3", lang: "en", text: "{nom} deployed Bitrix24 across its warehouses last spring. Staff at {n} now track every order in the CRM."},
	// More users (en-4..en-9), written with ru-6..ru-12.
	{id: "en-4", lang: "en", text: "{nom} has rolled out Bitrix24 to all of its branches. The rollout at {n} took four months."},
	{id: "en-5", lang: "en", text: "{nom} launched Bitrix24 for its sales staff in March. {n} went live on Bitrix24 after a two-week setup."},
	{id: "en-6", lang: "en", text: "{nom} picked Bitrix24 as its CRM last year. Today {n} handles every lead in Bitrix24."},
	{id: "en-7", lang: "en", text: "{nom} selected Bitrix24 to replace its old CRM. Bitrix24 went live at {n} in April."},
	{id: "en-8", lang: "en", text: "Bitrix24 was deployed at {nom} in two phases. {n} now runs its help desk on Bitrix24."},
	{id: "en-9", lang: "en", text: "{nom} introduced Bitrix24 across its sales offices. Managers at {n} log every call in Bitrix24."},
	// English, users, held out.
	{id: "en-h1", lang: "en", part: PartHeldOut, text: "Bitrix24 is now the main CRM at {nom}. {n} adopted Bitrix24 after a three-month pilot."},
	{id: "en-h2", lang: "en", part: PartHeldOut, text: "Employees of {nom} now log their calls in Bitrix24. {n} chose Bitrix24 over two other CRMs."},
	{id: "en-h3", lang: "en", part: PartHeldOut, text: "After a long search, {nom} settled on Bitrix24. {n} now runs its sales pipeline in Bitrix24."},
	{id: "en-h4", lang: "en", part: PartHeldOut, text: "Bitrix24 has been rolled out at {nom}. According to {n}, the switch took six weeks."},
	{id: "en-h5", lang: "en", part: PartHeldOut, text: "The rollout of Bitrix24 at {nom} finished in May. {n} picked Bitrix24 following a review of five vendors."},
	{id: "en-h6", lang: "en", part: PartHeldOut2, text: "{nom} has standardized on Bitrix24 for sales. Staff at {n} began using Bitrix24 in January."},
	{id: "en-h7", lang: "en", part: PartHeldOut2, text: "{nom} completed its migration to Bitrix24 this quarter. {n} moved all customer records into Bitrix24."},
	{id: "en-h8", lang: "en", part: PartHeldOut2, text: "Bitrix24 now powers the sales desk of {nom}. {n} signed up for Bitrix24 in 2023."},
	{id: "en-h9", lang: "en", part: PartHeldOut2, text: "{nom} brought in Bitrix24 to manage its projects. The launch of Bitrix24 at {n} went smoothly."},
	// English, distractors.
	{id: "en-d1", lang: "en", distractor: true, text: "{nom} dropped Bitrix24 in favour of an in-house system. {n} stopped using Bitrix24 last year."},
	// More distractors (en-d2..en-d5), written with en-4..en-9.
	{id: "en-d2", lang: "en", distractor: true, text: "{nom} declined to adopt Bitrix24 after a trial. {n} kept its existing CRM."},
	{id: "en-d3", lang: "en", distractor: true, text: "{nom} is only evaluating Bitrix24 for now. {n} expects to decide on a Bitrix24 rollout next year."},
	{id: "en-d4", lang: "en", distractor: true, text: "Competitors of {nom} have used Bitrix24 for years. {n} still tracks its sales in spreadsheets."},
	{id: "en-d5", lang: "en", distractor: true, text: "{nom} turned down Bitrix24 in favour of a rival CRM. {n} said Bitrix24 was too costly."},
	{id: "en-dh1", lang: "en", part: PartHeldOut, distractor: true, text: "{nom} has abandoned Bitrix24. According to {n}, Bitrix24 did not fit its processes."},
	{id: "en-dh2", lang: "en", part: PartHeldOut, distractor: true, text: "{nom} no longer uses Bitrix24. {n} switched to another CRM this spring."},
	{id: "en-dh3", lang: "en", part: PartHeldOut2, distractor: true, text: "{nom} is still weighing Bitrix24 against two rivals. {n} will announce its choice in the autumn."},
	{id: "en-dh4", lang: "en", part: PartHeldOut2, distractor: true, text: "{nom} cancelled its Bitrix24 subscription in March. {n} moved its sales to a rival CRM."},
	{id: "en-dh5", lang: "en", part: PartHeldOut2, distractor: true, text: "A partner of {nom} sells Bitrix24 to small firms. {n} itself runs a different CRM."},
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
// saying it does not use the product. The same options give the same corpus.
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
	part := func() string {
		if rng.Float64() >= opt.HeldOut {
			return PartTuned
		}
		return NewsParts[1+rng.IntN(len(NewsParts)-1)]
	}
	// Users: one to three pages each until the users' pages are filled.
	for users := opt.Pages - opt.Distractors; users > 0; {
		n := min(1+rng.IntN(3), users)
		users -= n
		co := NewsCompany{Lang: lang(), Part: part(), Pages: n}
		co.Name, co.HeldOut = newName(co.Lang), co.Part != PartTuned
		c.Companies = append(c.Companies, co)
	}
	for range opt.Distractors {
		co := NewsCompany{Lang: lang(), Part: part(), Distractor: true, Pages: 1}
		co.Name, co.HeldOut = newName(co.Lang), co.Part != PartTuned
		c.Companies = append(c.Companies, co)
	}
	for _, co := range c.Companies {
		var pool []newsTemplate
		for _, t := range newsTemplates {
			if t.lang == co.Lang && t.partName() == co.Part && t.distractor == co.Distractor {
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
