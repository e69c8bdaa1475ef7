import { useTranslation } from 'react-i18next';
import type { NodeSpec } from '../engine/index';
import { useScenario } from '../state/hooks';
import { Section } from './Section';

const NO_NODES: NodeSpec[] = [];

/** The scenario's nodes: name, OS, InternalIP. */
export function NodeTable() {
  const { t } = useTranslation();
  const nodes = useScenario((s) => s.scenario?.nodes ?? NO_NODES);
  return (
    <Section id="nodes-heading" title={t('nodes.heading')}>
      <table className="w-full text-left" data-testid="nodes">
        <thead>
          <tr className="border-b border-slate-300">
            <th className="py-1 pr-4">{t('nodes.name')}</th>
            <th className="py-1 pr-4">{t('nodes.os')}</th>
            <th className="py-1 pr-4">{t('nodes.ip')}</th>
            <th className="py-1">{t('nodes.image')}</th>
          </tr>
        </thead>
        <tbody>
          {nodes.map((node) => (
            <tr key={node.name} className="border-b border-slate-100">
              <td className="py-1 pr-4 font-mono whitespace-nowrap">{node.name}</td>
              <td className="py-1 pr-4">{t(`os.${node.os}`)}</td>
              <td className="py-1 pr-4 font-mono whitespace-nowrap">{node.internalIP}</td>
              <td className="py-1 text-slate-700 dark:text-slate-300">{node.osImage ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}
