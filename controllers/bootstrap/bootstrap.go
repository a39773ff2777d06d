// Package bootstrap is the two bootstrap-token controllers of
// kube-controller-manager (both disabled by default upstream; kubeadm
// enables them with --controllers=*,bootstrapsigner,tokencleaner):
//
//   - the token cleaner (token-cleaner-controller) deletes bootstrap token
//     Secrets (type bootstrap.kubernetes.io/token, in kube-system) whose
//     expiration has passed;
//   - the bootstrap signer (bootstrap-signer-controller) signs the
//     kubeconfig in the ConfigMap kube-public/cluster-info with every
//     valid token marked usage-bootstrap-signing: a data key
//     jws-kubeconfig-<token-id> holding a detached JWS (HS256, key: the
//     token secret). A joining node that knows a token can then trust the
//     cluster-info it reads anonymously. A token that expires or goes
//     takes its signature with it.
//
// The signature is computed as upstream's (HMAC-SHA256 over the JWS
// signing input, header {"alg":"HS256","kid":"<token-id>"}), so it checks
// with any JWS library.
package bootstrap

import (
	"encoding/base64"
	"sort"
	"strings"
	"time"

	"github.com/kubeloop/kubeloop/core/api"
	"github.com/kubeloop/kubeloop/core/clock"
	"github.com/kubeloop/kubeloop/core/controller"
	"github.com/kubeloop/kubeloop/core/informer"
	"github.com/kubeloop/kubeloop/core/store"
)

// Names and keys of the bootstrap token API.
const (
	SecretType          = "bootstrap.kubernetes.io/token"
	SecretPrefix        = "bootstrap-token-"
	TokenNamespace      = "kube-system"
	ClusterInfoNS       = "kube-public"
	ClusterInfoName     = "cluster-info"
	KubeConfigKey       = "kubeconfig"
	JWSSignaturePrefix  = "jws-kubeconfig-"
	keyTokenID          = "token-id"
	keyTokenSecret      = "token-secret"
	keyExpiration       = "expiration"
	keyUsageSigning     = "usage-bootstrap-signing"
	busyExpiry          = 5 * time.Minute
	cleanerName         = "tokencleaner"
	signerName          = "bootstrapsigner"
	signerComponent     = "bootstrap-signer-controller"
	cleanerComponent    = "token-cleaner-controller"
	expirationNotParsed = ""
)

// isTokenPart reports whether s is n characters of [a-z0-9], the form of a
// bootstrap token's id (6) and secret (16).
func isTokenPart(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 'a' || c > 'z') && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

func isToken(s *api.Secret) bool {
	return s.Namespace == TokenNamespace && s.Type == SecretType
}

// expiry is a token's expiration, if it has a valid one.
func expiry(s *api.Secret) (time.Time, bool) {
	v := s.SecretValue(keyExpiration)
	if v == "" {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339, v)
	return t, err == nil
}

// Register adds the token cleaner and the bootstrap signer to a manager
// and returns the cleaner.
func Register(m *controller.Manager) *controller.Controller {
	secrets := informer.ListerFor[*api.Secret](m.Informers)
	configMaps := informer.ListerFor[*api.ConfigMap](m.Informers)
	cl := &Cleaner{secrets: secrets, wake: waker{clk: m.Clock, at: map[controller.Request]time.Time{}}}
	sg := &Signer{secrets: secrets, configMaps: configMaps, wake: waker{clk: m.Clock, at: map[controller.Request]time.Time{}}}
	cleaner := m.NewController(cleanerName, cl, controller.Options{Component: cleanerComponent})
	signer := m.NewController(signerName, sg, controller.Options{Component: signerComponent})
	cl.wake.ctrl, sg.wake.ctrl = cleaner, signer
	sign := controller.Request{Namespace: ClusterInfoNS, Name: ClusterInfoName}
	onSecret := func(s *api.Secret) {
		if isToken(s) {
			cleaner.EnqueueObject(s)
			signer.Enqueue(sign)
		}
	}
	secrets.AddTypedHandler(informer.HandlerFor[*api.Secret]{
		OnAdd:    onSecret,
		OnUpdate: func(_, s *api.Secret) { onSecret(s) },
		OnDelete: func(s *api.Secret) {
			if isToken(s) {
				signer.Enqueue(sign)
			}
		},
	})
	onCM := func(o api.Object) {
		if m := o.GetObjectMeta(); m.Namespace == ClusterInfoNS && m.Name == ClusterInfoName {
			signer.Enqueue(sign)
		}
	}
	configMaps.AddHandler(informer.Handler{OnAdd: onCM, OnUpdate: func(_, o api.Object) { onCM(o) }})
	return cleaner
}

// Cleaner deletes expired bootstrap tokens; a key is a Secret.
type Cleaner struct {
	// secrets is the cache it observes; never modify what it returns.
	secrets informer.Lister[*api.Secret]
	wake    waker
}

// waker brings a key back when a token expires: an ordinary requeue when
// that is soon, else a housekeeping timer, so that `sim settle` does not
// wait for a token that expires in a day (as ttlafterfinished does).
type waker struct {
	clk  *clock.Sim
	ctrl *controller.Controller
	at   map[controller.Request]time.Time // pending timers
}

