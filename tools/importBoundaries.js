/**
 * The dependency rules of STYLE.md ("Dependency rules") as ESLint
 * `no-restricted-imports` patterns, one list per folder. Flat config replaces
 * (not merges) a rule's options when several blocks match a file, so each
 * block below carries its folder's complete list.
 */

/** Libraries of the browser UI layers; the engine, CLI and i18n don't use them. */
const UI_LIBS = ['react', 'react-dom', 'zustand', '@xyflow/*', 'd3', 'd3-*', 'html-to-image'];

/** A relative import into one of our top-level folders under src/. */
const intoFolder = (folders, message, extra = {}) => ({
  regex: `^(?:\\.\\./)+(?:${folders.join('|')})(?:/|$)`,
  message,
  ...extra,
});

const lib = (names, message) => ({ group: names.flatMap((n) => [n, `${n}/*`]), message });

const ENGINE_RUNTIME_TYPE_ONLY = (who) => ({
  regex: '(?:^|/)engine(?:/|$)',
  allowTypeImports: true,
  message: `${who} may import engine types only (\`import type\`); engine functions run in the worker.`,
});

const ENGINE_INTERNALS = {
  regex: '(?:^|/)engine/(?!index(?:\\.ts)?$)',
  message: 'Import the engine only through src/engine/index.ts.',
};

const ENGINE_PURE = 'The engine is pure TypeScript: no UI, state, worker, io, i18n or cli code.';

const engineBase = [
  lib([...UI_LIBS, 'comlink', 'i18next', 'react-i18next', 'lz-string'], ENGINE_PURE),
  intoFolder(['worker', 'state', 'ui', 'io', 'i18n', 'cli', 'kernelcheck'], ENGINE_PURE),
];

const engineSource = [
  ...engineBase,
  {
    regex: '^node:|^(?:fs|path|os|crypto|child_process|worker_threads|url|util|process|buffer)(?:/|$)',
    message: 'The engine runs in the browser too: no Node built-ins (tests may use them).',
  },
  { regex: '(?:^|/)index(?:\\.ts)?$', message: 'No barrels inside the engine: import the module that defines the thing.' },
];

const notFromTesting = {
  regex: '(?:^|/)testing(?:/|$)',
  message: 'engine/testing is for tests only.',
};

