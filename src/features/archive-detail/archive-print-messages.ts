import { defineMessages } from '../../shared/i18n/define-messages';

/** Strings of the archive page's 打印档案 (the archive card and the yearly health archive, spec 001 §2). */
export const archivePrintMessages = defineMessages(
  {
    printArchive: '打印档案',
    healthArchive: '健康档案（年度）',
    archiveCard: '档案封面/个人基本信息表',
  },
  {
    printArchive: 'Print archive',
    healthArchive: 'Health archive (year)',
    archiveCard: 'Cover and basic information',
  },
);
