package kb

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/summary"
)

// SummarizeRequest is a topic and the options of summarizing it: the
// flags of verity summarize and the body of POST /api/v1/summarize.
type SummarizeRequest struct {
	Topic     string `json:"topic"`
	K         int    `json:"k,omitempty"`         // passages to retrieve, 1-100
	Sentences int    `json:"sentences,omitempty"` // most sentences to write, 1-50
	MaxSets   int    `json:"max_sets,omitempty"`  // most alternative sets per sentence's receipt
}

// Summary is a summary as written, each sentence with its receipt.
type Summary = summary.Summary

// Summarize searches what c may read on the topic, asks the service's model
// for a summary in which every sentence carries its own receipt, and stores
// each sentence as a record resting on it. Any authenticated caller may: the
// summary is made of what it may read. A reader's summary is its own, listed
// to no one else, until a curator publishes it ([Service.Publish]), so that
// no reader puts words of its choosing before everyone; a curator's is
// published as it is written. An anonymous caller may not summarize.
func (s *Service) Summarize(ctx context.Context, c verity.Caller, req SummarizeRequest) (*Summary, error) {
	if err := authenticated(c, "summarizing"); err != nil {
		return nil, err
	}
	r, err := s.Rights(ctx, c)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(req.Topic) == "" {
		return nil, verity.Errorf(verity.EINVALID, "summarize: give a topic")
	}
	if req.K < 0 || req.K > 100 || req.Sentences < 0 || req.Sentences > 50 || req.MaxSets < 0 {
		return nil, verity.Errorf(verity.EINVALID, "summarize: k must be 1-100, sentences 1-50, max sets at least 1")
	}
	m, err := s.model(ctx)
	if err != nil {
		return nil, err
	}
	hints := s.allowHints(ctx, c)
	sum, err := summary.Summarize(ctx, m, s.store, req.Topic, c, summary.Options{K: req.K, Sentences: req.Sentences, MaxSets: req.MaxSets,
		Private: !r.Curator})
	if err != nil {
		return nil, err
	}
	if c.Anonymous() || !hints {
		sum.Hints = nil
	}
	return sum, nil
}

// Summary returns summary id as c may see it now: its live sentences, with
// withDead also the dead ones c may still read (a sentence revoked by hand
// that what supports it still supports) — every dead one in an admin's view.
// A summary is shown only to a caller who can read at least one of its live
// sentences (an admin asking withDead sees any); otherwise it is not found,
// exactly like a summary that does not exist. Written counts, for anyone
// but an admin, only the sentences shown. Receipts and quotes that rest
// on sources c may not read are left out and the sentence says Withheld.
func (s *Service) Summary(ctx context.Context, c verity.Caller, id string, withDead bool) (*summary.View, error) {
	r, err := s.Rights(ctx, c)
	if err != nil {
		return nil, err
	}
	return s.summary(ctx, c, r, s.view(ctx, c, withDead && r.Admin), id, withDead)
}

func (s *Service) summary(ctx context.Context, c verity.Caller, r Rights, v *view, id string, withDead bool) (*summary.View, error) {
	if strings.TrimSpace(id) == "" {
		return nil, verity.Errorf(verity.EINVALID, "give a summary id (verity summarize --list)")
	}
	if !v.readable(verity.RecordRef(id)) {
		return nil, noSummary(id)
	}
	acc := summary.Access{Visible: v.visible}
	if withDead {
		acc.Readable = v.readable
	}
	sv, err := summary.Show(ctx, s.store, id, acc)
	switch {
	case notFound(err):
		return nil, noSummary(id)
	case err != nil:
		return nil, err
	case len(sv.Live) == 0 && !v.all:
		return nil, noSummary(id)
	}
	if sv.Private {
		published, err := s.published(ctx, id)
		if err != nil {
			return nil, err
		}
		// A reader's summary nobody published is its requester's alone;
		// curators see it to decide whether to publish it.
		if !published && string(c.Actor()) != sv.RequestedBy && !r.Curator {
			return nil, noSummary(id)
		}
		sv.Private = !published
	}
	if sv.Live == nil {
		sv.Live = []summary.Sentence{}
	}
	if sv.Dead == nil {
		sv.Dead = []summary.Sentence{}
	}
	if !r.Admin {
		// Sentences this caller cannot read are not counted either.
		sv.Written = len(sv.Live) + len(sv.Dead)
	}
	if !v.all {
		for i := range sv.Live {
			trimSentence(v, &sv.Live[i])
		}
		for i := range sv.Dead {
			trimSentence(v, &sv.Dead[i])
		}
	}
	return sv, nil
}

