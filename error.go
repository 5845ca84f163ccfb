package verity

import (
	"errors"
	"fmt"
)

// Error codes. Each transport maps a code to its own vocabulary exactly once:
// an HTTP status, an MCP tool error, a CLI exit code.
const (
	ECONFLICT       = "conflict"        // the request contradicts what is stored (an id reused for another uri, a uri its system already has)
	EINTERNAL       = "internal"        // a bug or an unexpected failure of a dependency
	EINVALID        = "invalid"         // bad input: a malformed record, an unknown flag value
	ENOTFOUND       = "not_found"       // the thing asked for does not exist (or the caller may not see it)
	EFORBIDDEN      = "forbidden"       // the caller may not do this: a role is missing (never said of something it cannot see)
	EUNAUTHORIZED   = "unauthorized"    // no caller could be established: a token unknown, malformed, expired or revoked
	EUNAVAILABLE    = "unavailable"     // a provider that stays down, times out or rate-limits after retries
	EMALFORMED      = "malformed"       // a model's output that still does not parse after the repair retry
	ETOOLARGE       = "too_large"       // input past a documented bound: a body, claims to check, document bytes
	ENOTIMPLEMENTED = "not_implemented" // a feature this build or configuration does not have
)

// Error is a failure a user should see, with a code a transport can map.
// Verdicts (a quote not found, a claim not supported) are values, never Errors.
type Error struct {
	Code    string // one of the E* constants
	Message string // human-readable, safe to show to the user
	Err     error  // optional underlying cause

	// whole is set by Errorf, whose Message already ends with the cause's
	// text; Error then does not repeat it.
	whole bool
}

// Error implements the error interface: the message, then the cause.
func (e *Error) Error() string {
	if e.Err != nil && !e.whole {
		return e.Message + ": " + e.Err.Error()
	}
	return e.Message
}

// Unwrap returns the underlying cause so errors.Is and errors.As see through it.
func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an *Error with the given code and a formatted message. A %w verb
// in format becomes the underlying cause.
func Errorf(code, format string, args ...any) *Error {
	err := fmt.Errorf(format, args...)
	if u := errors.Unwrap(err); u != nil {
		return &Error{Code: code, Message: err.Error(), Err: u, whole: true}
	}
	return &Error{Code: code, Message: err.Error()}
}

// ErrorCode returns the code of the first *Error in err's chain, EINTERNAL for
// any other non-nil error and "" for nil.
func ErrorCode(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// ErrorMessage returns the message of the first *Error in err's chain, or a
// generic text for other errors so internal details are not shown to users.
func ErrorMessage(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	return "internal error"
}
