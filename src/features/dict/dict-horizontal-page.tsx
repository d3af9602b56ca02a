import { DictManagement } from './dict-management';

/** /dict-horizontal/index: parent and child dictionary tables side by side (spec 002 §2). */
export function DictHorizontalPage() {
  return <DictManagement layout="horizontal" menuCode="dict_horizontal" />;
}
