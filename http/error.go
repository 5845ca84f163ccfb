package http

import (
	"errors"
	"net/http"

	"github.com/veritykb/verity"
)

// codeRateLimited is this transport's error code, beside Verity's own: a
// caller over its rate.
const codeRateLimited = "rate_limited"

// codeUnsupportedMedia is this transport's code for a body sent as
// something other than JSON (a form, which curl -d sends by default).
const codeUnsupportedMedia = "unsupported_media_type"

// statuses maps every error code to its HTTP status, once for the API.
var statuses = map[string]int{
	verity.EINVALID:        http.StatusBadRequest,
	verity.EUNAUTHORIZED:   http.StatusUnauthorized,
	verity.EFORBIDDEN:      http.StatusForbidden,
	verity.ENOTFOUND:       http.StatusNotFound,
	verity.ECONFLICT:       http.StatusConflict,
	verity.ETOOLARGE:       http.StatusRequestEntityTooLarge,
	codeRateLimited:        http.StatusTooManyRequests,
	codeUnsupportedMedia:   http.StatusUnsupportedMediaType,
	verity.EMALFORMED:      http.StatusBadGateway,
	verity.EUNAVAILABLE:    http.StatusServiceUnavailable,
	verity.ENOTIMPLEMENTED: http.StatusNotImplemented,
	verity.EINTERNAL:       http.StatusInternalServerError,
}

// ErrorBody is the JSON of every error response.
type ErrorBody struct {
	Error ErrorDetail `json:"error"`
}

// ErrorDetail is an error's code and a message safe to show the caller.
type ErrorDetail struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// errorBody returns the status and body for err. An internal error says
// only "internal error": its detail goes to the log, never to the caller.
func errorBody(err error) (int, ErrorBody) {
	var mb *http.MaxBytesError
	if errors.As(err, &mb) {
		return http.StatusRequestEntityTooLarge, ErrorBody{ErrorDetail{verity.ETOOLARGE, "request body larger than the limit of " + itoa(mb.Limit) + " bytes"}}
	}
	code := verity.ErrorCode(err)
	status, ok := statuses[code]
	if !ok {
		code, status = verity.EINTERNAL, http.StatusInternalServerError
	}
	msg := verity.ErrorMessage(err)
	if code == verity.EINTERNAL {
		msg = "internal error"
	}
	return status, ErrorBody{ErrorDetail{code, msg}}
}

// fail writes err as the response.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	status, body := errorBody(err)
	if info := infoOf(r); info != nil {
		info.err = err
	}
	if status == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", `Bearer realm="verity"`)
	}
	writeJSON(w, status, body)
}
