package main

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/render"
	"github.com/veritykb/verity/telegram"
)

// telegramBot builds the bot over the store's service.
func (a *app) telegramBot(ctx context.Context, tf telegram.Flags, webhook bool) (*telegram.Bot, error) {
	svc, err := a.service(ctx)
	if err != nil {
		return nil, err
	}
	return tf.Bot(svc, a.getenv, webhook, a.log)
}

// telegramCmd runs the Telegram bot by long polling and keeps its links.
func (a *app) telegramCmd() *cobra.Command {
	var tf telegram.Flags
	cmd := &cobra.Command{Use: "telegram", Short: "Run the Telegram bot (long polling); link accounts to users, map group chats", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			a.log = slog.New(slog.NewJSONHandler(a.stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
			bot, err := a.telegramBot(cmd.Context(), tf, false)
			if err != nil {
				return err
			}
			fmt.Fprintln(a.stdout, "polling Telegram for updates")
			return bot.Poll(cmd.Context())
		}}
	tf.Register(cmd.Flags(), "")
	cmd.Flags().Var(&a.verbatim, "verbatim", "verbatim quotes in answers: on, off, or N% of callers (stable per caller)")
	var principal string
	var principals []string
	link := serviceCmd(a, "link --principal user:EMAIL", "Make a one-time code that links a Telegram account to a user (admin, or the user itself)", cobra.NoArgs,
		func(ctx context.Context, c verity.Caller, s *kb.Service, _ []string) (*kb.NewLinkCode, error) {
			return s.CreateLinkCode(ctx, c, kb.LinkRequest{Platform: "telegram", Principal: principal})
		}, render.LinkCode)
	link.Flags().StringVar(&principal, "principal", "", "the user the account will act as")
	chat := serviceCmd(a, "chat CHAT_ID [--principal P]...", "Say whom a group chat's answers are for; none: public only (admin)", cobra.ExactArgs(1),
		func(ctx context.Context, c verity.Caller, s *kb.Service, args []string) (*verity.ChatAudience, error) {
			return s.SetChatAudience(ctx, c, kb.AudienceRequest{Platform: "telegram", Chat: args[0], Principals: principals})
		}, render.ChatAudience)
	chat.Flags().StringArrayVar(&principals, "principal", nil, "a principal everyone in the chat may read as, repeatable")
	cmd.AddCommand(link, chat, serviceCmd(a, "links", "List linked Telegram accounts and who created each link (admin)", cobra.NoArgs,
		func(ctx context.Context, c verity.Caller, s *kb.Service, _ []string) (*kb.ChatLinkList, error) {
			return s.ChatLinks(ctx, c, "telegram")
		}, render.ChatLinks),
		serviceCmd(a, "unlink ACCOUNT_ID", "Unlink a Telegram account (admin, or its user)", cobra.ExactArgs(1),
			func(ctx context.Context, c verity.Caller, s *kb.Service, args []string) (*kb.Unlinked, error) {
				return s.Unlink(ctx, c, "telegram", args[0])
			}, render.Unlinked))
	return cmd
}
