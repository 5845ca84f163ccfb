package extract

// Reason says why a candidate was rejected: exactly one code per rejection,
// from this list. Reasons are values, never errors.
type Reason string

// Reason codes, in the order of the steps that give them.
const (
	// ReasonBannedSource: the page is on one of the spec's banned domains;
	// it is not read at all (step 5's source check, done before any call).
	ReasonBannedSource Reason = "banned_source"
	// ReasonQuoteNotFound: the candidate's quote is not in the page, not even
	// as a stitched quote whose pieces lie close together (step 3).
	ReasonQuoteNotFound Reason = "quote_not_found"
	// ReasonUnknownObject: the candidate's object is none of the spec's
	// objects or their aliases.
	ReasonUnknownObject Reason = "unknown_object"
	// ReasonNoSubject: the candidate names no subject.
	ReasonNoSubject Reason = "no_subject"
	// ReasonSubjectIsObject: the subject is the object itself or its vendor.
	ReasonSubjectIsObject Reason = "subject_is_object"
	// ReasonSubjectGeneric: the subject is a class, not one organization:
	// "больницы", "hospitals in the region" (step 5).
	ReasonSubjectGeneric Reason = "subject_generic"
	// ReasonSubjectPerson: the subject is a person, such as the author of a
	// testimonial (step 5).
	ReasonSubjectPerson Reason = "subject_person"
	// ReasonReferentNo: the quote does not name both sides, and the
	// whole-page read found no support for the claim (step 4).
	ReasonReferentNo Reason = "referent_no"
	// ReasonReferentPhraseNotFound: the whole-page read said yes, but its
	// evidence phrase is not on the page (step 4).
	ReasonReferentPhraseNotFound Reason = "referent_phrase_not_found"
	// ReasonNotCounted: the panel found the relation to be on the spec's
	// does-not-count list (investment, award, membership, partnership
	// without deployment); Detail names the entry (step 6).
	ReasonNotCounted Reason = "not_counted"
	// ReasonNotPresented: the panel found that the page does not present the
	// subject as in the relation with the object (step 6).
	ReasonNotPresented Reason = "not_presented"
	// ReasonNotSpecific: the panel found the subject is not a specific
	// organization (step 6).
	ReasonNotSpecific Reason = "not_specific"
	// ReasonPanelRejected: some other criterion of the panel failed;
	// Criterion names it (step 6).
	ReasonPanelRejected Reason = "panel_rejected"
	// ReasonReviewRejected: the candidate went to review and a person
	// rejected it.
	ReasonReviewRejected Reason = "review_rejected"
	// ReasonDuplicate: another candidate on the same page already supports
	// the same edge; the page's evidence is the first accepted one.
	ReasonDuplicate Reason = "duplicate"
)

// Reasons lists every reason code with what it means, in English (Text)
// and Russian (RU), for documentation and `verity extract --help`; see
// [ReasonText].
var Reasons = []struct {
	Code     Reason
	Text, RU string
}{
	{ReasonBannedSource, "the page is on a banned domain; it is not read", "страница на запрещённом домене; её не читают"},
	{ReasonQuoteNotFound, "the quote is not in the page (not even stitched from nearby pieces)", "цитаты нет на странице (даже склеенной из соседних кусков)"},
	{ReasonUnknownObject, "the object is none of the spec's objects or aliases", "объект — ни один из объектов спецификации и их других названий"},
	{ReasonNoSubject, "the candidate names no subject", "кандидат не называет субъекта"},
	{ReasonSubjectIsObject, "the subject is the object itself or its vendor", "субъект — сам объект или его вендор"},
	{ReasonSubjectGeneric, "the subject is a class (\"больницы\", \"hospitals\"), not one organization", "субъект — класс организаций («больницы», «hospitals»), а не одна организация"},
	{ReasonSubjectPerson, "the subject is a person", "субъект — человек"},
	{ReasonReferentNo, "the quote names one side only and the whole-page read found no support", "цитата называет только одну сторону, и чтение всей страницы не нашло подтверждения"},
	{ReasonReferentPhraseNotFound, "the whole-page read's evidence phrase is not on the page", "доказательной фразы шага чтения всей страницы нет на странице"},
	{ReasonNotCounted, "the relation is on the does-not-count list (detail: which entry)", "связь из списка «не считается» (подробность: какой пункт)"},
	{ReasonNotPresented, "the panel: the page does not present the subject in the relation", "панель: страница не представляет субъекта в этой связи"},
	{ReasonNotSpecific, "the panel: the subject is not a specific organization", "панель: субъект — не конкретная организация"},
	{ReasonPanelRejected, "another panel criterion failed (criterion: which)", "не пройден другой критерий панели (критерий: какой)"},
	{ReasonReviewRejected, "a person rejected it in review", "человек отклонил её при проверке"},
	{ReasonDuplicate, "the page already supports the same edge through another candidate", "страница уже подтверждает ту же связь другим кандидатом"},
}

// ruleReason is the reason a failed criterion with this rule gives.
func ruleReason(rule string) Reason {
	switch rule {
	case RuleNotExcluded:
		return ReasonNotCounted
	case RulePresentsUser, RuleNamesObject:
		return ReasonNotPresented
	case RuleSpecific:
		return ReasonNotSpecific
	}
	return ReasonPanelRejected
}
