/**
 * The vocabulary of a trace step, owned by the engine: where it happened
 * (`Component`), what was done (`StepAction`), the sentence that explains it
 * (`ExplainKey`, `explain.<key>` in src/i18n/explain.{en,ru}.ts) and why a
 * walk stopped (`ReasonCode`, `reason.<code>` there).
 *
 * Why lists here and not types derived from the catalogues: the engine
 * imports nothing from src/i18n, not even types (STYLE.md dependency rules;
 * excalidraw's type-only back-references are the leak to avoid). The
 * catalogues cannot import the engine either. src/cli/stepVocabulary.test.ts
 * ties both: the lists equal the catalogues' keys, checked at run time and,
 * for components, at compile time (`Record<Component, …>`).
 *
 * Adding a key: add it here and to both catalogues; a step that uses a key
 * missing here does not compile.
 */

/** The datapath components a step can happen at (`Step.at.component`). */
export const COMPONENTS = [
  // Linux: the pod's netns, the host's links, tunnels, routing, netfilter hooks, conntrack, sockets.
  'pod', 'link', 'vxlan', 'ipip', 'routing', 'netfilter', 'conntrack', 'socket',
  // Windows: the pod's compartment and vNIC, the Hyper-V switch with its VFP layers and flow cache.
  'compartment', 'vnic', 'vswitch', 'vfp', 'uft',
  // Anywhere: Fabric hosts and the gateway, the pod's DNS resolver, a node refusing a flow outright.
  'fabric', 'resolver', 'node',
] as const;
export type Component = (typeof COMPONENTS)[number];

/** What a step did (`Step.action`). */
export const STEP_ACTIONS = [
  // forwarding
  'receive', 'route', 'reroute', 'forward', 'transmit', 'bridge', 'switch', 'deliver', 'fragment', 'encapsulate', 'decapsulate',
  // rules: netfilter chains, VFP layers, policy
  'match', 'no-match', 'jump', 'goto', 'return', 'accept', 'allow', 'drop', 'reject', 'vmap', 'numgen', 'statistic', 'mark', 'affinity',
  // address translation (rules, conntrack, VFP)
  'dnat', 'snat', 'masquerade', 'nat', 'dnat+snat', 'steer', 'un-dnat', 'un-snat', 'ct-new', 'nat-exempt', 'mac-rewrite',
  // VFP unified flow cache
  'flow-create', 'flow-hit', 'flow-reverse',
  // outside a datapath
  'resolve', 'nxdomain', 'unsupported', 'icmp-error',
] as const;
export type StepAction = (typeof STEP_ACTIONS)[number];

