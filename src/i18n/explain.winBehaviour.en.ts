/**
 * English sentences for the Windows behaviours of issue 12 (per-node
 * kube-proxy settings, frontends without a load balancer, OS-build rows),
 * merged into explain.en.ts under `explain.windows` and `reason`.
 */
export const winBehaviourEn = {
  explain: {
    lbSnat1809: 'Build {{build}} (Windows Server 2019 before 17763.1432): the load balancer sends {{vip}} to {{backend}} and also SNATs the pod to the host address {{snat}}, so the backend sees the node, not the pod.',
    icmpNotTransposed: 'VFP does not transpose ICMP through OutBoundNAT on build {{build}}: the echo to {{dst}} could leave, but its reply would never find its way back.',
    clusterIpPortNotServed: '{{vip}} is a ClusterIP this node knows, but no load balancer serves port {{port}}/{{proto}}: VFP drops the packet instead of sending it out.',
    flannelOverlayNodeToRemotePod: 'On a flannel VXLAN (win-overlay) network the node itself reaches only its own pods: {{dst}} belongs to another node, so the packet is lost.',
    healthCheckLb: 'The health-check load balancer for {{vip}}:{{port}} (forwardHealthCheckVip) sends the probe to {{backend}}, the root HNS endpoint {{endpoint}}: kube-proxy\'s health server answers there.',
    healthCheckServer: 'kube-proxy\'s health server listens on port {{port}} of every node address ({{what}}): it answers the probe.',
    vnicMtuFragment: 'The packet ({{size}} bytes) is larger than the MTU {{mtu}} of {{dev}}: the sender splits it into {{count}} fragments; the trace follows the first.',
    vnicMtuEmsgsize: 'The packet ({{size}} bytes) is larger than the MTU {{mtu}} of {{dev}} and the socket forbids fragmentation (DF): the send fails, nothing leaves.',
    vnicMtuFragNeeded: 'The packet ({{size}} bytes, DF set) does not fit the MTU {{mtu}} of {{dev}}: the node drops it and sends ICMP "fragmentation needed, mtu {{mtu}}" back to the sender.',
    networkMissing: 'The CNI never created the HNS network {{network}} ({{detail}}), so no pod of this node has a network: readiness reports the same as {{finding}}.',
    icmpToVip: 'The load balancers of {{vip}} ({{service}}) map TCP and UDP ports only: no rule matches the ICMP echo, so nothing answers it.',
    outerRoute: 'The provider address {{pa}} is on another subnet: the outer VXLAN packet leaves through the management vNIC to the gateway {{nextHop}}.',
    noListener: 'Port {{port}} has no load balancer on this node ({{service}}), so the packet reaches the host\'s own stack, where nothing listens: it answers with a reset (ICMP port unreachable for UDP).',
  },
  reason: {
    'icmp-not-transposed': 'Ping from {{node}} to {{dst}} through OutBoundNAT gets no reply on build {{build}}: VFP does not transpose ICMP (Kubernetes docs, Limitations). TCP and UDP work.',
    'clusterip-port-not-served': '{{vip}} is a ClusterIP, but no load balancer on {{node}} serves port {{port}}/{{proto}}: VFP drops the packet.',
    'flannel-overlay-node-to-remote-pod': 'With flannel VXLAN (win-overlay) the Windows node {{node}} reaches only its own pods; {{dst}} is a pod of {{owner}} (Kubernetes docs, flannel limitations).',
    'windows-ipv6-calico': 'Calico for Windows is IPv4 only: {{node}} cannot reach {{dst}} over IPv6.',
    'windows-ipv6-overlay': 'The overlay (VXLAN) network of {{node}} is IPv4 only on Windows (win-overlay has no IPv6; kube-proxy falls back to IPv4 on overlay): no IPv6 to {{dst}}.',
    'windows-ipv6-l2bridge': 'The L2Bridge network of {{node}} could carry IPv4/IPv6 dual-stack from Windows Server 2019, but the scenario gives it no IPv6 addresses and packetwalk models IPv4 only: {{dst}} is not traced.',
    'windows-known-issue-nodeport-overlay': 'Known issue on {{node}} (build {{build}}): NodePort {{port}} on an overlay network to a Windows Server 2022 node was listed as failing (workaround: externalTrafficPolicy Local); the update that fixed it is not named. Source: {{source}}',
    'windows-known-issue-l2bridge-dsr': 'Known issue on {{node}} (build {{build}}): pod-to-pod traffic (to {{dst}}) on l2bridge with DSR on Windows Server 2022 with KB5005619 or later was listed as failing (workaround: turn WinDSR off); the fixing update is not named. Source: {{source}}',
    'vnic-mtu-exceeded': '{{size}} bytes do not fit the MTU {{mtu}} of {{dev}} on {{node}}, and the sender forbids fragmentation: nothing is sent.',
    'windows-network-missing': 'Windows pods on {{node}} have no network: the CNI does not create the HNS network {{network}} with {{detail}} (readiness finding {{finding}}).',
    'duplicate-load-balancer': 'Two HNS load balancers serve {{vip}}:{{port}} on {{node}} (a leftover of an old kube-proxy): {{used}} took the packet, {{shadowed}} is shadowed. Delete the stale policy list.',
    'icmp-to-service-vip': 'Ping to the service address {{vip}} ({{service}}) gets no answer on Windows: its HNS load balancers handle TCP and UDP only, even though the service has endpoints.',
    'no-load-balancer': 'Service {{service}} has no load balancer for {{vip}}:{{port}} on {{node}} (no usable endpoint): nothing on Windows answers, the connection times out.',
    'no-listener': 'Service {{service}} has no load balancer for {{vip}}:{{port}} on {{node}} (no usable endpoint there): nothing listens on that port, the node answers with a reset.',
    'windows-kube-proxy-down': 'kube-proxy does not run on {{node}} with its configuration (see the kube-proxy settings in the lb view), so it created no load balancer for {{vip}}:{{port}} of {{service}}.',
  },
};
