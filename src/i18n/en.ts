/** English messages. Keys are shared with `ru.ts`; a test checks both have the same keys. */
export const en = {
  app: {
    title: 'packetwalk',
    tagline: 'What happens to this packet, hop by hop, and why?',
  },
  language: { label: 'Language', en: 'English', ru: 'Русский' },
  preset: {
    label: 'Scenario',
    'k8s-lab': {
      title: 'Hybrid lab cluster',
      description: 'Three Linux nodes and a Windows Server 2025 node; Calico VXLAN Always, BGP Disabled, strictAffinity.',
    },
    'k8s-main-before': {
      title: 'Main cluster, before migration',
      description: 'Three Linux nodes; Calico VXLANCrossSubnet with BGP, strictAffinity off.',
    },
    'k8s-main-after': {
      title: 'Main cluster, after migration',
      description: 'The same cluster after the migration: VXLAN Always, BGP Disabled, strictAffinity on.',
    },
  },
  status: {
    loading: 'Loading the scenario…',
    compiling: 'Compiling the nodes…',
  },
  errors: {
    engine: 'Engine error: {{message}}',
    noScenario: 'The scenario could not be loaded.',
    render: 'This part of the page failed to render: {{message}}',
  },
  nodes: { heading: 'Nodes', name: 'Name', os: 'OS', ip: 'IP address', image: 'OS image' },
  os: { linux: 'Linux', windows: 'Windows' },
  pods: {
    heading: 'Pods',
    name: 'Namespace/name',
    node: 'Node',
    ip: 'IP address',
    hostNetwork: 'host network',
    noIp: 'no address',
  },
  nodeState: {
    heading: 'Node state',
    select: 'Node',
    empty: 'No views for this node.',
    loading: 'Loading the node state…',
  },
  trace: {
    heading: 'Trace a packet',
    src: 'Source',
    dst: 'Destination',
    proto: 'Protocol',
    submit: 'Trace',
    running: 'Tracing…',
    verdict: 'Verdict',
    reason: 'Reason',
    steps: 'Steps',
    action: 'Action',
    node: 'Node',
    rule: 'Rule',
    explain: 'What happened',
    noRule: '—',
    reply: 'Reply',
    hint: 'Source and destination: pod:NS/NAME, svc:NS/NAME, node:NAME, host:NAME or an IP address.',
  },
  verdict: {
    delivered: 'delivered',
    dropped: 'dropped',
    rejected: 'rejected',
    'no-route': 'no route',
    unsupported: 'not modelled',
  },
  diag: {
    heading: 'Diagnostics',
    'yaml-syntax': 'YAML syntax',
    'unknown-kind': 'unknown kind',
    'invalid-field': 'invalid field',
    'duplicate-object': 'duplicate object',
    'missing-reference': 'missing reference',
    'ipv6-unsupported': 'IPv6 not supported',
    derived: 'derived value',
    conflict: 'conflict',
    'too-large': 'too large',
  },
  severity: { error: 'error', warning: 'warning', info: 'info' },
};

/** The shape every catalogue must have (strings at the same keys). */
export type Messages = DeepStrings<typeof en>;
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
