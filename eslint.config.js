// Lint enforces the layering of DESIGN.md §5:
//   app → features → form-runtime → engine ; api, components, bridges, shared below them;
//   features never import each other; shared imports nothing; server may use only engine and shared.
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const featureDirs = fs.existsSync('src/features')
  ? fs.readdirSync('src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

const layerZones = [
  { target: './src/shared', from: './src', except: ['./shared'], message: 'shared/ imports nothing.' },
  { target: './src/engine', from: './src', except: ['./engine', './shared'], message: 'engine/ is pure: engine and shared only.' },
  { target: './src/api', from: './src', except: ['./api', './shared'], message: 'api/ may import shared only.' },
  { target: './src/components', from: './src', except: ['./components', './shared'], message: 'components/ are presentational: shared only.' },
  { target: './src/bridges', from: './src', except: ['./bridges', './shared'], message: 'bridges/ may import shared only.' },
  { target: './src/form-runtime', from: './src', except: ['./form-runtime', './engine', './api', './components', './shared'], message: 'form-runtime/ sits above engine, api, components and shared only.' },
  { target: './src/features', from: './src/app', message: 'features/ never import app/.' },
  // Hosts use the form runtime through its public entry points only (index.ts, and crud/index.ts
  // for <CrudPage>): its internals (the engine bridge, drafts, widgets) change without notice, and a
  // host that reached into them once re-implemented behaviour <SchemaForm> owns (save, drafts).
  {
    target: ['./src/app', './src/features'],
    from: './src/form-runtime',
    except: ['./index.ts', './crud/index.ts'],
    message: 'import the form runtime from src/form-runtime (index.ts) or src/form-runtime/crud (index.ts) only.',
  },
  ...featureDirs.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'features never import each other.',
  })),
  { target: './server', from: './src', except: ['./engine', './shared'], message: 'server/ may use src/engine and src/shared only.' },
  { target: './src', from: './server', message: 'the web app never imports server code.' },
  { target: './bench', from: './src', except: ['./engine'], message: 'bench/ measures the engine: src/engine only.' },
  { target: './bench', from: './server', message: 'bench/ measures the engine: src/engine only.' },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'storybook-static', 'data', 'test-results', 'playwright-report', '.tmp', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } } },
    rules: {
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'import-x/no-cycle': ['error', { maxDepth: 8, ignoreExternal: true }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Benchmarks compare the engine with plain @formily/core only: no UI library may creep into the figures.
    files: ['bench/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['react', 'react-*', 'antd', 'antd/*', '@formily/*', '!@formily/core', 'axios', 'swr'], message: 'bench/ may import src/engine, node and @formily/core only.' }],
      }],
    },
  },
  {
    // bench/runtime measures the form runtime in a browser page, so it may import src/form-runtime,
    // src/components and the UI libraries; the rest of bench/ stays engine-only.
    files: ['bench/runtime/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': 'off',
      'import-x/no-restricted-paths': ['error', { zones: layerZones.filter((z) => z.target !== './bench') }],
    },
  },
  {
    // bench/server drives the real server (build the app, migrate, seed, listen) to measure it under
    // load, so it may import server/; the rest of bench/ stays away from server code.
    files: ['bench/server/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones.filter((z) => !(z.target === './bench' && z.from === './server')) }],
    },
  },
  {
    // The engine runs unchanged in the browser and on the server: no UI, no IO, no ambient clock.
    files: ['src/engine/**/*.ts'],
    ignores: ['src/engine/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['react', 'react-*', 'antd', 'antd/*', '@formily/*', 'axios', 'swr', 'node:*', 'fs', 'path'], message: 'engine/ is pure TypeScript: no UI, network or IO.' }],
      }],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage', 'fetch'],
      'no-restricted-syntax': ['error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'engine/ takes the clock as an argument.' },
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'engine/ takes the clock as an argument.' },
        // The server runs the engine under tsx (esbuild), which has no glob: hosts read folders
        // (codemaps/, schemas/) and hand the files in (buildCodemaps / loadCodemaps).
        { selector: "MemberExpression[object.type='MetaProperty'][property.name='glob']", message: 'engine/ reads no folders: the host loads the files and passes them in.' },
      ],
    },
  },
);
