import { useTranslation } from 'react-i18next';
import { useScenario } from '../state/hooks';
import type { Places } from '../state/scenario/scenarioStore';

interface Option {
  value: string;
  label: string;
}

/**
 * Suggestions for the flow picker's source and destination: pods, nodes,
 * outside hosts; for the destination also services by name and by ClusterIP
 * and each NodePort on each node (with its port in the label).
 */
export function PlaceOptions({ srcId, dstId }: { srcId: string; dstId: string }) {
  const { t } = useTranslation();
  const places = useScenario((s) => s.places);
  if (!places) return null;
  const sources = placeOptions(places);
  const services = places.services.flatMap((s): Option[] => [
    { value: `svc:${s.ref}`, label: t('flow.option.service', { ports: s.ports.map((p) => `${p.port}/${p.protocol}`).join(', ') }) },
    ...(s.clusterIP ? [{ value: s.clusterIP, label: t('flow.option.clusterIP', { service: s.ref }) }] : []),
  ]);
  const nodePorts = places.services.flatMap((s) =>
    s.ports.filter((p) => p.nodePort).flatMap((p) => places.nodes.map((n): Option => ({ value: `node:${n.name}`, label: t('flow.option.nodePort', { port: p.nodePort, service: s.ref }) }))),
  );
  return (
    <>
      <datalist id={srcId}>
        {sources.map((o) => (
          <option key={o.value} value={o.value} label={o.label} />
        ))}
      </datalist>
      <datalist id={dstId}>
        {[...sources, ...services, ...nodePorts].map((o, i) => (
          <option key={`${o.value}-${i}`} value={o.value} label={o.label} />
        ))}
      </datalist>
    </>
  );
}

function placeOptions(places: Places): Option[] {
  return [
    ...places.pods.map((p) => ({ value: `pod:${p.ref}`, label: `${p.ip} · ${p.node}` })),
    ...places.nodes.map((n) => ({ value: `node:${n.name}`, label: n.ip })),
    ...places.hosts.map((h) => ({ value: `host:${h.name}`, label: h.ip })),
  ];
}
