/**
 * The scenario drawn with @xyflow/react: nodes with their parts, the network,
 * the gateway and outside hosts; the acting element highlighted and the
 * packet moving to it. Pan and zoom; clicking a machine or part shows its
 * node's state, clicking a pod selects the Pod object.
 */
import { Background, ConnectionMode, Controls, ReactFlow, ViewportPortal, type NodeMouseHandler } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Topology } from '../../engine/index';
import { useActions, useCurrentItem, usePlayback, useSelectionStore } from '../../state/hooks';
import { useReducedMotion } from '../useReducedMotion';
import { useTheme } from '../theme/useTheme';
import { flowEdges, flowNodes, type ElementNode } from './flowElements';
import { layoutTopology } from './layout';
import { NODE_TYPES } from './nodeTypes';
import { PacketMarker } from './PacketMarker';
import { Trail } from './Trail';
import { packetLabel } from './packetLabel';
import { useMarks } from './useMarks';
import { xyflowAriaLabels } from './ariaLabels';
import { FIT_OPTIONS, useRefit } from './useRefit';

/** Refits the view inside <ReactFlow> (a hook needs its context). */
function Refit({ count }: { count: number }) {
  useRefit(count);
  return null;
}

export function TopologyView({ topology }: { topology: Topology }) {
  const { t } = useTranslation();
  const ariaLabels = useMemo(() => xyflowAriaLabels(t), [t]);
  const layout = useMemo(() => layoutTopology(topology), [topology]);
  const edges = useMemo(() => flowEdges(topology, layout, (from, to) => t('topology.aria.link', { from, to })), [topology, layout, t]);
  const { marks, points, trail } = useMarks(topology, layout);
  const nodes = useMemo(() => flowNodes(layout, marks), [layout, marks]);
  const item = useCurrentItem();
  const speed = usePlayback((s) => s.speed);
  const reduceMotion = useReducedMotion();
  const theme = useTheme();
  const { selectNode } = useActions();
  const selection = useSelectionStore();

  const onNodeClick: NodeMouseHandler<ElementNode> = (_, node) => {
    const e = node.data.element;
    const isNode = topology.elements.some((x) => x.role === 'node' && x.machine === e.machine);
    if (isNode) void selectNode(e.machine);
    const pod = e.role === 'pod' || e.role === 'compartment' ? e.label.split('/') : undefined;
    selection.setState(pod ? { element: e.id, owner: { kind: 'Pod', namespace: pod[0], name: pod[1]! } } : { element: e.id, owner: undefined }, true);
  };

  const label = item ? packetLabel(item.step.after) : undefined;
  const activeBox = layout.byId.get(marks.active ?? '')?.abs;
  const bounds = useMemo(() => ({ x: 0, y: 0, w: layout.width, h: layout.height }), [layout]);
  return (
    <div className="h-full w-full" data-testid="topology" aria-label={t('topology.label')} role="figure">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        connectionMode={ConnectionMode.Loose}
        onNodeClick={onNodeClick}
        nodesDraggable={false}
        nodesConnectable={false}
        fitView
        fitViewOptions={FIT_OPTIONS}
        // Low enough that five nodes fit the narrow stage beside an open drawer at 1366 (0.2 clamped the fit and cut them off).
        minZoom={0.05}
        maxZoom={3}
        colorMode={theme}
        proOptions={{ hideAttribution: true }}
        ariaLabelConfig={ariaLabels}
      >
        <Refit count={nodes.length} />
        <Background gap={24} />
        <Controls showInteractive={false} />
        <ViewportPortal>
          <Trail segments={trail} />
          {label && activeBox && <PacketMarker points={points} reduceMotion={reduceMotion} speed={speed} acting={activeBox} bounds={bounds} proto={label.proto} encap={label.encap} reply={item?.part === 'reply'} />}
        </ViewportPortal>
      </ReactFlow>
    </div>
  );
}
