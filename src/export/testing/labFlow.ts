/** The lab flow the exports are measured and tested on: pod demo/web → ClusterIP demo/hello on k8s-lab (20 summary steps with the reply). */
import { buildTopology, compileScenario, loadPreset, locateTrace, traceFlow } from '../../engine/index';
import type { DiagramInput } from '../svg/diagramState';

export function labFlow(detail: DiagramInput['detail'] = 'summary'): DiagramInput {
  const loaded = loadPreset('k8s-lab');
  const cluster = compileScenario(loaded.scenario!);
  const topology = buildTopology(cluster);
  const { trace } = traceFlow(cluster, { src: 'pod:demo/web', dst: 'svc:demo/hello' });
  if (!trace) throw new Error('the lab flow did not trace');
  return { topology, trace, locations: locateTrace(topology, trace), detail };
}
