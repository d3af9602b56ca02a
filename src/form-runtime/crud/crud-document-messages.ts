import { defineMessages } from '../../shared/i18n/define-messages';

/**
 * Strings of the document-driven screens' own controls. The spec's fixed wording (导入成功,
 * 请选择是否覆盖, 操作成功…) stays Chinese in both languages, as CRUD_TEXT does.
 */
export const crudDocumentMessages = defineMessages(
  {
    import: '导入',
    importTitle: '数据导入',
    cover: '数据覆盖',
    yes: '是',
    no: '否',
    file: '模板上传',
    pickFile: '选择文件',
    fileHint: '请上传 .xls、.xlsx 标准格式文件',
    template: '模板下载',
    upload: '上传',
    cancel: '取消',
    ok: '确定',
    tip: '提示',
    logTitle: '导入日志',
    logStatus: '状态',
    logContent: '内容',
    addChild: '新增子项',
    noDocument: '没有描述此页面的 CRUD 文档',
    loading: '加载中…',
    passwordTitle: '初始密码',
    passwordText: (account: string, password: string) =>
      `账号 ${account} 的初始密码：${password}（只显示这一次，请转告本人并提醒登录后修改）`,
    secretTitle: '应用密钥',
    secretText: (clientId: string, secret: string) => `应用 ${clientId} 的密钥：${secret}（只显示这一次，请立即抄存到该应用的配置中）`,
  },
  {
    import: 'Import',
    importTitle: 'Import data',
    cover: 'Overwrite existing',
    yes: 'Yes',
    no: 'No',
    file: 'File',
    pickFile: 'Choose file',
    fileHint: 'Upload an .xls or .xlsx file in the template’s format',
    template: 'Download template',
    upload: 'Upload',
    cancel: 'Cancel',
    ok: 'OK',
    tip: 'Notice',
    logTitle: 'Import log',
    logStatus: 'Status',
    logContent: 'Content',
    addChild: 'Add child',
    noDocument: 'No CRUD document describes this page',
    loading: 'Loading…',
    passwordTitle: 'Initial password',
    passwordText: (account: string, password: string) =>
      `The initial password of ${account}: ${password} (shown this once: tell its owner, who should change it after signing in)`,
    secretTitle: 'Client secret',
    secretText: (clientId: string, secret: string) =>
      `The secret of client ${clientId}: ${secret} (shown this once: copy it into the client's configuration now)`,
  },
);

/** The spec's fixed wording (spec 002 §2, §5), identical in both languages. */
export const CRUD_DOCUMENT_TEXT = {
  imported: '导入成功',
  chooseCover: '请选择是否覆盖',
  chooseFile: '请选择要上传的文件',
  badFileType: '不支持的文件类型！',
  done: '操作成功',
} as const;
