import { getData } from './envelope';

/**
 * An archive's form menu (spec 001 §7 healthmenu/getHealthMenuRoutes): the forms the registry
 * places for this resident, in menu order, each with the tabs other forms join on its page, and
 * the archive buttons the caller's role holds.
 */
export interface HealthMenuTab {
  /** The form's code. */
  code: string;
  /** Its menu or tab title. */
  name: string;
  sort: number | null;
  /** followup, evaluation, education, exam, screening… (the document's placement kind). */
  kind: string;
  formName: string;
  version: number;
}

export interface HealthMenuRoute extends HealthMenuTab {
  path: string;
  tabs: HealthMenuTab[];
}

export interface HealthMenu {
  routes: HealthMenuRoute[];
  buttons: string[];
}

export const getHealthMenu = (archId: string) =>
  getData<HealthMenu>(`/api/blade-iph-business/healthmenu/getHealthMenuRoutes?archId=${encodeURIComponent(archId)}`);
