/**
 * React bindings for the lists the worker pages (issue 18): the page shows
 * the first rows matching what the user typed, never the whole list.
 */
import { useCallback, useDeferredValue, useEffect, useState } from 'react';
import { useActions, useScenario, useWhatIfActions } from './hooks';
import type { FamilyFlows, RowList, RowOf, RowPage } from './scenario/scenarioStore';
import type { EditList, EditRowOf } from '../worker/api';

/** How many rows a table or a suggestion list shows at once. */
export const ROWS_SHOWN = 50;

/**
 * `ask`'s answer for the scenario shown, asked again when the scenario or
 * `ask` (a `useCallback` of what is asked) changes; undefined until it
 * arrives. While a new ask runs, the previous answer for the scenario stays.
 */
function useScenarioAnswer<T>(ask: (() => Promise<T | undefined>) | undefined): T | undefined {
  const summary = useScenario((s) => (s.status === 'ready' ? s.summary : null));
  const [answer, setAnswer] = useState<{ for: unknown; value?: T }>();
  useEffect(() => {
    if (!summary || !ask) return;
    let live = true;
    void ask().then((value) => live && setAnswer({ for: summary, value }));
    return () => {
      live = false;
    };
  }, [summary, ask]);
  return answer && answer.for === summary && ask ? answer.value : undefined;
}

/** The first `limit` rows of `list` matching `text`, asked again when the scenario or the text changes; undefined until they arrive. */
export function useRows<L extends RowList>(list: L, text: string, limit = ROWS_SHOWN): RowPage<RowOf<L>> | undefined {
  const { findRows } = useActions();
  const wanted = useDeferredValue(text);
  return useScenarioAnswer(useCallback(() => findRows({ list, text: wanted, limit }), [findRows, list, wanted, limit]));
}

/** The flow families' flows from client pod `from` (else the first), for the scenario shown. */
export function useFamilyFlows(from: string): FamilyFlows | undefined {
  const { familyFlows } = useActions();
  return useScenarioAnswer(useCallback(() => familyFlows(from || undefined), [familyFlows, from]));
}

/**
 * A page of the what-if forms' `list` matching `text` (`service`: whose
 * candidate endpoints); nothing is asked when `off`.
 */
export function useEditRows<L extends EditList>(list: L, text: string, { service, off = false }: { service?: { namespace: string; name: string }; off?: boolean } = {}): RowPage<EditRowOf<L>> | undefined {
  const { editRows } = useWhatIfActions();
  const wanted = useDeferredValue(text);
  const namespace = service?.namespace;
  const name = service?.name;
  const ask = useCallback(
    () => editRows({ list, text: wanted, limit: ROWS_SHOWN, ...(namespace !== undefined && name !== undefined ? { service: { namespace, name } } : {}) }),
    [editRows, list, wanted, namespace, name],
  );
  return useScenarioAnswer(off ? undefined : ask);
}

/** A free address on each of `nodes` (its own IPAM block), from the worker; undefined until it arrives. */
export function useFreeAddresses(nodes: readonly string[]): Record<string, string> | undefined {
  const { freeAddresses } = useWhatIfActions();
  const key = nodes.join('\n');
  return useScenarioAnswer(useCallback(() => freeAddresses(key ? key.split('\n') : []), [freeAddresses, key]));
}
