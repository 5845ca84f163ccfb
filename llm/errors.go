package llm

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/veritykb/verity"
)

// ProviderError is a call that failed at the provider or on the way to it:
// an HTTP error status, a broken connection, a timeout, a body that is not
// what the API promises. Adapters return it wrapped in a *verity.Error whose
// code says what the user should do about it; [Retry] looks inside for
// Temporary and RetryAfter.
type ProviderError struct {
	Provider string
	Status   int    // HTTP status; 0 when no response arrived
	Type     string // the provider's error type, such as "rate_limit_error"
	Message  string // the provider's message or a description of the fault
	// RetryAfter is how long the provider asked us to wait (Retry-After or
	// retry-after-ms), 0 when it did not say.
	RetryAfter time.Duration
	// Temporary is true for faults that a later attempt may not meet: 408,
	// 409, 429, 5xx, timeouts, dropped connections, garbled bodies.
	Temporary bool
	Err       error // the underlying transport or decoding error, if any
}

func (e *ProviderError) Error() string {
	var b strings.Builder
	b.WriteString(e.Provider)
	if e.Status != 0 {
		fmt.Fprintf(&b, ": HTTP %d", e.Status)
	}
	if e.Type != "" {
		b.WriteString(" " + e.Type)
	}
	if e.Message != "" {
		b.WriteString(": " + e.Message)
	}
	if e.Err != nil {
		b.WriteString(": " + e.Err.Error())
	}
	return b.String()
}

func (e *ProviderError) Unwrap() error { return e.Err }

// TemporaryStatus reports whether an HTTP status is worth retrying.
func TemporaryStatus(status int) bool {
	switch {
	case status == http.StatusRequestTimeout, status == http.StatusConflict,
		status == http.StatusTooManyRequests:
		return true
	case status >= 500:
		return true // includes Anthropic's 529 overloaded
	}
	return false
}

// StatusError returns the error an adapter reports for an HTTP error status,
// coded for the user: EUNAVAILABLE for what waiting or configuration fixes
// (rate limits, outages, a refused key), EINVALID for a request the
// provider will never accept.
func StatusError(provider string, status int, typ, msg string, retryAfter time.Duration) error {
	pe := &ProviderError{Provider: provider, Status: status, Type: typ, Message: msg,
		RetryAfter: retryAfter, Temporary: TemporaryStatus(status)}
	code := verity.EUNAVAILABLE
	switch status {
	case http.StatusBadRequest, http.StatusNotFound, http.StatusRequestEntityTooLarge,
		http.StatusUnprocessableEntity:
		code = verity.EINVALID
	}
	return &verity.Error{Code: code, Message: "model call failed", Err: pe}
}

// TransportError returns the error an adapter reports when no usable
// response arrived: the connection failed, timed out or the body was cut
// off or garbled. Cancellation by the caller is returned as it is, so that
// nobody retries what the caller has given up on.
func TransportError(ctx context.Context, provider string, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if errors.Is(err, context.Canceled) {
		return err
	}
	pe := &ProviderError{Provider: provider, Temporary: true, Err: err}
	return &verity.Error{Code: verity.EUNAVAILABLE, Message: "model call failed", Err: pe}
}

// BadResponse returns the error an adapter reports for a response that
// arrived whole but is not what the API promises (a 200 with garbage bytes).
// It is temporary: proxies and overloaded servers do this, and a second
// attempt usually gets a proper body.
func BadResponse(provider string, status int, err error) error {
	pe := &ProviderError{Provider: provider, Status: status, Message: "unreadable response",
		Temporary: true, Err: err}
	return &verity.Error{Code: verity.EUNAVAILABLE, Message: "model call failed", Err: pe}
}

// ParseRetryAfter reads how long a response asks the client to wait:
// retry-after-ms (milliseconds, sent by OpenAI and Anthropic) or Retry-After
// as delay-seconds or an HTTP-date relative to now. It returns 0 when the
// headers say nothing usable.
func ParseRetryAfter(h http.Header, now time.Time) time.Duration {
	if v := strings.TrimSpace(h.Get("Retry-After-Ms")); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms > 0 {
			return time.Duration(ms * float64(time.Millisecond))
		}
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0
	}
	if secs, err := strconv.ParseFloat(v, 64); err == nil {
		if secs <= 0 {
			return 0
		}
		return time.Duration(secs * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := t.Sub(now); d > 0 {
			return d
		}
	}
	return 0
}

// MalformedError carries a model's output that did not parse as the
// structured result asked for, even after the repair retry. It reaches the
// caller inside a *verity.Error with code EMALFORMED, to be recorded against
// the item that needed the answer.
type MalformedError struct {
	Task   string
	Raw    string // the first output
	Repair string // the output of the repair retry
	Err    error  // why the last output was rejected
}

func (e *MalformedError) Error() string {
	return fmt.Sprintf("%s: output still malformed after repair: %v", e.Task, e.Err)
}

func (e *MalformedError) Unwrap() error { return e.Err }
