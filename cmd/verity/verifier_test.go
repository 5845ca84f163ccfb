package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/veritykb/verity/offline"
	"github.com/veritykb/verity/verify"
)

func TestVerifierSpecs(t *testing.T) {
	for _, tt := range []struct {
		flags []string
		env   map[string]string
		model string
		kinds string
		from  string
	}{
		{nil, nil, "", "offline", "default"},
		{nil, nil, "ollama:qwen2.5:7b", "llm", "default"},
		{nil, map[string]string{"VERITY_VERIFIER": "nli:http://h:8080"}, "", "nli", "VERITY_VERIFIER"},
		{[]string{"baseline", "offline"}, map[string]string{"VERITY_VERIFIER": "llm"}, "", "baseline,offline", "--verifier"},
	} {
		a := &app{verifiers: tt.flags, modelSpec: tt.model, getenv: func(k string) string { return tt.env[k] }}
		specs, from, err := a.verifierSpecs()
		if err != nil {
			t.Fatal(err)
		}
		var kinds []string
		for _, s := range specs {
			kinds = append(kinds, s.Kind)
		}
		if strings.Join(kinds, ",") != tt.kinds || from != tt.from {
			t.Errorf("verifierSpecs(%v, %v, model %q) = %v from %s, want %s from %s", tt.flags, tt.env, tt.model, kinds, from, tt.kinds, tt.from)
		}
	}
	a := &app{verifiers: []string{"offline", "baseline"}, getenv: func(string) string { return "" }}
	if _, err := a.verifier(t.Context(), verify.JudgeOptions{}); exitCode(err) != exitInvalid {
		t.Errorf("two verifiers for ask: %v, want invalid input", err)
	}
}

