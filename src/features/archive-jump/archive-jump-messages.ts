import { defineMessages } from '../../shared/i18n/define-messages';

/** Strings of 档案跳转 (/publichealthwork/jump and its window variant; decision 0050). */
export const archiveJumpMessages = defineMessages(
  {
    finding: '正在查找居民档案…',
    noIdCard: '缺少证件号',
    noIdCardHint: '外部系统打开本页时需在地址中带上居民的身份证号，例如 …/publichealthwork/jump?idCard=身份证号',
    notFound: '未找到该居民的档案',
    notFoundHint: (idCard: string) => `本机构没有身份证号为 ${idCard} 的居民档案，可在居民健康档案中新增档案。`,
    refused: '无法打开该居民的档案',
    toList: '前往居民健康档案',
  },
  {
    finding: 'Finding the resident’s archive…',
    noIdCard: 'No identity number',
    noIdCardHint: 'An external system opening this page passes the resident’s identity number, e.g. …/publichealthwork/jump?idCard=number',
    notFound: 'No archive of this resident',
    notFoundHint: (idCard: string) =>
      `This institution keeps no archive of the identity number ${idCard}; add one in the residents’ archives.`,
    refused: 'The resident’s archive cannot be opened',
    toList: 'Go to the residents’ archives',
  },
);
