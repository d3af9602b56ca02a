import { defineMessages } from '../../shared/i18n/define-messages';

/** Strings of the 老年人档案 page (spec 001 §2 "old-people archives"). */
export const elderlyMessages = defineMessages(
  {
    menuTitle: '老年人档案',
    selfCareTitle: '生活自理能力',
    tcmTitle: '中医体质辨识',
    grade: '自理能力',
    totalScore: '总评分',
    scorePoints: (n: number) => `${n}分`,
    constitution: '体质类型',
    noConstitution: '未判定出体质',
    assessedOn: '评估日期',
    nextOn: '下次日期',
    notAssessed: '尚未评估',
    openSelfCare: '老年人自理能力评估',
    openTcm: '老年人中医药管理',
    loading: '加载中…',
    failed: '老年人档案加载失败',
  },
  {
    menuTitle: 'Elderly record',
    selfCareTitle: 'Self-care ability',
    tcmTitle: 'TCM constitution',
    grade: 'Self-care',
    totalScore: 'Total score',
    scorePoints: (n: number) => `${n} pts`,
    constitution: 'Constitution',
    noConstitution: 'No constitution identified',
    assessedOn: 'Assessed on',
    nextOn: 'Next due',
    notAssessed: 'Not assessed yet',
    openSelfCare: 'Self-care evaluation',
    openTcm: 'TCM health management',
    loading: 'Loading…',
    failed: 'Could not load the elderly record',
  },
);
