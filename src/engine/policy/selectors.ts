/**
 * Calico selector expressions (projectcalico.org/v3 `selector`,
 * `namespaceSelector`, rule `source/destination.selector`) and the
 * Kubernetes LabelSelector, turned into one expression tree.
 *
 * Grammar read here (docs.tigera.io "Selectors" in the NetworkPolicy
 * reference): `all()`, `global()`, `has(k)`, `k == 'v'`, `k != 'v'`,
 * `k in {'a','b'}`, `k not in {…}`, `k contains 'x'`, `k starts with 'x'`,
 * `k ends with 'x'`, `!`, `&&`, `||`, parentheses; strings in single or
 * double quotes. A Kubernetes LabelSelector becomes the expression
 * libcalico-go's k8sSelectorToCalico writes (conversion.go).
 *
 * Never throws: a text that does not parse gives `{ error }`.
 */

export type Selector =
  | { op: 'all' }
  | { op: 'none' }
  | { op: 'has'; key: string }
  | { op: 'eq' | 'ne' | 'contains' | 'starts' | 'ends'; key: string; value: string }
  | { op: 'in' | 'notin'; key: string; values: string[] }
  | { op: 'not'; arg: Selector }
  | { op: 'and' | 'or'; args: Selector[] };

export type Labels = Readonly<Record<string, string>>;

/** Whether `labels` satisfy the selector. */
export function selects(s: Selector, labels: Labels): boolean {
  const v = (k: string): string | undefined => (Object.hasOwn(labels, k) ? labels[k] : undefined);
  switch (s.op) {
    case 'all':
      return true;
    case 'none':
      return false;
    case 'has':
      return v(s.key) !== undefined;
    case 'eq':
      return v(s.key) === s.value;
    case 'ne':
      return v(s.key) !== s.value;
    case 'contains':
      return v(s.key)?.includes(s.value) ?? false;
    case 'starts':
      return v(s.key)?.startsWith(s.value) ?? false;
    case 'ends':
      return v(s.key)?.endsWith(s.value) ?? false;
    case 'in':
    case 'notin': {
      const x = v(s.key);
      const inSet = x !== undefined && s.values.includes(x);
      return s.op === 'in' ? inSet : !inSet;
    }
    case 'not':
      return !selects(s.arg, labels);
    case 'and':
      return s.args.every((a) => selects(a, labels));
    case 'or':
      return s.args.some((a) => selects(a, labels));
  }
}

type Tok = { t: 'id' | 'str' | 'sym'; v: string };

const SYMBOLS = ['&&', '||', '==', '!=', '!', '(', ')', '{', '}', ','];

function tokenize(text: string): Tok[] | string {
  const out: Tok[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      if (end < 0) return `unterminated string at ${i}`;
      out.push({ t: 'str', v: text.slice(i + 1, end) });
      i = end + 1;
      continue;
    }
    const sym = SYMBOLS.find((s) => text.startsWith(s, i));
    if (sym) {
      out.push({ t: 'sym', v: sym });
      i += sym.length;
      continue;
    }
    const m = /^[A-Za-z0-9_./-]+/.exec(text.slice(i));
    if (!m) return `unexpected "${c}" at ${i}`;
    out.push({ t: 'id', v: m[0] });
    i += m[0].length;
  }
  return out;
}

