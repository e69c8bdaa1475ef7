import { describe, expect, it } from 'vitest';
import { findLatinLeaks, isAllowedLatin, stripCodeSpans } from './latinLeaks';

describe('findLatinLeaks', () => {
  it('finds the leaks the classroom issue saw in Russian mode', () => {
    expect(findLatinLeaks('правильный ответ — unsupported')).toEqual(['unsupported']);
    expect(findLatinLeaks('…обернуть в VXLAN, encapsulate VXLAN (VNI 4096) to 192.168.10.24')).toEqual(['encapsulate', 'to']);
    expect(findLatinLeaks('отсек demo/web · route')).toEqual(['route']);
    expect(findLatinLeaks('M2: traffic leaving the node')).toEqual(['traffic', 'leaving', 'the', 'node']);
    expect(findLatinLeaks('варианты: uft, vfp, delivered')).toEqual(['uft', 'vfp', 'delivered']);
  });

  it('allows identifiers, addresses, acronyms and the seed’s Latin terms', () => {
    const text =
      'VFP слоя VNET_ENCAP_LAYER оборачивает в VXLAN (VNI 4096) к 192.168.10.24; strictAffinity выключена; ' +
      'kube-proxy на Windows-узле, Hyper-V vSwitch, ClusterIP 10.97.141.163:80, OutBoundNAT, pod:demo/web, vxlan.calico, ipv4.ttl';
    expect(findLatinLeaks(text)).toEqual([]);
  });

  it('allows the names the caller passes (pods, nodes, namespaces), in any case', () => {
    expect(findLatinLeaks('под web на узле client', ['web', 'client'])).toEqual([]);
    expect(findLatinLeaks('под web на узле client', ['web'])).toEqual(['client']);
  });

  it('allows object kinds and key names only as written, and the seed’s Ethernet/veth/dev', () => {
    expect(findLatinLeaks('Объект: Pod demo/web; Service demo/hello; клавиша Home; адаптер Ethernet, veth-пара, dev cali1')).toEqual([]);
    expect(findLatinLeaks('the pod and the service go home')).toEqual(['the', 'pod', 'and', 'service', 'go', 'home']);
  });

  it('checks each part of a hyphenated word', () => {
    expect(isAllowedLatin('Hyper-V')).toBe(true);
    expect(isAllowedLatin('calico-node-windows', new Set(['calico-node']))).toBe(false);
    expect(isAllowedLatin('flow-create')).toBe(false);
  });

  it('reads Markdown prose without its code spans', () => {
    expect(findLatinLeaks(stripCodeSpans('Правило `lb → 172.21.211.8:8080 (DSR)` и ```\nnft list ruleset\n``` here'))).toEqual(['here']);
  });
});
