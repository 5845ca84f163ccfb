package verity_test

import (
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/veritykb/verity"
)

func TestErrorf(t *testing.T) {
	err := verity.Errorf(verity.EINVALID, "open store %s: %w", "x.db", io.ErrUnexpectedEOF)
	if got, want := err.Error(), "open store x.db: unexpected EOF"; got != want {
		t.Errorf("Errorf(...).Error() = %q, want %q (the cause once)", got, want)
	}
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("errors.Is(Errorf(%%w cause), cause) = false, want true")
	}
	wrapped := fmt.Errorf("ingest: %w", err)
	if got := verity.ErrorCode(wrapped); got != verity.EINVALID {
		t.Errorf("ErrorCode(wrapped) = %q, want %q", got, verity.EINVALID)
	}
	manual := &verity.Error{Code: verity.EUNAVAILABLE, Message: "model call failed", Err: io.EOF}
	if got, want := manual.Error(), "model call failed: EOF"; got != want {
		t.Errorf("Error{Message, Err}.Error() = %q, want %q", got, want)
	}
	if got := verity.ErrorCode(errors.New("x")); got != verity.EINTERNAL {
		t.Errorf("ErrorCode(plain) = %q, want %q", got, verity.EINTERNAL)
	}
	if got := verity.ErrorCode(nil); got != "" {
		t.Errorf("ErrorCode(nil) = %q, want empty", got)
	}
}
