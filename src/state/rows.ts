/**
 * React bindings for the lists the worker pages (issue 18): the page shows
 * the first rows matching what the user typed, never the whole list.
 */
import { useDeferredValue, useEffect, useState } from 'react';
import { useActions, useScenario } from './hooks';
import type { FamilyFlows, RowList, RowOf, RowPage } from './scenario/scenarioStore';

/** How many rows a table or a suggestion list shows at once. */
export const ROWS_SHOWN = 50;

/** The first `limit` rows of `list` matching `text`, asked again when the scenario or the text changes; undefined until they arrive. */
export function useRows<L extends RowList>(list: L, text: string, limit = ROWS_SHOWN): RowPage<RowOf<L>> | undefined {
  const { findRows } = useActions();
  const summary = useScenario((s) => (s.status === 'ready' ? s.summary : null));
  const wanted = useDeferredValue(text);
  const [answer, setAnswer] = useState<{ for: unknown; text: string; page?: RowPage<RowOf<L>> }>();
  useEffect(() => {
    if (!summary) return;
    let live = true;
    void findRows({ list, text: wanted, limit }).then((page) => live && setAnswer({ for: summary, text: wanted, page }));
    return () => {
      live = false;
    };
  }, [summary, list, wanted, limit, findRows]);
  // The rows of the scenario shown; while a new search runs, the previous rows stay.
  return answer && answer.for === summary ? answer.page : undefined;
}

/** The flow families' flows from client pod `from` (else the first), for the scenario shown. */
export function useFamilyFlows(from: string): FamilyFlows | undefined {
  const { familyFlows } = useActions();
  const summary = useScenario((s) => (s.status === 'ready' ? s.summary : null));
  const [answer, setAnswer] = useState<{ for: unknown; from: string; flows?: FamilyFlows }>();
  useEffect(() => {
    if (!summary) return;
    let live = true;
    void familyFlows(from || undefined).then((flows) => live && setAnswer({ for: summary, from, flows }));
    return () => {
      live = false;
    };
  }, [summary, from, familyFlows]);
  return answer && answer.for === summary ? answer.flows : undefined;
}
