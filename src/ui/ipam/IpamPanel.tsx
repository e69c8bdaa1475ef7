/**
 * IPAM what-if: the blocks and the node each is affine to, a Windows block's
 * reserved addresses (.0, .1, .2 and the last; 60 usable at /26), and
 * borrowed addresses. With strictAffinity off, a Linux pod may hold an address
 * of the Windows node's block: trace to it from a Windows pod and the trace
 * ends on the Windows node, where VFP takes the address for a local one.
 */
import { useTranslation } from 'react-i18next';
import { useActions, useInsight, useInsightActions, useLiveInsight, useScenario, useWhatIfActions } from '../../state/hooks';
import { EDITABLE_TEXT_LIMIT } from '../../edit/editableModel';
import { secondaryButton } from '../edit/controls';
import { RowSearch } from '../RowSearch';
import { Section } from '../Section';
import { ROWS_SHOWN } from '../../state/rows';
import { useInsightWhileShown } from '../workspace/drawerShown';

export function IpamPanel() {
  const { t } = useTranslation();
  const ipam = useInsight((s) => s.ipam);
  useInsightWhileShown();
  const scenario = useScenario((s) => s.summary);
  const ready = useScenario((s) => s.status === 'ready');
  const { runTrace } = useActions();
  const whatIf = useWhatIfActions();
  const textLength = useScenario((s) => s.textLength);

  const query = useLiveInsight((s) => s.ipamQuery);
  const { searchIpam } = useInsightActions();
  const windowsPod = scenario?.windowsPod;
  const borrowedIps = new Set(ipam?.borrowed.map((b) => b.ip));
  // The borrowing example is an edit: offered when the forms are (a scenario small enough to edit by hand).
  const candidate = textLength !== undefined && textLength <= EDITABLE_TEXT_LIMIT ? ipam?.borrowCandidate : undefined;

  const showBorrowing = async () => {
    if (!candidate) return;
    if (ipam?.strictAffinity && !(await whatIf.edit({ op: 'setStrictAffinity', value: false }))) return;
    await whatIf.edit({ op: 'movePod', namespace: candidate.pod.namespace, name: candidate.pod.name, node: candidate.node, ip: candidate.ip });
  };

  return (
    <Section id="ipam-heading" title={t('whatIf.ipam.heading')}>
      {!ipam || ipam.blockCount === 0 ? (
        <p>{t('whatIf.ipam.none')}</p>
      ) : (
        <div className="flex flex-col gap-3" data-testid="ipam">
          <p data-testid="ipam-strict">{ipam.strictAffinity ? t('whatIf.ipam.strictOn') : t('whatIf.ipam.strictOff')}</p>
          {ipam.blockCount > ROWS_SHOWN && <RowSearch value={query} onChange={(text) => void searchIpam(text)} shown={ipam.blocks.length} total={ipam.matching} testId="ipam-search" />}
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-left">
              <thead>
                <tr className="border-b border-slate-400">
                  <th scope="col" className="p-1">{t('whatIf.ipam.block')}</th>
                  <th scope="col" className="p-1">{t('whatIf.ipam.node')}</th>
                  <th scope="col" className="p-1">{t('whatIf.ipam.pool')}</th>
                  <th scope="col" className="p-1">{t('whatIf.ipam.reserved')}</th>
                  <th scope="col" className="p-1">{t('whatIf.ipam.pods')}</th>
                </tr>
              </thead>
              <tbody>
                {ipam.blocks.map((b) => {
                  const prefix = Number(b.cidr.split('/')[1]);
                  return (
                    <tr key={b.cidr} className="border-b border-slate-200 align-top dark:border-slate-700" data-testid="ipam-block">
                      <td className="p-1 font-mono">{b.cidr}</td>
                      <td className="p-1">
                        <span className="font-mono">{b.node}</span> ({t(`os.${b.windows ? 'windows' : 'linux'}`)})
                      </td>
                      <td className="p-1 font-mono">{b.pool}</td>
                      <td className="p-1">
                        {b.windows ? (
                          <>
                            <span className="font-mono">{b.reserved.join(', ')}</span>
                            <br />
                            <span data-testid="ipam-usable">{t('whatIf.ipam.usable', { count: b.usable, prefix })}</span>
                          </>
                        ) : (
                          '—'
                        )}
                      </td>
                      <td className="p-1">
                        <ul className="flex flex-wrap gap-1">
                          {b.pods.map((p) => {
                            const borrowed = borrowedIps.has(p.ip) || p.node !== b.node;
                            return (
                              <li
                                key={p.ip}
                                className={`rounded px-1 font-mono ${borrowed ? 'bg-amber-200 font-semibold text-amber-950 ring-2 ring-amber-700' : 'bg-slate-100 dark:bg-slate-800'}`}
                                data-testid={borrowed ? 'ipam-borrowed' : undefined}
                              >
                                {p.ip} {p.pod}
                                {borrowed ? ` — ${t('whatIf.ipam.borrowed', { node: p.node })}` : ''}
                              </li>
                            );
                          })}
                        </ul>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <h3 className="text-xl font-semibold">{t('whatIf.ipam.borrowedHeading')}</h3>
          {ipam.borrowed.length === 0 ? (
            <div className="flex flex-wrap items-center gap-3">
              <p>{t('whatIf.ipam.noBorrowed')}</p>
              {candidate && (
                <button type="button" className={secondaryButton} disabled={!ready} onClick={() => void showBorrowing()} data-testid="ipam-make-borrow">
                  {t('whatIf.ipam.makeBorrow', { pod: `${candidate.pod.namespace}/${candidate.pod.name}`, node: candidate.node, ip: candidate.ip })}
                </button>
              )}
            </div>
          ) : (
            <ul className="flex flex-col gap-2">
              {ipam.borrowed.map((b) => (
                <li key={b.ip} className="flex flex-wrap items-center gap-3">
                  <span className="rounded bg-amber-200 px-1 font-mono font-semibold text-amber-950">
                    {b.ip} {b.pod}
                  </span>
                  <span>{t('whatIf.ipam.borrowed', { node: b.node })}</span>
                  {windowsPod && (
                    <button
                      type="button"
                      className={secondaryButton}
                      disabled={!ready}
                      data-testid="ipam-trace-borrowed"
                      onClick={() => void runTrace({ src: `pod:${windowsPod}`, dst: `pod:${b.pod}`, proto: 'tcp', dport: 8080 })}
                    >
                      {t('whatIf.ipam.traceBorrowed', { src: windowsPod, dst: b.pod })}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Section>
  );
}
