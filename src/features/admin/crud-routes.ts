// The routes and titles of the CRUD documents (schemas/crud/*.crud.json), for the route table, the
// page titles and the tabs. Only these two properties are imported (Vite's JSON named exports), so
// the login page's download does not carry the documents: the screen loads them with its own code.

interface Bilingual {
  zh: string;
  en: string;
}

const routes = import.meta.glob<string>('../../../schemas/crud/*.crud.json', { eager: true, import: 'route' });
const titles = import.meta.glob<Bilingual>('../../../schemas/crud/*.crud.json', { eager: true, import: 'title' });

/** The route-name key of a document's page: `crud:<name>`. */
export type CrudTitleKey = `crud:${string}`;

export interface CrudRoute {
  path: string;
  titleKey: CrudTitleKey;
}

const nameOf = (file: string) => file.slice(file.lastIndexOf('/') + 1).replace(/\.crud\.json$/, '');

/** Every document's route, sorted by path. */
export const CRUD_ROUTES: readonly CrudRoute[] = Object.entries(routes)
  .map(([file, path]) => ({ path, titleKey: `crud:${nameOf(file)}` as CrudTitleKey }))
  .sort((a, b) => a.path.localeCompare(b.path));

const titleTable = (lang: keyof Bilingual): Record<CrudTitleKey, string> =>
  Object.fromEntries(Object.entries(titles).map(([file, t]) => [`crud:${nameOf(file)}`, t[lang]])) as Record<CrudTitleKey, string>;

/** The documents' titles by route-name key, in each language. */
export const CRUD_ROUTE_NAMES = { zh: titleTable('zh'), en: titleTable('en') };

/** Whether a path is a CRUD document's page. */
export const isCrudRoute = (pathname: string): boolean => CRUD_ROUTES.some((r) => r.path === pathname);
