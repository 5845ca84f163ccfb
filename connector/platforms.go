package connector

import (
	"github.com/veritykb/verity"
	"github.com/veritykb/verity/connector/jira"
	slackconn "github.com/veritykb/verity/connector/slack"
)

// Jira opens Jira connectors with opt: Cloud's API v3 when the connector
// names an account (--user), Data Center's v2 otherwise.
func Jira(opt jira.Options) Opener {
	return func(conn verity.Connector, secret string, warn func(string)) (Platform, error) {
		if secret == "" {
			return nil, verity.Errorf(verity.EINVALID, "connector %s: its token is empty", conn.Name)
		}
		return jira.New(conn, secret, warn, opt), nil
	}
}

// Slack opens Slack connectors with opt: the Web API with the bot token.
func Slack(opt slackconn.Options) Opener {
	return func(conn verity.Connector, secret string, warn func(string)) (Platform, error) {
		if secret == "" {
			return nil, verity.Errorf(verity.EINVALID, "connector %s: its token is empty", conn.Name)
		}
		return slackconn.New(conn, secret, warn, opt), nil
	}
}
