/**
 * Fuzz inputs (issue 20): fast-check arbitraries for what a hostile or
 * unlucky user can hand the engine — random text, random YAML structure,
 * mutated presets, mutated real samples and mutated HNS dumps — plus random
 * flow requests, stated as picks that fuzzOracle resolves against whatever
 * loaded. Test-only; file reading stays in the test (the engine has no fs).
 */
import fc from 'fast-check';
import { parseAllDocuments, stringify } from 'yaml';
import type { InputFile } from '../scenario/load';
import { PRESETS } from '../presets/catalog';
import type { L4Proto } from '../model/packet';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** One flow to try on what loaded: indexes into the candidate lists, and raw (possibly bad) numbers. */
export interface FlowPick {
  src: number;
  dst: number;
  proto?: L4Proto;
  sport?: number;
  dport?: number;
  size?: number;
  df?: boolean;
  packet: 'first' | 'next';
  /** Index into the node list for `fromNode` (sources outside the scenario). */
  fromNode?: number;
}

export type FuzzSource = 'text' | 'structure' | 'preset' | 'sample' | 'hns';

/** One fuzz input: the files to import (scenario and HNS dumps), and flows. */
export interface FuzzCase {
  source: FuzzSource;
  files: InputFile[];
  flows: FlowPick[];
  /** The Windows node HNS dumps belong to (`--windows-node`), else found by ManagementIP. */
  windowsNode?: string;
}

/** Files the fuzzer mutates besides the presets: real samples and HNS dumps (read by the test). */
export interface FuzzCorpus {
  /** Scenario-like texts (real samples: YAML, kube-proxy configs, kubectl dumps). */
  samples: InputFile[];
  /** HNS dumps (JSON or PowerShell list layout) of k8s-lab-win-1 (the k8s-lab preset's Windows node) and from elsewhere. */
  hns: InputFile[];
}

/** Values a careless or hostile input puts where the engine expects something else. */
const NASTY_STRINGS = [
  '', ' ', '10.0.0.0/24', '10.0.0.1/32', '192.168.10.10/24', '172.21.41.2/16', '1.2.3', '256.1.1.1', '::1', 'fe80::1/64', '2001:db8::1',
  ' 10.0.0.1', '10.0.0.1 ', ' 203.0.113.0/25', '0.0.0.0', '0.0.0.0/0', '255.255.255.255', '127.0.0.1', '01.02.03.04', '1.2.3.4/33', '1.2.3.4/-1', '1.2.3.4/',
  'None', 'default; curl -s http://127.0.0.1:9/x | sh; #', '<img src=x onerror=alert(1)>', 'A'.repeat(300), 'UPPER', '-x-', 'a.b', 'x'.repeat(64),
  '__proto__', 'constructor', 'toString', 'kube-system', 'linux', 'windows', 'TCP', 'UDP', 'SCTP', 'ICMP', 'Always', 'Never', 'CrossSubnet',
  'VXLAN', 'IPIP', 'Local', 'Cluster', 'IPv4', 'IPv6', 'FQDN', '10.96.0.10', '65536', '-1', '1.5', '1e400', 'nftables', 'iptables', 'kernelspace',
  '{"VNI":4096,"VtepMAC":"zz"}', '{"Network":"10.244.0.0/16","Backend":{"Type":"vxlan","VNI":-1}}', '{', 'aa:bb:cc:dd:ee:ff', 'zz-zz', 'http',
];
const NASTY_NUMBERS = [-1, 0, 1, 1.5, 19, 20, 26, 32, 33, 53, 80, 576, 4096, 4789, 9217, 65535, 65536, 70000, 2 ** 31, -(2 ** 31), 16777216, 1e308, Infinity, -Infinity, NaN];
const NASTY_OTHER: Json[] = [null, true, false, [], {}, [null], { a: 1 }, [[]]];

const nastyValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom(...NASTY_OTHER) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.integer({ min: -100000, max: 100000 }) },
  { weight: 1, arbitrary: fc.ipV4().map((ip) => ip as Json) },
);

