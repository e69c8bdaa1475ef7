/**
 * zod schemas of the policy kinds: networking.k8s.io/v1 NetworkPolicy,
 * projectcalico.org/v3 NetworkPolicy and GlobalNetworkPolicy, and the
 * Namespace (its labels feed namespaceSelector). Only the fields the engine
 * reads; unknown fields pass (kubectl output validates as is). Fields Calico
 * accepts but the model does not enforce are read so they can be named in a
 * diagnostic.
 * @see kubernetes pkg/apis/networking/types.go; api pkg/apis/projectcalico/v3/policy_common.go
 */
import { z } from 'zod';
import { cidr, labels, metadata } from '../scenario/fields';

const labelSelector = z.object({
  matchLabels: z.record(z.string(), z.string()).nullish().transform((v) => v ?? undefined),
  matchExpressions: z
    .array(z.object({ key: z.string().min(1), operator: z.enum(['In', 'NotIn', 'Exists', 'DoesNotExist']), values: z.array(z.string()).nullish().transform((v) => v ?? undefined) }))
    .nullish()
    .transform((v) => v ?? undefined),
});

const k8sPort = z.object({
  protocol: z.enum(['TCP', 'UDP', 'SCTP']).optional(),
  port: z.union([z.number().int().min(1).max(65535), z.string().min(1).max(15)]).optional(),
  endPort: z.number().int().min(1).max(65535).optional(),
});

const k8sPeer = z.object({
  podSelector: labelSelector.nullish().transform((v) => v ?? undefined),
  namespaceSelector: labelSelector.nullish().transform((v) => v ?? undefined),
  ipBlock: z.object({ cidr, except: z.array(cidr).nullish().transform((v) => v ?? []) }).nullish().transform((v) => v ?? undefined),
});

const list = <T extends z.ZodType>(t: T) => z.array(t).nullish().transform((v) => v ?? undefined);

export const k8sNetworkPolicySchema = z.object({
  metadata,
  spec: z.object({
    podSelector: labelSelector.nullish().transform((v) => v ?? {}),
    policyTypes: list(z.enum(['Ingress', 'Egress'])),
    ingress: list(z.object({ from: list(k8sPeer), ports: list(k8sPort) })),
    egress: list(z.object({ to: list(k8sPeer), ports: list(k8sPort) })),
  }),
});

const calicoPort = z.union([z.number().int().min(0).max(65535), z.string().min(1)]);

const calicoEntity = z.object({
  nets: list(cidr),
  notNets: list(cidr),
  selector: z.string().optional(),
  notSelector: z.string().optional(),
  namespaceSelector: z.string().optional(),
  ports: list(calicoPort),
  notPorts: list(calicoPort),
  serviceAccounts: z.unknown().optional(),
  services: z.unknown().optional(),
});

const calicoRule = z.object({
  action: z.enum(['Allow', 'Deny', 'Log', 'Pass']),
  protocol: z.union([z.string(), z.number().int()]).optional(),
  notProtocol: z.unknown().optional(),
  icmp: z.unknown().optional(),
  notICMP: z.unknown().optional(),
  ipVersion: z.number().int().optional(),
  source: calicoEntity.optional(),
  destination: calicoEntity.optional(),
  http: z.unknown().optional(),
});

const calicoSpec = z.object({
  order: z.number().optional(),
  tier: z.string().optional(),
  selector: z.string().optional(),
  namespaceSelector: z.string().optional(),
  serviceAccountSelector: z.string().optional(),
  types: list(z.enum(['Ingress', 'Egress'])),
  ingress: list(calicoRule),
  egress: list(calicoRule),
  doNotTrack: z.boolean().optional(),
  preDNAT: z.boolean().optional(),
  applyOnForward: z.boolean().optional(),
});

export const calicoPolicySchema = z.object({ metadata, spec: calicoSpec.nullish().transform((v) => v ?? calicoSpec.parse({})) });

export type K8sNetworkPolicyInput = z.infer<typeof k8sNetworkPolicySchema>;
export type CalicoPolicyInput = z.infer<typeof calicoPolicySchema>;
export type CalicoRuleInput = z.infer<typeof calicoRule>;
export type CalicoEntityInput = z.infer<typeof calicoEntity>;

export const namespaceSchema = z.object({ metadata: metadata.extend({ labels }) });

export { isCalicoApi } from '../model/policyApi';
