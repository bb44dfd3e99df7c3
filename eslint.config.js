// Layer rules of docs/architecture.md#parts-and-layers, enforced here rather than by good
// intentions.
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const electronOnlyInShell = {
  name: 'electron',
  message:
    'Only main/electron/ (and main/app.ts) may import electron (docs/architecture.md#parts-and-layers).',
};
const layer = (patterns, paths = []) => ({
  'no-restricted-imports': ['error', { paths, patterns }],
});
const notOurs = (...folders) =>
  folders.map((f) => ({
    group: [`**/${f}/*`, `**/${f}`, `../${f}/*`],
    message: `this layer may not import ${f}/ (docs/architecture.md#parts-and-layers)`,
  }));

// The store's public surface (main/store/README.md, Files): outside main/store a caller imports
// its index, never a file inside it; the sync side (main/store/engine.ts) is main/sync's alone.
const storeIndexOnly = {
  group: ['**/store/*'],
  message:
    'import the store through its index (main/store/index.ts, its public surface): its rooms are its own',
};
const storeIndexAndEngine = {
  group: ['**/store/*', '!**/store/engine'],
  message:
    'import the store through its index (main/store/index.ts), or its sync side through main/store/engine.ts: its rooms are its own',
};
// Inside the store, the sync side's class is the store's to hand out (store-core.ts, engine.ts).
const syncSideInStore = {
  group: ['**/syncing/sync-side'],
  message:
    "the sync side is reached through main/store/engine.ts (main/sync only), not imported by the store's other rooms",
};

