/**
 * One scenario's packet on the wire at the crossing the player is at, as
 * stacked header boxes (outermost on top): headers the other scenario does
 * not have (an overlay's outer Ethernet/IP/UDP/VXLAN) in green with "only
 * here", fields that differ from the other's (rewritten MACs) in yellow;
 * above them the steps on the sending machine that framed the packet.
 */
import { useTranslation } from 'react-i18next';
import type { Packet, Step, WirePacket } from '../../engine/index';
import { diffHeaders, type WireHeader } from '../../traceViews/wireDiff';

function HeaderBox({ header }: { header: WireHeader }) {
  const { t } = useTranslation();
  return (
    <li className={`rounded-md border-2 px-3 py-1 ${header.only ? 'border-emerald-700 bg-emerald-100 text-emerald-950 dark:bg-emerald-900 dark:text-emerald-50' : 'border-slate-400 bg-white dark:bg-slate-900'}`} data-testid={`wire-header-${header.kind}`} data-only={header.only || undefined}>
      <div className="flex items-baseline gap-3 font-mono text-lg">
        <span className="font-bold uppercase">{header.kind}</span>
        {header.fields.map((f) => (
          <span key={f.name} className={f.differs ? 'rounded bg-yellow-200 px-1 font-bold text-slate-950' : ''} data-differs={f.differs || undefined}>
            <span className="text-base opacity-80">{f.name}</span> {f.value}
          </span>
        ))}
        {header.only && <span className="ml-auto font-sans text-base font-semibold">{t('compare.onlyHere')}</span>}
      </div>
    </li>
  );
}

/** The one-line gist: encapsulated (VNI, outer addresses) or sent as is with the MACs rewritten. */
function gist(t: ReturnType<typeof useTranslation>['t'], packet: Packet): string {
  const vxlan = packet.headers.find((h) => h.kind === 'vxlan');
  const outerIp = packet.headers.find((h) => h.kind === 'ipv4');
  const eth = packet.headers.find((h) => h.kind === 'eth');
  if (vxlan?.kind === 'vxlan' && outerIp?.kind === 'ipv4') return t('compare.encapsulated', { vni: vxlan.vni, src: outerIp.src, dst: outerIp.dst });
  return t('compare.macRewrite', { src: eth?.kind === 'eth' ? eth.src : '—', dst: eth?.kind === 'eth' ? eth.dst : '—' });
}

export function WireStack({ wire, other, framing, upcoming }: { wire?: WirePacket; other?: WirePacket; framing: Step[]; upcoming: boolean }) {
  const { t } = useTranslation();
  if (!wire) return <p className="rounded border-2 border-dashed border-slate-400 p-2 text-lg" data-testid="wire-stack">{t('compare.noCrossing')}</p>;
  const vxlan = wire.packet.headers.some((h) => h.kind === 'vxlan');
  return (
    <div className="flex flex-col gap-2" data-testid="wire-stack" data-encap={vxlan ? 'vxlan' : 'none'}>
      <p className="font-mono text-lg">
        <span className="mr-2 rounded bg-slate-700 px-2 py-0.5 font-sans text-base text-white">{t(upcoming ? 'compare.upcoming' : 'compare.crossed')}</span>
        {wire.from} → {wire.to} ({wire.link})
      </p>
      <p className={`rounded px-3 py-1 text-xl font-semibold ${vxlan ? 'bg-emerald-100 text-emerald-950 dark:bg-emerald-900 dark:text-emerald-50' : 'bg-yellow-100 text-slate-950 dark:bg-yellow-900 dark:text-yellow-50'}`} data-testid="wire-gist">
        {gist(t, wire.packet)}
      </p>
      {framing.length > 0 && (
        <p className="text-base">
          {t('compare.framedBy', { node: wire.from })}{' '}
          {framing.map((s, i) => (
            <code key={i} className="mr-2 rounded bg-slate-200 px-1 dark:bg-slate-700">
              {s.at.layer ?? s.at.component}: {s.action}
            </code>
          ))}
        </p>
      )}
      <ol className="flex flex-col gap-1" aria-label={t('compare.headers', { node: wire.from })}>
        {diffHeaders(wire.packet, other?.packet).map((h, i) => (
          <HeaderBox key={i} header={h} />
        ))}
      </ol>
    </div>
  );
}
