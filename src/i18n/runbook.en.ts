/**
 * English texts of the migration runbook (engine `readiness/runbook*.ts`) and
 * of the version notes on the node state views (engine `versions/notes.ts`).
 * Shared by the page and the CLI.
 */
export const runbookEn = {
  runbook: {
    title: 'Migration runbook for {{scenario}}: Calico ready for Windows nodes',
    intro: 'The article\'s path for moving an existing cluster to VXLAN Always without BGP, with strictAffinity, before a Windows node joins. The article recommends a separate test cluster instead (the last section).',
    windowsJoined: 'A Windows node has already joined: the migration steps must already be done, and there is no rollback.',
    step: {
      'step-0': 'Step 0. What is there now',
      'step-1': 'Step 1. strictAffinity',
      'step-2': 'Step 2. VXLAN encapsulation in every direction',
      'step-3': 'Step 3. Turn BGP off',
      'windows-settings': 'After the migration: windowsDataplane, serviceCIDRs and kubernetes-services-endpoint',
      'step-4': 'Step 4. Verification',
      'rollback': 'Rollback (only while no Windows node has joined)',
      'test-cluster': 'Alternative (recommended): a separate test cluster',
    },
    status: { done: 'already done in this cluster', todo: 'to do', blocked: 'cannot run as written' },
    met: { true: 'met', false: 'not met', manual: 'check by hand' },
    label: {
      preconditions: 'Preconditions',
      commands: 'Commands',
      changes: 'What changes (ip route on {{node}})',
      before: 'Before:',
      after: 'After:',
      verify: 'Verify (command and the output to expect)',
      manual: 'Manual checks (a dump cannot show these)',
      extra: 'Extra checks',
      source: 'Source',
      unchanged: 'Only the routes that change are shown; {{lines}} routes stay the same.',
      moreLines: '… and {{lines}} more lines',
    },
    download: 'Download the runbook as Markdown',
    downloadFailed: 'The runbook could not be saved: {{message}}',
    changedMeanwhile: 'the scenario changed meanwhile; try again',
    trace: {
      button: 'Trace before and after this step',
      hint: 'Applies the step to the what-if copy and opens the current flow before and after it side by side (undo brings the scenario back).',
      needFlow: 'Trace a flow first (the flow drawer): the comparison replays it before and after the step.',
      failed: 'The step could not be applied as a what-if change.',
    },
    pre: {
      operator: 'Calico is installed by the Tigera operator (Installation {{installation}}): every change goes through the Installation, the operator reverts direct IPPool edits.',
      noWindows: 'No Windows node has joined the cluster yet.',
      strictAffinityOff: 'strictAffinity is still off.',
      poolInInstallation: 'The pool {{pool}} is listed in the Installation (its index is used in the patch).',
      vxlanFirst: 'Step 2 is done: the pool is in VXLAN Always.',
      apiHost: 'The API server address is known: {{host}} (from {{from}}).',
      linuxWorkers: 'At least two Linux workers besides the control plane (CoreDNS, the operator, Typha run only on Linux).',
    },
    manual: {
      udp4789: 'UDP 4789 is open between all nodes, the future Windows node\'s address included: after the migration all pod traffic between nodes goes through it.',
      tcp179: 'TCP 179 (BGP) is no longer needed after the migration; close it only after step 3.',
      ipamCheck: 'calicoctl ipam check reports no borrowed addresses.',
      maintenanceWindow: 'Run it in a maintenance window: connections between nodes may break while the routes are replaced.',
      bgpPeers: 'Nothing else depends on BGP: no peering with a router, no Service addresses announced over BGP.',
      hostNetworkSource: 'Host-network processes now reach pods on other nodes from the node\'s tunnel address: NetworkPolicy ipBlock rules naming node addresses need the tunnel addresses too.',
      testClusterPods: 'Choose a pod network different from this cluster\'s, so addresses in command output cannot be mixed up.',
    },
    source: {
      step0: 'the article, «Step 0. What is there now»',
      step1: 'the article, step 1; Calico docs: Windows requirements (strictAffinity)',
      step2: 'the article, step 2; Calico docs: Windows requirements (VXLAN, no CrossSubnet)',
      step3: 'the article, step 3; Calico docs: Windows requirements (BGP disabled with VXLAN)',
      windowsSettings: 'the article, the migration section (what remains after the steps) and «Recommended path» (kubernetes-services-endpoint)',
      step4: 'the article, step 4',
      rollback: 'the article, step 3 (rollback) and the list of risks',
      testCluster: 'the article, «Recommended path: a separate test cluster»',
    },
  },
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
