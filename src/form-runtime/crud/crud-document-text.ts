import type { Lang } from '../../shared/i18n/define-messages';
import type { CrudRowCondition, CrudText } from './crud-document-types';

/** A document's text in the user's language (a plain string is Chinese, shown in both). */
export const textOf = (text: CrudText, lang: Lang): string => (typeof text === 'string' ? text : text[lang]);

/** Whether a row meets a document's condition (compared as text: "1" equals 1, "true" true; `not` turns it round). */
export const rowMeets = (row: Record<string, unknown>, condition: CrudRowCondition | undefined): boolean =>
  !condition || (String(row[condition.prop]) === String(condition.equals)) !== (condition.not === true);
