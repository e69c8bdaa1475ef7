import { useTranslation } from 'react-i18next';
import { useRows } from '../state/rows';
import type { PlaceRow } from '../state/scenario/scenarioStore';

/** How many suggestions a field offers: the first places matching what was typed (asked from the worker). */
const SUGGESTED = 50;

function PlaceList({ id, list, text }: { id: string; list: 'sources' | 'destinations'; text: string }) {
  const { t } = useTranslation();
  const page = useRows(list, text, SUGGESTED);
  const label = (o: PlaceRow): string => {
    switch (o.kind) {
      case 'pod':
        return `${o.ip} · ${o.node}`;
      case 'node':
      case 'host':
        return o.ip;
      case 'service':
        return t('flow.option.service', { ports: o.ports });
      case 'clusterIP':
        return t('flow.option.clusterIP', { service: o.service });
      case 'nodePort':
        return t('flow.option.nodePort', { port: o.port, service: o.service });
    }
  };
  return (
    <datalist id={id}>
      {page?.rows.map((o, i) => (
        <option key={`${o.value}-${i}`} value={o.value} label={label(o)} />
      ))}
    </datalist>
  );
}

/**
 * Suggestions for the flow picker's source and destination: pods, nodes,
 * outside hosts; for the destination also services by name and by ClusterIP
 * and each NodePort on each node (with its port in the label). The first
 * `SUGGESTED` matching what the field holds.
 */
export function PlaceOptions({ srcId, dstId, src, dst }: { srcId: string; dstId: string; src: string; dst: string }) {
  return (
    <>
      <PlaceList id={srcId} list="sources" text={src} />
      <PlaceList id={dstId} list="destinations" text={dst} />
    </>
  );
}
