package http

import (
	"time"

	"github.com/spf13/pflag"
	"golang.org/x/time/rate"

	"github.com/veritykb/verity"
)

// Flags are the server's command-line settings (verity serve): where it
// listens, with which TLS files, who may call without a token, which
// proxies vouch for users, and the bounds of each request.
type Flags struct {
	Addr, TLSCert, TLSKey    string
	InsecureHTTP             bool
	Anonymous                string
	Proxies                  []string
	UserHeader, GroupsHeader string
	CORSOrigin               string
	RequestTimeout           time.Duration
	Rate                     float64
	Burst                    int
	MaxBody, MaxUpload       int64
}

// Register adds the flags to fs.
func (f *Flags) Register(fs *pflag.FlagSet) {
	fs.StringVar(&f.Addr, "addr", "127.0.0.1:8080", "address to listen on (port 0 picks a free one)")
	fs.StringVar(&f.TLSCert, "tls-cert", "", "TLS certificate file (PEM)")
	fs.StringVar(&f.TLSKey, "tls-key", "", "TLS key file (PEM)")
	fs.BoolVar(&f.InsecureHTTP, "insecure-http", false, "serve plain HTTP on a non-loopback address (TLS ends at a proxy in front)")
	fs.StringVar(&f.Anonymous, "anonymous", "none", "requests without credentials: none (refused, 401) or read (as public, reading only)")
	fs.StringArrayVar(&f.Proxies, "trusted-proxy", nil, "address or CIDR of an authenticating proxy whose user headers are trusted, repeatable")
	fs.StringVar(&f.UserHeader, "trusted-proxy-user-header", "", "the proxy's header holding the user's email (user:EMAIL)")
	fs.StringVar(&f.GroupsHeader, "trusted-proxy-groups-header", "", "the proxy's header holding comma-separated groups (group:NAME)")
	fs.StringVar(&f.CORSOrigin, "cors-origin", "", "the one browser origin allowed to call the API cross-site (default none)")
	fs.DurationVar(&f.RequestTimeout, "request-timeout", DefaultRequestTimeout, "longest time one request may work")
	fs.Float64Var(&f.Rate, "rate", DefaultRate, "requests per second per caller (token, proxied user, or address); 0 for no limit")
	fs.IntVar(&f.Burst, "burst", DefaultBurst, "requests a caller may make at once before the rate applies")
	fs.Int64Var(&f.MaxBody, "max-body", DefaultMaxBody, "largest JSON request body, in bytes")
	fs.Int64Var(&f.MaxUpload, "max-upload", DefaultMaxUpload, "largest ingest upload, in bytes")
}

// Options checks the flags and turns them into the server's options.
func (f Flags) Options() (Options, error) {
	var opt Options
	if (f.TLSCert == "") != (f.TLSKey == "") {
		return opt, verity.Errorf(verity.EINVALID, "--tls-cert and --tls-key go together")
	}
	if err := CheckListen(f.Addr, f.TLSCert != "", f.InsecureHTTP); err != nil {
		return opt, err
	}
	switch f.Anonymous {
	case "none", "":
	case "read":
		opt.Anonymous = true
	default:
		return opt, verity.Errorf(verity.EINVALID, "--anonymous must be none or read, got %q", f.Anonymous)
	}
	trusted, err := ParseTrusted(f.Proxies)
	if err != nil {
		return opt, err
	}
	opt.Proxy.Trusted = trusted
	opt.Proxy.UserHeader, opt.Proxy.GroupsHeader = f.UserHeader, f.GroupsHeader
	if (len(opt.Proxy.Trusted) > 0) != (f.UserHeader != "") || (f.GroupsHeader != "" && f.UserHeader == "") {
		return opt, verity.Errorf(verity.EINVALID, "--trusted-proxy and --trusted-proxy-user-header go together (and --trusted-proxy-groups-header needs both)")
	}
	if f.Rate < 0 || f.Burst < 1 || f.MaxBody < 1 || f.MaxUpload < 1 || f.RequestTimeout <= 0 {
		return opt, verity.Errorf(verity.EINVALID, "--rate must not be negative; --burst, --max-body, --max-upload and --request-timeout must be positive")
	}
	opt.Rate, opt.Burst = rate.Limit(f.Rate), f.Burst
	if f.Rate == 0 {
		opt.Rate = -1
	}
	opt.MaxBody, opt.MaxUpload, opt.RequestTimeout, opt.CORSOrigin = f.MaxBody, f.MaxUpload, f.RequestTimeout, f.CORSOrigin
	return opt, nil
}
