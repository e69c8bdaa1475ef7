/**
 * zod schemas of Calico's own kinds, only the fields the engine reads and
 * lenient about the rest (as scenario/schemas.ts for the Kubernetes kinds);
 * defaults are upstream's where a field is optional.
 * @see tigera/operator api/v1 installation_types.go; projectcalico/calico
 *   api/pkg/apis/projectcalico/v3 ippool.go, ipamconfig.go, felixconfig.go
 */
import { z } from 'zod';
import type { IPPoolSpec } from '../../../../model/calico';
import { cidr, metadata, port } from '../../../../scenario/fields';

const poolEncap = z.enum(['VXLAN', 'VXLANCrossSubnet', 'IPIP', 'IPIPCrossSubnet', 'None']);

export const installationSchema = z.object({
  metadata,
  spec: z.object({
    calicoNetwork: z
      .object({
        bgp: z.enum(['Enabled', 'Disabled']).optional(),
        linuxDataplane: z.enum(['Iptables', 'Nftables', 'BPF', 'VPP']).optional(),
        windowsDataplane: z.enum(['HNS', 'Disabled']).optional(),
        ipPools: z
          .array(
            z.object({
              name: z.string().optional(),
              cidr,
              encapsulation: poolEncap.optional().default('IPIP'),
              natOutgoing: z.enum(['Enabled', 'Disabled']).optional().default('Enabled'),
              blockSize: z.number().int().min(20).max(32).optional(),
              disableBGPExport: z.boolean().optional(),
            }),
          )
          .optional(),
      })
      .optional()
      .default({}),
    serviceCIDRs: z.array(cidr).optional(),
  }),
});

const encapMode = z.enum(['Always', 'CrossSubnet', 'Never']);

export const ipPoolSchema = z.object({
  metadata,
  spec: z.object({
    cidr,
    blockSize: z.number().int().min(20).max(32).optional().default(26),
    vxlanMode: encapMode.optional().default('Never'),
    ipipMode: encapMode.optional().default('Never'),
    natOutgoing: z.boolean().optional().default(false),
    disabled: z.boolean().optional().default(false),
  }),
});

export const ipamConfigSchema = z.object({
  metadata,
  spec: z.object({ strictAffinity: z.boolean().optional().default(false), maxBlocksPerHost: z.number().int().optional() }).optional().default({ strictAffinity: false }),
});

export const felixConfigSchema = z.object({
  metadata,
  spec: z.object({ vxlanVNI: z.number().int().min(1).max(16777215).optional(), vxlanPort: port.optional() }).optional().default({}),
});

/** An IPPool object as the model keeps it. */
export function normalizeIPPool(p: z.infer<typeof ipPoolSchema>): IPPoolSpec {
  return {
    ref: { kind: 'IPPool', name: p.metadata.name },
    name: p.metadata.name,
    cidr: p.spec.cidr,
    blockSize: p.spec.blockSize,
    vxlanMode: p.spec.vxlanMode,
    ipipMode: p.spec.ipipMode,
    natOutgoing: p.spec.natOutgoing,
    disabled: p.spec.disabled,
  };
}