class Parser {
  private i = 0;
  constructor(private readonly toks: Tok[]) {}
  private peek(k = 0): Tok | undefined {
    return this.toks[this.i + k];
  }
  private take(): Tok {
    const t = this.toks[this.i++];
    if (!t) throw new Error('unexpected end of selector');
    return t;
  }
  private expect(v: string): void {
    const t = this.take();
    if (t.v !== v || t.t === 'str') throw new Error(`expected "${v}", found "${t.v}"`);
  }
  done(): boolean {
    return this.i >= this.toks.length;
  }
  or(): Selector {
    const args = [this.and()];
    while (this.peek()?.v === '||' && this.peek()?.t === 'sym') {
      this.i++;
      args.push(this.and());
    }
    return args.length === 1 ? args[0]! : { op: 'or', args };
  }
  private and(): Selector {
    const args = [this.unary()];
    while (this.peek()?.v === '&&' && this.peek()?.t === 'sym') {
      this.i++;
      args.push(this.unary());
    }
    return args.length === 1 ? args[0]! : { op: 'and', args };
  }
  private unary(): Selector {
    const t = this.peek();
    if (t?.t === 'sym' && t.v === '!') {
      this.i++;
      return { op: 'not', arg: this.unary() };
    }
    if (t?.t === 'sym' && t.v === '(') {
      this.i++;
      const e = this.or();
      this.expect(')');
      return e;
    }
    return this.term();
  }
  private str(): string {
    const t = this.take();
    if (t.t !== 'str') throw new Error(`expected a quoted string, found "${t.v}"`);
    return t.v;
  }
  private set(): string[] {
    this.expect('{');
    const values: string[] = [];
    while (this.peek()?.v !== '}' || this.peek()?.t === 'str') {
      values.push(this.str());
      if (this.peek()?.v === ',' && this.peek()?.t === 'sym') this.i++;
      else break;
    }
    this.expect('}');
    return values;
  }
  private term(): Selector {
    const t = this.take();
    if (t.t !== 'id') throw new Error(`expected a label or function, found "${t.v}"`);
    if ((t.v === 'all' || t.v === 'global' || t.v === 'has') && this.peek()?.v === '(') {
      this.i++;
      if (t.v === 'has') {
        const k = this.take();
        if (k.t !== 'id') throw new Error('has() needs a label name');
        this.expect(')');
        return { op: 'has', key: k.v };
      }
      this.expect(')');
      // global() selects non-namespaced resources (host endpoints, network sets): never a pod.
      return t.v === 'all' ? { op: 'all' } : { op: 'none' };
    }
    const key = t.v;
    const o = this.take();
    if (o.t === 'sym' && o.v === '==') return { op: 'eq', key, value: this.str() };
    if (o.t === 'sym' && o.v === '!=') return { op: 'ne', key, value: this.str() };
    if (o.t === 'id' && o.v === 'in') return { op: 'in', key, values: this.set() };
    if (o.t === 'id' && o.v === 'not') {
      const n = this.take();
      if (n.v !== 'in') throw new Error(`expected "in" after "not", found "${n.v}"`);
      return { op: 'notin', key, values: this.set() };
    }
    if (o.t === 'id' && o.v === 'contains') return { op: 'contains', key, value: this.str() };
    if (o.t === 'id' && (o.v === 'starts' || o.v === 'ends')) {
      const w = this.take();
      if (w.v !== 'with') throw new Error(`expected "with" after "${o.v}"`);
      return { op: o.v === 'starts' ? 'starts' : 'ends', key, value: this.str() };
    }
    throw new Error(`unexpected "${o.v}" after label ${key}`);
  }
}

/** Parses a Calico selector; an empty text is `all()` (Calico's default for `selector`). */
export function parseSelector(text: string): { selector: Selector } | { error: string } {
  if (text.trim() === '') return { selector: { op: 'all' } };
  const toks = tokenize(text);
  if (typeof toks === 'string') return { error: toks };
  try {
    const p = new Parser(toks);
    const s = p.or();
    if (!p.done()) return { error: 'unexpected text after the expression' };
    return { selector: s };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/** A Kubernetes LabelSelector (matchLabels + matchExpressions). */
export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }[];
}

/**
 * A LabelSelector as one expression: matchLabels ANDed with the
 * expressions; empty selects everything (k8s semantics).
 * @see libcalico-go conversion.go k8sSelectorToCalico
 */
export function fromLabelSelector(s: LabelSelector): Selector {
  const args: Selector[] = [];
  for (const k of Object.keys(s.matchLabels ?? {}).sort()) args.push({ op: 'eq', key: k, value: s.matchLabels![k]! });
  for (const e of s.matchExpressions ?? []) {
    if (e.operator === 'In') args.push({ op: 'in', key: e.key, values: e.values ?? [] });
    else if (e.operator === 'NotIn') args.push({ op: 'notin', key: e.key, values: e.values ?? [] });
    else if (e.operator === 'Exists') args.push({ op: 'has', key: e.key });
    else args.push({ op: 'not', arg: { op: 'has', key: e.key } });
  }
  return args.length === 0 ? { op: 'all' } : args.length === 1 ? args[0]! : { op: 'and', args };
}

const q = (v: string): string => `'${v}'`;

/** The selector as Calico prints it (used in chain comments, set names and ACL explanations). */
export function formatSelector(s: Selector): string {
  switch (s.op) {
    case 'all':
      return 'all()';
    case 'none':
      return 'global()';
    case 'has':
      return `has(${s.key})`;
    case 'eq':
      return `${s.key} == ${q(s.value)}`;
    case 'ne':
      return `${s.key} != ${q(s.value)}`;
    case 'contains':
      return `${s.key} contains ${q(s.value)}`;
    case 'starts':
      return `${s.key} starts with ${q(s.value)}`;
    case 'ends':
      return `${s.key} ends with ${q(s.value)}`;
    case 'in':
      return `${s.key} in { ${s.values.map(q).join(', ')} }`;
    case 'notin':
      return `${s.key} not in { ${s.values.map(q).join(', ')} }`;
    case 'not':
      return `!${s.arg.op === 'and' || s.arg.op === 'or' ? `(${formatSelector(s.arg)})` : formatSelector(s.arg)}`;
    case 'and':
    case 'or':
      return s.args.map((a) => (a.op === 'and' || a.op === 'or' ? `(${formatSelector(a)})` : formatSelector(a))).join(s.op === 'and' ? ' && ' : ' || ');
  }
}
