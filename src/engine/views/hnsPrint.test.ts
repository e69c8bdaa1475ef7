/**
 * The printed HNS views against the real dumps of the same kind
 * (shared/real-samples, issue 17 item 8): every key we print is a key the
 * real tool prints, in its order; nested policies have the sample's keys;
 * MACs have the sample's case. The sample is read with the importer's
 * PowerShell list parser, and so is our output.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePsList } from '../importers/psList';
import { loadPreset } from '../presets/catalog';
import { compileScenario, nodeStateViews } from '../trace/cluster';

const DIR = join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'real-samples');
const sample = (f: string) => parsePsList(readFileSync(join(DIR, f), 'utf8')).objects[0]!.value;

const views = nodeStateViews(compileScenario(loadPreset('k8s-lab').scenario!), 'k8s-lab-win-1');
const ours = (id: string) => parsePsList(views.find((v) => v.id === id)!.text).objects.map((o) => o.value);

/** `keys` appear in `order` and in the same relative order. */
function expectSubsequence(keys: string[], order: string[]): void {
  expect(keys.filter((k) => !order.includes(k))).toEqual([]);
  const idx = keys.map((k) => order.indexOf(k));
  expect(idx).toEqual([...idx].sort((a, b) => a - b));
}

type Rec = Record<string, unknown>;
const policiesByType = (o: Rec) => new Map(((o.Policies as Rec[] | undefined) ?? []).map((p) => [p.Type as string, Object.keys(p)]));

describe('printed HNS views vs the real dumps', () => {
  it('Get-HnsNetwork: the real keys in the real order, nested policies key for key, MACs in the real case', () => {
    const real = sample('hns-network-1.txt');
    const [net] = ours('hns-network-list');
    expectSubsequence(Object.keys(net!), Object.keys(real));
    expect(Object.keys(net!)).toEqual(expect.arrayContaining(['DrMacAddress', 'Flags', 'ID', 'ManagementIP', 'Name', 'Policies', 'State', 'Subnets', 'Type']));
    expect(net).not.toHaveProperty('SourceMac');
    const realPol = policiesByType(real);
    for (const [type, keys] of policiesByType(net!)) expect([type, keys]).toEqual([type, realPol.get(type)]);
    expectSubsequence(Object.keys((net!.Subnets as Rec[])[0]!), Object.keys((real.Subnets as Rec[])[0]!));
    expect(net!.DrMacAddress).toMatch(/^([0-9A-F]{2}-){5}[0-9A-F]{2}$/);
    for (const p of (net!.Policies as Rec[]).filter((x) => x.Type === 'RemoteSubnetRoute')) expect(p.DistributedRouterMacAddress).toMatch(/^([0-9a-f]{2}-){5}[0-9a-f]{2}$/);
  });

  it('Get-HnsEndpoint (Windows Server 2022 and later): a pod endpoint in the real order, its policies key for key, its MAC as Calico writes it', () => {
    const real = sample('hns-endpoint-1.txt');
    const pod = ours('hns-endpoint-list').find((e) => (e.Name as string).endsWith('_Calico') && e.Namespace)!;
    expectSubsequence(Object.keys(pod), Object.keys(real));
    expect(Object.keys(pod)).toEqual(expect.arrayContaining(['ID', 'Name', 'State', 'VirtualNetwork', 'VirtualNetworkName', 'Policies', 'MacAddress', 'IPAddress', 'PrefixLength', 'GatewayAddress', 'Namespace', 'EncapOverhead']));
    const realPol = policiesByType(real);
    for (const type of ['OutBoundNAT', 'ROUTE', 'PA']) expect([type, policiesByType(pod).get(type)]).toEqual([type, realPol.get(type)]);
    expect(pod.MacAddress).toMatch(/^0E-2A(-[0-9a-f]{2}){4}$/);
    expect(pod.EncapOverhead).toBe(50);
  });

  it('Get-HnsPolicyList: the real keys in the real order; the ELB policy has the real keys (zero values left out, as HNS does)', () => {
    const real = sample('hns-policylist-1.txt');
    const lists = ours('hns-policylist-list');
    expect(lists.length).toBeGreaterThan(0);
    const elbKeys = Object.keys((real.Policies as Rec[])[0]!);
    for (const l of lists) {
      expectSubsequence(Object.keys(l), Object.keys(real));
      const elb = (l.Policies as Rec[])[0]!;
      // IsDSR and the others print only when set (hcsshim ELBPolicy `omitempty`).
      expect(Object.keys(elb).filter((k) => !elbKeys.includes(k))).toEqual(Object.keys(elb).filter((k) => ['IsDSR', 'ILB', 'LocalRoutedVip', 'PreserveDip', 'DistributionType'].includes(k)));
      expect(elb).not.toHaveProperty('ILB', 'False');
    }
  });
});
