import { defineMessages } from '../../shared/i18n/define-messages';

/** Strings of the print dialog for archives (spec 001 line 77: year picker yyyy, default this year). */
export const printYearDialogMessages = defineMessages(
  {
    title: '打印档案',
    year: '打印年度',
    template: '打印内容',
    chosen: (n: number) => `已选择 ${n} 份档案`,
    futureYear: '不能大于当前年份!',
    ok: '打 印',
    cancel: '取 消',
  },
  {
    title: 'Print archives',
    year: 'Year',
    template: 'Print',
    chosen: (n: number) => `${n} archive(s) chosen`,
    futureYear: 'The year cannot be after this year',
    ok: 'Print',
    cancel: 'Cancel',
  },
);
