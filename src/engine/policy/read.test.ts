/**
 * Reading the policy kinds: Kubernetes NetworkPolicy as libcalico-go
 * converts it, Calico NetworkPolicy / GlobalNetworkPolicy with their
 * defaults, Namespaces, and diagnostics that name object and field while
 * the rest of the input still loads.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioText } from '../scenario/load';
import { policyEndpoints, policiesFor } from './endpoints';
import { formatSelector, parseSelector, selects } from './selectors';

const NODE = `apiVersion: v1
kind: Node
metadata: { name: n1 }
status: { addresses: [{ type: InternalIP, address: 192.168.10.10 }] }
`;

const load = (yaml: string) => loadScenarioText(`${NODE}---\n${yaml}`);

describe('selectors', () => {
  it('parses and evaluates Calico expressions', () => {
    const r = parseSelector("app in { 'web', 'api' } && !has(legacy) || tier == 'db'");
    if (!('selector' in r)) throw new Error(r.error);
    expect(selects(r.selector, { app: 'web' })).toBe(true);
    expect(selects(r.selector, { app: 'web', legacy: 'x' })).toBe(false);
    expect(selects(r.selector, { tier: 'db' })).toBe(true);
    expect(selects(r.selector, { app: 'other' })).toBe(false);
    expect(formatSelector(r.selector)).toBe("(app in { 'web', 'api' } && !has(legacy)) || tier == 'db'");
  });

  it('reports what does not parse', () => {
    expect(parseSelector("app == 'web' &&")).toEqual({ error: expect.stringMatching(/end of selector/) });
    expect(parseSelector("app === 'x'")).toHaveProperty('error');
  });
});

describe('Kubernetes NetworkPolicy', () => {
  const r = load(`apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: { name: web, namespace: demo }
spec:
  podSelector: { matchLabels: { app: hello } }
  policyTypes: [Ingress, Egress]
  ingress:
    - from:
        - podSelector: { matchLabels: { app: web } }
        - ipBlock: { cidr: 192.168.10.0/24, except: [192.168.10.30/32] }
      ports: [{ port: 8080 }, { port: 8081 }, { port: http, protocol: TCP }, { port: 53, protocol: UDP }, { port: 9000, endPort: 9010 }]
  egress: []
`);
  const p = r.scenario!.networkPolicies[0]!;

  it('becomes one Allow rule per protocol × peer, ports merged into ranges, id knp/<ns>/<name>', () => {
    expect(r.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(p.id).toBe('knp/demo/web');
    expect(p.order).toBe(1000);
    expect(formatSelector(p.selector)).toBe("projectcalico.org/orchestrator == 'k8s' && app == 'hello'");
    expect(p.ingress!.map((x) => [x.protocol, x.field, x.destination.ports])).toEqual([
      ['TCP', 'spec.ingress[0].from[0]', [{ kind: 'named', name: 'http' }, { kind: 'range', first: 8080, last: 8081 }, { kind: 'range', first: 9000, last: 9010 }]],
      ['TCP', 'spec.ingress[0].from[1]', expect.any(Array)],
      ['UDP', 'spec.ingress[0].from[0]', [{ kind: 'range', first: 53, last: 53 }]],
      ['UDP', 'spec.ingress[0].from[1]', [{ kind: 'range', first: 53, last: 53 }]],
    ]);
    expect(p.ingress![1]!.source).toMatchObject({ nets: ['192.168.10.0/24'], notNets: ['192.168.10.30/32'] });
    expect(p.egress).toEqual([]);
  });

  it('without policyTypes is ingress only', () => {
    const q = load(`kind: NetworkPolicy
apiVersion: networking.k8s.io/v1
metadata: { name: deny, namespace: demo }
spec: { podSelector: {} }
`).scenario!.networkPolicies[0]!;
    expect(q.ingress).toEqual([]);
    expect(q.egress).toBeUndefined();
  });

  it('an invalid ipBlock names the field and the other objects still load', () => {
    const bad = load(`kind: NetworkPolicy
apiVersion: networking.k8s.io/v1
metadata: { name: bad, namespace: demo }
spec:
  podSelector: {}
  ingress: [{ from: [{ ipBlock: { cidr: 10.0.0.1/8 } }] }]
---
kind: Namespace
apiVersion: v1
metadata: { name: demo, labels: { team: a } }
`);
    expect(bad.diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', code: 'invalid-field', object: { kind: 'NetworkPolicy', namespace: 'demo', name: 'bad' }, field: 'spec.ingress[0].from[0].ipBlock.cidr' }));
    expect(bad.scenario!.networkPolicies).toEqual([]);
    expect(bad.scenario!.namespaces).toEqual([{ ref: { kind: 'Namespace', name: 'demo' }, name: 'demo', labels: { team: 'a' } }]);
  });
});

describe('Calico NetworkPolicy and GlobalNetworkPolicy', () => {
  const r = load(`apiVersion: projectcalico.org/v3
kind: NetworkPolicy
metadata: { name: web, namespace: demo }
spec:
  order: 10
  selector: app == 'hello'
  ingress:
    - action: Deny
      protocol: TCP
      source: { selector: app == 'net' }
      destination: { ports: [8080, '9000:9010', http] }
    - action: Allow
  egress:
    - action: Allow
      destination: { notSelector: app == 'x' }
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: { name: web, namespace: demo }
spec: { podSelector: {} }
---
apiVersion: projectcalico.org/v3
kind: GlobalNetworkPolicy
metadata: { name: gold }
spec:
  tier: security
  selector: all()
---
apiVersion: projectcalico.org/v3
kind: GlobalNetworkPolicy
metadata: { name: deny-all }
spec:
  namespaceSelector: team == 'a'
  types: [Egress]
---
apiVersion: v1
kind: Namespace
metadata: { name: demo, labels: { team: a } }
---
apiVersion: v1
kind: Pod
metadata: { name: hello-1, namespace: demo, labels: { app: hello } }
spec:
  nodeName: n1
  containers: [{ ports: [{ name: http, containerPort: 8080 }] }]
status: { podIP: 10.244.0.5 }
`);

  it('reads both, skips what is not modelled with a warning naming the field', () => {
    const ps = r.scenario!.networkPolicies;
    expect(ps.map((p) => p.id).sort()).toEqual(['gnp/deny-all', 'knp/demo/web', 'np/demo/web']);
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ severity: 'warning', code: 'not-modelled', object: { kind: 'GlobalNetworkPolicy', name: 'gold' }, field: 'spec.tier' }));
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ severity: 'warning', code: 'not-modelled', field: 'spec.egress[0].destination.notSelector' }));
    expect(r.diagnostics.some((d) => d.code === 'duplicate-object')).toBe(false);
    const np = ps.find((p) => p.id === 'np/demo/web')!;
    expect(np.ingress!.map((x) => x.action)).toEqual(['Deny', 'Allow']);
    expect(np.ingress![0]!.destination.ports).toEqual([{ kind: 'range', first: 8080, last: 8080 }, { kind: 'range', first: 9000, last: 9010 }, { kind: 'named', name: 'http' }]);
    expect(np.egress).toEqual([]);
  });

  it('applies policies to an endpoint in order: order 10, then 1000, then unordered', () => {
    const [ep] = policyEndpoints(r.scenario!, new Map([['demo/hello-1', '10.244.0.5']]));
    expect(ep!.namedPorts).toEqual([{ name: 'http', protocol: 'TCP', port: 8080 }]);
    expect(policiesFor(r.scenario!.networkPolicies, ep!, 'ingress').map((p) => p.id)).toEqual(['np/demo/web', 'knp/demo/web']);
    expect(policiesFor(r.scenario!.networkPolicies, ep!, 'egress').map((p) => p.id)).toEqual(['np/demo/web', 'gnp/deny-all']);
  });
});