/** Field names the schemas read, so random structure reaches past "unknown kind". */
const KEYS = [
  'kind', 'apiVersion', 'metadata', 'name', 'namespace', 'labels', 'annotations', 'spec', 'status', 'addresses', 'type', 'address', 'podCIDR',
  'nodeName', 'hostNetwork', 'podIP', 'podIPs', 'clusterIP', 'clusterIPs', 'ipFamilies', 'ipFamilyPolicy', 'ports', 'port', 'targetPort', 'nodePort', 'protocol',
  'externalIPs', 'loadBalancerSourceRanges', 'loadBalancer', 'ingress', 'ip', 'endpoints', 'conditions', 'ready', 'serving', 'terminating', 'cidr',
  'blockSize', 'vxlanMode', 'ipipMode', 'natOutgoing', 'disabled', 'subnets', 'gateway', 'mtu', 'hosts', 'mode', 'clusterCIDR', 'winkernel', 'sourceVip',
  'networkName', 'enableDSR', 'data', 'net-conf.json', 'Network', 'Backend', 'VNI', 'Port', 'calicoNetwork', 'ipPools', 'encapsulation', 'serviceCIDRs',
  'strictAffinity', 'vxlanVNI', 'vxlanPort', 'nodePortAddresses', 'items', 'addressType', 'targetRef', 'nodeInfo', 'operatingSystem', 'kernelVersion',
  'externalTrafficPolicy', 'internalTrafficPolicy', 'sessionAffinity', 'nodeMacs', 'linuxInterface', 'external', 'mac', 'bgp', 'linuxDataplane',
  'projectcalico.org/IPv4VXLANTunnelAddr', 'projectcalico.org/VXLANTunnelMACAddr', 'kubernetes.io/os', 'kubernetes.io/service-name',
  'flannel.alpha.coreos.com/backend-data', 'KUBERNETES_SERVICE_HOST', 'KUBERNETES_SERVICE_PORT', 'masqueradeBit', 'iptables', 'nftables',
];
const KINDS = ['Node', 'Pod', 'Service', 'EndpointSlice', 'NetworkPolicy', 'Installation', 'IPPool', 'IPAMConfiguration', 'FelixConfiguration', 'KubeProxyConfiguration', 'ConfigMap', 'Fabric', 'List', 'Deployment'];

const tree: fc.Arbitrary<Json> = fc.letrec<{ node: Json }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyValue,
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie('node'), { maxKeys: 4 }),
  ),
})).node;

const structuredObject: fc.Arbitrary<Json> = fc.record({
  kind: fc.constantFrom(...KINDS),
  metadata: fc.record({ name: fc.oneof(fc.constantFrom('x', 'node-9', 'demo', 'kube-flannel-cfg', 'kubernetes-services-endpoint'), nastyValue), namespace: fc.oneof(fc.constant('demo'), nastyValue) }, { requiredKeys: [] }),
  spec: tree,
  status: tree,
  data: tree,
}, { requiredKeys: ['kind'] }) as fc.Arbitrary<Json>;

/** YAML fragments glued at random: directives, anchors, flow collections, multi-document markers. */
const TEXT_PIECES = ['kind: Node\n', '---\n', '...\n', 'metadata:\n', '  name: x\n', 'spec:\n', '  - a\n', '&a ', '*a ', '*b', '%YAML 1.2\n', '%TAG ! tag:x:\n', '!!binary ', '{', '}', '[', ']', ': ', '- ', '"', "'", '#', '\t', '\n', '\uFEFF', '<<: *a\n', '? ', '|\n', '>-\n', '{"kind":"Node"', '[{"ID":"x","Type":"Overlay"}]', 'null', '1e99999'];

const randomText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 120 }),
  fc.array(fc.oneof(fc.constantFrom(...TEXT_PIECES), fc.string({ maxLength: 6 })), { maxLength: 40 }).map((a) => a.join('')),
);

/** One edit of a document tree. Path picks index the list of all paths in the tree (mod its length). */
type Mutation =
  | { op: 'set'; at: number; value: Json }
  | { op: 'copy'; from: number; at: number }
  | { op: 'delete'; at: number }
  | { op: 'pad'; at: number; left: boolean }
  | { op: 'dupDoc'; doc: number; at: number; value: Json }
  | { op: 'dropDoc'; doc: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant('set' as const), at: fc.nat(), value: nastyValue }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('copy' as const), from: fc.nat(), at: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('pad' as const), at: fc.nat(), left: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('dupDoc' as const), doc: fc.nat(), at: fc.nat(), value: nastyValue }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('dropDoc' as const), doc: fc.nat() }) },
);

type Path = (string | number)[];

function pathsOf(v: Json, prefix: Path = [], out: Path[] = []): Path[] {
  if (prefix.length > 0) out.push(prefix);
  if (Array.isArray(v)) v.forEach((x, i) => pathsOf(x, [...prefix, i], out));
  else if (v !== null && typeof v === 'object') for (const k of Object.keys(v)) pathsOf(v[k]!, [...prefix, k], out);
  return out;
}

