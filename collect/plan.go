package collect

import (
	"context"
	"embed"
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
)

//go:embed prompts/*.md
var promptFS embed.FS

var prompts = llm.MustLoadPrompts(promptFS, "prompts")

// TaskResearchNext is the model task that proposes the next searches.
const TaskResearchNext = "collect.research_next"

// PlannedQuery is a search the agent means to make, and why.
type PlannedQuery struct {
	Text     string `json:"query"`
	Reason   string `json:"reason"`
	Language string `json:"language,omitempty"`
}

// PlanState is what a planner sees: the product, the searches made, and
// what they found and what reading found.
type PlanState struct {
	Product      string
	Aliases      []string
	Asked        []string   // searches made so far, in order
	Found        []Hit      // unread candidates, best first
	Read         []ReadNote // pages read so far
	SearchesLeft int
}

// ReadNote is a page read, as the planner sees it.
type ReadNote struct {
	URL   string `json:"url"`
	Title string `json:"title"`
	Kept  bool   `json:"kept"`
}

// Planner proposes the next searches. An empty answer means searching is
// done; the agent then reads its best unread candidates.
type Planner interface {
	Next(ctx context.Context, st PlanState) ([]PlannedQuery, error)
	// Name says how queries are planned, for reports ("template", a
	// model's name).
	Name() string
}

// queryTemplate is one search of the deterministic plan: %s is the product
// name (quoted when it has spaces).
type queryTemplate struct {
	text, reason, lang string
}

// templates are the deterministic plan, after the seed's agent: customer
// lists, case studies, press about deployments, switching stories and
// testimonials, in Russian and English.
var templates = []queryTemplate{
	{"%s клиенты", "pages listing customers of %s (ru)", "ru"},
	{"%s кейс внедрения", "case studies of %s deployments (ru)", "ru"},
	{"%s customer story", "customer stories of %s naming the organization (en)", "en"},
	{"перешли на %s", "organizations that switched to %s (ru)", "ru"},
	{"%s case study", "case studies of %s deployments (en)", "en"},
	{"внедрение %s в компании", "news and press releases about %s deployments (ru)", "ru"},
	{"switched to %s", "organizations that switched to %s (en)", "en"},
	{"%s отзывы клиентов", "testimonials about %s that name the customer's company (ru)", "ru"},
	{"%s customers", "pages listing customers of %s (en)", "en"},
	{"implemented %s", "press releases about %s deployments (en)", "en"},
}

// TemplatePlan is the deterministic plan for a product: every template for
// the product name, then for each alias in turn.
func TemplatePlan(product string, aliases []string) []PlannedQuery {
	var out []PlannedQuery
	seen := map[string]bool{}
	for _, name := range append([]string{product}, aliases...) {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		q := name
		if strings.ContainsAny(name, " \t") {
			q = `"` + name + `"`
		}
		for _, t := range templates {
			text := fmt.Sprintf(t.text, q)
			if key := strings.ToLower(text); !seen[key] {
				seen[key] = true
				out = append(out, PlannedQuery{Text: text, Reason: fmt.Sprintf(t.reason, name), Language: t.lang})
			}
		}
	}
	return out
}

// TemplatePlanner plans from [TemplatePlan] alone, with no model.
type TemplatePlanner struct{}

// Name implements Planner.
func (TemplatePlanner) Name() string { return "template" }

// Next implements Planner: the plan's searches not made yet, as many as
// the budget allows.
func (TemplatePlanner) Next(_ context.Context, st PlanState) ([]PlannedQuery, error) {
	return unasked(TemplatePlan(st.Product, st.Aliases), st.Asked, st.SearchesLeft), nil
}

func unasked(plan []PlannedQuery, asked []string, limit int) []PlannedQuery {
	done := map[string]bool{}
	for _, a := range asked {
		done[strings.ToLower(strings.TrimSpace(a))] = true
	}
	var out []PlannedQuery
	for _, q := range plan {
		if len(out) >= limit {
			break
		}
		if !done[strings.ToLower(q.Text)] {
			out = append(out, q)
			done[strings.ToLower(q.Text)] = true
		}
	}
	return out
}

// ModelPlanner asks a model for the next searches, given what was found:
// the first round is the template plan's first searches (the model needs
// results to react to), every later round one call of the
// collect.research_next prompt. The model only proposes query strings; it
// never chooses a page to read.
type ModelPlanner struct {
	Model llm.Model
	// FirstRound is how many template searches open the run; 0 means 4.
	FirstRound int
	// PerRound caps the searches taken from one model answer; 0 means 5.
	PerRound int
	// Calls counts the model calls made, for the report.
	Calls int
}

