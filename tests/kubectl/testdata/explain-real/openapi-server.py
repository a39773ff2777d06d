# A static stand-in for kube-apiserver's discovery and OpenAPI v3 endpoints, from the
# documents k8s.io/kubernetes v1.32.13 ships (api/discovery, api/openapi-spec/v3): enough
# for the real `kubectl explain` to run. Loopback only.
import http.server, json, os, sys
ROOT = os.path.expanduser("~/.cache/kubeloop-oracle/src/kubernetes/api")
def name(path):  # /apis/apps/v1 -> apis__apps__v1
    return path.strip("/").replace("/", "__")
class H(http.server.BaseHTTPRequestHandler):
    def send(self, code, body, ctype="application/json"):
        b = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(code); self.send_header("Content-Type", ctype); self.send_header("Content-Length", str(len(b))); self.end_headers(); self.wfile.write(b)
    def do_GET(self):
        p = self.path.split("?")[0]
        if p == "/version":
            return self.send(200, {"major": "1", "minor": "32", "gitVersion": "v1.32.13", "platform": "linux/amd64"})
        if p == "/openapi/v3":
            paths = {}
            for f in os.listdir(ROOT + "/openapi-spec/v3"):
                key = f[:-len("_openapi.json")].replace("__", "/")
                paths[key] = {"serverRelativeURL": "/openapi/v3/" + key + "?hash=0"}
            return self.send(200, {"paths": paths})
        if p.startswith("/openapi/v3/"):
            f = ROOT + "/openapi-spec/v3/" + name(p[len("/openapi/v3/"):]) + "_openapi.json"
            if os.path.exists(f):
                return self.send(200, open(f, "rb").read())
        f = ROOT + "/discovery/" + name(p) + ".json"
        if os.path.exists(f):
            return self.send(200, open(f, "rb").read())
        self.send(404, {"kind": "Status", "apiVersion": "v1", "status": "Failure", "reason": "NotFound", "code": 404})
    def log_message(self, *a): pass
http.server.HTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()