// trimSentence leaves out of st the receipt sets and quotes that name
// anything the caller may not read, and marks it Withheld when it did.
func trimSentence(v *view, st *summary.Sentence) {
	keep := func(rc verity.Receipt) verity.Receipt {
		var out verity.Receipt
		for _, set := range rc.Sets {
			ok := true
			for _, ref := range set {
				if !v.readable(ref) {
					ok = false
					break
				}
			}
			if ok {
				out.Sets = append(out.Sets, set)
			} else {
				st.Withheld = true
			}
		}
		if out.Sets == nil {
			out.Sets = [][]verity.Ref{}
		}
		return out
	}
	st.Receipt, st.RestsOn = keep(st.Receipt), keep(st.RestsOn)
	var quotes []summary.Quote
	for _, q := range st.Quotes {
		if v.readable(verity.SourceRef(q.SourceID)) && (q.Record == "" || v.readable(verity.RecordRef(q.Record))) {
			quotes = append(quotes, q)
		} else {
			st.Withheld = true
		}
	}
	st.Quotes = quotes
}

// SummaryRow is one summary in a listing. Topic is the words of RequestedBy;
// Private says it is listed to them (and curators) alone until published.
type SummaryRow struct {
	ID          string             `json:"id"`
	Topic       string             `json:"topic"`
	RequestedBy string             `json:"requested_by,omitempty"`
	Private     bool               `json:"private,omitempty"`
	State       verity.RecordState `json:"state"`
	Live        int                `json:"live"`
	Written     int                `json:"written"`
}

// SummaryList is the summaries a caller sees: verity summarize --list
// --json and GET /api/v1/summaries.
type SummaryList struct {
	Summaries []SummaryRow `json:"summaries"`
}

// Summaries lists the summaries c can read a live sentence of, by id.
func (s *Service) Summaries(ctx context.Context, c verity.Caller) (*SummaryList, error) {
	heads, err := s.store.KindRecords(ctx, summary.KindSummary)
	if err != nil {
		return nil, err
	}
	r, err := s.Rights(ctx, c)
	if err != nil {
		return nil, err
	}
	v := s.view(ctx, c, false)
	rows := []SummaryRow{}
	for _, h := range heads {
		sv, err := s.summary(ctx, c, r, v, h.ID, false)
		if notFound(err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		rows = append(rows, SummaryRow{ID: sv.ID, Topic: sv.Topic, RequestedBy: sv.RequestedBy, Private: sv.Private, State: sv.State,
			Live: len(sv.Live), Written: sv.Written})
	}
	return &SummaryList{Summaries: rows}, nil
}

// noSummary is the error for a summary c cannot see or that does not exist.
func noSummary(id string) error { return verity.Errorf(verity.ENOTFOUND, "no summary %q", id) }

// publicationID names the record that publishes summary id.
func publicationID(id string) string { return "pub:" + id }

// published reports whether summary id has a live publication.
func (s *Service) published(ctx context.Context, id string) (bool, error) {
	rec, err := s.store.Record(ctx, publicationID(id))
	switch {
	case notFound(err):
		return false, nil
	case err != nil:
		return false, err
	}
	return rec.State != verity.StateDead, nil
}

// Publication is what publishing a summary did: the record that publishes
// it (revoke it to withdraw the publication), and whether it was published
// already.
type Publication struct {
	Summary string `json:"summary"`
	Record  string `json:"record"`
	Already bool   `json:"already"`
}

// Publish lists summary id, which a reader asked for, to everyone who may
// read its sentences, on c's behalf: it needs the curator role and a
// summary c may see (an admin sees every one). The publication is a record resting on the summary,
// so it dies with it, and revoking it (verity revoke record:pub:ID)
// withdraws it.
func (s *Service) Publish(ctx context.Context, c verity.Caller, id string) (*Publication, error) {
	r, err := s.require(ctx, c, verity.RoleCurator, "publishing a summary")
	if err != nil {
		return nil, err
	}
	if _, err := s.summary(ctx, c, r, s.view(ctx, c, r.Admin), id, false); err != nil {
		return nil, err
	}
	out := &Publication{Summary: id, Record: publicationID(id)}
	if out.Already, err = s.published(ctx, id); err != nil || out.Already {
		return out, err
	}
	if _, err := s.store.Record(ctx, out.Record); err == nil {
		// A publication withdrawn before is restored, in the log.
		if _, _, err := s.store.Unrevoke(ctx, []verity.Ref{verity.RecordRef(out.Record)}, c.AsActor(), "published again"); err != nil {
			return nil, err
		}
		return out, nil
	}
	body, err := json.Marshal(struct {
		By string    `json:"by"`
		At time.Time `json:"at"`
	}{string(c.Actor()), s.now().UTC()})
	if err != nil {
		return nil, err
	}
	rec := &verity.Record{ID: out.Record, Kind: verity.KindPublication, Receipt: verity.Receipt{Sets: [][]verity.Ref{{verity.RecordRef(id)}}}, Body: body}
	if _, err := s.store.PutRecords(ctx, []*verity.Record{rec}); err != nil {
		return nil, err
	}
	return out, nil
}
