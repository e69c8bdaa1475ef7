/**
 * The HNS dump formats people paste: PowerShell's list layout (the three
 * real samples in shared/real-samples, see SOURCES.md), HNS v2 / HCN objects,
 * type names in lower case; addresses validated where they are loaded; load
 * balancers over endpoints the dumps lack (issue 17 items 1–2, issue 20).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../presets/catalog';
import { preset, trace } from '../testing/traceHelpers';
import { compileScenario } from '../trace/cluster';
import { importFiles } from './files';
import { checkHnsReferences } from './hnsCheck';
import { compareHns } from './compareHns';
import { emptyHnsImport, looksLikeHnsDump, parseHnsDump } from './hnsDump';
import { parsePsList } from './psList';

const SAMPLES = join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'real-samples');
const sample = (f: string): string => readFileSync(join(SAMPLES, f), 'utf8');
const FIXTURES = join(import.meta.dirname, 'fixtures');
const fixture = (cmd: string): Record<string, unknown>[] => JSON.parse(readFileSync(join(FIXTURES, `k8s-lab-win-1.${cmd}.json`), 'utf8')) as Record<string, unknown>[];
const errors = <T extends { severity: string }>(d: T[]): T[] => d.filter((x) => x.severity === 'error');

describe('PowerShell list layout', () => {
  it('parses @{…} objects, {…} collections, wrapped lines, System.Object[] and a cut collection', () => {
    const text = ['PS C:\\> Get-Thing', '', 'A    : {@{x=1; y=True}, @{x=2;', '       y=False}}', 'B    : System.Object[]', 'C    : {a, b...}', 'Empty:', 'D    :', 'E    : @{Inner=System.Object[]; Nested=; S=x y}'].join('\n');
    const r = parsePsList(text);
    expect(r.objects).toHaveLength(1);
    expect(r.objects[0]!.value).toEqual({ A: [{ x: 1, y: true }, { x: 2, y: false }], C: ['a', 'b'], E: { S: 'x y' } });
    expect(r.notes.map((n) => [n.kind, n.path.join('.'), n.line])).toEqual([
      ['unreadable', 'B', 5],
      ['truncated', 'C', 6],
      ['unreadable', 'E.Inner', 9],
    ]);
    expect(r.strayLines).toEqual([7]);
  });

  it('hns-network-1.txt: the Calico Overlay network with its RemoteSubnetRoute; the subnet policies cannot be read', () => {
    expect(looksLikeHnsDump(sample('hns-network-1.txt'))).toBe(true);
    const r = parseHnsDump(sample('hns-network-1.txt'), 'hns-network-1.txt');
    expect(errors(r.diagnostics)).toEqual([]);
    expect(r.hns.networks).toEqual([
      expect.objectContaining({
        Name: 'Calico',
        Type: 'Overlay',
        ManagementIP: '10.0.2.15',
        DrMacAddress: '00-15-5D-64-51-0E',
        Subnets: [{ AddressPrefix: '100.244.206.64/26', GatewayAddress: '100.244.206.65', Policies: [] }],
        Policies: [{ Type: 'HostRoute' }, { Type: 'RemoteSubnetRoute', DestinationPrefix: '100.244.49.64/26', IsolationId: 4096, ProviderAddress: '10.20.30.10', DistributedRouterMacAddress: '66-a5-cc-c1-86-97' }],
      }),
    ]);
    const warn = r.diagnostics.filter((d) => d.severity === 'warning');
    expect(warn).toEqual([expect.objectContaining({ field: '[0].Subnets[0].Policies', line: 23 })]);
    expect(warn[0]!.message).toContain('Get-HnsNetwork | ConvertTo-Json -Depth 10');
  });

  it('hns-policylist-1.txt: the ELB cannot be used without its VIPs, and says so', () => {
    const r = parseHnsDump(sample('hns-policylist-1.txt'), 'hns-policylist-1.txt');
    expect(errors(r.diagnostics)).toEqual([]);
    expect(r.hns.policyLists).toEqual([{ ID: 'A335D997-4160-44F9-9F72-1087A2CBA45E', References: expect.arrayContaining(['/endpoints/77c53bac-a359-45cc-a663-541344ee505a']), Policies: [] }]);
    expect(r.hns.policyLists[0]!.References).toHaveLength(3);
    const vips = r.diagnostics.find((d) => d.field === '[0].Policies[0].VIPs');
    expect(vips?.severity).toBe('warning');
    expect(vips?.message).toMatch(/System\.Object\[\].*skipped.*ConvertTo-Json -Depth 10/);
  });

  it('hns-endpoint-1.txt: the pod endpoint and its policies; the cut list and the hidden exception list are reported', () => {
    const r = parseHnsDump(sample('hns-endpoint-1.txt'), 'hns-endpoint-1.txt');
    expect(errors(r.diagnostics)).toEqual([]);
    const ep = r.hns.endpoints[0]!;
    expect(ep).toMatchObject({ IPAddress: '10.42.213.221', PrefixLength: 26, GatewayAddress: '10.42.213.193', MacAddress: '0E-2A-0a-2a-d5-dd', VirtualNetworkName: 'Calico', State: 3, EncapOverhead: 50, Namespace: { ID: '4ea04396-a6e5-478f-915e-909b8c80b2ef' } });
    expect(ep.Policies.map((p) => p.Type)).toEqual(['OutBoundNAT', 'ROUTE', 'PA', 'ACL']);
    expect(ep.Policies[1]).toEqual({ Type: 'ROUTE', DestinationPrefix: '10.43.0.0/16', NeedEncap: true });
    expect(ep.Policies[3]).toMatchObject({ Type: 'ACL', Id: 'allow-host-to-endpoint', Protocol: 256, RemoteAddresses: '10.156.233.218/32', Priority: 900 });
    expect(r.hns.unreadExceptions).toEqual([ep.ID]);
    expect(r.diagnostics.filter((d) => d.severity === 'warning').map((d) => d.field)).toEqual(['[0].Policies', '[0].Policies[0].ExceptionList']);
  });

  it('text that is neither JSON nor the list layout: one error that suggests ConvertTo-Json', () => {
    const r = parseHnsDump('hello world', 'x.txt');
    expect(r.diagnostics).toEqual([expect.objectContaining({ severity: 'error', file: 'x.txt' })]);
    expect(r.diagnostics[0]!.message).toContain('ConvertTo-Json -Depth 10');
    expect(looksLikeHnsDump('apiVersion: v1\nkind: Node\n')).toBe(false);
  });
});

describe('HNS v2 / HCN objects and lower-case types', () => {
  it('hcn-loadbalancer-1.json: a ClusterIP load balancer (FrontendVIPs, PortMappings, HostComputeEndpoints)', () => {
    expect(looksLikeHnsDump(sample('hcn-loadbalancer-1.json'))).toBe(true);
    const r = parseHnsDump(sample('hcn-loadbalancer-1.json'), 'hcn-loadbalancer-1.json');
    expect(errors(r.diagnostics)).toEqual([]);
    expect(r.hns.policyLists).toEqual([
      {
        ID: 'a335d997-4160-44f9-9f72-1087a2cba45e',
        References: ['/endpoints/028abaed-7ff6-4fdc-992c-d3b004936be0', '/endpoints/e84bad42-a6ee-40a8-8145-c9f084654774', '/endpoints/77c53bac-a359-45cc-a663-541344ee505a'],
        Policies: [{ Type: 'ELB', Protocol: 6, InternalPort: 8080, ExternalPort: 80, VIPs: ['10.99.234.145'], SourceVIP: '100.244.206.66', ILB: false, IsDSR: false, LocalRoutedVip: false, PreserveDip: false, DistributionType: 0 }],
      },
    ]);
  });

  it('an HCN network and endpoint (Ipams, IpConfigurations, {Type, Settings} policies, lower-case types)', () => {
    const net = {
      ID: 'n1', Name: 'Calico', Type: 'overlay',
      Ipams: [{ Type: 'Static', Subnets: [{ IpAddressPrefix: '10.42.1.0/26', Routes: [{ NextHop: '10.42.1.1', DestinationPrefix: '0.0.0.0/0' }], Policies: [{ Type: 'vsid', Settings: { IsolationId: 4096 } }] }] }],
      Policies: [{ Type: 'RemoteSubnetRoute', Settings: { DestinationPrefix: '10.42.2.0/26', IsolationId: 4096, ProviderAddress: '10.0.0.12', DistributedRouterMacAddress: '00-15-5d-00-00-02' } }, { Type: 'ProviderAddress', Settings: { ProviderAddress: '10.0.0.11' } }, { Type: 'DrMacAddress', Settings: { Address: '00-15-5D-00-00-01' } }],
    };
    const ep = {
      ID: 'e1', Name: 'pod', HostComputeNetwork: 'n1', MacAddress: '00-15-5D-AA-BB-CC', Flags: 0,
      IpConfigurations: [{ IpAddress: '10.42.1.5', PrefixLength: 26 }],
      Policies: [{ Type: 'outboundnat', Settings: { Exceptions: ['10.42.0.0/16', 'fd00::/8'] } }, { Type: 'SDNRoute', Settings: { DestinationPrefix: '10.43.0.0/16', NeedEncap: true } }, { Type: 'ProviderAddress', Settings: { ProviderAddress: '10.0.0.11' } }],
    };
    const r = parseHnsDump(JSON.stringify([net, ep]), 'hcn.json');
    expect(errors(r.diagnostics)).toEqual([]);
    expect(r.hns.networks[0]).toMatchObject({ Type: 'Overlay', ManagementIP: '10.0.0.11', DrMacAddress: '00-15-5D-00-00-01', Subnets: [{ AddressPrefix: '10.42.1.0/26', GatewayAddress: '10.42.1.1', Policies: [{ Type: 'VSID', VSID: 4096 }] }] });
    expect(r.hns.networks[0]!.Policies).toEqual([expect.objectContaining({ Type: 'RemoteSubnetRoute', ProviderAddress: '10.0.0.12' })]);
    expect(r.hns.endpoints[0]).toMatchObject({ IPAddress: '10.42.1.5', PrefixLength: 26, IsRemoteEndpoint: false, Policies: [{ Type: 'OutBoundNAT', ExceptionList: ['10.42.0.0/16'] }, { Type: 'ROUTE', DestinationPrefix: '10.43.0.0/16', NeedEncap: true }, { Type: 'PA', PA: '10.0.0.11' }] });
    // The IPv6 exception is dropped with a warning naming it.
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ severity: 'warning', field: '[1].Policies[0].ExceptionList[1]' }));
  });

  it('what is skipped gets a diagnostic: a NAT network, an unknown policy type, a non-TCP/UDP load balancer', () => {
    const r = parseHnsDump(
      JSON.stringify([
        { ID: 'n', Name: 'nat', Type: 'nat', Subnets: [] },
        { ID: 'p', References: [], Policies: [{ Type: 'elb', Protocol: 1, VIPs: ['10.96.0.5'] }, { Type: 'Weird' }] },
      ]),
      'x.json',
    );
    expect(r.hns.otherNetworks).toEqual([{ ID: 'n', Name: 'nat', Type: 'NAT' }]);
    expect(r.diagnostics.map((d) => [d.severity, d.field])).toEqual([
      ['info', '[0].Type'],
      ['info', '[1].Policies[0].Protocol'],
      ['info', '[1].Policies[1].Type'],
    ]);
  });
});

describe('addresses are validated where they are loaded (issue 20)', () => {
  type Obj = Record<string, unknown>;
  const calico = (o: Obj[]): Obj => o.find((n) => n.Name === 'Calico')!;
  const pols = (o: Obj): Obj[] => o.Policies as Obj[];
  const bad: [string, (objs: Obj[]) => void, string][] = [
    ['a subnet prefix', (o) => { (calico(o).Subnets as Obj[])[0]!.AddressPrefix = '172.21.41.0/33'; }, 'Get-HnsNetwork'],
    ['a RemoteSubnetRoute provider address', (o) => { pols(calico(o)).find((p) => p.Type === 'RemoteSubnetRoute')!.ProviderAddress = 'node-2'; }, 'Get-HnsNetwork'],
    ['an ACL remote address', (o) => { pols(o[0]!).push({ Type: 'ACL', Action: 'Allow', Direction: 'In', RemoteAddresses: '10.0.0.0/8,bogus' }); }, 'Get-HnsEndpoint'],
    ['a VIP', (o) => { pols(o[0]!)[0]!.VIPs = ['10.96.0.999']; }, 'Get-HnsPolicyList'],
    ['a source VIP', (o) => { pols(o[0]!)[0]!.SourceVIP = '172.21.41.2/26'; }, 'Get-HnsPolicyList'],
  ];
  for (const [what, edit, cmd] of bad) {
    it(`${what}: an error naming the field; the object is not used`, () => {
      const objs = fixture(cmd);
      edit(objs);
      const r = parseHnsDump(JSON.stringify(objs, null, 1), `${cmd}.json`);
      expect(errors(r.diagnostics).length).toBeGreaterThan(0);
      expect(errors(r.diagnostics)[0]!.line).toBeGreaterThan(1);
    });
  }
});

describe('a load balancer over an endpoint the dumps lack (issue 20)', () => {
  function labDumps(dropEndpoint: (e: Record<string, unknown>) => boolean) {
    const into = emptyHnsImport();
    for (const cmd of ['Get-HnsNetwork', 'Get-HnsEndpoint', 'Get-HnsPolicyList']) {
      const objs = fixture(cmd).filter((o) => cmd !== 'Get-HnsEndpoint' || !dropEndpoint(o));
      parseHnsDump(JSON.stringify(objs), cmd, into);
    }
    return into;
  }

  it('every backend missing: a warning, no load balancer, and the trace ends in a verdict instead of a TypeError', () => {
    const hns = labDumps((e) => e.IsRemoteEndpoint === true || e.IPAddress === '172.21.41.5');
    expect(checkHnsReferences(hns, 'dump').some((d) => d.severity === 'warning' && d.code === 'missing-reference' && /not built/.test(d.message))).toBe(true);
    const c = compileScenario(preset('k8s-lab').scenario, { hns: [{ node: 'k8s-lab-win-1', files: ['dump'], hns }] });
    const t = trace(c, { src: 'pod:demo/web', dst: 'svc:demo/hello' });
    expect(t.verdict).toBeDefined();
  });

  it('hcn-loadbalancer-1.json next to a cluster: imported with warnings only', () => {
    const r = importFiles([{ name: 'k8s-lab', text: PRESETS.find((p) => p.name === 'k8s-lab')!.yaml }, { name: 'hcn-loadbalancer-1.json', text: sample('hcn-loadbalancer-1.json') }], { windowsNode: 'k8s-lab-win-1' });
    expect(errors(r.diagnostics)).toEqual([]);
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ severity: 'warning', code: 'missing-reference', object: { kind: 'HnsPolicyList', name: 'a335d997-4160-44f9-9f72-1087a2cba45e' } }));
  });
});

describe('what the list layout hides stays derived', () => {
  it('an OutBoundNAT exception list printed as System.Object[]: the derived list is used and not reported as a mismatch', () => {
    const into = emptyHnsImport();
    for (const cmd of ['Get-HnsNetwork', 'Get-HnsEndpoint', 'Get-HnsPolicyList']) parseHnsDump(JSON.stringify(fixture(cmd)), cmd, into);
    const web = into.endpoints.find((e) => e.IPAddress === '172.21.41.6')!;
    const nat = web.Policies.find((p) => p.Type === 'OutBoundNAT')!;
    if (nat.Type === 'OutBoundNAT') nat.ExceptionList = [];
    const derived = preset('k8s-lab').nodes.get('k8s-lab-win-1');
    if (derived?.kind !== 'windows') throw new Error('not Windows');
    expect(compareHns(into, derived).map((m) => m.id)).toContain('outboundnat-exceptions');
    into.unreadExceptions.push(web.ID);
    expect(compareHns(into, derived)).toEqual([]);
    const st = compileScenario(preset('k8s-lab').scenario, { hns: [{ node: 'k8s-lab-win-1', files: ['d'], hns: into }] }).nodes.get('k8s-lab-win-1');
    const ep = st?.kind === 'windows' ? st.endpoints.find((e) => e.ID === web.ID) : undefined;
    expect(ep?.Policies.find((p) => p.Type === 'OutBoundNAT')).toMatchObject({ ExceptionList: derived.natExceptions });
  });
});

describe('hostile list layouts', () => {
  // Speed is the bench's business (no timed unit tests); a quadratic or recursive reader would show here as a stack overflow or the test's timeout.
  it('deep nesting and long lines end in diagnostics or objects, without a stack overflow', () => {
    const deep = parseHnsDump(`ID : x\nPolicies : ${'{@{a='.repeat(20000)}1${'}}'.repeat(20000)}\n`, 'deep.txt');
    expect(deep.diagnostics).toEqual([expect.objectContaining({ severity: 'error', code: 'invalid-field', file: 'deep.txt', object: { kind: 'HNS object', name: 'x' } })]);
    const wide = parseHnsDump(`ID : x\nReferences : {${'a, '.repeat(200000)}b}\n`, 'wide.txt');
    expect(wide.hns.policyLists).toHaveLength(1);
    expect(wide.hns.policyLists[0]!.References).toHaveLength(200001);
    expect(wide.hns.policyLists[0]!.References.at(-1)).toBe('b');
  });
});
