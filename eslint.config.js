// Lint: typescript-eslint's recommended rules, React's hook rules, and the import boundaries between realms and
// layers (docs/ARCHITECTURE.md): a wrong-way import fails `npm test`. Formatting is Prettier's (.prettierrc.json);
// import cycles are checked by tests/unit/architecture.test.ts (dependency-cruiser), which also plants a
// wrong-way import of each kind and checks that these rules fail on it.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/** Every folder of src/ but the composition root (app/), the shell and shared/ is a feature: a new one is covered as it is made. */
export const FEATURES = readdirSync(new URL('./src', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory() && !['app', 'shell', 'shared'].includes(d.name))
  .map((d) => d.name)
  .sort();

const SHARED = 'device-db/ is the device database of the page, the service worker and the worker; contract/ the rest of the shared code';

/** Import boundaries: files under `target` must not import from `from` (but for `except`, relative to `from`). */
const zones = [
  ['./server', './src', 'the server never imports the app (shared code belongs in contract/)'],
  ['./server', './workers', 'the server never imports the browser worker (shared code belongs in contract/)'],
  ['./server', './sw', 'the server never imports the service worker'],
  ['./server', './device-db', 'the server never imports the device database'],
  ['./src', './server', 'the app never imports the server (shared code belongs in contract/)'],
  ['./workers', './server', 'the worker never imports the server (shared code belongs in contract/)'],
  ['./sw', './server', 'the service worker never imports the server'],
  ['./workers', './src', `the worker is a realm of its own: ${SHARED}`],
  ['./sw', './src', `the service worker is a realm of its own: ${SHARED}`],
  ['./contract', './server', 'contract/ is pure and shared: it imports only contract/'],
  ['./contract', './src', 'contract/ is pure and shared: it imports only contract/'],
  ['./contract', './workers', 'contract/ is pure and shared: it imports only contract/'],
  ['./contract', './sw', 'contract/ is pure and shared: it imports only contract/'],
  ['./contract', './device-db', 'contract/ is pure and shared: it imports only contract/'],
  ['./device-db', './server', 'device-db/ is shared by three realms: it imports only contract/ and device-db/'],
  ['./device-db', './src', 'device-db/ is shared by three realms: it imports only contract/ and device-db/'],
  ['./device-db', './workers', 'device-db/ is shared by three realms: it imports only contract/ and device-db/'],
  ['./device-db', './sw', 'device-db/ is shared by three realms: it imports only contract/ and device-db/'],
  ['./server/store', './server/services', 'store engines sit below services'],
  ['./server/store', './server/routes', 'store engines sit below routes'],
  ['./server/store', './server/plugins', 'store engines sit below plugins'],
  ['./server/services', './server/routes', 'services sit below routes'],
  ['./src/shared', './src', 'src/shared/ is used by the shell and the features, never the reverse', ['./shared']],
  ['./src/shell', './src', 'the shell imports only src/shared/: what it shares with app/ or a feature belongs there', ['./shell', './shared']],
  ...FEATURES.map((f) => [
    `./src/${f}`,
    './src',
    'a feature never imports another feature or app/: what two of them share belongs in src/shared/ (or the shell)',
    [`./${f}`, './shared', './shell'],
  ]),
].map(([target, from, message, except]) => ({ target, from, message, ...(except ? { except } : {}) }));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tmp/**', 'data/**', 'dev-dist/**', 'coverage/**', 'bench/results/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['tsconfig.app.json', 'tsconfig.node.json', 'tsconfig.sw.json', 'tsconfig.worker.json'],
        }),
      ],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      // Stripping NUL and other control characters from hostile input is the point of those expressions.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The viewer's and the results' dates and counts are written by contract/plain-format.ts: date-fns' and
    // Intl's first calls cost a phone tens of milliseconds inside the first render (issue #19). The correction
    // editor is a lazy chunk, loaded only when asked for.
    files: ['src/search/**/*.{ts,tsx}', 'src/viewer/**/*.{ts,tsx}', 'src/shared/lib/format.ts'],
    ignores: ['src/viewer/correct/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'date-fns', message: 'write dates with contract/plain-format.ts (first-render cost)' }] }],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='Intl']", message: 'write dates and counts with contract/plain-format.ts (first-render cost)' },
        {
          selector: 'CallExpression[callee.property.name=/^toLocale/]',
          message: 'write dates and counts with contract/plain-format.ts (first-render cost)',
        },
      ],
    },
  },
  { files: ['sw/**/*.ts', 'workers/**/*.ts', 'device-db/**/*.ts'], languageOptions: { globals: globals.worker } },
  {
    files: ['server/**/*.{ts,mjs}', 'scripts/**/*.{ts,mjs,js}', 'bench/**/*.ts', 'tests/**/*.{ts,tsx}', '*.{js,ts}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  prettier,
);
