import { Handle, Position } from '@xyflow/react';

const HIDDEN = { opacity: 0, width: 1, height: 1, minWidth: 0, minHeight: 0, border: 0 };

/** Invisible connection points on the four sides; edges pick one by id (`t`, `b`, `l`, `r`). */
export function Handles() {
  return (
    <>
      <Handle id="t" type="source" position={Position.Top} isConnectable={false} style={HIDDEN} />
      <Handle id="b" type="source" position={Position.Bottom} isConnectable={false} style={HIDDEN} />
      <Handle id="l" type="source" position={Position.Left} isConnectable={false} style={HIDDEN} />
      <Handle id="r" type="source" position={Position.Right} isConnectable={false} style={HIDDEN} />
    </>
  );
}

/** A connection point at `x` px from the left edge of a wide node (a network bus). */
export function PortHandle({ id, x, side }: { id: string; x: number; side: 'top' | 'bottom' }) {
  return <Handle id={id} type="target" position={side === 'top' ? Position.Top : Position.Bottom} isConnectable={false} style={{ ...HIDDEN, left: x }} />;
}
