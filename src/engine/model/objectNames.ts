/**
 * Object names as the API server validates them, so a name that no cluster
 * could hold (`default; curl … | sh; #`, `<img …>`) never loads and never
 * reaches a command, a link or an export.
 *
 * @see kubernetes apimachinery pkg/util/validation (IsDNS1123Label,
 *   IsDNS1123Subdomain, IsDNS1035Label) and pkg/api/validation
 *   (NameIsDNSSubdomain, NameIsDNSLabel, NameIsDNS1035Label); ValidateServiceName
 *   uses DNS-1035, ValidateNamespaceName DNS-1123 label, Pods, Nodes,
 *   EndpointSlices, ConfigMaps and NetworkPolicies DNS-1123 subdomain. Calico's
 *   resources (IPPool, FelixConfiguration, IPAMConfig) and the operator's
 *   Installation are CRDs, whose names the API server checks as subdomains.
 */

const LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const LABEL_1035 = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
/** Labels joined by dots: upstream's dns1123SubdomainFmt, in one pass. */
const SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const LABEL_MAX = 63;
const SUBDOMAIN_MAX = 253;

export type NameRule = 'dns1123-label' | 'dns1123-subdomain' | 'dns1035-label';

export function isDns1123Label(s: string): boolean {
  return s.length <= LABEL_MAX && LABEL.test(s);
}

export function isDns1035Label(s: string): boolean {
  return s.length <= LABEL_MAX && LABEL_1035.test(s);
}

export function isDns1123Subdomain(s: string): boolean {
  return s.length <= SUBDOMAIN_MAX && SUBDOMAIN.test(s);
}

/** The rule for `metadata.name` of a kind (KubeProxyConfiguration has no metadata). */
export function nameRuleOf(kind: string): NameRule | undefined {
  if (kind === 'KubeProxyConfiguration') return undefined;
  if (kind === 'Service') return 'dns1035-label';
  if (kind === 'Namespace') return 'dns1123-label';
  return 'dns1123-subdomain';
}

const CHECK: Record<NameRule, (s: string) => boolean> = {
  'dns1123-label': isDns1123Label,
  'dns1123-subdomain': isDns1123Subdomain,
  'dns1035-label': isDns1035Label,
};

const EXPLAIN: Record<NameRule, string> = {
  'dns1123-label': 'a DNS-1123 label (lower-case letters, digits and "-", starting and ending with a letter or digit, at most 63 characters)',
  'dns1123-subdomain': 'a DNS-1123 subdomain (lower-case letters, digits, "-" and ".", each part starting and ending with a letter or digit, at most 253 characters)',
  'dns1035-label': 'a DNS-1035 label (lower-case letters, digits and "-", starting with a letter and ending with a letter or digit, at most 63 characters)',
};

/** Why `name` breaks `rule`, or undefined when it is valid. */
export function nameProblem(rule: NameRule, name: string): string | undefined {
  if (CHECK[rule](name)) return undefined;
  return `${JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name)} is not ${EXPLAIN[rule]}; the API server would reject it`;
}
