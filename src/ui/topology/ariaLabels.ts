/**
 * @xyflow/react's built-in accessible names (controls, minimap, node and edge
 * descriptions, handles) through i18next, so a Russian page announces none of
 * its English defaults (xyflow's `ariaLabelConfig`).
 */
import type { AriaLabelConfig } from '@xyflow/react';
import type { TFunction } from 'i18next';

export function xyflowAriaLabels(t: TFunction): AriaLabelConfig {
  return {
    'node.a11yDescription.default': t('topology.aria.node'),
    'node.a11yDescription.keyboardDisabled': t('topology.aria.node'),
    'node.a11yDescription.ariaLiveMessage': ({ direction, x, y }) => t('topology.aria.moved', { direction, x, y }),
    'edge.a11yDescription.default': t('topology.aria.edge'),
    'controls.ariaLabel': t('topology.zoom'),
    'controls.zoomIn.ariaLabel': t('topology.aria.zoomIn'),
    'controls.zoomOut.ariaLabel': t('topology.aria.zoomOut'),
    'controls.fitView.ariaLabel': t('topology.aria.fitView'),
    'controls.interactive.ariaLabel': t('topology.aria.interactive'),
    'minimap.ariaLabel': t('topology.aria.minimap'),
    'handle.ariaLabel': t('topology.aria.handle'),
  };
}
