/**
 * Test policies on k8s-lab (demo/hello 172.21.211.8 on node-1, demo/net
 * 172.21.172.5 on node-2, node IPs 192.168.10.21/.22/.23, tunnel addresses
 * in 172.21.0.0/16): a Kubernetes default deny, an allow with a named port
 * and an ipBlock with except, and a Calico Deny ordered before them.
 */
import { K8S_LAB_YAML } from '../../presets/k8sLab';

export const LAB_POLICIES_YAML = `apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: { name: default-deny, namespace: demo }
spec:
  podSelector: {}
  policyTypes: [Ingress]
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: { name: allow-hello, namespace: demo }
spec:
  podSelector: { matchLabels: { app: hello } }
  ingress:
    - from: [{ podSelector: {} }]
      ports: [{ port: http }]
    - from: [{ ipBlock: { cidr: 192.168.10.0/24, except: [192.168.10.23/32] } }]
      ports: [{ port: 8080 }, { port: 8443 }]
---
apiVersion: projectcalico.org/v3
kind: NetworkPolicy
metadata: { name: deny-admin, namespace: demo }
spec:
  order: 10
  selector: app == 'hello'
  ingress:
    - action: Deny
      protocol: TCP
      destination: { ports: ['9000:9099'] }
`;

/** k8s-lab with the policies and a named port `http` (8080) on demo/hello. */
export const LAB_WITH_POLICIES_YAML = `${K8S_LAB_YAML.replace(/( {2}name: hello\n {2}namespace: demo\n[\s\S]*?spec:\n)/, '$1  containers: [{ name: hello, ports: [{ name: http, containerPort: 8080 }] }]\n')}---
${LAB_POLICIES_YAML}`;

/** The NetworkPolicy of the lab's kubectl dump (importers/fixtures/k8s-lab.kubectl-get.*): the preset plus it traces as the import. */
export const DUMP_ALLOW_HELLO_YAML = `---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: { name: allow-hello, namespace: demo }
spec:
  podSelector: { matchLabels: { app: hello } }
  ingress: [{ from: [{ podSelector: {} }], ports: [{ port: 8080, protocol: TCP }] }]
  policyTypes: [Ingress]
`;

/**
 * The NetworkPolicy of the seed's part 20, as far as the seed describes it
 * (an assumption: the seed gives no text): default deny in `demo`, the
 * clients allowed to `hello`, and an ipBlock rule for the node addresses
 * (hostNetwork processes) — the rule step 4 of the migration says to extend
 * with the tunnel addresses.
 */
export const MAIN_POLICIES_YAML = `---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: default-deny
  namespace: demo
  annotations:
    packetwalk.dev/assumption: "the seed mentions part 20's policies without their text"
spec:
  podSelector: {}
  policyTypes: [Ingress]
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: allow-clients-to-hello
  namespace: demo
  annotations:
    packetwalk.dev/assumption: "web and net are the seed's clients of hello"
spec:
  podSelector:
    matchLabels: {app: hello}
  policyTypes: [Ingress]
  ingress:
  - from:
    - podSelector:
        matchExpressions: [{key: app, operator: In, values: [web, net]}]
    ports:
    - {protocol: TCP, port: 8080}
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: allow-nodes-to-hello
  namespace: demo
  annotations:
    packetwalk.dev/assumption: "the seed's «ipBlock по адресам узлов» rule: the node network of the Fabric"
spec:
  podSelector:
    matchLabels: {app: hello}
  policyTypes: [Ingress]
  ingress:
  - from:
    - ipBlock: {cidr: 192.168.10.0/24}
    ports:
    - {protocol: TCP, port: 8080}
`;

/**
 * Policies on k8s-lab's Windows pods (demo/web and demo/iis, app=web, on
 * k8s-lab-win-1), for the HNS ACL tests: an ingress from hello on port 80,
 * an ipBlock with except (Felix for Windows skips it), and a Calico egress
 * policy with a Deny, a rule with both selectors, and DNS.
 */
export const WIN_POLICIES_YAML = `---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: { name: allow-hello-to-web, namespace: demo }
spec:
  podSelector: { matchLabels: { app: web } }
  ingress:
    - from: [{ podSelector: { matchLabels: { app: hello } } }]
      ports: [{ port: 80 }]
    - from: [{ ipBlock: { cidr: 192.168.10.0/24, except: [192.168.10.23/32] } }]
---
apiVersion: projectcalico.org/v3
kind: NetworkPolicy
metadata: { name: web-egress, namespace: demo }
spec:
  order: 100
  selector: app == 'web'
  types: [Egress]
  egress:
    - action: Deny
      protocol: TCP
      destination: { ports: [9000] }
    - action: Allow
      source: { selector: app == 'web' }
      destination: { selector: app == 'hello' }
    - action: Allow
      protocol: UDP
      destination: { ports: [53] }
`;
