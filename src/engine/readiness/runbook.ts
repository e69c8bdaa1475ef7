/**
 * The seed's migration runbook (part 37, «Альтернатива: перевод существующего
 * кластера»), filled with the scenario: step 0 (what is there now), steps
 * 1–4, the settings the operator needs after them, rollback (only while no
 * Windows node has joined), and the recommended alternative, a test cluster
 * («Рекомендуемый путь»). Each step: its preconditions checked against the
 * scenario, the exact commands (values shell-quoted: they come from an
 * untrusted dump), what changes (`ip route` of a Linux node before and after,
 * from the compiled model), verification commands with the output to expect,
 * and what a dump cannot show as manual checks.
 *
 * Pure: scenario in, plain data out; texts are i18n keys (`runbook.*`).
 */
import type { Scenario } from '../model/scenario';
import type { CompiledCluster } from '../trace/cluster';
import { bgpCommand, poolEncapsulationCommand, strictAffinityCommand } from './check';
import { apiServerAddress } from './apiAddress';
import { afterMigration, routeLines } from './runbookState';
import { shellJson, shellQuote } from './shell';
import { STEP4_CHECKS } from './step4Checks';
import type { Finding, I18nText } from './types';
import { calicoSettings } from '../model/calico';

export type RunbookStepId = 'step-0' | 'step-1' | 'step-2' | 'step-3' | 'windows-settings' | 'step-4' | 'rollback' | 'test-cluster';

export interface RunbookCheck {
  text: I18nText;
  /** true: the scenario meets it; false: it does not (the step cannot run as written); 'manual': a dump cannot tell. */
  met: boolean | 'manual';
}

export interface RunbookVerify {
  command: string;
  /** The output to expect, filled from the model where it can be. */
  expect: string;
}

export interface RunbookStep {
  id: RunbookStepId;
  /** done: the scenario is already past it; todo: to run; blocked: a precondition is not met. */
  status: 'done' | 'todo' | 'blocked';
  preconditions: RunbookCheck[];
  commands: string[];
  /** `ip route` lines of a Linux node before and after the step (what the step changes), when it changes routes. */
  changes?: { node: string; before: string[]; after: string[] };
  verify: RunbookVerify[];
  manual: I18nText[];
  /** Step 4's extra checks from other modules (step4Checks.ts), e.g. NetworkPolicy ipBlock and the tunnel address. */
  extraChecks?: Finding[];
  /** Where the step comes from, named for a reader (`runbook.source.*`). */
  source: I18nText;
}

export interface Runbook {
  steps: RunbookStep[];
  /** Whether a Windows node has joined (then the rollback is gone). */
  windowsJoined: boolean;
}

const text = (key: string, params: Record<string, string | number> = {}): I18nText => ({ key: `runbook.${key}`, params });

/** The seed's Step 0 `jq` filter, as a single-quoted argument. */
const STEP0_JQ = "'{bgp, ipPools: [.ipPools[] | {name, cidr, encapsulation, natOutgoing, blockSize}]}'";

