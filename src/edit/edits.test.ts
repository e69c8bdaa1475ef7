import { describe, expect, it } from 'vitest';
import { PRESETS, loadScenarioText } from '../engine/index';
import { diffEdits } from '../share/scenarioSource';
import { editableModel, editablePods, editableServices } from './editableModel';
import { EditError, applyEdit, type Edit } from './edits';
import { calicoSettings } from '../engine/model/calico';

const preset = (name: string): string => PRESETS.find((p) => p.name === name)!.yaml;

const NODE = 'apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\nstatus:\n  addresses:\n  - type: InternalIP\n    address: 10.0.0.5\n';

/** The normalised scenario of a text (a node added to a fragment, so it loads): what the worker builds the forms' model and rows from. */
const scenarioOf = (text: string) => loadScenarioText(/kind: Node\b|"Node"/.test(text) ? text : `${text}---\n${NODE}`, 'edited').scenario!;

/** The edit forms' model of a text, as the worker builds it. */
const modelOf = (text: string) => editableModel(scenarioOf(text));

/** Applies edits and loads the result with the engine: no load errors. */
function edited(name: string, ...edits: Edit[]) {
  const text = edits.reduce(applyEdit, preset(name));
  const loaded = loadScenarioText(text, 'edited');
  expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return { text, scenario: loaded.scenario!, model: editableModel(loaded.scenario!), pods: editablePods(loaded.scenario!), services: editableServices(loaded.scenario!) };
}

