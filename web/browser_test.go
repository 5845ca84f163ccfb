package web_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// update writes the screenshots the tests take into ../docs, for the
// README; without it they go to a temporary folder and are only checked.
var update = flag.Bool("update", false, "write the UI screenshots under docs/")

// The browser: one Chromium process for the package's tests, each test in
// a tab of its own (and on a server, so an origin, of its own: nothing in
// storage crosses tests).
var (
	browserOnce   sync.Once
	browserCtx    context.Context
	browserCancel []context.CancelFunc
	browserErr    error
	browserDir    string
)

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	for i := len(browserCancel) - 1; i >= 0; i-- {
		browserCancel[i]()
	}
	if browserDir != "" {
		os.RemoveAll(browserDir)
	}
	if fixErr == nil && fix != nil {
		os.RemoveAll(filepath.Dir(fix.path))
	}
	os.Exit(code)
}

// chromium returns the browser to drive: Debian's /usr/bin/chromium, or
// the first of the usual names on PATH.
func chromium() string {
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// unavailable skips the test on a developer's machine without a browser,
// and fails it in CI (CI=true), where .ci/run installs one.
func unavailable(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("browser tests: %s (CI=true: .ci/run installs Debian's chromium, so this must not be skipped)", why)
	}
	t.Skipf("browser tests skipped: %s (install it with: apt-get install chromium)", why)
}

// browser returns the context of the one browser, starting it first.
func browser(t *testing.T) context.Context {
	t.Helper()
	path := chromium()
	if path == "" {
		unavailable(t, "no chromium found (looked for /usr/bin/chromium, chromium, chromium-browser, google-chrome)")
	}
	browserOnce.Do(func() {
		browserDir, browserErr = os.MkdirTemp("", "web-chromium-")
		if browserErr != nil {
			return
		}
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(path),
			chromedp.Flag("headless", true),
			chromedp.Flag("no-sandbox", true),
			chromedp.Flag("disable-gpu", true),
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("disable-quic", true),
			chromedp.Flag("no-first-run", true),
			chromedp.Flag("lang", "en-US"),
			chromedp.Flag("hide-scrollbars", true),
			chromedp.UserDataDir(browserDir),
		)
		actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
		browserCancel = append(browserCancel, cancel)
		bctx, cancel := chromedp.NewContext(actx)
		browserCancel = append(browserCancel, cancel)
		if err := chromedp.Do(bctx); err != nil {
			browserErr = err
			return
		}
		browserCtx = bctx
	})
	if browserErr != nil {
		unavailable(t, fmt.Sprintf("chromium %s did not start: %v", path, browserErr))
	}
	return browserCtx
}

// page is one tab and what it reported: dialogs it opened (which it
// dismisses at once), exceptions, and console or security errors.
type tab struct {
	t   *testing.T
	ctx context.Context

	mu       sync.Mutex
	dialogs  []string
	problems []string
}

// newTab opens a tab with the given viewport that fails the test, at its
// end, on any dialog, uncaught exception or Content-Security-Policy
// violation; allow lists substrings of errors that are expected.
func newTab(t *testing.T, width, height int64, allow ...string) *tab {
	t.Helper()
	bctx := browser(t)
	ctx, cancel := chromedp.NewContext(bctx)
	t.Cleanup(cancel)
	ctx, cancelTime := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(cancelTime)
	tb := &tab{t: t, ctx: ctx}
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("open a tab: %v", err)
	}
	dialogs := chromedp.Events(ctx, page.JavascriptDialogOpening)
	exceptions := chromedp.Events(ctx, runtime.ExceptionThrown)
	entries := chromedp.Events(ctx, log.EntryAdded)
	console := chromedp.Events(ctx, runtime.ConsoleAPICalled)
	go func() {
		for ev, err := range dialogs {
			if err != nil {
				return
			}
			tb.mu.Lock()
			tb.dialogs = append(tb.dialogs, string(ev.Type)+": "+ev.Message)
			tb.mu.Unlock()
			chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: false})
		}
	}()
	go func() {
		for ev, err := range exceptions {
			if err != nil {
				return
			}
			text := ev.ExceptionDetails.Text
			if ev.ExceptionDetails.Exception != nil {
				text += " " + ev.ExceptionDetails.Exception.Description
			}
			tb.problem("exception: " + text)
		}
	}()
	go func() {
		for ev, err := range entries {
			if err != nil {
				return
			}
			e := ev.Entry
			// Network errors count too: a failed request on load (a 401, a
			// missing favicon) is an error in the user's console.
			if e.Level == log.EntryLevelError && (e.Source == log.EntrySourceSecurity || e.Source == log.EntrySourceJavascript ||
				e.Source == log.EntrySourceViolation || e.Source == log.EntrySourceNetwork) {
				tb.problem(string(e.Source) + ": " + e.Text + " " + e.URL)
			}
		}
	}()
	go func() {
		for ev, err := range console {
			if err != nil {
				return
			}
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeAssert {
				var args []string
				for _, a := range ev.Args {
					args = append(args, string(a.Value)+a.Description)
				}
				tb.problem("console." + string(ev.Type) + ": " + strings.Join(args, " "))
			}
		}
	}()
	if _, err := chromedp.Call(ctx, log.Enable, cdp.Empty{}); err != nil {
		t.Fatalf("enable the log: %v", err)
	}
	tb.viewport(width, height)
	t.Cleanup(func() {
		tb.mu.Lock()
		defer tb.mu.Unlock()
		for _, d := range tb.dialogs {
			t.Errorf("the page opened a dialog: %s", d)
		}
		for _, p := range tb.problems {
			expected := false
			for _, a := range allow {
				expected = expected || strings.Contains(p, a)
			}
			if !expected {
				t.Errorf("the page reported: %s", p)
			}
		}
	})
	return tb
}

