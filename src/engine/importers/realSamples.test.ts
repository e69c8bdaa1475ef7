/**
 * Every file in shared/real-samples (real outputs people published, see its
 * SOURCES.md) is an input here (issue 17 "Proof"): the importable ones load
 * next to a small cluster with no error diagnostic and are read (not skipped
 * as unknown); the reference one (an nftables ruleset) is refused with one
 * clear error instead of a screen of YAML errors. New samples are picked up
 * by the directory listing; one without an entry below fails the test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../model/diagnostic';
import { compileScenario } from '../trace/cluster';
import { importFiles, type ImportResult } from './files';
import { calicoSettings } from '../model/calico';

const DIR = join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'real-samples');

/** One Linux and one Windows node; the Windows one has the ManagementIP of hns-network-1.txt. */
const CLUSTER = `apiVersion: v1
kind: Node
metadata: { name: lin-1, labels: { kubernetes.io/os: linux } }
status: { addresses: [{ type: InternalIP, address: 10.0.2.10 }] }
---
apiVersion: v1
kind: Node
metadata: { name: win-1, labels: { kubernetes.io/os: windows } }
status: { addresses: [{ type: InternalIP, address: 10.0.2.15 }] }
`;

type Check = (r: ImportResult, own: Diagnostic[]) => void;
const hnsAttached: Check = (r) => expect(r.hns.map((a) => a.node)).toEqual(['win-1']);

/** What each sample must yield beyond "no error" (the detailed readings are in hnsFormats.test.ts and scenario/clusterSources.test.ts). */
const IMPORTABLE: Record<string, Check> = {
  'calico-crs-1.yaml': (r) => expect(calicoSettings(r.scenario!)?.pools.map((p) => [p.cidr, p.vxlanMode, p.ipipMode])).toEqual([['10.48.0.0/24', 'Never', 'Never']]),
  'calico-manifest-1.yaml': (r) => expect(calicoSettings(r.scenario!)).toMatchObject({ bgp: 'Disabled', pools: [expect.objectContaining({ vxlanMode: 'CrossSubnet' })] }),
  'hcn-loadbalancer-1.json': (r) => {
    hnsAttached(r, []);
    expect(r.hns[0]!.hns.policyLists[0]!.Policies[0]!.VIPs).toEqual(['10.99.234.145']);
  },
  'hns-endpoint-1.txt': (r) => {
    hnsAttached(r, []);
    expect(r.hns[0]!.hns.endpoints.map((e) => e.IPAddress)).toEqual(['10.42.213.221']);
  },
  'hns-network-1.txt': (r) => {
    hnsAttached(r, []);
    expect(r.hns[0]!.hns.networks.map((n) => `${n.Name} ${n.Type}`)).toEqual(['Calico Overlay']);
  },
  'hns-policylist-1.txt': (r) => {
    hnsAttached(r, []);
    expect(r.hns[0]!.hns.policyLists.map((p) => p.ID)).toEqual(['A335D997-4160-44F9-9F72-1087A2CBA45E']);
  },
  'k3s-services-1.yaml': (r, own) => {
    expect(r.scenario?.serviceCIDRs).toEqual(['10.43.0.0/16']);
    expect(r.scenario?.services).toHaveLength(3);
    expect(own.filter((d) => d.severity === 'warning')).toEqual([]);
  },
  'kubeproxy-config-1.yaml': (r) => expect(r.scenario?.kubeProxy).toMatchObject({ clusterCIDR: '10.244.0.0/16', winkernel: { enableDSR: true } }),
};
const REFERENCE = ['nft-kube-proxy-1.txt'];

function load(file: string): { r: ImportResult; own: Diagnostic[] } {
  const text = readFileSync(join(DIR, file), 'utf8');
  const r = importFiles([{ name: 'cluster.yaml', text: CLUSTER }, { name: file, text }]);
  const baseline = new Set(importFiles([{ name: 'cluster.yaml', text: CLUSTER }]).diagnostics.map((d) => d.message));
  return { r, own: r.diagnostics.filter((d) => !baseline.has(d.message)) };
}

describe('real samples', () => {
  const files = readdirSync(DIR).filter((f) => f !== 'SOURCES.md').sort();

  it('each sample is listed as importable or reference', () => {
    expect(files).toEqual([...Object.keys(IMPORTABLE), ...REFERENCE].sort());
  });

  for (const f of files.filter((x) => x in IMPORTABLE)) {
    it(`${f}: imports next to a cluster with no error, is read, and compiles`, () => {
      const { r, own } = load(f);
      expect(own.filter((d) => d.severity === 'error')).toEqual([]);
      expect(own.filter((d) => d.code === 'unknown-kind')).toEqual([]);
      IMPORTABLE[f]!(r, own);
      expect(() => compileScenario(r.scenario!, { hns: r.hns })).not.toThrow();
    });
  }

  it('nft-kube-proxy-1.txt (a ruleset, reference only): one error that says what it is', () => {
    const { own } = load('nft-kube-proxy-1.txt');
    expect(own).toEqual([expect.objectContaining({ severity: 'error', file: 'nft-kube-proxy-1.txt', line: 1 })]);
    expect(own[0]!.message).toMatch(/nftables ruleset/);
  });
});
