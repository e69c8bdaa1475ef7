/**
 * `--backend` pins the backend kube-proxy would pick at random; it must name
 * one (`ip` or `ip:port`) of the service the flow is for, or of any service
 * when the destination is a node or address (a NodePort, an external IP).
 * A pin that names nothing is an error, never silently ignored.
 */
import type { Diagnostic } from '../model/diagnostic';
import type { Scenario, ServiceSpec } from '../model/scenario';

export function backendPinError(s: Scenario, backend: string, service: ServiceSpec | undefined): Diagnostic | undefined {
  const [ip, port] = backend.split(':');
  const slices = s.endpointSlices.filter((x) => !service || (x.namespace === service.namespace && x.serviceName === service.name));
  const known = slices.flatMap((x) => x.endpoints.flatMap((e) => e.addresses.flatMap((a) => (x.ports.length ? x.ports.map((p) => `${a}:${p.port}`) : [a]))));
  const hit = known.some((k) => (port ? k === `${ip}:${port}` : k === ip || k.startsWith(`${ip}:`)));
  if (hit) return undefined;
  const of = service ? `service ${service.namespace}/${service.name}` : 'any service';
  const list = [...new Set(known)].slice(0, 8).join(', ');
  return { severity: 'error', code: 'invalid-field', field: 'backend', message: `--backend ${backend} names no backend of ${of}${list ? ` (its backends: ${list})` : ' (it has none)'}` };
}
