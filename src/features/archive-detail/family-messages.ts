import { defineMessages } from '../../shared/i18n/define-messages';

/** Strings of the archive page's 家庭 card (spec 001 §2 family button / familyspectrum; issue 31). */
export const familyMessages = defineMessages(
  {
    title: '家庭成员',
    pageTitle: '家庭图谱',
    none: '该居民暂无家庭档案',
    failed: '家庭档案读取失败',
    familyNo: '家庭编号',
    householder: '户主',
    address: '家庭住址',
    name: '姓名',
    archivesNo: '档案编号',
    sex: '性别',
    relation: '与户主关系',
    male: '男',
    female: '女',
    self: '本人',
  },
  {
    title: 'Family members',
    pageTitle: 'Family',
    none: 'This resident has no family archive',
    failed: 'The family archive could not be read',
    familyNo: 'Family no.',
    householder: 'Householder',
    address: 'Address',
    name: 'Name',
    archivesNo: 'Archive no.',
    sex: 'Sex',
    relation: 'Relation',
    male: 'Male',
    female: 'Female',
    self: 'this resident',
  },
);
