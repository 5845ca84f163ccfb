package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"io"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestServeConfig refuses what serve must not start with: plain HTTP on a
// non-loopback address (from a flag or VERITY_ADDR), and settings that do
// not go together. Each is invalid input, exit 2, before anything listens.
func TestServeConfig(t *testing.T) {
	db := filepath.Join(t.TempDir(), "v.db")
	tests := []struct {
		env  map[string]string
		args []string
		want string
	}{
		{nil, []string{"serve", "--addr", "0.0.0.0:0"}, "not a loopback address"},
		{nil, []string{"serve", "--addr", ":0"}, "not a loopback address"},
		{map[string]string{"VERITY_ADDR": "10.1.2.3:0"}, []string{"serve"}, "not a loopback address"},
		{nil, []string{"serve", "--addr", "0.0.0.0:0", "--tls-cert", "c.pem"}, "go together"},
		{nil, []string{"serve", "--anonymous", "write"}, "none or read"},
		{map[string]string{"VERITY_ANONYMOUS": "all"}, []string{"serve"}, "none or read"},
		{nil, []string{"serve", "--trusted-proxy", "10.0.0.1"}, "go together"},
		{nil, []string{"serve", "--trusted-proxy", "nope", "--trusted-proxy-user-header", "X-Email"}, "CIDR"},
		{map[string]string{"VERITY_RATE": "fast"}, []string{"serve"}, "VERITY_RATE"},
		{nil, []string{"serve", "--addr", "127.0.0.1:0", "--db-replica", "postgres://verity@127.0.0.1/verity"}, "replicas are PostgreSQL's"},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		env := func(k string) string { return tt.env[k] }
		code := run(context.Background(), append([]string{"--db", db}, tt.args...), strings.NewReader(""), &out, &errb, env)
		if code != exitInvalid || !strings.Contains(errb.String(), tt.want) || out.Len() > 0 {
			t.Errorf("%v %v = exit %d, stdout %q, stderr %q; want exit 2 saying %q", tt.env, tt.args, code, out.String(), errb.String(), tt.want)
		}
	}
}