/** Builds the runbook; never throws. Without Calico there is nothing of the seed's migration to run: only the alternative. */
export function buildRunbook(s: Scenario, compiled?: CompiledCluster): Runbook {
  const windowsJoined = s.nodes.some((n) => n.os === 'windows');
  const c = calicoSettings(s);
  if (!c) return { windowsJoined, steps: [testCluster(s)] };
  const inst = c.installation?.name ?? 'default';
  const operator = c.installation !== undefined;
  const poolIndex = c.installation ? c.installation.pools.findIndex((name) => c.pools.some((p) => p.name === name && !p.disabled)) : -1;
  const pool = c.pools.find((p) => !p.disabled);
  // The seed looks at a worker (k8s-node-1); a control-plane node only when there is no worker.
  const isCp = (l: Record<string, string>) => 'node-role.kubernetes.io/control-plane' in l || 'node-role.kubernetes.io/master' in l;
  const linux = s.nodes.find((n) => n.os === 'linux' && !isCp(n.labels)) ?? s.nodes.find((n) => n.os === 'linux');
  const nic = s.fabric.linuxInterface;
  const after = afterMigration(s);
  const routesOf = (which: Scenario, cl?: CompiledCluster): string[] => (linux ? routeLines(which, linux.name, cl) : []);
  const beforeRoutes = routesOf(s, compiled);
  const afterRoutes = routesOf(after);
  const vxlanAlways = c.pools.filter((p) => !p.disabled).every((p) => p.vxlanMode === 'Always');
  const installationCheck: RunbookCheck = { text: text('pre.operator', { installation: inst }), met: operator };
  const noWindows: RunbookCheck = { text: text('pre.noWindows'), met: !windowsJoined };

  const steps: RunbookStep[] = [
    {
      id: 'step-0',
      status: 'todo',
      preconditions: [installationCheck],
      commands: [`kubectl get installation ${shellQuote(inst)} -o jsonpath='{.spec.calicoNetwork}' | jq ${STEP0_JQ}`, 'sudo calicoctl node status | head -n 9'],
      verify: [{ command: 'kubectl get installation … | jq …', expect: JSON.stringify({ bgp: c.bgp, ipPools: c.pools.filter((p) => !p.disabled).map((p) => ({ name: p.name, cidr: p.cidr, encapsulation: encapsulationOf(p.vxlanMode, p.ipipMode), natOutgoing: p.natOutgoing ? 'Enabled' : 'Disabled', blockSize: p.blockSize })) }, null, 2) }],
      manual: [text('manual.udp4789'), text('manual.tcp179')],
      source: text('source.step0'),
    },
    {
      id: 'step-1',
      status: c.strictAffinity ? 'done' : 'todo',
      preconditions: [{ text: text('pre.strictAffinityOff'), met: !c.strictAffinity }],
      commands: [strictAffinityCommand()],
      verify: [
        { command: 'calicoctl ipam show --show-configuration', expect: '| StrictAffinity     | true  |' },
        { command: 'calicoctl ipam check', expect: '' },
      ],
      manual: [text('manual.ipamCheck')],
      source: text('source.step1'),
    },
    {
      id: 'step-2',
      status: vxlanAlways ? 'done' : !operator || poolIndex < 0 ? 'blocked' : 'todo',
      preconditions: [installationCheck, { text: text('pre.poolInInstallation', { pool: pool?.name ?? '-' }), met: poolIndex >= 0 }, noWindows],
      commands: poolIndex >= 0 ? [poolEncapsulationCommand(inst, poolIndex, 'VXLAN')] : [],
      changes: linux ? { node: linux.name, before: beforeRoutes, after: afterRoutes } : undefined,
      verify: [
        { command: 'kubectl get ippools -o custom-columns=NAME:.metadata.name,CIDR:.spec.cidr,VXLAN:.spec.vxlanMode,IPIP:.spec.ipipMode,NAT:.spec.natOutgoing', expect: pool ? `${pool.name}   ${pool.cidr}   Always   Never   ${String(pool.natOutgoing)}` : '' },
        { command: 'ip route | grep vxlan', expect: afterRoutes.filter((l) => l.includes('vxlan')).join('\n') },
      ],
      manual: [text('manual.maintenanceWindow')],
      source: text('source.step2'),
    },
    {
      id: 'step-3',
      status: c.bgp === 'Disabled' ? 'done' : operator ? 'todo' : 'blocked',
      preconditions: [installationCheck, { text: text('pre.vxlanFirst'), met: vxlanAlways ? true : 'manual' }, noWindows],
      commands: operator ? [bgpCommand(inst, 'Disabled'), 'kubectl -n calico-system rollout status ds/calico-node', 'kubectl get tigerastatus'] : [],
      verify: [{ command: 'sudo calicoctl node status', expect: 'Calico process is running.\n\nNone of the BGP backend processes (BIRD or GoBGP) are running.' }],
      manual: [text('manual.bgpPeers')],
      source: text('source.step3'),
    },
    windowsSettings(s, inst, operator),
    {
      id: 'step-4',
      status: 'todo',
      preconditions: [],
      commands: [],
      verify: [
        { command: `ip route | grep ${shellQuote(pool ? pool.cidr.split('.').slice(0, 2).join('.') : 'vxlan')}`, expect: afterRoutes.filter((l) => pool && l.includes(pool.cidr.split('.').slice(0, 2).join('.'))).join('\n') },
        { command: 'sudo calicoctl node status', expect: 'None of the BGP backend processes (BIRD or GoBGP) are running.' },
        { command: `sudo tcpdump -ni ${shellQuote(nic)} udp port 4789`, expect: tcpdumpExpect(s, c.vxlanVNI) },
      ],
      manual: [text('manual.udp4789'), text('manual.tcp179'), text('manual.hostNetworkSource')],
      extraChecks: STEP4_CHECKS.flatMap((check) => check(s, compiled)),
      source: text('source.step4'),
    },
    {
      id: 'rollback',
      status: windowsJoined ? 'blocked' : 'todo',
      preconditions: [noWindows, installationCheck],
      commands: operator ? [bgpCommand(inst, 'Enabled'), ...(poolIndex >= 0 ? [poolEncapsulationCommand(inst, poolIndex, 'VXLANCrossSubnet')] : [])] : [],
      verify: [{ command: 'sudo calicoctl node status', expect: 'IPv4 BGP status' }],
      manual: [],
      source: text('source.rollback'),
    },
    testCluster(s),
  ];
  return { windowsJoined, steps };
}

