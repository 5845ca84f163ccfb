package sqlstore

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/rivermigrate"
)

// RiverVersion is the version of River's own migrations that the store's
// migrations 013 and 014 apply. River's tables hold the job queue (package
// queue); a newer River that migrates further needs a migration of ours
// that moves this version on, so that a store's schema never changes but
// by a migration of its own.
const RiverVersion = 8

// RiverSteps are the Go steps, by migration version, that apply River's
// migrations with driver, the dialect's River driver: inside migrations'
// transactions and under the store's lock like every migration. They are
// two because River's fourth adds a value to a PostgreSQL enum that its
// sixth uses, which PostgreSQL allows only in a later transaction.
func RiverSteps(driver riverdriver.Driver[*sql.Tx]) map[int]func(context.Context, *Tx) error {
	return map[int]func(context.Context, *Tx) error{
		13: riverStep(driver, 4),
		14: riverStep(driver, RiverVersion),
	}
}

// riverStep applies River's migrations up to version target.
func riverStep(driver riverdriver.Driver[*sql.Tx], target int) func(context.Context, *Tx) error {
	return func(ctx context.Context, tx *Tx) error {
		m, err := rivermigrate.New(driver, nil)
		if err != nil {
			return fmt.Errorf("river migrations: %w", err)
		}
		if _, err := m.MigrateTx(ctx, tx.Tx, rivermigrate.DirectionUp, &rivermigrate.MigrateOpts{TargetVersion: target}); err != nil {
			return fmt.Errorf("river migrations: %w", err)
		}
		return nil
	}
}