/** Step explanations: `explain.<key>` in the catalogues (`policy.dir.*` are words inside sentences, not keys of their own). */
export const EXPLAIN_KEYS = [
  'linux.routeLocalTable', 'linux.loopback', 'linux.martian', 'linux.nodePortNotOnLoopback', 'linux.receive', 'linux.decapsulateIpip',
  'linux.decapsulate', 'linux.vniMismatch', 'linux.vxlanPortClosed', 'linux.noRoute', 'linux.blackhole', 'linux.routeLocal', 'linux.ttlExceeded', 'linux.forward',
  'linux.reroute', 'linux.deliverHost', 'linux.emsgsize', 'linux.fragNeeded', 'linux.fragment', 'linux.arpFailed', 'linux.transmitNic',
  'linux.vxlanNoPeer', 'linux.encapsulateIpip', 'linux.encapsulate', 'linux.routeOuter', 'linux.transmitVeth', 'linux.transmitBridge',
  'linux.bridgeForward', 'linux.bridgeUnknownMac',
  'pod.routeLocalTable', 'pod.deliverLoopback', 'pod.route', 'pod.routeBridge', 'pod.routeOnLink', 'pod.transmit', 'pod.receive', 'pod.deliver',
  'conntrack.known', 'conntrack.original', 'conntrack.reply', 'conntrack.originalSrc', 'conntrack.replySrc', 'conntrack.new',
  'nft.match', 'nft.jump', 'nft.goto', 'nft.return', 'nft.accept', 'nft.drop', 'nft.reject', 'nft.dnat', 'nft.snat', 'nft.masquerade', 'nft.mark',
  'nft.markCalico', 'nft.vmap', 'nft.numgen', 'nft.statistic', 'nft.affinity', 'nft.nat',
  'policy.allow', 'policy.deny', 'policy.defaultDeny', 'policy.profile', 'policy.notEnforced', 'policy.aclAllow', 'policy.aclBlock',
  'policy.aclDefaultDeny', 'policy.aclProfile', 'policy.aclHost',
  'fabric.deliverLoopback', 'fabric.pathMtu', 'fabric.echo', 'fabric.portClosed', 'fabric.noRoute', 'fabric.arpFailed', 'fabric.gatewayForward', 'fabric.transmit', 'fabric.deliver',
  'fabric.hostSend',
  'windows.lbSnat1809', 'windows.icmpNotTransposed', 'windows.clusterIpPortNotServed', 'windows.flannelOverlayNodeToRemotePod',
  'windows.healthCheckLb', 'windows.healthCheckServer', 'windows.vnicMtuFragment', 'windows.vnicMtuEmsgsize', 'windows.vnicMtuFragNeeded', 'windows.networkMissing',
  'windows.icmpToVip', 'windows.outerRoute', 'windows.noListener', 'windows.switchLoop', 'windows.hostLoopback', 'windows.compartmentLoopback',
  'windows.compartmentOnLink', 'windows.routeIn', 'windows.uftCreateInbound', 'windows.clusterIpFromHost', 'windows.preserveDip',
  'windows.nodePortFromLocalPod', 'windows.receive', 'windows.compartmentRoute', 'windows.vnicOut', 'windows.layerNoMatch', 'windows.aclAllow',
  'windows.aclBlock', 'windows.lbDsr', 'windows.lbSnat', 'windows.nodePortDsr', 'windows.nodePortSnat', 'windows.natExempt', 'windows.outboundNat',
  'windows.outboundNatIcmp', 'windows.remoteSubnetRoute', 'windows.localSubnet', 'windows.macRewrite', 'windows.macRewriteIn', 'windows.routeHost',
  'windows.uftCreate', 'windows.uftHit', 'windows.uftReverse', 'windows.encapsulate', 'windows.decapsulate', 'windows.vsidMismatch',
  'windows.vxlanPort', 'windows.noOverlay', 'windows.switchToPort', 'windows.vnicIn', 'windows.deliverPod', 'windows.deliverHost',
  'windows.hostRoute', 'windows.hostSource', 'windows.noRoute', 'windows.arpFailed', 'windows.transmitWire', 'windows.notForUs',
  'windows.noEndpoint', 'windows.borrowedAddress', 'windows.dsrLoopback', 'windows.lbCapExceeded', 'windows.noLoadBalancer',
  'windows.nodePortFromNode',
  'trace.resolvedWindows', 'trace.nxdomainWindows', 'trace.limitation', 'trace.resolved', 'trace.nxdomain',
  'trace.resolvedHeadless', 'trace.resolvedPod', 'trace.resolvedCname', 'trace.resolvedHost',
] as const;
export type ExplainKey = (typeof EXPLAIN_KEYS)[number];

/** Why a walk stopped, or a caveat on its way (`Trace.reason`, `Trace.warnings`): `reason.<code>` in the catalogues. */
export const REASON_CODES = [
  'acl-block', 'address-in-windows-block', 'blackhole-route', 'clusterip-from-windows-host', 'clusterip-port-not-served', 'dns-dotted-name-windows',
  'dns-nxdomain', 'dsr-loopback-not-enabled', 'duplicate-load-balancer', 'echo-reply-different-address', 'first-packet-not-delivered',
  'flannel-overlay-node-to-remote-pod', 'fragmentation-needed', 'gateway-no-route', 'icmp-not-transposed', 'icmp-through-outboundnat',
  'icmp-to-service-vip', 'lb-backend-cap-exceeded', 'martian-destination', 'mtu-exceeded-local', 'neighbour-unreachable', 'nft-drop', 'nft-reject',
  'no-endpoint', 'no-endpoints', 'no-listener', 'no-load-balancer', 'no-route', 'no-such-device', 'nodeport-from-local-pod',
  'nodeport-from-own-node', 'nodeport-not-on-localhost', 'not-for-this-host', 'not-for-this-node', 'not-for-this-pod', 'policy-not-enforced',
  'policy-deny', 'policy-default-deny', 'policy-acl-block', 'policy-acl-default-deny',
  'port-closed', 'reply-unexpected-source', 'reply-unexpected-source-udp', 'routing-loop', 'switch-loop', 'ttl-exceeded', 'unknown-place',
  'vfp-no-decision', 'vni-mismatch', 'vxlan-not-expected', 'vxlan-port-closed', 'vxlan-vni-no-device', 'path-mtu-exceeded', 'vxlan-peer-unknown', 'vxlan-port-unsupported', 'windows-hostnetwork-unsupported',
  'windows-ipv6-calico', 'windows-ipv6-l2bridge', 'windows-ipv6-overlay', 'windows-known-issue-l2bridge-dsr', 'windows-known-issue-nodeport-overlay',
  'windows-kube-proxy-down', 'windows-network-missing', 'vnic-mtu-exceeded',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];
