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
    packetwalk.dev/assumption: "web and net are the seed's clients of hello; no ports, since the seed pings hello from net after the migration (ICMP)"
spec:
  podSelector:
    matchLabels: {app: hello}
  policyTypes: [Ingress]
  ingress:
  - from:
    - podSelector:
        matchExpressions: [{key: app, operator: In, values: [web, net]}]
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
