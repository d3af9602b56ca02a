// Lint enforces the layering of docs/architecture.md §5:
//   app → features → form-runtime → engine ; api, components, bridges, shared below them;
//   features never import each other; shared imports nothing; server may use only engine and shared.
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const featureDirs = fs.existsSync('src/features')
  ? fs
      .readdirSync('src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

const layerZones = [
  { target: './src/shared', from: './src', except: ['./shared'], message: 'shared/ imports nothing.' },
  { target: './src/engine', from: './src', except: ['./engine', './shared'], message: 'engine/ is pure: engine and shared only.' },
  { target: './src/api', from: './src', except: ['./api', './shared'], message: 'api/ may import shared only.' },
  {
    target: './src/components',
    from: './src',
    except: ['./components', './shared'],
    message: 'components/ are presentational: shared only.',
  },
  { target: './src/bridges', from: './src', except: ['./bridges', './shared'], message: 'bridges/ may import shared only.' },
  {
    target: './src/form-runtime',
    from: './src',
    except: ['./form-runtime', './engine', './api', './components', './shared'],
    message: 'form-runtime/ sits above engine, api, components and shared only.',
  },
  { target: './src/features', from: './src/app', message: 'features/ never import app/.' },
  // Hosts use the form runtime through its public entry point only (index.ts, <CrudPage> and the
  // dialogs included): its internals (the engine bridge, drafts, widgets) change without notice, and a
  // host that reached into them once re-implemented behaviour <SchemaForm> owns (save, drafts).
  {
    target: ['./src/app', './src/features'],
    from: './src/form-runtime',
    except: ['./index.ts'],
    message: 'import the form runtime from src/form-runtime (index.ts) only.',
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
  // The engine's index.ts is its public API, a deliberate list of names: nothing outside src/engine
  // reaches into its folders, so they can be reorganised without breaking a host. Its own tests may.
  {
    target: ['./src/!(engine)/**', './src/*.{ts,tsx}', './server', './scripts', './bench', './tests'],
    from: './src/engine',
    except: ['./index.ts'],
    message: 'import the engine from src/engine (its index.ts) only.',
  },
];

// The server is filed by domain (server/README.md has the map). Each domain folder holds the same
// layers — routes → services → repositories — over the shared kernel: platform/ (helpers every
// domain uses), db/ and migrations/, domain/ (errors, Actor); http/ is the edge the routes stand on.
// A domain imports another only through that domain's index.ts, never its files; index.ts exports
// services and repositories, never routes, so the edge (http/) may use it without a cycle. Tests,
// test-support and the entry points (app.ts, main.ts, bootstrap.ts, app-deps.ts) may import anything.
const SERVER_DOMAINS = fs.existsSync('server')
  ? fs
      .readdirSync('server', { withFileTypes: true })
      .filter((d) => d.isDirectory() && fs.existsSync(`server/${d.name}/index.ts`))
      .map((d) => d.name)
  : [];
const SERVER_DEPS = ['./app-deps.ts', './config.ts'];
const KERNEL = ['./db', './domain'];
const otherIndexes = (domain) => SERVER_DOMAINS.filter((d) => d !== domain).map((d) => `./${d}/index.ts`);
const serverZones = [
  {
    target: './server/domain',
    from: './server',
    except: ['./domain'],
    message: 'domain/ (errors, Actor) imports nothing from the server.',
  },
  {
    target: ['./server/db', './server/migrations'],
    from: './server',
    except: ['./db', './migrations', './domain'],
    message: 'db/ and migrations/ sit below every domain: db, migrations and domain only.',
  },
  {
    target: './server/platform/repositories',
    from: './server',
    except: ['./platform/repositories', ...KERNEL],
    message: 'platform/repositories run queries: db and domain only.',
  },
  {
    target: './server/platform',
    from: './server',
    except: ['./platform', ...KERNEL, ...SERVER_DEPS],
    message: 'platform/ is below every domain: it imports no domain, no HTTP.',
  },
  {
    target: './server/http',
    from: './server',
    except: ['./http', './platform', ...KERNEL, ...SERVER_DEPS, ...SERVER_DOMAINS.map((d) => `./${d}/index.ts`)],
    message: 'http/ (the edge the routes stand on) uses a domain through its index.ts only, and no routes.',
  },
  {
    target: './server/seed',
    from: './server',
    except: ['./seed', './platform', ...KERNEL, './config.ts', ...SERVER_DOMAINS.map((d) => `./${d}/index.ts`)],
    message: 'seed/ writes first-start data through the domains’ index.ts: no HTTP or routes.',
  },
  ...SERVER_DOMAINS.flatMap((d) => [
    {
      target: `./server/${d}/repositories`,
      from: './server',
      except: [`./${d}/repositories`, './platform/repositories', ...KERNEL],
      message: `${d}/repositories run queries: their own domain's repositories, platform/repositories, db and domain only — no services, no HTTP (throw domain errors).`,
    },
    {
      target: `./server/${d}/services`,
      from: './server',
      except: [`./${d}/services`, `./${d}/repositories`, './platform', ...KERNEL, ...SERVER_DEPS, ...otherIndexes(d)],
      message: `${d}/services never see HTTP (throw domain errors) and use another domain through its index.ts only.`,
    },
    {
      target: `./server/${d}/index.ts`,
      from: './server',
      except: [`./${d}/services`, `./${d}/repositories`],
      message: `${d}/index.ts exports the domain's services and repositories, never its routes.`,
    },
    {
      target: `./server/${d}/routes`,
      from: './server',
      except: [`./${d}`, './http', './platform', ...KERNEL, ...SERVER_DEPS, ...otherIndexes(d)],
      message: `${d}/routes use http/, their own domain and another domain's index.ts: not the app, its entry points, seed or test-support.`,
    },
  ]),
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
    // The server's layers (serverZones above); tests and test helpers (*-test-support.ts) may import anything.
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/test-support/**', 'server/**/*-test-support.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...serverZones] }],
    },
  },
  {
    // Thin routes: a route reads the request and answers; queries and transactions are the
    // repositories' and services' work.
    files: ['server/routes/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/**/*-test-support.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|transaction)$/]',
          message: 'routes query no database: call a repository or a service.',
        },
        {
          selector: "CallExpression[callee.name='inTransaction']",
          message: 'a transaction is a service’s work: move it into the domain’s services/.',
        },
      ],
    },
  },
  {
    // Services do the work through the repositories: no query of their own.
    files: ['server/*/services/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom)$/]',
          message: 'services query through their repositories/: move the statement there.',
        },
      ],
    },
  },
  {
    // Benchmarks compare the engine with plain @formily/core only: no UI library may creep into the figures.
    files: ['bench/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'antd', 'antd/*', '@formily/*', '!@formily/core', 'axios', 'swr'],
              message: 'bench/ may import src/engine, node and @formily/core only.',
            },
          ],
        },
      ],
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
    // Hosts use forms through <SchemaForm> and the runtime's methods: Formily is the form runtime's
    // business, behind the bridge (and the FormRuntime hosts get has no Formily form), so it can
    // change without a screen noticing.
    files: ['src/app/**/*.{ts,tsx}', 'src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@formily/*'],
              message: 'app/ and features/ use forms through src/form-runtime (<SchemaForm>, FormRuntime), never Formily itself.',
            },
          ],
        },
      ],
    },
  },
  {
    // The engine runs unchanged in the browser and on the server: no UI, no IO, no ambient clock.
    files: ['src/engine/**/*.ts'],
    ignores: ['src/engine/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'antd', 'antd/*', '@formily/*', 'axios', 'swr', 'node:*', 'fs', 'path'],
              message: 'engine/ is pure TypeScript: no UI, network or IO.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage', 'fetch'],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'engine/ takes the clock as an argument.' },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'engine/ takes the clock as an argument.',
        },
        // The server runs the engine under tsx (esbuild), which has no glob: hosts read folders
        // (codemaps/, schemas/) and hand the files in (buildCodemaps / loadCodemaps).
        {
          selector: "MemberExpression[object.type='MetaProperty'][property.name='glob']",
          message: 'engine/ reads no folders: the host loads the files and passes them in.',
        },
      ],
    },
  },
);
