// The administration screens shipped with the app: schemas/crud/*.crud.json, read through Vite as
// the code maps are (eager JSON: small files, and a screen must open without another download).
// `npm run forms:check` validated them; the build bundles only what it passed.
import type { CrudDocument } from './crud-document-types';

// Read as text (`?raw`), not as JSON modules: crud-routes.ts imports `route` and `title` of the same
// files as JSON, and a JSON module both import would carry every document into the login page's
// download (the route table is there). As text, the documents come with the screens' chunk only.
const files = import.meta.glob<string>('../../../schemas/crud/*.crud.json', { eager: true, query: '?raw', import: 'default' });

const DOCUMENTS: readonly CrudDocument[] = Object.values(files)
  .map((text) => JSON.parse(text) as CrudDocument)
  .sort((a, b) => a.route.localeCompare(b.route));

/** Every CRUD document, by route. */
export const crudDocuments = (): readonly CrudDocument[] => DOCUMENTS;

/** The document of a route (its path without query), if one describes it. */
export const crudDocumentOf = (route: string): CrudDocument | undefined => DOCUMENTS.find((d) => d.route === route);

/** The document of that name (schemas/crud/<name>.crud.json). */
export const crudDocumentNamed = (name: string): CrudDocument | undefined => DOCUMENTS.find((d) => d.name === name);
