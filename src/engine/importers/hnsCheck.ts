/**
 * Checks across the HNS dumps of one node, after all of them are read: each
 * load balancer's backend references must name an endpoint in the dumps.
 * HNS itself refuses a load balancer over an endpoint it does not have, so a
 * missing one means the dumps are incomplete (taken apart, or one object
 * picked with `-id`); windows/imported.ts then leaves that backend out, and
 * a load balancer without any backend is not built.
 */
import type { Diagnostic } from '../model/diagnostic';
import { endpointIdOf } from '../windows/imported';
import type { HnsImport } from './hnsDump';

export function checkHnsReferences(hns: HnsImport, file: string): Diagnostic[] {
  const diags: Diagnostic[] = [];
  const ids = new Set(hns.endpoints.map((e) => e.ID.toUpperCase()));
  for (const pl of hns.policyLists) {
    if (pl.Policies.length === 0) continue;
    const object = { kind: 'HnsPolicyList', name: pl.ID };
    const missing = pl.References.filter((r) => !ids.has(endpointIdOf(r).toUpperCase()));
    if (missing.length === 0) continue;
    const all = missing.length === pl.References.length;
    diags.push({
      severity: 'warning',
      code: 'missing-reference',
      file,
      object,
      field: 'References',
      message: `${all ? 'none of the backend endpoints' : `${missing.length} of the ${pl.References.length} backend endpoints`} of this load balancer (${missing.map(endpointIdOf).join(', ')}) ${all ? 'is' : missing.length === 1 ? 'is not' : 'are not'} in the Get-HnsEndpoint dump; ${all ? 'the load balancer is not built (kube-proxy builds none without endpoints)' : 'those backends are left out'}. Dump all endpoints with \`Get-HnsEndpoint | ConvertTo-Json -Depth 10\``,
    });
  }
  return diags;
}
