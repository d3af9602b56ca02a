import { DictManagement } from './dict-management';

/** /dict-vertical/index: parent and child dictionary tables stacked (spec 002 §2). */
export function DictVerticalPage() {
  return <DictManagement layout="vertical" menuCode="dict_vertical" />;
}
