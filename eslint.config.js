// Lint: typescript-eslint's recommended rules, React's hook rules, and the import boundaries between realms and
// layers (docs/ARCHITECTURE.md): a wrong-way import fails `npm test`. Formatting is Prettier's (.prettierrc.json);
// import cycles are checked by tests/unit/architecture.test.ts (dependency-cruiser).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const FEATURES = ['admin', 'app', 'contact', 'home', 'info', 'kiosk', 'offline', 'saved', 'search', 'shell', 'viewer'];

/** Import boundaries, as [target, from, why]: files under `target` must not import from `from`. */
const zones = [
  ['./server', './src', 'the server never imports the app (shared code belongs in contract/)'],
  ['./server', './workers', 'the server never imports the browser worker (shared code belongs in contract/)'],
  ['./server', './sw', 'the server never imports the service worker'],
  ['./src', './server', 'the app never imports the server (shared code belongs in contract/)'],
  ['./workers', './server', 'the worker never imports the server (shared code belongs in contract/)'],
  ['./sw', './server', 'the service worker never imports the server'],
  ['./workers', './src', 'the worker is a realm of its own: shared code belongs in contract/'],
  ['./contract', './server', 'contract/ is pure and shared: it imports only contract/'],
  ['./contract', './src', 'contract/ is pure and shared: it imports only contract/'],
  ['./contract', './workers', 'contract/ is pure and shared: it imports only contract/'],
  ['./contract', './sw', 'contract/ is pure and shared: it imports only contract/'],
  ['./server/store', './server/services', 'store engines sit below services'],
  ['./server/store', './server/routes', 'store engines sit below routes'],
  ['./server/store', './server/plugins', 'store engines sit below plugins'],
  ['./server/services', './server/routes', 'services sit below routes'],
  ...FEATURES.map((f) => ['./src/shared', `./src/${f}`, 'src/shared/ is used by features, never the reverse']),
].map(([target, from, message]) => ({ target, from, message }));

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
  { files: ['sw/**/*.ts', 'workers/**/*.ts'], languageOptions: { globals: globals.worker } },
  {
    files: ['server/**/*.{ts,mjs}', 'scripts/**/*.{ts,mjs,js}', 'bench/**/*.ts', 'tests/**/*.{ts,tsx}', '*.{js,ts}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  prettier,
);
