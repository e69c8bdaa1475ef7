/**
 * The preset scenarios, as YAML text in the same format users load, so a
 * preset can be downloaded, edited and loaded back.
 */
import { loadScenarioText, type LoadResult } from '../scenario/load';
import { FLANNEL_HOST_GW_YAML, FLANNEL_VXLAN_YAML } from './flannel';
import { K8S_LAB_BGP_YAML, K8S_LAB_KUBEADM_YAML, K8S_LAB_YAML } from './k8sLab';
import { K8S_MAIN_AFTER_YAML, K8S_MAIN_BEFORE_YAML } from './k8sMain';

/** A preset: `title`/`description` are i18n keys under `preset.<name>.` in the UI; English here for the CLI. */
export interface PresetInfo {
  name: string;
  title: string;
  description: string;
  yaml: string;
}

export const PRESETS: readonly PresetInfo[] = [
  {
    name: 'k8s-lab',
    title: 'Hybrid lab cluster',
    description: 'Three Linux nodes and a Windows Server 2025 node; Calico VXLAN Always, BGP Disabled, strictAffinity.',
    yaml: K8S_LAB_YAML,
  },
  {
    name: 'k8s-main-before',
    title: 'Main cluster, before migration',
    description: 'Three Linux nodes; Calico VXLANCrossSubnet with BGP (BIRD), strictAffinity off.',
    yaml: K8S_MAIN_BEFORE_YAML,
  },
  {
    name: 'k8s-main-after',
    title: 'Main cluster, after migration',
    description: 'The same cluster after the migration: VXLAN Always, BGP Disabled, strictAffinity on.',
    yaml: K8S_MAIN_AFTER_YAML,
  },
  {
    name: 'k8s-lab-bgp',
    title: 'Lab cluster, Calico BGP without encapsulation',
    description: 'k8s-lab with BGP Enabled and the pool unencapsulated: Linux nodes reach other blocks by BIRD routes on ens18.',
    yaml: K8S_LAB_BGP_YAML,
  },
  {
    name: 'k8s-lab-kubeadm',
    title: 'Lab cluster as kubeadm sets it up: kube-proxy iptables, Calico iptables, BGP',
    description: 'k8s-lab-bgp with kube-proxy in kubeadm\'s default mode (mode "" = iptables: KUBE-SERVICES, KUBE-SVC-*, KUBE-SEP-*) and Felix in its iptables dataplane (cali-* chains, cali40… ipsets) on the Linux nodes.',
    yaml: K8S_LAB_KUBEADM_YAML,
  },
  {
    name: 'flannel-vxlan',
    title: 'Hybrid Flannel cluster, VXLAN',
    description: 'Two Linux nodes and a Windows Server 2022 node on Flannel VXLAN (VNI 4096, UDP 4789), network flannel.4096 on Windows.',
    yaml: FLANNEL_VXLAN_YAML,
  },
  {
    name: 'flannel-host-gw',
    title: 'Hybrid Flannel cluster, host-gw',
    description: 'The same cluster on Flannel host-gw: leases routed via node addresses, no encapsulation; network cbr0 (L2Bridge) on Windows.',
    yaml: FLANNEL_HOST_GW_YAML,
  },
];

/**
 * Loads a preset by name. An unknown name gives `scenario: null` and one
 * `missing-reference` error listing the known names.
 */
export function loadPreset(name: string): LoadResult {
  const p = PRESETS.find((x) => x.name === name);
  if (!p) {
    return {
      scenario: null,
      diagnostics: [{ severity: 'error', code: 'missing-reference', message: `unknown preset "${name}"; known: ${PRESETS.map((x) => x.name).join(', ')}` }],
    };
  }
  return loadScenarioText(p.yaml, p.name);
}
