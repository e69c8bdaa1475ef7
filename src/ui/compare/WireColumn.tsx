/** One scenario's wire packets (request, then reply) as header boxes, one row per link crossing; the current crossing marked. */
import { useTranslation } from 'react-i18next';
import type { Trace, WirePacket } from '../../engine/index';
import { headerSummary } from './headerSummary';

export function wirePackets(trace: Trace | undefined): WirePacket[] {
  return trace ? [...trace.wire, ...(trace.reply?.wire ?? [])] : [];
}

export function WireRow({ wire, current }: { wire?: WirePacket; current: boolean }) {
  const { t } = useTranslation();
  if (!wire)
    return (
      <div className={`rounded border-2 border-dashed p-2 text-slate-700 dark:text-slate-300 ${current ? 'border-orange-600' : 'border-slate-400'}`} data-current={current || undefined} data-testid="wire-row">
        {t('compare.noCrossing')}
      </div>
    );
  const vxlan = wire.packet.headers.findIndex((h) => h.kind === 'vxlan');
  return (
    <div className={`rounded border-2 p-2 ${current ? 'border-orange-600 bg-yellow-50 dark:bg-yellow-950' : 'border-slate-300 dark:border-slate-600'}`} data-current={current || undefined} data-testid="wire-row">
      <p className="font-mono text-base font-semibold">
        {wire.from} → {wire.to} <span className="font-normal">({wire.link})</span>
      </p>
      <ol className="mt-1 flex flex-col gap-0.5">
        {wire.packet.headers.map((h, i) => (
          <li key={i} className={`rounded px-2 font-mono text-base ${vxlan >= 0 && i <= vxlan ? 'bg-emerald-100 text-emerald-950 dark:bg-emerald-900 dark:text-emerald-50' : 'bg-slate-100 dark:bg-slate-800'}`}>
            {headerSummary(h)}
          </li>
        ))}
      </ol>
    </div>
  );
}