function encapsulationOf(vxlan: string, ipip: string): string {
  if (vxlan === 'Always') return 'VXLAN';
  if (vxlan === 'CrossSubnet') return 'VXLANCrossSubnet';
  if (ipip === 'Always') return 'IPIP';
  if (ipip === 'CrossSubnet') return 'IPIPCrossSubnet';
  return 'None';
}

/** The seed's tcpdump line between the first two Linux nodes: outer UDP to 4789, VNI. */
function tcpdumpExpect(s: Scenario, vni: number): string {
  const [a, b] = s.nodes.filter((n) => n.os === 'linux');
  return a && b ? `IP ${a.internalIP}.<port> > ${b.internalIP}.4789: VXLAN, flags [I] (0x08), vni ${vni}` : `VXLAN, flags [I] (0x08), vni ${vni}`;
}

/** After the three steps: windowsDataplane HNS, serviceCIDRs and kubernetes-services-endpoint (the seed, after the list of risks). */
function windowsSettings(s: Scenario, inst: string, operator: boolean): RunbookStep {
  const c = calicoSettings(s)!;
  const api = apiServerAddress(s);
  const manifest = ['apiVersion: v1', 'kind: ConfigMap', 'metadata:', '  name: kubernetes-services-endpoint', '  namespace: tigera-operator', 'data:', `  KUBERNETES_SERVICE_HOST: ${JSON.stringify(api.host)}`, `  KUBERNETES_SERVICE_PORT: ${JSON.stringify(api.port)}`].join('\n');
  const hasCm = (s.servicesEndpoint ?? []).some((x) => x.namespace === 'tigera-operator');
  const done = c.windowsDataplane === 'HNS' && c.serviceCIDRs.length > 0 && hasCm;
  return {
    id: 'windows-settings',
    status: done ? 'done' : operator ? 'todo' : 'blocked',
    preconditions: [{ text: text('pre.operator', { installation: inst }), met: operator }, { text: text('pre.apiHost', { host: api.host, from: api.from }), met: api.from === 'placeholder' ? false : true }],
    commands: operator
      ? [
          `kubectl patch installation ${shellQuote(inst)} --type=merge -p ${shellJson({ spec: { calicoNetwork: { windowsDataplane: 'HNS' }, serviceCIDRs: s.serviceCIDRs } })}`,
          `printf '%s\\n' ${manifest.split('\n').map(shellQuote).join(' ')} | kubectl apply -f -`,
        ]
      : [],
    verify: [{ command: 'kubectl -n tigera-operator get configmap kubernetes-services-endpoint -o jsonpath={.data.KUBERNETES_SERVICE_HOST}', expect: api.host }],
    manual: [],
    source: text('source.windowsSettings'),
  };
}

/** The recommended alternative: a separate cluster set up for Windows from the start (the seed's Installation, this cluster's service CIDRs). */
function testCluster(s: Scenario): RunbookStep {
  const installation = ['apiVersion: operator.tigera.io/v1', 'kind: Installation', 'metadata:', '  name: default', 'spec:', '  calicoNetwork:', '    bgp: Disabled', '    linuxDataplane: Nftables', '    windowsDataplane: HNS', '    ipPools:', '    - name: default-ipv4-ippool', '      cidr: <a pod network other than this cluster\'s>', '      encapsulation: VXLAN', '      natOutgoing: Enabled', '      blockSize: 26', '  serviceCIDRs:', ...s.serviceCIDRs.map((c) => `  - ${JSON.stringify(c)}`)].join('\n');
  return {
    id: 'test-cluster',
    status: 'todo',
    preconditions: [{ text: text('pre.linuxWorkers'), met: 'manual' }],
    commands: [`printf '%s\\n' ${installation.split('\n').map(shellQuote).join(' ')} > installation.yaml`, strictAffinityCommand()],
    verify: [{ command: 'kubectl get tigerastatus', expect: 'calico      True        False         False' }],
    manual: [text('manual.testClusterPods')],
    source: text('source.testCluster'),
  };
}
