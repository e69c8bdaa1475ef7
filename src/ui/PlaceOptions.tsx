import { useScenario } from '../state/hooks';
import type { Places } from '../state/scenarioStore';

/** Suggestions for the trace form's source and destination inputs, from the compiled cluster's places. */
export function PlaceOptions({ srcId, dstId }: { srcId: string; dstId: string }) {
  const places = useScenario((s) => s.places);
  if (!places) return null;
  const sources = placeSpecs(places);
  const destinations = [...sources, ...places.services.map((s) => `svc:${s.ref}`)];
  return (
    <>
      <datalist id={srcId}>
        {sources.map((spec) => (
          <option key={spec} value={spec} />
        ))}
      </datalist>
      <datalist id={dstId}>
        {destinations.map((spec) => (
          <option key={spec} value={spec} />
        ))}
      </datalist>
    </>
  );
}

function placeSpecs(places: Places): string[] {
  return [
    ...places.pods.map((p) => `pod:${p.ref}`),
    ...places.nodes.map((n) => `node:${n.name}`),
    ...places.hosts.map((h) => `host:${h.name}`),
  ];
}