// teiServer is a Text Embeddings Inference stand-in for the command's
// tests: /info for an XNLI classifier, /predict answering entailment when
// every word of the hypothesis is in the premise.
func teiServer(t *testing.T, key string) (*httptest.Server, *atomic.Int64) {
	var predicts atomic.Int64
	mux := http.NewServeMux()
	auth := func(w http.ResponseWriter, r *http.Request) bool {
		if key != "" && r.Header.Get("Authorization") != "Bearer "+key {
			w.WriteHeader(http.StatusUnauthorized)
			return false
		}
		return true
	}
	mux.HandleFunc("GET /info", func(w http.ResponseWriter, r *http.Request) {
		if !auth(w, r) {
			return
		}
		fmt.Fprint(w, `{"model_id":"MoritzLaurer/mDeBERTa-v3-base-xnli-multilingual-nli-2mil7","model_dtype":"float32",
			"model_type":{"classifier":{"id2label":{"0":"entailment","1":"neutral","2":"contradiction"},"label2id":{"entailment":0,"neutral":1,"contradiction":2}}},
			"max_input_length":512,"max_client_batch_size":32,"version":"1.8.0"}`)
	})
	mux.HandleFunc("POST /predict", func(w http.ResponseWriter, r *http.Request) {
		if !auth(w, r) {
			return
		}
		predicts.Add(1)
		var req struct{ Inputs [][2]string }
		json.NewDecoder(r.Body).Decode(&req)
		var out [][]map[string]any
		for _, in := range req.Inputs {
			p := strings.ToLower(in[0])
			all := true
			for _, word := range strings.Fields(strings.ToLower(strings.Trim(in[1], "."))) {
				all = all && strings.Contains(p, word)
			}
			if all {
				out = append(out, []map[string]any{{"label": "entailment", "score": 0.97}, {"label": "neutral", "score": 0.02}, {"label": "contradiction", "score": 0.01}})
			} else {
				out = append(out, []map[string]any{{"label": "neutral", "score": 0.8}, {"label": "contradiction", "score": 0.15}, {"label": "entailment", "score": 0.05}})
			}
		}
		json.NewEncoder(w).Encode(out)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv, &predicts
}

// TestCheckWithNLIVerifier: --verifier nli:URL checks an answer's claims
// against a TEI-shaped service; claims that are the source's own
// sentences are settled by code without a call.
func TestCheckWithNLIVerifier(t *testing.T) {
	srv, predicts := teiServer(t, "")
	db := askStore(t)
	answerFile := filepath.Join(t.TempDir(), "answer.txt")
	os.WriteFile(answerFile, []byte("Backups are kept for at least 30 days [1]. Restores are tested once a quarter [1]. Backups are kept forever [1]."), 0o644)
	out, errOut, code := askCLI(t, db, offline.New(offline.Options{}), "", "check", "--json", "--verifier", "nli:"+srv.URL, "--source", "POL-1", answerFile)
	if code != 0 {
		t.Fatalf("check --verifier nli: exit %d: %s", code, errOut)
	}
	var ans struct {
		Claims []struct {
			Claim   string `json:"claim"`
			Support struct {
				By    string `json:"by"`
				Label string `json:"label"`
			} `json:"support"`
		} `json:"claims"`
		Unverified []struct {
			Claim string `json:"claim"`
		} `json:"unverified_claims"`
	}
	if err := json.Unmarshal([]byte(out), &ans); err != nil {
		t.Fatal(err)
	}
	by := map[string]string{}
	for _, c := range ans.Claims {
		by[c.Claim] = c.Support.By
	}
	if by["Backups are kept for at least 30 days."] != "nli" || by["Restores are tested once a quarter."] != "verbatim" {
		t.Errorf("claims and who judged them = %v, want the paraphrase by nli and the source's sentence by verbatim\n%s", by, out)
	}
	if len(ans.Unverified) != 1 || ans.Unverified[0].Claim != "Backups are kept forever." || predicts.Load() != 1 {
		t.Errorf("unverified %+v after %d /predict calls, want the claim the service does not entail, in one call", ans.Unverified, predicts.Load())
	}
	// An NLI service that is not there is EUNAVAILABLE (exit 5), not an
	// answer with nothing verified.
	dead := httptest.NewServer(http.NotFoundHandler())
	dead.Close()
	if _, errOut, code := askCLI(t, db, offline.New(offline.Options{}), "", "check", "--verifier", "nli:"+dead.URL, "--source", "POL-1", answerFile); code != exitUnavailable || !strings.Contains(errOut, dead.URL) {
		t.Errorf("check with a dead NLI service: exit %d (%s), want %d naming the service", code, errOut, exitUnavailable)
	}
}

func TestDoctorVerifier(t *testing.T) {
	srv, predicts := teiServer(t, "k3y")
	out, err := doctor(t, map[string]string{"VERITY_VERIFIER": "nli:" + srv.URL, "VERITY_NLI_KEY": "k3y"}, "", false)
	if err != nil {
		t.Fatalf("doctor with an NLI verifier: %v\n%s", err, out)
	}
	for _, want := range []string{
		"verifier  nli:" + srv.URL + " (from VERITY_VERIFIER): " + srv.URL + ", batches of up to 32",
		"ok: MoritzLaurer/mDeBERTa-v3-base-xnli-multilingual-nli-2mil7, labels entailment, neutral, contradiction; one pair predicted entailed 0.97 in",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("doctor output lacks %q:\n%s", want, out)
		}
	}
	if predicts.Load() != 1 {
		t.Errorf("doctor made %d /predict calls, want 1", predicts.Load())
	}
	if strings.Contains(out, "k3y") {
		t.Errorf("doctor shows the NLI key:\n%s", out)
	}
	// A wrong key: doctor says so and fails.
	out, err = doctor(t, map[string]string{"VERITY_VERIFIER": "nli:" + srv.URL}, "", false)
	if err == nil || !strings.Contains(out, "FAILED") {
		t.Errorf("doctor without the NLI key: %v\n%s", err, out)
	}
	// The offline verifier needs no call and shows its thresholds.
	out, err = doctor(t, nil, "", false)
	if err != nil || !strings.Contains(out, "verifier  offline (from default): lexical checks with a calibrated probability of support; grade 2 at >= ") {
		t.Errorf("doctor with the default verifier: %v\n%s", err, out)
	}
}
