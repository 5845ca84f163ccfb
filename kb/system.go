package kb

import (
	"context"
	"strings"

	"github.com/veritykb/verity"
)

// SystemList is every source system with its discoverable setting: verity
// systems --json and GET /api/v1/systems.
type SystemList struct {
	Systems []verity.System `json:"systems"`
}

// Systems lists the source systems, how many sources each holds and
// whether it may give hints; only an admin may (the list names systems
// the caller may not read).
func (s *Service) Systems(ctx context.Context, c verity.Caller) (*SystemList, error) {
	if _, err := s.require(ctx, c, verity.RoleAdmin, "listing systems"); err != nil {
		return nil, err
	}
	sys, err := s.store.Systems(ctx)
	if err != nil {
		return nil, err
	}
	return &SystemList{Systems: sys}, nil
}

// DiscoverableRequest makes a whole system discoverable or not: the body of
// PUT /api/v1/systems/{system}/discoverable (the system is the path's).
type DiscoverableRequest struct {
	Discoverable bool `json:"discoverable"`
}

// DiscoverableChange is what setting a system's discoverable did.
type DiscoverableChange struct {
	System       string `json:"system"`
	Discoverable bool   `json:"discoverable"`
	// Changed is false when the system was set so already.
	Changed bool `json:"changed"`
}

// SetDiscoverable makes every source of system, those stored and those to
// come, give hints or not ([verity.Hint]) on c's behalf; only an admin may,
// in both directions (like an ACL, the setting decides who learns what).
// A source's own undiscoverable setting holds whatever its system's is.
func (s *Service) SetDiscoverable(ctx context.Context, c verity.Caller, system string, discoverable bool) (*DiscoverableChange, error) {
	if _, err := s.require(ctx, c, verity.RoleAdmin, "setting a system's discoverable"); err != nil {
		return nil, err
	}
	system = strings.TrimSpace(system)
	if system == "" {
		return nil, verity.Errorf(verity.EINVALID, "give a system, such as confluence")
	}
	changed, err := s.store.SetSystemDiscoverable(ctx, system, discoverable, c.Actor())
	if err != nil {
		return nil, err
	}
	if changed {
		s.log.Info("system discoverable set", "system", system, "discoverable", discoverable, "by", string(c.Actor()))
	}
	return &DiscoverableChange{System: system, Discoverable: discoverable, Changed: changed}, nil
}
