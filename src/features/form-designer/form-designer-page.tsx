import { useNavigate, useSearchParams } from 'react-router-dom';
import { FIRST_PAGE_PATH } from '../../shared/config';
import './form-designer.css';
import { FormEditor } from './form-editor';
import { FormList } from './form-list';

/** The list's own address; an open form is `?formId=…&name=…` (its own tab, labelled by the name). */
export const FORM_DESIGN_PATH = '/system/form/index';

export const editorPath = (id: string, formName: string) =>
  `${FORM_DESIGN_PATH}?formId=${encodeURIComponent(id)}&name=${encodeURIComponent(`设计·${formName}`)}`;

/**
 * 表单设计 (/system/form/index): the list of forms, or with `?formId=` the designer of one form.
 * The editor lives on the same route so each open form is a tab of its own (the query's name
 * labels it, as the shell does for archives), survives a reload, and can be linked to.
 */
export function FormDesignerPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const formId = search.get('formId');
  if (formId) return <FormEditor key={formId} formId={formId} onBack={() => navigate(FORM_DESIGN_PATH)} />;
  return <FormList onOpen={(row) => navigate(editorPath(row.id, row.formName))} onHome={() => navigate(FIRST_PAGE_PATH)} />;
}