// Name implements Planner.
func (p *ModelPlanner) Name() string { return p.Model.Info().Name() }

// researchNextVars are the prompt's inputs; the offline engine would read
// them from Request.Vars.
type researchNextVars struct {
	Product      string     `json:"product"`
	Aliases      []string   `json:"aliases"`
	Asked        []string   `json:"asked"`
	Found        []Hit      `json:"found"`
	Read         []ReadNote `json:"read"`
	SearchesLeft int        `json:"searches_left"`
	MaxQueries   int        `json:"max_queries"`
}

type researchNextAnswer struct {
	Queries []PlannedQuery `json:"queries"`
}

// Next implements Planner.
func (p *ModelPlanner) Next(ctx context.Context, st PlanState) ([]PlannedQuery, error) {
	first, per := p.FirstRound, p.PerRound
	if first <= 0 {
		first = 4
	}
	if per <= 0 {
		per = 5
	}
	if len(st.Asked) == 0 {
		return unasked(TemplatePlan(st.Product, st.Aliases), nil, min(first, st.SearchesLeft)), nil
	}
	found := st.Found
	if len(found) > 15 {
		found = found[:15]
	}
	vars := researchNextVars{Product: st.Product, Aliases: nonNil(st.Aliases), Asked: nonNil(st.Asked), Found: nonNilHits(found),
		Read: st.Read, SearchesLeft: st.SearchesLeft, MaxQueries: min(per, st.SearchesLeft)}
	if vars.Read == nil {
		vars.Read = []ReadNote{}
	}
	req, err := prompts.Render(TaskResearchNext, vars)
	if err != nil {
		return nil, err
	}
	var ans researchNextAnswer
	p.Calls++
	if _, err := llm.CompleteJSON(ctx, p.Model, req, &ans); err != nil {
		return nil, err
	}
	var clean []PlannedQuery
	for _, q := range ans.Queries {
		q.Text = oneLine(q.Text, 200)
		q.Reason = oneLine(q.Reason, 200)
		if q.Text == "" || isURL(q.Text) {
			continue
		}
		if q.Reason == "" {
			q.Reason = "proposed by " + p.Name() + " without a reason"
		}
		if q.Language != "ru" && q.Language != "en" {
			q.Language = ""
		}
		clean = append(clean, q)
	}
	return unasked(clean, st.Asked, min(per, st.SearchesLeft)), nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func nonNilHits(h []Hit) []Hit {
	if h == nil {
		return []Hit{}
	}
	return h
}

// isURL reports whether a proposed query is a bare URL: a model must not be
// able to smuggle a page to read in as a "search".
func isURL(s string) bool {
	u, err := url.Parse(strings.TrimSpace(s))
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && !strings.ContainsAny(s, " \t")
}

// oneLine collapses whitespace (newlines included) and cuts s to at most n
// runes, so every recorded reason is one line.
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n])) + "…"
}

// plannerFallback reports whether a planner error should switch the run to
// the template plan rather than end it: a model that cannot do the task or
// keeps answering nonsense is not worth stopping a research run for.
func plannerFallback(err error) bool {
	switch verity.ErrorCode(err) {
	case verity.ENOTIMPLEMENTED, verity.EMALFORMED, verity.EUNAVAILABLE, verity.EINVALID:
		return true
	}
	return false
}

// ChoosePlanner picks the query planner by choice: "template" the fixed
// plan, "model" a model's, "auto" a model's unless the model is the
// offline engine (which has no research task: a fixed plan is what it
// would do anyway). model builds the model when it is used.
func ChoosePlanner(choice string, offline bool, model func() (llm.Model, error)) (Planner, error) {
	switch choice {
	case "template":
		return TemplatePlanner{}, nil
	case "auto", "model":
	default:
		return nil, verity.Errorf(verity.EINVALID, "--planner must be auto, template or model, not %q", choice)
	}
	if offline {
		if choice == "model" {
			return nil, verity.Errorf(verity.EINVALID, "--planner model needs a model: give --model or set VERITY_MODEL")
		}
		return TemplatePlanner{}, nil
	}
	m, err := model()
	if err != nil {
		return nil, err
	}
	return &ModelPlanner{Model: m}, nil
}
