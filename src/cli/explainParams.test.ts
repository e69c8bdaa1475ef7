/**
 * No trace sentence can print a raw `{{…}}` (issue 17 item 9: `No HNS
 * endpoint has {{ip}}.` was shown as is). Two checks:
 * - statically, every place in src/engine that emits a step explanation
 *   (`explain: 'key', params: {…}`) or a verdict reason (`reason: { code,
 *   params }`, `stop(…, 'code', {…})`) passes every parameter the en and ru
 *   sentences of that key use;
 * - by running flows on every preset and rendering each step, reason and
 *   warning in both languages.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { explainEn } from '../i18n/explain.en';
import { explainRu } from '../i18n/explain.ru';
import { compileScenario, listPlaces, loadPreset, PRESETS, traceFlow, type Trace } from '../engine/index';
import { translator } from './i18n';

const ENGINE = join(import.meta.dirname, '..', 'engine');

/** `{ a: { b: 'x {{p}}' } }` → `[['a.b', 'x {{p}}']]`. */
function flatten(v: unknown, prefix = ''): [string, string][] {
  if (typeof v === 'string') return [[prefix, v]];
  if (typeof v !== 'object' || v === null) return [];
  return Object.entries(v).flatMap(([k, x]) => flatten(x, prefix ? `${prefix}.${k}` : k));
}

const SENTENCES = new Map<string, string[]>();
for (const cat of [explainEn, explainRu]) for (const [k, text] of flatten(cat)) SENTENCES.set(k, [...(SENTENCES.get(k) ?? []), text]);

function placeholders(key: string): string[] {
  return [...new Set((SENTENCES.get(key) ?? []).flatMap((t) => [...t.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]!)))];
}

function engineFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return engineFiles(p);
    return n.endsWith('.ts') && !n.endsWith('.test.ts') ? [p] : [];
  });
}

/** The catalogue keys a key expression can name: literals, both branches of `?:`, templates as patterns. */
function keysOf(e: ts.Expression, prefix: string): string[] {
  if (ts.isParenthesizedExpression(e)) return keysOf(e.expression, prefix);
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [`${prefix}.${e.text}`];
  if (ts.isConditionalExpression(e)) return [...keysOf(e.whenTrue, prefix), ...keysOf(e.whenFalse, prefix)];
  if (ts.isTemplateExpression(e)) {
    const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const re = new RegExp(`^${esc(`${prefix}.`)}${esc(e.head.text)}${e.templateSpans.map((s) => `[a-z][a-z-]*${esc(s.literal.text)}`).join('')}$`);
    return [...SENTENCES.keys()].filter((k) => re.test(k));
  }
  return [];
}

/** Parameter names an object literal surely or possibly passes; `undefined` when it cannot be read (a variable). */
function paramsOf(e: ts.Expression | undefined): Set<string> | undefined {
  if (!e) return new Set();
  if (ts.isParenthesizedExpression(e)) return paramsOf(e.expression);
  if (ts.isConditionalExpression(e)) {
    const a = paramsOf(e.whenTrue);
    const b = paramsOf(e.whenFalse);
    return a && b ? new Set([...a].filter((k) => b.has(k))) : undefined;
  }
  if (ts.isIdentifier(e)) {
    const init = declaredValue(e);
    return init ? paramsOf(init) : undefined;
  }
  if (!ts.isObjectLiteralExpression(e)) return undefined;
  const out = new Set<string>();
  for (const p of e.properties) {
    if ((ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) out.add(p.name.text);
    else if (ts.isSpreadAssignment(p)) {
      // `...(cond ? { a } : {})` passes `a` only sometimes: the sentence must not need it then, which this check cannot see; count it as passed.
      const inner = ts.isParenthesizedExpression(p.expression) ? p.expression.expression : p.expression;
      const branches = ts.isConditionalExpression(inner) ? [inner.whenTrue, inner.whenFalse] : [inner];
      for (const b of branches) {
        const s = paramsOf(b);
        if (!s) return undefined;
        for (const k of s) out.add(k);
      }
    }
  }
  return out;
}

function prop(o: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const p of o.properties) {
    if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name) return p.initializer;
    if (ts.isShorthandPropertyAssignment(p) && p.name.text === name) return p.name;
  }
  return undefined;
}

/** The initializer of the nearest enclosing `const`/`let` named like `id`, so `params` built once and passed twice is read too. */
function declaredValue(id: ts.Identifier): ts.Expression | undefined {
  for (let n: ts.Node | undefined = id.parent; n; n = n.parent) {
    if (!ts.isBlock(n) && !ts.isSourceFile(n)) continue;
    for (const st of n.statements) {
      if (!ts.isVariableStatement(st)) continue;
      const d = st.declarationList.declarations.find((v) => ts.isIdentifier(v.name) && v.name.text === id.text);
      if (d?.initializer) return d.initializer;
    }
  }
  return undefined;
}

