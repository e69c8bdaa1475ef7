/**
 * Keeps the whole topology in view: fits again when the stage changes size
 * (a drawer opens or closes, the window is resized) and when the topology
 * gains or loses elements (a node added by what-if). Must be used inside
 * <ReactFlow>.
 */
import { useReactFlow, useStore } from '@xyflow/react';
import { useEffect } from 'react';

export const FIT_OPTIONS = { padding: 0.02 } as const;

export function useRefit(elementCount: number): void {
  const { fitView } = useReactFlow();
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  useEffect(() => {
    if (width > 0 && height > 0) void fitView(FIT_OPTIONS);
  }, [fitView, width, height, elementCount]);
}
