// Which form each top tab of the maternal shell hosts, read from the forms' placement
// (docs/architecture.md §2): a maternal form's placement.tabs entry on another maternal form's page
// names the shell tab by its title. The table (maternal-messages.ts) keeps only the tabs' order,
// words and settings. Pure: the documents come in as arguments.
import type { FormDocument } from '../../engine';
import { MATERNAL_SHELL_TABS, type MaternalShellTab, type MaternalTab, type MaternalTabForm } from './maternal-messages';

interface Joined {
  code: string;
  title: string;
  order: number;
}

const byOrder = (a: Joined, b: Joined) => a.order - b.order || a.code.localeCompare(b.code);

/**
 * The shell's tabs with their forms: a maternal form whose placement puts a tab, titled as a shell
 * tab, on a maternal form's page joins that shell tab; one whose title names no shell tab joins the
 * tab showing its host's page (`hostPage`: 产检随访, whose first sub-tab is the host itself). Within a
 * tab the forms follow their placement order. A tab no form names keeps no forms (孕产妇档案,
 * 新生儿访视, 孕产妇手册 show screens of their own).
 */
export function maternalTabsFrom(docs: readonly FormDocument[], table: readonly MaternalShellTab[] = MATERNAL_SHELL_TABS): MaternalTab[] {
  const maternal = docs.filter((d) => d.placement?.kind === 'maternal');
  const maternalCodes = new Set(maternal.map((d) => d.formCode));
  const hosts: string[] = [];
  const joined: Joined[] = [];
  for (const doc of maternal) {
    for (const tab of doc.placement?.tabs ?? []) {
      if (!maternalCodes.has(tab.host)) continue;
      if (!hosts.includes(tab.host)) hosts.push(tab.host);
      joined.push({ code: doc.formCode, title: tab.title, order: tab.order ?? 0 });
    }
  }
  const labels = new Set(table.map((t) => t.label));
  const nameOf = (code: string) => maternal.find((d) => d.formCode === code)?.formName ?? code;
  return table.map((tab) => {
    const forms: MaternalTabForm[] = [];
    if (tab.hostPage) {
      hosts.forEach((host, i) => forms.push({ code: host, label: i === 0 ? tab.hostPage! : nameOf(host) }));
      const homeless = joined.filter((j) => !labels.has(j.title)).sort(byOrder);
      forms.push(...homeless.map((j) => ({ code: j.code, label: j.title })));
    }
    const own = joined.filter((j) => j.title === tab.label).sort(byOrder);
    forms.push(...own.filter((j) => !forms.some((f) => f.code === j.code)).map((j) => ({ code: j.code, label: j.title })));
    return forms.length ? { ...tab, formCodes: forms } : { ...tab };
  });
}

/** The key of the tab holding form `code`, if any. */
export function tabOfForm(tabs: readonly MaternalTab[], code: string | undefined): string | undefined {
  return code ? tabs.find((t) => t.formCodes?.some((f) => f.code === code))?.key : undefined;
}

/** Whether a tab shows, given the system parameters read ('' when unset). */
export function tabShown(tab: MaternalShellTab, params: Record<string, string>): boolean {
  if (!tab.shownWhen) return true;
  const value = params[tab.shownWhen.param] ?? '';
  if (tab.shownWhen.equals !== undefined) return value === tab.shownWhen.equals;
  return value !== tab.shownWhen.not;
}

/**
 * The tab the shell opens on: the one asked for (?tab=, or the tab of ?form=) when the settings show
 * it, else the first tab shown — a link to a form the settings hide (新生儿登记 without
 * mother-newborn-visit 2) must not open that tab.
 */
export function openingTab(shown: readonly MaternalTab[], all: readonly MaternalTab[], asked: { tab?: string; form?: string }): string {
  const wanted = asked.tab ?? tabOfForm(all, asked.form);
  return shown.some((t) => t.key === wanted) ? wanted! : (shown[0]?.key ?? 'maternalArchive');
}