describe('applyEdit', () => {
  it('keeps comments and the other documents as they were', () => {
    const text = '# top comment\napiVersion: projectcalico.org/v3\nkind: IPAMConfiguration\nmetadata:\n  name: default\nspec:\n  strictAffinity: true # was false\n---\n# the node\nkind: Node\nmetadata:\n  name: n1\n';
    const out = applyEdit(text, { op: 'setStrictAffinity', value: false });
    expect(out).toBe(text.replace('strictAffinity: true', 'strictAffinity: false'));
  });

  it('changes a pool of the Installation (encapsulation, blockSize, natOutgoing, cidr)', () => {
    const { text, model } = edited('k8s-lab', { op: 'setPool', pool: { source: 'installation', name: 'default-ipv4-ippool' }, encapsulation: 'VXLANCrossSubnet', blockSize: 27, natOutgoing: false });
    expect(text).toContain('encapsulation: VXLANCrossSubnet');
    expect(text).toContain('# k8s-lab: the hybrid test cluster');
    expect(model.pools[0]).toMatchObject({ encapsulation: 'VXLANCrossSubnet', blockSize: 27, natOutgoing: false });
  });

  it('maps encapsulation onto an IPPool object', () => {
    const text = 'apiVersion: projectcalico.org/v3\nkind: IPPool\nmetadata:\n  name: p\nspec:\n  cidr: 10.0.0.0/16\n  vxlanMode: Always\n';
    const ipip = applyEdit(text, { op: 'setPool', pool: { source: 'ippool', name: 'p' }, encapsulation: 'IPIP', natOutgoing: true });
    expect(ipip).toContain('vxlanMode: Never');
    expect(ipip).toContain('ipipMode: Always');
    expect(modelOf(ipip).pools[0]).toMatchObject({ source: 'ippool', encapsulation: 'IPIP', natOutgoing: true });
    const cross = applyEdit(ipip, { op: 'setPool', pool: { source: 'ippool', name: 'p' }, encapsulation: 'VXLANCrossSubnet' });
    expect(modelOf(cross).pools[0]!.encapsulation).toBe('VXLANCrossSubnet');
  });

  it('sets bgp, strictAffinity, Felix VNI/port, enableDSR', () => {
    const { scenario, model } = edited('k8s-lab', { op: 'setBgp', enabled: true }, { op: 'setStrictAffinity', value: false }, { op: 'setFelixVxlan', vni: 4097, port: 4790 }, { op: 'setEnableDSR', value: false });
    expect(model).toMatchObject({ bgp: 'Enabled', strictAffinity: false, felix: { vni: 4097, port: 4790 }, enableDSR: false });
    expect(calicoSettings(scenario)?.strictAffinity).toBe(false);
  });

  it('Felix VXLAN with both fields empty adds no FelixConfiguration (an "Apply" that changes nothing is no edit)', () => {
    const text = preset('k8s-lab');
    expect(text).not.toContain('kind: FelixConfiguration');
    expect(applyEdit(text, { op: 'setFelixVxlan', vni: null, port: null })).toBe(text);
    expect(applyEdit(text, { op: 'setFelixVxlan', vni: 4097, port: null })).toContain('vxlanVNI: 4097');
  });

  it('switches the Flannel backend in net-conf.json', () => {
    const { model, text } = edited('flannel-vxlan', { op: 'setFlannelBackend', type: 'host-gw' });
    expect(model.flannel).toMatchObject({ type: 'host-gw' });
    expect(text).toContain('"Type":"host-gw"');
    const back = edited('flannel-host-gw', { op: 'setFlannelBackend', type: 'vxlan', vni: 4097, port: 4789, directRouting: true });
    expect(back.model.flannel).toEqual({ type: 'vxlan', vni: 4097, port: 4789, directRouting: true });
  });

  it('adds and removes nodes, pods, services and endpoints', () => {
    const { scenario, services } = edited(
      'k8s-lab',
      { op: 'addNode', name: 'win-2', os: 'windows', ip: '192.168.10.30' },
      { op: 'addPod', namespace: 'demo', name: 'web-2', node: 'win-2' },
      { op: 'addService', namespace: 'demo', name: 'api', type: 'NodePort', clusterIP: '10.96.7.7', port: 80, targetPort: 8080, protocol: 'TCP', nodePort: 30080, externalTrafficPolicy: 'Local', sessionAffinity: 'ClientIP' },
      { op: 'addEndpoint', namespace: 'demo', service: 'api', ip: '172.21.41.6', node: 'k8s-lab-win-1', pod: 'web' },
    );
    expect(scenario.nodes.map((n) => n.name)).toContain('win-2');
    expect(scenario.pods.find((p) => p.name === 'web-2')?.nodeName).toBe('win-2');
    expect(services.find((s) => s.name === 'api')).toMatchObject({ type: 'NodePort', nodePort: 30080, externalTrafficPolicy: 'Local', sessionAffinity: 'ClientIP', endpoints: [{ ip: '172.21.41.6', node: 'k8s-lab-win-1' }] });

    const removed = edited('k8s-lab', { op: 'removeNode', name: 'k8s-lab-node-2' }, { op: 'removeService', namespace: 'demo', name: 'hello' });
    expect(removed.scenario.nodes.map((n) => n.name)).not.toContain('k8s-lab-node-2');
    expect(removed.scenario.pods.some((p) => p.nodeName === 'k8s-lab-node-2')).toBe(false);
    expect(removed.services.some((s) => s.name === 'hello')).toBe(false);
  });

  it('moves a pod with its endpoints', () => {
    const hello = editablePods(scenarioOf(preset('k8s-main-before'))).find((p) => p.name === 'hello')!;
    const { pods, services } = edited('k8s-main-before', { op: 'movePod', namespace: 'demo', name: 'hello', node: 'k8s-master-1', ip: '172.20.70.200' });
    expect(pods.find((p) => p.name === 'hello')).toMatchObject({ node: 'k8s-master-1', ip: '172.20.70.200' });
    const eps = services.find((s) => s.name === 'hello')!.endpoints;
    expect(eps).toContainEqual({ ip: '172.20.70.200', node: 'k8s-master-1' });
    expect(eps.map((e) => e.ip)).not.toContain(hello.ip);
  });

  it('edits a kubectl List in place', () => {
    const list = JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [{ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1', labels: { 'kubernetes.io/os': 'linux' } }, status: { addresses: [{ type: 'InternalIP', address: '10.0.0.5' }] } }] });
    const out = applyEdit(list, { op: 'addPod', namespace: 'd', name: 'p', node: 'n1', ip: '172.16.0.5' });
    expect(editablePods(scenarioOf(out))).toEqual([{ namespace: 'd', name: 'p', node: 'n1', ip: '172.16.0.5' }]);
  });

  it('names what is missing', () => {
    expect(() => applyEdit(preset('k8s-lab'), { op: 'removePod', namespace: 'demo', name: 'nope' })).toThrow(EditError);
    expect(() => applyEdit(preset('k8s-main-before'), { op: 'setEnableDSR', value: true })).toThrow(/winkernel/);
  });
});

describe('the editable model comes from the normalised scenario (issue 19 item 3)', () => {
  const winkernel = 'apiVersion: kubeproxy.config.k8s.io/v1alpha1\nkind: KubeProxyConfiguration\nmode: kernelspace\nwinkernel:\n  networkName: Calico\n';
  const installation = (pools: string) => `apiVersion: operator.tigera.io/v1\nkind: Installation\nmetadata:\n  name: default\nspec:\n  calicoNetwork:\n    ipPools:\n${pools}`;

  it("shows the engine's defaults: DSR on when the winkernel config leaves it out, an Installation pool's blockSize 26, IPIP, natOutgoing Enabled and bgp Enabled", () => {
    const model = modelOf(`${installation('    - name: p1\n      cidr: 10.1.0.0/16\n')}---\n${winkernel}`);
    expect(model).toMatchObject({ winkernel: true, enableDSR: true, bgp: 'Enabled', strictAffinity: false });
    expect(model.pools).toEqual([{ source: 'installation', name: 'p1', cidr: '10.1.0.0/16', encapsulation: 'IPIP', blockSize: 26, natOutgoing: true }]);
    expect(model.felix).toEqual({ vni: undefined, port: undefined });
  });

  it('an IPPool object wins over the Installation pool of the same name (Felix reads the IPPool); the edit goes to the object', () => {
    const ippool = 'apiVersion: projectcalico.org/v3\nkind: IPPool\nmetadata:\n  name: p1\nspec:\n  cidr: 10.2.0.0/16\n  vxlanMode: CrossSubnet\n  ipipMode: Never\n';
    const model = modelOf(`${installation('    - name: p1\n      cidr: 10.1.0.0/16\n    - name: p2\n      cidr: 10.3.0.0/16\n      encapsulation: VXLAN\n')}---\n${ippool}`);
    expect(model.pools.map((p) => [p.source, p.name, p.encapsulation])).toEqual([['ippool', 'p1', 'VXLANCrossSubnet'], ['installation', 'p2', 'VXLAN']]);
  });

  it("lists the namespaces a new policy may live in: Namespace objects' and those pods name, once each, sorted", () => {
    const ns = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: zeta\n';
    const names = modelOf(`${preset('k8s-lab')}\n---\n${ns}`).namespaces;
    expect(names).toContain('demo');
    expect(names).toContain('zeta');
    expect(names).toEqual([...new Set(names)].sort());
  });

  it('a scenario without a winkernel KubeProxyConfiguration offers no DSR switch', () => {
    expect(modelOf(preset('k8s-main-before'))).toMatchObject({ winkernel: false });
    expect(modelOf(preset('k8s-main-before')).enableDSR).toBeUndefined();
  });
});

describe('edits leave the other documents as they were', () => {
  it('only the changed document is written again; the rest keeps its text byte for byte', () => {
    const lab = preset('k8s-lab');
    const odd = `${lab.replace(/\n*$/, '\n')}---\n# kept as written\n{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "x", "namespace": "demo"}}\n`;
    const next = applyEdit(odd, { op: 'setEnableDSR', value: false });
    expect(next).toContain('# kept as written\n{"apiVersion": "v1", "kind": "ConfigMap"');
    expect(JSON.stringify(diffEdits(odd, next)).length).toBeLessThan(1000);
  });
});