/**
 * The Windows node walk's `stop()` (windows/nodeContext.ts) adds the node to every reason: a file that
 * defines it or imports it from there (also from a subfolder, as windows/cni/flannel/) passes `node` without writing it.
 */
function stopAddsNode(rel: string, src: ts.SourceFile): boolean {
  if (rel === 'windows/nodeContext.ts') return true;
  return rel.startsWith('windows/') && src.statements.some((st) => ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier) && posix.join(posix.dirname(rel), st.moduleSpecifier.text) === 'windows/nodeContext'
    && !!st.importClause?.namedBindings && ts.isNamedImports(st.importClause.namedBindings) && st.importClause.namedBindings.elements.some((el) => el.name.text === 'stop'));
}

interface Emission {
  where: string;
  key: string;
  params: Set<string> | undefined;
}

function emissions(): Emission[] {
  const out: Emission[] = [];
  for (const file of engineFiles(ENGINE)) {
    const rel = relative(ENGINE, file);
    const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const addsNode = stopAddsNode(rel, src);
    const at = (n: ts.Node): string => `${rel}:${src.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
    const visit = (n: ts.Node): void => {
      if (ts.isObjectLiteralExpression(n)) {
        const explain = prop(n, 'explain');
        if (explain && !ts.isObjectLiteralExpression(explain)) for (const key of keysOf(explain, 'explain')) out.push({ where: at(n), key, params: paramsOf(prop(n, 'params')) });
        const code = prop(n, 'code');
        if (code && prop(n, 'params')) for (const key of keysOf(code, 'reason').filter((k) => SENTENCES.has(k))) out.push({ where: at(n), key, params: paramsOf(prop(n, 'params')) });
      }
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'stop') {
        const args = n.arguments;
        const i = args.findIndex((a) => ts.isStringLiteral(a) && SENTENCES.has(`reason.${a.text}`));
        if (i >= 0) {
          const params = paramsOf(args[i + 1]);
          if (addsNode) params?.add('node');
          out.push({ where: at(n), key: `reason.${(args[i] as ts.StringLiteral).text}`, params });
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(src);
  }
  return out;
}

describe('every explanation gets its parameters', () => {
  const found = emissions();

  it('finds the emitters (a check that reads nothing proves nothing)', () => {
    expect(found.filter((e) => e.key.startsWith('explain.')).length).toBeGreaterThan(100);
    expect(found.filter((e) => e.key.startsWith('reason.')).length).toBeGreaterThan(30);
  });

  it('each emitted key exists in the catalogues and is passed every {{parameter}} its en and ru sentences use', () => {
    const missing = found.flatMap((e) => {
      if (!SENTENCES.has(e.key)) return [`${e.where}: ${e.key} is not in the catalogues`];
      if (!e.params) return [];
      const lack = placeholders(e.key).filter((p) => !e.params!.has(p));
      return lack.length ? [`${e.where}: ${e.key} lacks ${lack.join(', ')}`] : [];
    });
    expect(missing).toEqual([]);
  });
});

describe('rendered traces hold no raw {{…}}', () => {
  const langs = { en: translator('en'), ru: translator('ru') };
  const raw = (t: Trace): string[] => {
    const texts: [string, Record<string, string | number>][] = [
      ...t.steps.map((s): [string, Record<string, string | number>] => [`explain.${s.explain.key}`, s.explain.params]),
      ...(t.reason ? [[`reason.${t.reason.code}`, t.reason.params] as [string, Record<string, string | number>]] : []),
      ...(t.warnings ?? []).map((w): [string, Record<string, string | number>] => [`reason.${w.code}`, w.params]),
    ];
    return texts.flatMap(([key, params]) =>
      Object.entries(langs).flatMap(([lang, t]) => {
        const s = t(key, params);
        return /\{\{/.test(s) ? [`${lang} ${key}: ${s}`] : [];
      }),
    );
  };

  for (const p of PRESETS) {
    it(`${p.name}: pods, nodes and services to one another (a sample of flows)`, () => {
      const c = compileScenario(loadPreset(p.name).scenario!);
      const pl = listPlaces(c);
      const src = [...pl.pods.map((x) => `pod:${x.ref}`), ...pl.nodes.map((x) => `node:${x.name}`), ...pl.hosts.map((x) => `host:${x.name}`)];
      const dst = [...src, ...pl.services.map((x) => `svc:${x.ref}`)];
      const bad: string[] = [];
      let n = 0;
      for (let i = 0; i < src.length; i++) {
        for (let j = i % 3; j < dst.length; j += 3) {
          const t = traceFlow(c, { src: src[i]!, dst: dst[j]! }).trace;
          if (!t) continue;
          n++;
          bad.push(...raw(t), ...(t.reply ? raw(t.reply) : []));
        }
      }
      expect(n).toBeGreaterThan(10);
      expect([...new Set(bad)]).toEqual([]);
    });
  }
});