func (tb *tab) problem(s string) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	tb.problems = append(tb.problems, s)
}

// viewport sets the page's size: a phone's (under 500 px wide) is mobile,
// at twice the pixels.
func (tb *tab) viewport(width, height int64) {
	tb.t.Helper()
	var opts []chromedp.EmulateViewportOption
	if width < 500 {
		opts = append(opts, chromedp.EmulateScale(2), chromedp.EmulateMobile)
	}
	tb.do(chromedp.EmulateViewport(width, height, opts...))
}

// do runs actions, failing the test on an error.
func (tb *tab) do(actions ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	if err := chromedp.Do(tb.ctx, actions...); err != nil {
		tb.t.Fatalf("%v\npage: %s", err, tb.text())
	}
}

// eval evaluates a JavaScript expression (awaiting a promise).
func eval[T any](tb *tab, expr string) T {
	tb.t.Helper()
	v, err := chromedp.Run(tb.ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		tb.t.Fatalf("evaluate %s: %v\npage: %s", expr, err, tb.text())
	}
	return v
}

// text is the page's visible text, for failure messages.
func (tb *tab) text() string {
	ctx, cancel := context.WithTimeout(tb.ctx, 5*time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body ? document.body.innerText : ""`))
	if err != nil {
		return "(unreadable: " + err.Error() + ")"
	}
	return s
}

// wait waits until the CSS selector matches a visible element.
func (tb *tab) wait(sel string) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(sel))); err != nil {
		tb.t.Fatalf("wait for %s: %v\npage: %s", sel, err, tb.text())
	}
}

// waitJS waits until a JavaScript expression is true.
func (tb *tab) waitJS(expr string) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 30*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](expr, chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		tb.t.Fatalf("wait for %s: %v\npage: %s", expr, err, tb.text())
	}
}

func (tb *tab) click(sel string) {
	tb.t.Helper()
	tb.do(chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible))
}

func (tb *tab) textOf(sel string) string {
	tb.t.Helper()
	s, err := chromedp.Run(tb.ctx, chromedp.TextContent(chromedp.CSS(sel)))
	if err != nil {
		tb.t.Fatalf("text of %s: %v", sel, err)
	}
	return s
}

// principalOf returns the principal an element names (its
// data-principal: the page shows it as people read it, "alice@corp.example"
// for user:alice@corp.example).
func (tb *tab) principalOf(sel string) string {
	tb.t.Helper()
	return eval[string](tb, fmt.Sprintf(`(document.querySelector(%q) || {dataset: {}}).dataset.principal || ''`, sel))
}

// open navigates to url and waits for the UI to have started.
func (tb *tab) open(url string) {
	tb.t.Helper()
	tb.do(chromedp.Navigate(url))
	tb.waitJS(`!document.querySelector('main .loading')`)
}

// signIn keeps token in the tab's session storage for s's origin, as the
// sign-in form does, and opens path.
func (tb *tab) signIn(s *server, token, path string) {
	tb.t.Helper()
	tb.do(chromedp.Navigate(s.URL + "/assets/icon.svg"))
	tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`sessionStorage.setItem('verity.token', %q)`, token)))
	tb.open(s.URL + path)
}

// dom is the whole document as HTML: everything a leak could hide in.
func (tb *tab) dom() string {
	tb.t.Helper()
	return eval[string](tb, `document.documentElement.outerHTML`)
}

// screenshot captures the viewport into docs/NAME.png with -update, a
// temporary file otherwise, and checks it is a PNG of the viewport's size.
func (tb *tab) screenshot(name string, width, height int) {
	tb.t.Helper()
	eval[chromedp.Void](tb, `document.activeElement && document.activeElement.blur && document.activeElement.blur()`)
	buf, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		tb.t.Fatalf("screenshot %s: %v", name, err)
	}
	w, h, err := pngSize(buf)
	if err != nil || w != width || h != height {
		tb.t.Errorf("screenshot %s = %dx%d (%v), want %dx%d", name, w, h, err, width, height)
	}
	dir := tb.t.TempDir()
	if *update {
		dir = filepath.Join("..", "docs")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			tb.t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644); err != nil {
		tb.t.Fatal(err)
	}
}

// pngSize reads a PNG's width and height from its IHDR chunk.
func pngSize(b []byte) (int, int, error) {
	if len(b) < 24 || string(b[1:4]) != "PNG" || string(b[12:16]) != "IHDR" {
		return 0, 0, errors.New("not a PNG")
	}
	be := func(p []byte) int { return int(p[0])<<24 | int(p[1])<<16 | int(p[2])<<8 | int(p[3]) }
	return be(b[16:20]), be(b[20:24]), nil
}
