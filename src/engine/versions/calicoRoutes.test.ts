/**
 * Felix's routes print as the node's Calico version prints them (issue 17
 * item 8): `metric 1024` on local pod routes and `mtu` on VXLAN routes from
 * 3.33 (the seed's `ip route`), neither before (real outputs of older
 * releases). A dump that shows no Calico version gets the newest form.
 */
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../presets/catalog';
import { loadScenarioText } from '../scenario/load';
import { compileScenario, nodeStateViews } from '../trace/cluster';

const LAB = PRESETS.find((p) => p.name === 'k8s-lab')!.yaml;

function routesWith(calicoImage?: string): string[] {
  const extra = calicoImage
    ? `\n---\napiVersion: apps/v1\nkind: DaemonSet\nmetadata: { name: calico-node, namespace: calico-system }\nspec:\n  template:\n    spec:\n      nodeSelector: { kubernetes.io/os: linux }\n      containers: [{ name: calico-node, image: "${calicoImage}" }]\n`
    : '';
  const { scenario } = loadScenarioText(`${LAB}${extra}`);
  const cluster = compileScenario(scenario!);
  return nodeStateViews(cluster, 'k8s-lab-node-1').find((v) => v.id === 'routes')!.text.split('\n');
}

describe('Calico route printing by version', () => {
  it('no Calico version in the dump: the newest form (metric 1024, mtu 1450)', () => {
    const lines = routesWith();
    expect(lines.filter((l) => l.includes('dev vxlan.calico')).every((l) => l.endsWith('onlink mtu 1450'))).toBe(true);
    expect(lines.filter((l) => / dev cali/.test(l)).every((l) => l.endsWith('scope link metric 1024'))).toBe(true);
  });

  it('calico/node v3.29.6: neither metric nor mtu', () => {
    const lines = routesWith('quay.io/calico/node:v3.29.6');
    const vxlan = lines.filter((l) => l.includes('dev vxlan.calico'));
    const pods = lines.filter((l) => / dev cali/.test(l));
    expect(vxlan.length).toBeGreaterThan(0);
    expect(pods.length).toBeGreaterThan(0);
    expect(vxlan.every((l) => l.endsWith('dev vxlan.calico onlink'))).toBe(true);
    expect(pods.every((l) => l.endsWith('scope link'))).toBe(true);
  });

  it('calico/node v3.33.0: the seed form', () => {
    const lines = routesWith('quay.io/calico/node:v3.33.0');
    expect(lines.filter((l) => l.includes('dev vxlan.calico')).every((l) => l.endsWith('onlink mtu 1450'))).toBe(true);
  });
});
