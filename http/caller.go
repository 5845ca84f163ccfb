package http

import (
	"net"
	"net/http"
	"net/netip"
	"strings"

	"github.com/veritykb/verity"
)

// Proxy is an authenticating proxy in front of the server: requests from
// its addresses may name their user (an email) and groups in headers.
type Proxy struct {
	Trusted      []netip.Prefix
	UserHeader   string // its value is an email: the caller is user:EMAIL
	GroupsHeader string // optional: comma-separated group names, each group:NAME
}

// authenticated is how a request was authenticated.
type authenticated struct {
	c   verity.Caller
	key string // what its rate limit is counted under
}

// errNoCredentials refuses a request without credentials when anonymous
// reading is off. It says what to send, and nothing else.
var errNoCredentials = verity.Errorf(verity.EUNAUTHORIZED, "authentication required: send Authorization: Bearer TOKEN (verity token create)")

// errBadCredentials is one answer for every bad credential: a token unknown,
// malformed, expired or revoked (kb says so the same way), a proxy header
// from an untrusted address or naming no valid user.
var errBadCredentials = verity.Errorf(verity.EUNAUTHORIZED, "invalid or expired token")

// authenticate establishes who r acts as: the bearer token's caller, the
// trusted proxy's user, or the public caller when anonymous reading is on.
// Nothing in the request's body or query can change it.
func (s *Server) authenticate(r *http.Request) (authenticated, error) {
	addr := s.clientAddr(r)
	if h := r.Header.Get("Authorization"); h != "" {
		scheme, token, ok := strings.Cut(h, " ")
		if !ok || !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(token) == "" {
			return authenticated{key: "addr:" + addr.String()}, errBadCredentials
		}
		c, err := s.svc.Authenticate(r.Context(), strings.TrimSpace(token))
		if err != nil {
			if verity.ErrorCode(err) == verity.EUNAUTHORIZED {
				err = errBadCredentials
			}
			return authenticated{key: "addr:" + addr.String()}, err
		}
		return authenticated{c: c, key: "token:" + c.Token()}, nil
	}
	if p := s.opt.Proxy; p.UserHeader != "" && r.Header.Get(p.UserHeader) != "" {
		if !trusted(p.Trusted, remoteAddr(r)) {
			return authenticated{key: "addr:" + addr.String()}, errBadCredentials
		}
		c, ok := proxied(p, r.Header)
		if !ok {
			return authenticated{key: "addr:" + addr.String()}, errBadCredentials
		}
		// The directory, where it lists the user, says its groups (and
		// refuses it once deactivated), whatever the header says.
		c, err := s.svc.Resolve(r.Context(), c)
		if err != nil {
			if verity.ErrorCode(err) == verity.EUNAUTHORIZED {
				err = errBadCredentials
			}
			return authenticated{key: "addr:" + addr.String()}, err
		}
		return authenticated{c: c, key: "user:" + string(c.Actor())}, nil
	}
	if s.opt.Proxy.GroupsHeader != "" && r.Header.Get(s.opt.Proxy.GroupsHeader) != "" {
		// Groups without a user are a forged or broken proxy request.
		return authenticated{key: "addr:" + addr.String()}, errBadCredentials
	}
	if !s.opt.Anonymous {
		return authenticated{key: "addr:" + addr.String()}, errNoCredentials
	}
	return authenticated{c: verity.Anonymous(), key: "addr:" + addr.String()}, nil
}

// proxied reads the caller a trusted proxy names: user:EMAIL and its
// groups. A value that is not an email, or a group name that is not a
// principal, refuses the request rather than guessing.
func proxied(p Proxy, h http.Header) (verity.Caller, bool) {
	user, err := verity.ParsePrincipal(verity.PrincipalUser + ":" + strings.TrimSpace(h.Get(p.UserHeader)))
	if err != nil || user.Email() == "" {
		return verity.Caller{}, false
	}
	ps := []verity.Principal{user}
	if p.GroupsHeader != "" {
		for g := range strings.SplitSeq(h.Get(p.GroupsHeader), ",") {
			if g = strings.TrimSpace(g); g == "" {
				continue
			}
			gp, err := verity.ParsePrincipal(verity.PrincipalGroup + ":" + g)
			if _, platform := gp.Platform(); err != nil || platform {
				// group:KIND:NAME/GROUP is a platform's group, which only
				// its connector may give.
				return verity.Caller{}, false
			}
			ps = append(ps, gp)
		}
	}
	return verity.NewCaller(ps...), true
}

// trusted reports whether addr lies in one of the prefixes.
func trusted(prefixes []netip.Prefix, addr netip.Addr) bool {
	for _, p := range prefixes {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// remoteAddr is the address the connection came from (never a header: a
// forwarded-for header is whatever the client wrote).
func remoteAddr(r *http.Request) netip.Addr {
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		a, _ := netip.ParseAddr(r.RemoteAddr)
		return a.Unmap()
	}
	return ap.Addr().Unmap()
}

// ParseTrusted reads the addresses and CIDRs of trusted proxies (verity
// serve's --trusted-proxy): an address alone is a prefix of its full
// length.
func ParseTrusted(list []string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, p := range list {
		pre, err := netip.ParsePrefix(p)
		if err != nil {
			addr, aerr := netip.ParseAddr(p)
			if aerr != nil {
				return nil, verity.Errorf(verity.EINVALID, "--trusted-proxy %q: want an address or a CIDR such as 10.0.0.0/8", p)
			}
			pre = netip.PrefixFrom(addr, addr.BitLen())
		}
		out = append(out, pre.Masked())
	}
	return out, nil
}

// CheckListen refuses to serve plain HTTP on addr (HOST:PORT) unless its
// host is a loopback name or address or insecure says TLS ends at a proxy
// in front: a bearer token must not cross a network in clear. An empty
// host listens on every interface, which is not loopback.
func CheckListen(addr string, tls, insecure bool) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return verity.Errorf(verity.EINVALID, "--addr %q: want HOST:PORT, such as 127.0.0.1:8080", addr)
	}
	ip, perr := netip.ParseAddr(host)
	loopback := host == "localhost" || (perr == nil && ip.IsLoopback())
	if !loopback && !tls && !insecure {
		return verity.Errorf(verity.EINVALID, "refusing to serve plain HTTP on %s, which is not a loopback address: tokens would cross the network in clear. "+
			"Give --tls-cert and --tls-key, or --insecure-http when TLS ends at a proxy in front", addr)
	}
	return nil
}
