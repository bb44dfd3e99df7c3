// Layer rules of DESIGN.md §1, enforced here rather than by good intentions.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const electronOnlyInShell = {
  name: 'electron',
  message: 'Only main/electron/ (and main/app.ts) may import electron (DESIGN.md §1).',
};
const layer = (patterns, paths = []) => ({
  'no-restricted-imports': ['error', { paths, patterns }],
});
const notOurs = (...folders) =>
  folders.map((f) => ({
    group: [`**/${f}/*`, `**/${f}`, `../${f}/*`],
    message: `this layer may not import ${f}/ (DESIGN.md §1)`,
  }));

// The server's own layering (server/README.md, Layout): nothing below the HTTP layer sees it.
const notHttp = ['http', 'routes'].map((f) => ({
  group: [`../${f}/*`, `../${f}`, `**/server/${f}/*`],
  message: `below the HTTP layer: no import of server/${f}/ (domain refusals are DomainError; http/ maps them)`,
}));

export default tseslint.config(
  { ignores: ['node_modules', 'out', 'dist', 'docs', 'test-results', '**/*.cjs', '**/*.mjs'] },
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
  {
    // Below the HTTP layer (server/README.md): the rules throw DomainError with the spec's
    // error code and http/ maps it to a status and body; storage, files, tokens, TLS and
    // seeds know nothing of requests either.
    files: ['server/{domain,db,files,auth,seed,tls}/**/*.ts'],
    rules: layer([...notOurs('main', 'renderer', 'preload'), ...notHttp], [electronOnlyInShell]),
  },
  {
    files: ['main/**/*.ts'],
    ignores: ['main/electron/**', 'main/app.ts'],
    rules: layer(notOurs('server', 'renderer', 'preload'), [electronOnlyInShell]),
  },
  // Layers inside main/ (main/README or DESIGN.md §1), bottom up: store, api, proposal →
  // sync, vault → services → core → electron, bridge. Nothing imports a layer above it;
  // services see the app through their own interfaces (services/ports.ts), core implements them.
  ...[
    [
      ['main/{store,api,proposal}/**/*.ts'],
      ['sync', 'vault', 'services', 'core', 'bridge', 'electron'],
    ],
    [['main/{sync,vault}/**/*.ts'], ['services', 'core', 'bridge', 'electron']],
    [['main/services/**/*.ts'], ['core', 'bridge', 'electron']],
    [['main/core/**/*.ts'], ['bridge', 'electron']],
  ].map(([files, above]) => ({
    files,
    rules: layer(
      [
        ...notOurs('server', 'renderer', 'preload'),
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
    rules: layer(notOurs('server', 'renderer', 'preload')),
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
    files: ['test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