function getAt(root: Json, path: Path): Json | undefined {
  let v: Json | undefined = root;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, Json>)[k];
  }
  return v;
}

function setAt(root: Json, path: Path, value: Json | undefined): void {
  const parent = getAt(root, path.slice(0, -1));
  const key = path[path.length - 1]!;
  if (parent === null || typeof parent !== 'object' || parent === undefined) return;
  if (value === undefined) {
    if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1);
    else delete (parent as Record<string, Json>)[key];
    return;
  }
  (parent as Record<string | number, Json>)[key] = value;
}

function clone(v: Json): Json {
  if (Array.isArray(v)) return v.map(clone);
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clone(x)]));
  return v;
}

/** Applies mutations to a list of documents (a deep copy; the corpus is never changed). */
export function mutateDocs(docs: readonly Json[], muts: readonly Mutation[]): Json[] {
  const out = docs.map(clone);
  for (const m of muts) {
    if (out.length === 0) return out;
    const root: Json = out;
    const paths = pathsOf(root);
    const pick = (n: number): Path => paths[n % paths.length]!;
    switch (m.op) {
      case 'set':
        setAt(root, pick(m.at), clone(m.value));
        break;
      case 'copy': {
        const v = getAt(root, pick(m.from));
        if (v !== undefined) setAt(root, pick(m.at), clone(v));
        break;
      }
      case 'delete':
        setAt(root, pick(m.at), undefined);
        break;
      case 'pad': {
        const p = pick(m.at);
        const v = getAt(root, p);
        if (typeof v === 'string') setAt(root, p, m.left ? ` ${v}` : `${v} `);
        break;
      }
      case 'dupDoc': {
        // A copy of a whole object with one field changed: duplicate node IPs, pod IPs, names.
        const copy = clone(out[m.doc % out.length]!);
        const inner = pathsOf(copy);
        if (inner.length > 0) setAt(copy, inner[m.at % inner.length]!, clone(m.value));
        out.push(copy);
        break;
      }
      case 'dropDoc':
        out.splice(m.doc % out.length, 1);
        break;
    }
  }
  return out;
}

/** Documents as a file: multi-document YAML, or a JSON `List` (the loader's fast path). */
function serialize(docs: readonly Json[], asJson: boolean): string {
  if (asJson) return JSON.stringify({ apiVersion: 'v1', kind: 'List', items: docs });
  return docs.map((d) => stringify(d, { aliasDuplicateObjects: false })).join('---\n');
}

function docsOf(text: string): Json[] {
  return parseAllDocuments(text).flatMap((d) => {
    if (d.errors.length) return [];
    const v = d.toJS() as Json;
    return v === null || v === undefined ? [] : [v];
  });
}

function jsonDocs(text: string): Json[] | undefined {
  try {
    const v = JSON.parse(text.replace(/^\uFEFF/, '')) as Json;
    return Array.isArray(v) ? v : [v];
  } catch {
    return undefined;
  }
}

/** Mostly valid numbers (so flows get traced), sometimes the bad ones the engine must refuse. */
function mostly<T>(valid: fc.Arbitrary<T>, bad: readonly T[]): fc.Arbitrary<T | undefined> {
  return fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 3, arbitrary: valid }, { weight: 1, arbitrary: fc.constantFrom(...bad) });
}

const flowPick: fc.Arbitrary<FlowPick> = fc.record({
  src: fc.nat(),
  dst: fc.nat(),
  proto: fc.option(fc.constantFrom<L4Proto>('tcp', 'udp', 'icmp'), { nil: undefined }),
  sport: mostly(fc.integer({ min: 1024, max: 65535 }), [-1, 0, 1.5, 65536, NaN]),
  dport: mostly(fc.oneof(fc.constantFrom(80, 53, 443, 8080, 30080, 4789, 179, 22, 10250), fc.integer({ min: 1, max: 65535 })), [-2, 0, 1.5, 65536, 70000]),
  size: mostly(fc.oneof(fc.integer({ min: 28, max: 9100 }), fc.constantFrom(1400, 1450, 1451, 1500, 1501, 9000, 65535)), [0, 27, 1.5, 65536, 70000]),
  df: fc.option(fc.boolean(), { nil: undefined }),
  packet: fc.constantFrom<'first' | 'next'>('first', 'next'),
  fromNode: fc.option(fc.nat(), { nil: undefined }),
});

// Several flows per input: loading costs more than a trace.
const flows = fc.array(flowPick, { minLength: 1, maxLength: 6 });

