import { Card, Result } from 'antd';
import { useLocation } from 'react-router-dom';
import { crudDocumentOf, CrudDocumentPage } from '../../form-runtime';
import { useLang } from '../../shared/i18n/i18n-context';

/**
 * The page of every route a CRUD document describes (schemas/crud/*.crud.json): the document of
 * the current path rendered by the generic <CrudDocumentPage>. A new administration screen is a new
 * document; nothing here changes.
 */
export function AdminScreen() {
  const { pathname } = useLocation();
  const { lang } = useLang();
  const document = crudDocumentOf(pathname);
  if (!document)
    return (
      <Result
        status="404"
        title={pathname}
        subTitle={lang === 'zh' ? '没有描述此页面的 CRUD 文档' : 'No CRUD document describes this page'}
      />
    );
  return (
    <Card size="small">
      <CrudDocumentPage key={document.name} document={document} />
    </Card>
  );
}
