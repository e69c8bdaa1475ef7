/**
 * Policies in Felix's order: spec.order ascending (unset last), then by id.
 * In engine/model so that the what-if model lists them as the engine
 * evaluates them. @see felix/calc policy sorter (assumption: ties by id)
 */
export function sortPolicies<P extends { order?: number; id: string }>(ps: readonly P[]): P[] {
  const o = (p: P) => p.order ?? Number.POSITIVE_INFINITY;
  return [...ps].sort((a, b) => (o(a) === o(b) ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : o(a) - o(b)));
}
