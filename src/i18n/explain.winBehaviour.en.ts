/**
 * English sentences for the Windows behaviours of issue 12 (per-node
 * kube-proxy settings, frontends without a load balancer, OS-build rows),
 * merged into explain.en.ts under `explain.windows` and `reason`.
 */
export const winBehaviourEn = {
  explain: {
    networkMissing: 'The CNI never created the HNS network {{network}} ({{detail}}), so no pod of this node has a network: readiness reports the same as {{finding}}.',
    icmpToVip: 'The load balancers of {{vip}} ({{service}}) map TCP and UDP ports only: no rule matches the ICMP echo, so nothing answers it.',
    outerRoute: 'The provider address {{pa}} is on another subnet: the outer VXLAN packet leaves through the management vNIC to the gateway {{nextHop}}.',
    noListener: 'Port {{port}} has no load balancer on this node ({{service}}), so the packet reaches the host\'s own stack, where nothing listens: it answers with a reset (ICMP port unreachable for UDP).',
  },
  reason: {
    'windows-network-missing': 'Windows pods on {{node}} have no network: the CNI does not create the HNS network {{network}} with {{detail}} (readiness finding {{finding}}).',
    'duplicate-load-balancer': 'Two HNS load balancers serve {{vip}}:{{port}} on {{node}} (a leftover of an old kube-proxy): {{used}} took the packet, {{shadowed}} is shadowed. Delete the stale policy list.',
    'icmp-to-service-vip': 'Ping to the service address {{vip}} ({{service}}) gets no answer on Windows: its HNS load balancers handle TCP and UDP only, even though the service has endpoints.',
    'no-load-balancer': 'Service {{service}} has no load balancer for {{vip}}:{{port}} on {{node}} (no usable endpoint): nothing on Windows answers, the connection times out.',
    'no-listener': 'Service {{service}} has no load balancer for {{vip}}:{{port}} on {{node}} (no usable endpoint there): nothing listens on that port, the node answers with a reset.',
    'windows-kube-proxy-down': 'kube-proxy does not run on {{node}} with its configuration (see the kube-proxy settings in the lb view), so it created no load balancer for {{vip}}:{{port}} of {{service}}.',
  },
};
