/**
 * English texts of the migration runbook (engine `readiness/runbook*.ts`) and
 * of the version notes on the node state views (engine `versions/notes.ts`).
 * Shared by the page and the CLI.
 */
export const runbookEn = {
  versions: {
    layout: {
      'post-dnat-output': 'the base chains of kube-proxy 1.30–1.33: filter-prerouting at dstnat - 10, filter-input/forward/output at -110, filter-output-post-dnat at -90',
      'pre-dnat-split': 'the base chains of kube-proxy 1.34 and later: filter-prerouting-pre-dnat and filter-output-pre-dnat at -110, filter-input/forward/output at 0',
      'plain': 'routes as Calico before 3.33 prints them: no metric on pod routes, no mtu on VXLAN routes',
      'metric-and-mtu': 'routes as Calico 3.33 prints them: metric 1024 on pod routes, mtu on VXLAN routes',
    },
    assumption: {
      'kube-proxy-before-1-30': 'Assumption: nftables mode before 1.30 (alpha in 1.29) had other chains; it is shown with the 1.30 layout.',
      'kube-proxy-1-33-backport': 'Assumption: the first 1.33 patch release with the new layout (backported in September 2025) is taken to be v1.33.6.',
      'calico-3-33-boundary': 'Assumption: the first Calico release that prints metric 1024 and the route mtu is taken to be 3.33 (the seed\'s).',
    },
    kubeProxyNft: {
      known: 'These rules follow kube-proxy {{version}} ({{from}}): $t(versions.layout.{{layout}}). Source: {{source}}.',
      assumed: 'These rules follow kube-proxy {{version}}, assumed from {{from}}: $t(versions.layout.{{layout}}). Source: {{source}}.',
      unknown: 'The dump shows no kube-proxy version; the newest layout is assumed: $t(versions.layout.{{layout}}). Source: {{source}}.',
    },
    calicoRoutes: {
      known: 'These routes follow Calico {{version}} ({{from}}): $t(versions.layout.{{layout}}). Source: {{source}}.',
      assumed: 'These routes follow Calico {{version}}, assumed from {{from}}: $t(versions.layout.{{layout}}). Source: {{source}}.',
      unknown: 'The dump shows no Calico version; the newest form is assumed: $t(versions.layout.{{layout}}). Source: {{source}}.',
    },
  },
};