// TestServeProcess runs a real verity serve: the first line of stdout is
// the address, /healthz and /readyz answer, a token searches, no token is
// refused, and SIGTERM drains an upload still being sent before the
// process exits 0.
func TestServeProcess(t *testing.T) {
	bin := verityBinary(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "v.db")
	doc := filepath.Join(dir, "policy.md")
	os.WriteFile(doc, []byte("# Vacation policy\n\nUnused vacation days carry over, up to 10 days.\n"), 0o644)
	if _, errOut, code := cli(t, db, "", "ingest", doc); code != 0 {
		t.Fatalf("ingest: %s", errOut)
	}
	if _, errOut, code := cli(t, db, "", "role", "grant", "curator", "user:alice@corp.example"); code != 0 {
		t.Fatalf("role grant: %s", errOut)
	}
	out, errOut, code := cli(t, db, "", "token", "create", "--json", "--name", "alice", "--principal", "user:alice@corp.example")
	if code != 0 {
		t.Fatalf("token create: %s", errOut)
	}
	var tok struct{ Token string }
	json.Unmarshal([]byte(out), &tok)

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--db", db, "serve", "--addr", "127.0.0.1:0", "--shutdown-timeout", "20s")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewReader(stdout)
	first, err := lines.ReadString('\n')
	if err != nil || !strings.HasPrefix(first, "listening on http://127.0.0.1:") {
		cmd.Process.Kill()
		t.Fatalf("first line = %q (%v), want listening on http://127.0.0.1:PORT; stderr:\n%s", first, err, stderr.String())
	}
	go io.Copy(io.Discard, lines)
	base := strings.TrimSpace(strings.TrimPrefix(first, "listening on "))
	get := func(path, token string) (int, string) {
		req, _ := http.NewRequest("GET", base+path, nil)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	for _, path := range []string{"/healthz", "/readyz"} {
		if code, body := get(path, ""); code != 200 {
			t.Errorf("GET %s = %d %s", path, code, body)
		}
	}
	if code, body := get("/api/v1/search?q=vacation", tok.Token); code != 200 || !strings.Contains(body, "policy.md") {
		t.Errorf("search with a token = %d %s, want the policy", code, body)
	}
	if code, _ := get("/api/v1/search?q=vacation", ""); code != 401 {
		t.Errorf("search without a token = %d, want 401", code)
	}
	// The web UI at / and at a source's deep link, without a token, under
	// its Content-Security-Policy; the API keeps its own answers.
	for _, path := range []string{"/", "/sources/policy.md", "/assets/js/app.js"} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Security-Policy"), "default-src 'self'") {
			t.Errorf("GET %s = %d, CSP %q; want the UI", path, resp.StatusCode, resp.Header.Get("Content-Security-Policy"))
		}
	}
	if code, body := get("/api/v1/nope", tok.Token); code != 404 || !strings.Contains(body, `"not_found"`) {
		t.Errorf("an unknown API path = %d %s, want the API's 404", code, body)
	}
	// Connectors' webhooks (at /connectors/NAME/webhook and under
	// /api/v1) authenticate themselves: an unsigned post is 401, an API
	// token counts for nothing.
	for _, tt := range []struct{ path, token string }{{"/connectors/wiki/webhook", ""}, {"/connectors/wiki/webhook", tok.Token},
		{"/api/v1/connectors/wiki/webhook", ""}, {"/api/v1/connectors/wiki/webhook", tok.Token}} {
		token := tt.token
		req, _ := http.NewRequest("POST", base+tt.path, strings.NewReader(`{"page":{"id":1}}`))
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("an unsigned webhook at %s (token %v) = %d, want 401", tt.path, token != "", resp.StatusCode)
		}
	}

	// MCP over streamable HTTP at /mcp, behind the same tokens; a browser
	// page of another origin is refused.
	bearer := &http.Client{Transport: bearerTransport{tok.Token}}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "test"}, nil).Connect(ctx,
		&sdk.StreamableClientTransport{Endpoint: base + "/mcp", HTTPClient: bearer, DisableStandaloneSSE: true, MaxRetries: -1}, nil)
	if err != nil {
		t.Fatalf("connect to /mcp with a token: %v", err)
	}
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "search_knowledge", Arguments: map[string]any{"query": "vacation"}})
	if js, _ := json.Marshal(res); err != nil || !strings.Contains(string(js), "policy.md") {
		t.Errorf("search_knowledge over /mcp = %s (%v), want the policy", js, err)
	}
	cs.Close()
	if _, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "test"}, nil).Connect(ctx,
		&sdk.StreamableClientTransport{Endpoint: base + "/mcp", DisableStandaloneSSE: true, MaxRetries: -1}, nil); err == nil {
		t.Errorf("connect to /mcp without a token succeeded, want 401")
	}
	foreign, _ := http.NewRequest("POST", base+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
	foreign.Header.Set("Authorization", "Bearer "+tok.Token)
	foreign.Header.Set("Origin", "http://evil.example")
	foreign.Header.Set("Content-Type", "application/json")
	if resp, err := http.DefaultClient.Do(foreign); err != nil || resp.StatusCode != http.StatusForbidden {
		t.Errorf("POST /mcp from a foreign origin = %v %v, want 403", resp.Status, err)
	} else {
		resp.Body.Close()
	}

	// An upload still being sent when SIGTERM comes is finished and
	// answered: the server drains before it exits.
	pr, pw := io.Pipe()
	req, _ := http.NewRequest("POST", base+"/api/v1/ingest?format=txt&id=late.txt", pr)
	req.Header.Set("Authorization", "Bearer "+tok.Token)
	done := make(chan error, 1)
	var status int
	var body []byte
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			status = resp.StatusCode
			body, _ = io.ReadAll(resp.Body)
			resp.Body.Close()
		}
		done <- err
	}()
	pw.Write([]byte("A page sent slowly: the first half, "))
	time.Sleep(300 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGTERM)
	time.Sleep(2500 * time.Millisecond) // past the 1.8 s a command gets to stop: the server must still be draining
	pw.Write([]byte("and the second half."))
	pw.Close()
	if err := <-done; err != nil || status != 200 || !strings.Contains(string(body), `"created":1`) {
		t.Errorf("upload across SIGTERM = %d %s (%v), want it stored", status, body, err)
	}
	err = cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 0 {
		t.Errorf("serve after SIGTERM = exit %d (%v), want 0; stderr:\n%s", code, err, stderr.String())
	}
	logs := stderr.String()
	if !strings.Contains(logs, `"msg":"request"`) || !strings.Contains(logs, `"msg":"stopped"`) {
		t.Errorf("stderr = %s, want JSON request logs and the stop", logs)
	}
	if _, secret, _ := strings.Cut(strings.TrimPrefix(tok.Token, "vty_"), "_"); strings.Contains(logs, secret) {
		t.Errorf("the log shows the token's secret")
	}
}

// bearerTransport adds a bearer token to every request.
type bearerTransport struct{ token string }

func (b bearerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r)
}

// TestServeTLS starts verity serve with a certificate on a loopback port:
// it says https on its first line and answers over TLS.
func TestServeTLS(t *testing.T) {
	bin := verityBinary(t)
	dir := t.TempDir()
	certFile, keyFile, pool := selfSigned(t, dir)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--db", filepath.Join(dir, "v.db"), "serve", "--addr", "127.0.0.1:0", "--tls-cert", certFile, "--tls-key", keyFile)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	}()
	first, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil || !strings.HasPrefix(first, "listening on https://127.0.0.1:") {
		t.Fatalf("first line = %q (%v), want listening on https://...; stderr:\n%s", first, err, stderr.String())
	}
	base := strings.TrimSpace(strings.TrimPrefix(first, "listening on "))
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
	resp, err := client.Get(base + "/healthz")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("GET /healthz over TLS = %v, %v", resp, err)
	}
	resp.Body.Close()
	if resp.TLS == nil {
		t.Errorf("the answer did not come over TLS")
	}
}

// selfSigned writes a certificate for 127.0.0.1 and its key into dir and
// returns their files and a pool that trusts it.
func selfSigned(t *testing.T, dir string) (certFile, keyFile string, pool *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "verity test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600)
	os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), 0o600)
	cert, _ := x509.ParseCertificate(der)
	pool = x509.NewCertPool()
	pool.AddCert(cert)
	return certFile, keyFile, pool
}
