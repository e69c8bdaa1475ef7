/**
 * HNS dump importers and the comparison with the compiled node. Fixtures:
 * `fixtures/k8s-lab-win-1.Get-Hns*.json` — k8s-lab-win-1's objects in the
 * shape `Get-HnsNetwork | ConvertTo-Json -Depth 10` (and …Endpoint,
 * …PolicyList) print: every field HNS v1 adds (ActivityId, Health, Resources,
 * Version, …), the `nat` network beside `Calico` [F7][M12]. The values are
 * the model's for the seed's lab node (block 172.21.41.0/26, VSID 4096).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { preset } from '../testing/traceHelpers';
import type { WindowsNodeState } from '../windows/state';
import { compareHns } from './compareHns';
import { emptyHnsImport, looksLikeHnsDump, parseHnsDump, type HnsImport } from './hnsDump';

const dir = join(import.meta.dirname, 'fixtures');
const text = (cmd: string): string => readFileSync(join(dir, `k8s-lab-win-1.${cmd}.json`), 'utf8');

function win(): WindowsNodeState {
  const st = preset('k8s-lab').nodes.get('k8s-lab-win-1');
  if (st?.kind !== 'windows') throw new Error('not Windows');
  return st;
}

function importAll(edit: (cmd: string, v: unknown) => unknown = (_c, v) => v): HnsImport {
  const hns = emptyHnsImport();
  for (const cmd of ['Get-HnsNetwork', 'Get-HnsEndpoint', 'Get-HnsPolicyList']) {
    const r = parseHnsDump(JSON.stringify(edit(cmd, JSON.parse(text(cmd)))), `${cmd}.json`, hns);
    expect(r.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
  }
  return hns;
}

describe('parseHnsDump', () => {
  it('reads the three dumps: Calico (Overlay) kept, nat set aside; endpoints and policy lists', () => {
    const hns = importAll();
    expect(hns.networks.map((n) => n.Name)).toEqual(['Calico']);
    expect(hns.otherNetworks).toEqual([expect.objectContaining({ Name: 'nat' })]);
    expect(hns.networks[0]!.Subnets[0]).toEqual({ AddressPrefix: '172.21.41.0/26', GatewayAddress: '172.21.41.1', Policies: [{ Type: 'VSID', VSID: 4096 }] });
    expect(hns.endpoints.find((e) => e.IPAddress === '172.21.41.6')).toMatchObject({ MacAddress: '0E-2A-AC-15-29-06', VirtualNetworkName: 'Calico' });
    expect(hns.endpoints[0]).not.toHaveProperty('ActivityId');
    expect(hns.policyLists.length).toBe(7);
  });

  it('accepts a single object (one-element pipeline) and PowerShell 5.1\'s {value, Count} wrapper, with a BOM', () => {
    const nets = JSON.parse(text('Get-HnsNetwork')) as unknown[];
    const one = parseHnsDump(`\uFEFF${JSON.stringify(nets[1])}`, 'one.json');
    expect(one.hns.networks.map((n) => n.Name)).toEqual(['Calico']);
    const wrapped = parseHnsDump(JSON.stringify({ value: nets, Count: 2 }), 'ps51.json');
    expect(wrapped.hns.networks).toHaveLength(1);
    expect(looksLikeHnsDump(JSON.stringify({ value: nets, Count: 2 }))).toBe(true);
    expect(looksLikeHnsDump('{"apiVersion":"v1","kind":"List","items":[]}')).toBe(false);
  });

  it('names the file, the array index, the field and the line of a bad value', () => {
    const eps = JSON.parse(text('Get-HnsEndpoint')) as Record<string, unknown>[];
    (eps[2]!.Policies as Record<string, unknown>[]).find((p) => p.Type === 'OutBoundNAT')!.ExceptionList = 'oops';
    const r = parseHnsDump(JSON.stringify(eps, null, 2), 'eps.json');
    const d = r.diagnostics.find((x) => x.severity === 'error')!;
    expect(d).toMatchObject({ file: 'eps.json', code: 'invalid-field', object: { kind: 'HnsEndpoint' } });
    expect(d.field).toMatch(/^\[2\]\.Policies\[\d+\]\.ExceptionList$/);
    expect(d.line).toBeGreaterThan(1);
  });

  it('not JSON: one error naming the file', () => {
    expect(parseHnsDump('Name : Calico', 'x.txt').diagnostics).toEqual([expect.objectContaining({ severity: 'error', file: 'x.txt' })]);
  });
});

describe('compareHns', () => {
  it('the dump of the node as the cluster implies it: no mismatch', () => {
    expect(compareHns(importAll(), win())).toEqual([]);
  });

  type Obj = Record<string, unknown>;
  const net = (v: unknown): Obj => (v as Obj[]).find((n) => n.Name === 'Calico')!;

  it('a RemoteSubnetRoute missing for a block', () => {
    const hns = importAll((cmd, v) => {
      if (cmd === 'Get-HnsNetwork') net(v).Policies = (net(v).Policies as Obj[]).filter((p) => p.DestinationPrefix !== '172.21.211.0/26');
      return v;
    });
    expect(compareHns(hns, win())).toEqual([expect.objectContaining({ id: 'remote-subnet-route-missing', object: 'RemoteSubnetRoute 172.21.211.0/26' })]);
  });

  it('a wrong VSID and a wrong network type', () => {
    const hns = importAll((cmd, v) => {
      if (cmd === 'Get-HnsNetwork') {
        net(v).Type = 'L2Bridge';
        ((net(v).Subnets as Obj[])[0]!.Policies as Obj[])[0]!.VSID = 4097;
      }
      return v;
    });
    expect(compareHns(hns, win()).map((m) => [m.id, m.expected, m.actual])).toEqual([
      ['network-type', 'Overlay', 'L2Bridge'],
      ['vsid', '4096', '4097'],
    ]);
  });

  it('an OutBoundNAT exception list without the service CIDR', () => {
    const hns = importAll((cmd, v) => {
      if (cmd === 'Get-HnsEndpoint') {
        const web = (v as Obj[]).find((e) => e.IPAddress === '172.21.41.6')!;
        const nat = (web.Policies as Obj[]).find((p) => p.Type === 'OutBoundNAT')!;
        nat.ExceptionList = (nat.ExceptionList as string[]).filter((c) => c !== '10.96.0.0/12');
      }
      return v;
    });
    const m = compareHns(hns, win());
    expect(m).toEqual([expect.objectContaining({ id: 'outboundnat-exceptions', object: 'endpoint 172.21.41.6 (pod demo/web)' })]);
    expect(m[0]!.message).toContain('10.96.0.0/12');
  });

  it('a pod endpoint missing', () => {
    const hns = importAll((cmd, v) => (cmd === 'Get-HnsEndpoint' ? (v as Obj[]).filter((e) => e.IPAddress !== '172.21.41.5') : v));
    const ids = compareHns(hns, win()).map((m) => m.id);
    expect(ids).toContain('pod-endpoint-missing');
  });
});
