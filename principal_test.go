package verity

import (
	"slices"
	"testing"
)

func TestCallerActor(t *testing.T) {
	tests := []struct {
		name string
		c    Caller
		want Principal
	}{
		{"a user is the actor", NewCaller("group:staff", "user:ann@corp.example"), "user:ann@corp.example"},
		{"a group when there is no user", NewCaller("group:staff", "group:board"), "group:board"},
		{"public when there is nothing else", NewCaller(), Public},
		{"the zero caller", Caller{}, Public},
		{"the local operator", LocalOperator("ann"), "local:ann"},
		{"the local operator's name is cleaned", LocalOperator("a n:n\x00"), "local:ann"},
		{"an unknown operator", LocalOperator(""), "local:operator"},
	}
	for _, tt := range tests {
		if got := tt.c.Actor(); got != tt.want {
			t.Errorf("%s: Actor() = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestLocalOperatorReadsAsPublic(t *testing.T) {
	op := LocalOperator("ann")
	if !op.Local() || NewCaller("user:ann@corp.example").Local() {
		t.Fatalf("Local() = %v for the operator, want only the operator local", op.Local())
	}
	if got := op.Principals(); !slices.Equal(got, []Principal{Public}) {
		t.Errorf("LocalOperator().Principals() = %v, want [public]", got)
	}
	if op.CanRead([]Principal{"group:board"}) || !op.CanRead([]Principal{Public}) {
		t.Errorf("the local operator reads as public, beyond it only through the service's operator views")
	}
	if got := op.WithToken("tok1").Token(); got != "tok1" {
		t.Errorf("WithToken(tok1).Token() = %q", got)
	}
}

func TestParseRole(t *testing.T) {
	for _, s := range []string{"curator", " Admin "} {
		if _, err := ParseRole(s); err != nil {
			t.Errorf("ParseRole(%q) = %v, want a role", s, err)
		}
	}
	for _, s := range []string{"", "reader", "root"} {
		if _, err := ParseRole(s); ErrorCode(err) != EINVALID {
			t.Errorf("ParseRole(%q) error code = %q, want invalid", s, ErrorCode(err))
		}
	}
}

func TestAuthorPrincipal(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Principal
		ok   bool
	}{
		{"", "", true},
		{"alice@corp.example", "user:alice@corp.example", true},
		{" User:bob ", "user:bob", true},
		{"Иван Петров", "", false},
		{"user:Иван Петров", "", false},
		{"user:", "", false},
	} {
		if got, ok := AuthorPrincipal(tc.in); got != tc.want || ok != tc.ok {
			t.Errorf("AuthorPrincipal(%q) = %q, %v, want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}