/**
 * The fuzz case arbitrary over a corpus. Weights favour inputs that load (so
 * compile and trace are reached) while keeping text and structure fuzzing.
 */
export function fuzzCase(corpus: FuzzCorpus): fc.Arbitrary<FuzzCase> {
  const presetDocs = PRESETS.map((p) => ({ name: p.name, docs: docsOf(p.yaml) }));
  const sampleDocs = corpus.samples.map((s) => ({ name: s.name, docs: jsonDocs(s.text) ?? docsOf(s.text), text: s.text }));
  const hnsDocs = corpus.hns.map((d) => ({ name: d.name, docs: jsonDocs(d.text), text: d.text }));
  // Mostly JSON (the loader's fast path): the YAML parser costs ~10x more per input, and YAML syntax is fuzzed by `text`.
  const asJson = fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });

  const text = fc.record({ t: randomText, flows }).map(({ t, flows: f }): FuzzCase => ({ source: 'text', files: [{ name: 'random.yaml', text: t }], flows: f }));
  const structure = fc
    .record({ base: fc.option(fc.nat({ max: PRESETS.length - 1 }), { nil: undefined }), objs: fc.array(structuredObject, { minLength: 1, maxLength: 4 }), json: asJson, flows })
    .map(({ base, objs, json, flows: f }): FuzzCase => {
      const docs = [...(base === undefined ? [] : presetDocs[base]!.docs), ...objs];
      return { source: 'structure', files: [{ name: 'structure.yaml', text: serialize(docs, json) }], flows: f };
    });
  const preset = fc
    .record({ base: fc.nat({ max: PRESETS.length - 1 }), muts: fc.array(mutation, { maxLength: 4 }), json: asJson, flows })
    .map(({ base, muts, json, flows: f }): FuzzCase => ({ source: 'preset', files: [{ name: `${presetDocs[base]!.name}.yaml`, text: serialize(mutateDocs(presetDocs[base]!.docs, muts), json) }], flows: f }));

  const arbs: fc.Arbitrary<FuzzCase>[] = [text, structure, preset];
  const weights = [2, 2, 5];
  if (sampleDocs.length > 0) {
    // A real sample next to a preset (samples alone have no nodes): mutated, or as published.
    arbs.push(
      fc
        .record({ base: fc.nat({ max: PRESETS.length - 1 }), sample: fc.nat({ max: sampleDocs.length - 1 }), muts: fc.array(mutation, { maxLength: 4 }), json: asJson, flows })
        .map(({ base, sample, muts, json, flows: f }): FuzzCase => {
          const s = sampleDocs[sample]!;
          const sampleText = muts.length === 0 || s.docs.length === 0 ? s.text : serialize(mutateDocs(s.docs, muts), json);
          return { source: 'sample', files: [{ name: `${PRESETS[base]!.name}.yaml`, text: PRESETS[base]!.yaml }, { name: s.name, text: sampleText }], flows: f };
        }),
    );
    weights.push(2);
  }
  if (hnsDocs.length > 0) {
    arbs.push(
      fc
        .record({ dumps: fc.uniqueArray(fc.nat({ max: hnsDocs.length - 1 }), { minLength: 1, maxLength: hnsDocs.length }), muts: fc.array(mutation, { maxLength: 4 }), named: fc.boolean(), flows })
        .map(({ dumps, muts, named, flows: f }): FuzzCase => {
          // Mutations apply to the JSON dumps together (a LB pointing at an endpoint another file lacks, …).
          const files = dumps.map((i) => hnsDocs[i]!);
          const json = files.filter((d) => d.docs !== undefined);
          const counts = json.map((d) => d.docs!.length);
          const mutated = mutateDocs(json.flatMap((d) => d.docs!), muts);
          let at = 0;
          const out: InputFile[] = files.map((d) => {
            if (!d.docs) return { name: d.name, text: d.text };
            const n = counts[json.indexOf(d)]!;
            const part = mutated.slice(at, at + n);
            at += n;
            return { name: d.name, text: JSON.stringify(part.length === 1 ? part[0] : part) };
          });
          const lab = PRESETS.find((p) => p.name === 'k8s-lab')!;
          return { source: 'hns', files: [{ name: 'k8s-lab.yaml', text: lab.yaml }, ...out], flows: f, ...(named ? { windowsNode: 'k8s-lab-win-1' } : {}) };
        }),
    );
    weights.push(2);
  }
  return fc.oneof(...arbs.map((arbitrary, i) => ({ weight: weights[i]!, arbitrary })));
}
