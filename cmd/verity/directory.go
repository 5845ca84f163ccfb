package main

import (
	"context"
	"io"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/render"
)

// serviceCmd is a command that calls one service method as the caller and
// prints what it returns: JSON with --json, else text.
func serviceCmd[T any](a *app, use, short string, args cobra.PositionalArgs, call func(context.Context, verity.Caller, *kb.Service, []string) (T, error), text func(io.Writer, T)) *cobra.Command {
	return &cobra.Command{Use: use, Short: short, Args: args, RunE: func(cmd *cobra.Command, args []string) error {
		ctx := cmd.Context()
		caller, svc, err := a.callerService(ctx)
		if err != nil {
			return err
		}
		out, err := call(ctx, caller, svc, args)
		if err != nil {
			return err
		}
		if a.json {
			return a.printJSON(out)
		}
		text(a.stdout, out)
		return nil
	}}
}

// groupCmd keeps the directory's groups: who belongs to which (admin).
func (a *app) groupCmd() *cobra.Command {
	cmd := &cobra.Command{Use: "group", Short: "The directory's groups: add and remove members, list, alias a platform's group (admin)", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return cmd.Help() }}
	var create bool
	add := serviceCmd(a, "add GROUP USER...", "Put users into a group (admin)", cobra.MinimumNArgs(2),
		func(ctx context.Context, c verity.Caller, s *kb.Service, args []string) (*kb.MembersChange, error) {
			return s.AddToGroup(ctx, c, kb.GroupChange{Group: args[0], Users: args[1:], Create: create})
		}, render.MembersChange)
	add.Flags().BoolVar(&create, "create", false, "make unknown users (active) and a missing group instead of refusing them")
	remove := serviceCmd(a, "remove GROUP USER...", "Take users out of a group (admin)", cobra.MinimumNArgs(2),
		func(ctx context.Context, c verity.Caller, s *kb.Service, args []string) (*kb.MembersChange, error) {
			return s.RemoveFromGroup(ctx, c, kb.GroupChange{Group: args[0], Users: args[1:]})
		}, render.MembersChange)
	var user string
	list := serviceCmd(a, "list [--user USER]", "List the groups and their members (admin)", cobra.NoArgs,
		func(ctx context.Context, c verity.Caller, s *kb.Service, args []string) (*kb.GroupList, error) {
			var f verity.DirectoryFilter
			if user != "" {
				p, err := verity.UserPrincipal(user)
				if err != nil {
					return nil, err
				}
				f.Member = p
			}
			return s.Groups(ctx, c, f)
		}, render.Groups)
	list.Flags().StringVar(&user, "user", "", "only the groups this user (EMAIL or user:EMAIL) belongs to")
	var unalias bool
	alias := serviceCmd(a, "alias PLATFORM_GROUP [GROUP]", "Let a directory group's members read as a platform's group (admin)", cobra.RangeArgs(1, 2),
		func(ctx context.Context, c verity.Caller, s *kb.Service, args []string) (*kb.AliasChange, error) {
			if len(args) == 1 && !unalias {
				return nil, verity.Errorf(verity.EINVALID, "give the directory group, or --remove to take the alias away")
			}
			if unalias {
				return s.AliasGroup(ctx, c, args[0], "")
			}
			return s.AliasGroup(ctx, c, args[0], args[1])
		}, render.AliasChange)
	alias.Flags().BoolVar(&unalias, "remove", false, "take the alias away")
	cmd.AddCommand(add, remove, list, alias)
	return cmd
}

// userCmd lists the directory's users and (de)activates them (admin).
func (a *app) userCmd() *cobra.Command {
	cmd := &cobra.Command{Use: "user", Short: "The directory's users: list, show, deactivate, activate (admin)", Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return cmd.Help() }}
	list := serviceCmd(a, "list", "List the users with their groups (admin)", cobra.NoArgs,
		func(ctx context.Context, c verity.Caller, s *kb.Service, _ []string) (*kb.UserList, error) {
			return s.Users(ctx, c, verity.DirectoryFilter{})
		}, render.Users)
	show := serviceCmd(a, "show USER", "Show a user, its groups and the log of changes to it (admin)", cobra.ExactArgs(1),
		func(ctx context.Context, c verity.Caller, s *kb.Service, args []string) (*kb.UserDetail, error) {
			return s.User(ctx, c, args[0])
		}, render.User)
	cmd.AddCommand(list, show)
	for _, active := range []bool{false, true} {
		verb, short := "deactivate", "Refuse a user everywhere from its next request (admin)"
		if active {
			verb, short = "activate", "Let a deactivated user in again (admin)"
		}
		cmd.AddCommand(serviceCmd(a, verb+" USER", short, cobra.ExactArgs(1),
			func(ctx context.Context, c verity.Caller, s *kb.Service, args []string) (*kb.UserChange, error) {
				return s.SetUserActive(ctx, c, args[0], active)
			}, render.UserChange))
	}
	return cmd
}