// Layers inside server/ (server/README.md, Layout), bottom up: db, files, auth, tls → domain →
// seed, http → routes → app.ts, start.ts, cli.ts (the files at the top wire the layers below).
// Only http/ and routes/ know HTTP (domain refusals are DomainError; http/ maps them); the
// routes are built on http/'s helpers, so app.ts registers them, not http/.
const serverFolder = (f, why) => ({
  group: [`../${f}`, `../${f}/*`, `../../${f}`, `../../${f}/*`],
  message: `${why}: no import of server/${f}/ (db/files/auth/tls → domain → seed, http → routes → app.ts)`,
});
const serverTop = {
  group: ['../index', '../app', '../start', '../cli', '../../app', '../../start', '../../cli'],
  message: 'server/app.ts, start.ts and cli.ts wire the layers: nothing below imports them',
};
// Every folder of renderer/ but ui/ and format/ (the two that sit below all screens).
const RENDERER_ABOVE_UI = fs
  .readdirSync(new URL('./renderer', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory() && !['ui', 'format'].includes(e.name))
  .map((e) => e.name);
const serverLayers = [
  [['server/{db,files,auth,tls}/**/*.ts'], ['domain', 'seed', 'http', 'routes']],
  [['server/domain/**/*.ts'], ['seed', 'http', 'routes']],
  [['server/seed/**/*.ts'], ['http', 'routes']],
  [['server/http/**/*.ts'], ['seed', 'routes']],
  [['server/routes/**/*.ts'], ['seed']],
];

// One file-name casing across the tree: kebab-case, dots between parts
// (`sync-side.ts`, `money.property.test.ts`, `settings-screen.tsx`). Mixed casings made
// every import a guess; test/common/file-names.test.ts checks the files lint does not read.
export const KEBAB_FILE = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;
const fileNames = {
  rules: {
    'kebab-case': {
      meta: {
        type: 'suggestion',
        schema: [],
        messages: { name: 'file name {{name}} is not kebab-case ({{want}})' },
      },
      create(context) {
        const name = context.filename.split(/[\\/]/).pop();
        if (KEBAB_FILE.test(name)) return {};
        const want = name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
        return {
          Program(node) {
            context.report({ node, messageId: 'name', data: { name, want } });
          },
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'out',
      'dist',
      'docs',
      'test-results',
      'eslint.config.d.ts',
      '**/*.cjs',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // A promise nobody awaits loses its error: type-aware rules catch the forgotten ones.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vite.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // React ignores what an event handler returns; ours catch their own errors (`run`).
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'file-names': fileNames },
    rules: { 'file-names/kebab-case': 'error' },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-imports': ['error', { paths: [electronOnlyInShell] }],
    },
  },
  {
    files: ['common/**/*.ts'],
    rules: layer(notOurs('main', 'server', 'renderer', 'preload', 'test', 'bench'), [
      electronOnlyInShell,
    ]),
  },
  {
    files: ['server/**/*.ts'],
    rules: layer(notOurs('main', 'renderer', 'preload'), [electronOnlyInShell]),
  },
  ...serverLayers.map(([files, above]) => ({
    files,
    rules: layer(
      [
        ...notOurs('main', 'renderer', 'preload'),
        ...above.map((f) => serverFolder(f, 'a lower layer of server/')),
        serverTop,
      ],
      [electronOnlyInShell, { name: '..', message: serverTop.message }],
    ),
  })),
  {
    // The shared context (database, files, caches) sits under the domain.
    files: ['server/context.ts'],
    rules: layer(
      [
        ...notOurs('main', 'renderer', 'preload'),
        ...['domain', 'seed', 'http', 'routes', 'app', 'start', 'cli'].map((f) => ({
          group: [`./${f}`, `./${f}/*`],
          message: `server/context.ts sits under the domain: no import of server/${f}`,
        })),
      ],
      [electronOnlyInShell],
    ),
  },
  {
    files: ['main/**/*.ts'],
    ignores: ['main/electron/**', 'main/app.ts'],
    rules: layer(
      [...notOurs('server', 'renderer', 'preload'), storeIndexOnly],
      [electronOnlyInShell],
    ),
  },
  // Layers inside main/ (docs/architecture.md#parts-and-layers), bottom up: store, api, proposal →
  // sync, vault → services → core → electron, bridge. Nothing imports a layer above it;
  // services see the app through their own interfaces (services/ports.ts), core implements them.
  ...[
    [['main/store/**/*.ts'], ['sync', 'vault', 'services', 'core', 'bridge', 'electron'], []],
    [
      ['main/store/**/*.ts'],
      ['sync', 'vault', 'services', 'core', 'bridge', 'electron'],
      [syncSideInStore],
      ['main/store/store-core.ts', 'main/store/engine.ts'],
    ],
    [
      ['main/{api,proposal}/**/*.ts'],
      ['sync', 'vault', 'services', 'core', 'bridge', 'electron'],
      [storeIndexOnly],
    ],
    [['main/sync/**/*.ts'], ['services', 'core', 'bridge', 'electron'], [storeIndexAndEngine]],
    [['main/vault/**/*.ts'], ['services', 'core', 'bridge', 'electron'], [storeIndexOnly]],
    [['main/services/**/*.ts'], ['core', 'bridge', 'electron'], [storeIndexOnly]],
    [['main/core/**/*.ts'], ['bridge', 'electron'], [storeIndexOnly]],
  ].map(([files, above, more, ignores = []]) => ({
    files,
    ignores,
    rules: layer(
      [
        ...notOurs('server', 'renderer', 'preload'),
        ...more,
        ...above.map((f) => ({
          group: [`**/${f}/*`, `**/${f}`, `../${f}/*`],
          message: `a lower layer of main/ may not import main/${f}/ (store/api → sync/vault → services → core → electron/bridge)`,
        })),
      ],
      [electronOnlyInShell],
    ),
  })),
  {
    files: ['main/electron/**/*.ts', 'main/app.ts'],
    rules: layer([...notOurs('server', 'renderer', 'preload'), storeIndexOnly]),
  },
  {
    files: ['preload/**/*.ts'],
    rules: layer(notOurs('main', 'server', 'renderer')),
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...layer(notOurs('main', 'server', 'preload'), [electronOnlyInShell]),
    },
  },
  {
    // Screens and state never reach up into app/ (the shell that wires them together).
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/app/**', 'renderer/main.tsx'],
    rules: layer(
      [
        ...notOurs('main', 'server', 'preload'),
        {
          group: ['../app/*', '../app', '../../app/*'],
          message: 'renderer/app/ wires the screens together: nothing below imports it',
        },
      ],
      [electronOnlyInShell],
    ),
  },
  {
    // renderer/ui/ is the bottom of the screens: plain parts that take what they show as props.
    files: ['renderer/ui/**/*.{ts,tsx}'],
    rules: layer(
      [
        ...notOurs('main', 'server', 'preload'),
        {
          group: RENDERER_ABOVE_UI.flatMap((f) => [`../${f}`, `../${f}/*`]),
          message:
            'renderer/ui/ holds plain parts taking what they show as props: no state, ipc or screen',
        },
      ],
      [electronOnlyInShell],
    ),
  },
  {
    // Kits are used by the editor; the editor's undo lives in state/ so kits need not reach up.
    files: ['renderer/kits/**/*.{ts,tsx}'],
    rules: layer(
      [
        ...notOurs('main', 'server', 'preload'),
        {
          group: ['../app/*', '../app', '../editor', '../editor/*'],
          message: 'renderer/kits/ sits below the editor and app/: it imports neither',
        },
      ],
      [electronOnlyInShell],
    ),
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