/** @type {{ name: string, files: string[], ignores?: string[], patterns: object[] }[]} */
export const importBoundaries = [
  {
    name: 'engine',
    files: ['src/engine/**/*.ts'],
    ignores: ['src/engine/**/*.test.ts', 'src/engine/testing/**'],
    patterns: [...engineSource, notFromTesting],
  },
  {
    name: 'engine/linux',
    files: ['src/engine/linux/**/*.ts'],
    ignores: ['src/engine/**/*.test.ts'],
    patterns: [...engineSource, notFromTesting, { regex: '(?:^|/)windows(?:/|$)', message: 'linux and windows never import each other; share through model/.' }],
  },
  {
    name: 'engine/windows',
    files: ['src/engine/windows/**/*.ts'],
    ignores: ['src/engine/**/*.test.ts'],
    patterns: [...engineSource, notFromTesting, { regex: '(?:^|/)linux(?:/|$)', message: 'linux and windows never import each other; share through model/.' }],
  },
  {
    name: 'engine tests and testing/',
    files: ['src/engine/**/*.test.ts', 'src/engine/testing/**/*.ts'],
    patterns: engineBase,
  },
  {
    name: 'worker entry',
    files: ['src/worker/**/*.worker.ts'],
    patterns: [
      lib([...UI_LIBS, 'i18next', 'react-i18next'], 'The worker entry only exposes the engine through comlink.'),
      intoFolder(['state', 'ui', 'i18n', 'cli', 'io/export'], 'The worker entry only exposes the engine (and io/import).'),
      ENGINE_INTERNALS,
    ],
  },
  {
    name: 'worker client (main thread)',
    files: ['src/worker/**/*.ts'],
    ignores: ['src/worker/**/*.worker.ts', 'src/worker/**/*.test.ts'],
    patterns: [
      lib([...UI_LIBS, 'i18next', 'react-i18next'], 'The worker client is plain TypeScript.'),
      intoFolder(['state', 'ui', 'i18n', 'cli', 'io'], 'The worker client knows only the worker API.'),
      ENGINE_RUNTIME_TYPE_ONLY('The worker client (main thread)'),
    ],
  },
  {
    name: 'cli',
    files: ['src/cli/**/*.ts'],
    patterns: [
      lib([...UI_LIBS, 'comlink', 'react-i18next'], 'The CLI runs the engine in Node; no UI libraries.'),
      intoFolder(['state', 'ui', 'worker', 'io/export'], 'The CLI uses engine/index.ts, io/import and the i18n catalogues only.'),
      ENGINE_INTERNALS,
    ],
  },
  {
    name: 'kernelcheck',
    files: ['src/kernelcheck/**/*.ts'],
    patterns: [
      lib([...UI_LIBS, 'comlink', 'i18next', 'react-i18next'], 'The kernel check runs the engine in Node; no UI libraries.'),
      intoFolder(['state', 'ui', 'worker', 'io', 'i18n', 'cli'], 'The kernel check uses engine/index.ts only.'),
      // A test harness itself: it may use the test-only generators of engine/testing (the generated clusters).
      { ...ENGINE_INTERNALS, regex: '(?:^|/)engine/(?!index(?:\\.ts)?$|testing/)', message: 'Import the engine only through src/engine/index.ts (and the test-only engine/testing).' },
    ],
  },
  {
    name: 'state',
    files: ['src/state/**/*.{ts,tsx}'],
    patterns: [
      ENGINE_RUNTIME_TYPE_ONLY('state'),
      intoFolder(['ui', 'cli', 'io/import', 'i18n'], 'state holds data and actions: no components, no text parsing on the main thread.'),
      {
        regex: '(?:^|/)worker/(?!client(?:\\.ts)?$|api(?:\\.ts)?$|testing/)',
        allowTypeImports: true,
        message: 'state talks to the worker through worker/client only (tests: worker/testing, the in-process engine).',
      },
    ],
  },
  {
    name: 'ui',
    files: ['src/ui/**/*.{ts,tsx}'],
    patterns: [
      ENGINE_RUNTIME_TYPE_ONLY('ui'),
      intoFolder(['worker', 'cli', 'io/import'], 'ui renders what state holds; it never calls the worker directly.'),
    ],
  },
  {
    name: 'io/import',
    files: ['src/io/import/**/*.ts'],
    patterns: [
      lib([...UI_LIBS, 'comlink', 'i18next', 'react-i18next'], 'io/import is DOM-free parsing.'),
      intoFolder(['state', 'ui', 'worker', 'cli', 'i18n'], 'io/import depends on the engine only.'),
      ENGINE_INTERNALS,
    ],
  },
  {
    name: 'io/export',
    files: ['src/io/export/**/*.{ts,tsx}'],
    patterns: [ENGINE_RUNTIME_TYPE_ONLY('io/export'), intoFolder(['state', 'worker', 'cli'], 'io/export turns given data into files.')],
  },
  {
    name: 'lessons and share (main-thread data, no UI)',
    files: ['src/lessons/**/*.ts', 'src/share/**/*.ts'],
    ignores: ['src/lessons/**/*.test.ts', 'src/share/**/*.test.ts'],
    patterns: [
      lib([...UI_LIBS, 'comlink', 'i18next', 'react-i18next'], 'lessons and share are plain data and pure functions; the UI maps them to its stores.'),
      intoFolder(['state', 'ui', 'worker', 'cli', 'io', 'i18n', 'kernelcheck'], 'lessons and share depend on engine types only (and lessons on share).'),
      ENGINE_RUNTIME_TYPE_ONLY('lessons and share'),
    ],
  },
  {
    name: 'lessons and share tests',
    files: ['src/lessons/**/*.test.ts', 'src/share/**/*.test.ts'],
    patterns: [
      lib([...UI_LIBS, 'comlink', 'i18next', 'react-i18next'], 'lessons and share tests run in plain Node.'),
      intoFolder(['state', 'ui', 'worker', 'cli', 'io', 'i18n', 'kernelcheck'], 'lessons and share tests use engine/index.ts only.'),
      ENGINE_INTERNALS,
    ],
  },
  {
    name: 'traceViews (what a person reads of a trace: page, worker and CLI)',
    files: ['src/traceViews/**/*.ts'],
    ignores: ['src/traceViews/**/*.test.ts'],
    patterns: [
      lib([...UI_LIBS, 'comlink', 'react-i18next'], 'traceViews are pure functions over a Trace; the UI maps them to elements.'),
      intoFolder(['state', 'ui', 'worker', 'cli', 'io', 'kernelcheck'], 'traceViews depend on engine types (and i18n words) only.'),
      { regex: '(?:^|/)engine/(?!model/)', allowTypeImports: true, message: 'traceViews read engine types only (engine/model constants at most): no engine code runs here.' },
    ],
  },
  {
    name: 'edit (scenario editing: YAML documents and edits, no engine code)',
    files: ['src/edit/**/*.ts'],
    ignores: ['src/edit/**/*.test.ts'],
    patterns: [
      lib([...UI_LIBS, 'comlink', 'i18next', 'react-i18next'], 'edit is pure functions over YAML text and the normalised scenario.'),
      intoFolder(['state', 'ui', 'worker', 'cli', 'io', 'i18n', 'kernelcheck'], 'edit depends on engine types (and engine/model tables) only.'),
      { regex: '(?:^|/)engine/(?!model/)', allowTypeImports: true, message: 'edit reads engine types only (engine/model tables at most): no engine code runs here.' },
    ],
  },
  {
    name: 'i18n',
    files: ['src/i18n/**/*.ts'],
    patterns: [{ regex: '^\\.\\./', message: 'i18n imports nothing of ours.' }, lib([...UI_LIBS, 'comlink'], 'i18n is catalogues only.')],
  },
  {
    name: 'e2e',
    files: ['e2e/**/*.ts'],
    // Two exceptions, pure text functions without app state: the Latin-leak checker, which the Russian-mode e2e runs on
    // the page's text, and the bench's cluster generator, whose YAML the scale e2e imports as a user would.
    patterns: [{ regex: '(?:^|/)src(?:/(?!i18n/latinLeaks$|engine/testing/generate$)|$)', allowTypeImports: true, message: 'e2e drives the built app; it may import types only (and the pure src/i18n/latinLeaks checker and src/engine/testing/generate).' }],
  },
];
