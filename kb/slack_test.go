package kb_test

import (
	"context"
	"slices"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// TestSlackIdentityAndAudience: the settings keep references to secrets,
// never secrets; a Slack user is user:EMAIL with the directory's groups,
// and guests, external members, bots and users without an email are
// refused; a channel reads as what every member may read — public alone
// when a member cannot be mapped or the channel is too large, the
// workspace principal for a public channel.
func TestSlackIdentityAndAudience(t *testing.T) {
	ctx := context.Background()
	svc, _ := chatService(t, kb.Options{})
	if _, err := svc.ConfigureSlack(ctx, local, kb.SlackSettings{TeamID: "T1", BotToken: "xoxb-123-real-token", SigningSecret: "env:SLACK_SIGNING"}); verity.ErrorCode(err) != verity.EINVALID {
		t.Fatalf("ConfigureSlack(a token itself) = %v, want EINVALID", err)
	}
	if _, err := svc.ConfigureSlack(ctx, reader, kb.SlackSettings{TeamID: "T1", BotToken: "env:SLACK_BOT", SigningSecret: "env:SLACK_SIGNING"}); verity.ErrorCode(err) != verity.EFORBIDDEN {
		t.Fatalf("ConfigureSlack(reader) = %v, want EFORBIDDEN", err)
	}
	if _, err := svc.ConfigureSlack(ctx, local, kb.SlackSettings{TeamID: "T1", BotToken: "env:SLACK_BOT", SigningSecret: "/run/secrets/slack", Workspace: "group:everyone", MaxAudience: 3}); err != nil {
		t.Fatal(err)
	}
	set, err := svc.Slack(ctx, local)
	if err != nil || set.TeamID != "T1" || set.BotToken != "env:SLACK_BOT" || set.MaxAudience != 3 {
		t.Fatalf("Slack = %+v, %v", set, err)
	}
	alice := kb.SlackUser{ID: "U1", TeamID: "T1", Email: "alice@corp.example"}
	eve := kb.SlackUser{ID: "U2", TeamID: "T1", Email: "eve@corp.example"}
	c, err := svc.SlackCaller(ctx, "T1", alice)
	if err != nil || c.Actor() != "user:alice@corp.example" || !slices.Contains(c.Principals(), "group:staff") {
		t.Fatalf("SlackCaller(alice) = %v, %v; want alice with staff", c.Principals(), err)
	}
	for name, u := range map[string]kb.SlackUser{
		"guest": {ID: "U3", TeamID: "T1", Email: "g@corp.example", Restricted: true}, "external": {ID: "U4", TeamID: "T9", Email: "x@else.example"},
		"bot": {ID: "U5", TeamID: "T1", Bot: true}, "no email": {ID: "U6", TeamID: "T1"},
	} {
		if _, err := svc.SlackCaller(ctx, "T1", u); err == nil {
			t.Errorf("SlackCaller(%s) was accepted", name)
		}
	}
	staff := []verity.Principal{"group:staff"}
	for _, tc := range []struct {
		name     string
		ch       kb.ChannelRequest
		reads    bool // the staff page
		everyone bool // the workspace principal
	}{
		{"alice alone", kb.ChannelRequest{Team: "T1", Private: true, Members: []kb.SlackUser{alice}}, true, false},
		{"alice and eve", kb.ChannelRequest{Team: "T1", Private: true, Members: []kb.SlackUser{alice, eve}}, false, false},
		{"alice and an unmapped member", kb.ChannelRequest{Team: "T1", Private: true, Members: []kb.SlackUser{alice}, Unmapped: 1}, false, false},
		{"alice and a guest", kb.ChannelRequest{Team: "T1", Private: true, Members: []kb.SlackUser{alice, {ID: "U3", TeamID: "T1", Email: "g@corp.example", Restricted: true}}}, false, false},
		{"too many", kb.ChannelRequest{Team: "T1", Private: true, Members: []kb.SlackUser{alice, alice, alice, alice}}, false, false},
		{"public", kb.ChannelRequest{Team: "T1", Members: []kb.SlackUser{alice}}, false, true},
	} {
		a := svc.ChannelAudience(ctx, set, tc.ch)
		if !a.Audience() || a.CanRead(staff) != tc.reads || a.CanRead([]verity.Principal{"group:everyone"}) != tc.everyone {
			t.Errorf("ChannelAudience(%s) = %v; want staff %v, everyone %v", tc.name, a.Principals(), tc.reads, tc.everyone)
		}
	}
	// A delivery is taken once.
	for i, want := range []bool{true, false} {
		if first, err := svc.FirstDelivery(ctx, "slack", "Ev9"); err != nil || first != want {
			t.Fatalf("FirstDelivery #%d = %v, %v; want %v", i+1, first, err, want)
		}
	}
}