func (w *waker) after(req controller.Request, left time.Duration) controller.Result {
	if left <= busyExpiry {
		return controller.Result{RequeueAfter: left}
	}
	due := w.clk.Now().Add(left)
	if w.at[req].Equal(due) {
		return controller.Result{}
	}
	w.at[req] = due
	w.clk.Housekeeping(left, w.ctrl.Name+" "+req.String(), func() {
		if w.at[req].Equal(due) {
			delete(w.at, req)
		}
		w.ctrl.Enqueue(req)
	})
	return controller.Result{}
}

// Reconcile deletes one token if it has expired, or waits for it to.
func (c *Cleaner) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	s, ok := c.secrets.Get(req.Namespace, req.Name)
	if !ok || !isToken(s) {
		return controller.Result{}, nil
	}
	exp, ok := expiry(s)
	if !ok {
		ctx.Observe("token %s has no valid expiration: it never expires", s.Name)
		return controller.Result{}, nil
	}
	now := ctx.Clock.Now()
	if left := exp.Sub(now); left > 0 {
		ctx.Observe("token %s expires at %s, in %s", s.Name, exp.UTC().Format(time.RFC3339), left.Round(time.Second))
		return c.wake.after(req, left), nil
	}
	ctx.Diff("token %s expired at %s", s.Name, exp.UTC().Format(time.RFC3339))
	ctx.Why("expired bootstrap tokens are deleted")
	err := ctx.Delete(s, store.DeleteOptions{UID: s.UID}, "bootstrap token expired")
	if api.IsNotFound(err) || api.IsConflict(err) {
		return controller.Result{}, nil
	}
	return controller.Result{}, err
}

// Signer keeps cluster-info's signatures; its one key is the ConfigMap.
type Signer struct {
	// secrets and configMaps are the caches it observes; never modify
	// what they return.
	secrets    informer.Lister[*api.Secret]
	configMaps informer.Lister[*api.ConfigMap]
	wake       waker
}

// Tokens are the valid signing tokens now, id → secret, and the earliest
// time one of them expires (zero if none does).
func (s *Signer) Tokens(now time.Time) (map[string]string, time.Time) {
	out := map[string]string{}
	var next time.Time
	for _, sec := range s.secrets.List(TokenNamespace) {
		if !isToken(sec) || sec.SecretValue(keyUsageSigning) != "true" {
			continue
		}
		id, secret := sec.SecretValue(keyTokenID), sec.SecretValue(keyTokenSecret)
		if !isTokenPart(id, 6) || !isTokenPart(secret, 16) || sec.Name != SecretPrefix+id {
			continue
		}
		if exp, ok := expiry(sec); ok {
			if !now.Before(exp) {
				continue
			}
			if next.IsZero() || exp.Before(next) {
				next = exp
			}
		}
		out[id] = secret
	}
	return out, next
}

// Reconcile recomputes cluster-info's signatures.
func (s *Signer) Reconcile(ctx *controller.Context, req controller.Request) (controller.Result, error) {
	cm, ok := s.configMaps.Get(req.Namespace, req.Name)
	if !ok {
		ctx.Observe("no ConfigMap %s: nothing to sign", req)
		return controller.Result{}, nil
	}
	content, ok := cm.Data[KubeConfigKey]
	if !ok {
		ctx.Observe("ConfigMap %s has no %s", req, KubeConfigKey)
		return controller.Result{}, nil
	}
	now := ctx.Clock.Now()
	tokens, next := s.Tokens(now)
	var result controller.Result
	if !next.IsZero() {
		// Re-sign when the first token expires (the cleaner may be off).
		result = s.wake.after(req, next.Sub(now))
	}
	want := api.DeepCopy(cm)
	for k := range want.Data {
		if strings.HasPrefix(k, JWSSignaturePrefix) {
			delete(want.Data, k)
		}
	}
	ids := make([]string, 0, len(tokens))
	for id := range tokens {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		want.Data[JWSSignaturePrefix+id] = DetachedSignature(content, id, tokens[id])
	}
	ctx.Observe("%d valid signing tokens %v", len(ids), ids)
	if mapsEqual(want.Data, cm.Data) {
		return result, nil
	}
	ctx.Diff("the signatures of %s are not those of the valid tokens %v", req, ids)
	ctx.Why("cluster-info carries one signature per valid token with usage-bootstrap-signing")
	if _, err := ctx.Update(want, "signed by "+strings.Join(ids, ", ")); err != nil && !api.IsNotFound(err) {
		return controller.Result{}, err
	}
	return result, nil
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// DetachedSignature is the JWS compact serialization of content signed
// with HS256 by the token, with the payload left out: "header..signature".
func DetachedSignature(content, tokenID, tokenSecret string) string {
	enc := base64.RawURLEncoding
	header := enc.EncodeToString([]byte(`{"alg":"HS256","kid":"` + tokenID + `"}`))
	sum := hmacSHA256([]byte(tokenSecret), []byte(header+"."+enc.EncodeToString([]byte(content))))
	return header + ".." + enc.EncodeToString(sum[:])
}
