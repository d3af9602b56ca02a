import { Card } from 'antd';
import { crudDocumentNamed, CrudDocumentPage } from '../../form-runtime';

/**
 * System parameters (spec 002 §3), now a CRUD document: schemas/crud/systemparam.crud.json holds
 * the columns, the search, the dialog form document (schemas/systemparam.json, which the server runs
 * too), the administrators-only buttons and the rule that only the institution's own parameters may
 * be deleted. This module stays so the route's lazy entry keeps its name.
 */
export function SystemParamPage() {
  const document = crudDocumentNamed('systemparam');
  if (!document) throw new Error('schemas/crud/systemparam.crud.json 缺失');
  return (
    <Card size="small">
      <CrudDocumentPage document={document} />
    </Card>
  );
}
