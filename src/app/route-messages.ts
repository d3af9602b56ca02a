import { CRUD_ROUTE_NAMES } from '../features/admin/crud-routes';
import { defineMessages } from '../shared/i18n/define-messages';

/** Route names: page titles, tab labels, breadcrumbs (spec 000 §2). */
const builtInNames = defineMessages(
  {
    login: '登录',
    sso: '单点登录',
    hisLogin: 'HIS 登录',
    lock: '锁屏',
    notFound: '页面不存在',
    forbidden: '无权访问',
    serverError: '服务器错误',
    iframe: '外部页面',
    home: '首页',
    dashboard: '工作台',
    followupStatus: '随访提交状态',
    info: '个人信息',
    dictHorizontal: '业务字典',
    dictVertical: '字典管理',
    taskCentre: '任务中心',
    asyntask: '导出任务',
    submission: '上报管理',
    propaganda: '健康教育',
    leaveForm: '请假申请',
    leaveHandle: '请假审批',
    leaveDetail: '请假详情',
    publicHealth: '居民健康档案',
    phJump: '档案跳转',
    phAddArchive: '新增档案',
    phAddArchiveFast: '快速建档',
    phChildren: '儿童档案',
    phEditArchive: '编辑档案',
    phSign: '签约管理',
    phOneKeyEducation: '一键宣教',
    phDetail: '档案详情',
    phMaternalList: '孕产妇管理',
    phGrowthChart: '儿童生长曲线',
    phMaternal: '孕产妇详情',
    phIpad: '移动端随访',
    qualityManage: '质量管理',
    qualityTopic: '质控专题',
    qualityTopicEdit: '编辑质控专题',
    statisticalReport: '统计报表',
    workloadStatistics: '工作量统计',
    keyPopulationHealth: '重点人群健康管理',
    windowAddArchiveFast: '快速建档（独立窗口）',
    windowJumpArchive: '档案跳转（独立窗口）',
    systemParam: '参数管理',
    formDesign: '表单设计',
    formPreview: '表单预览',
    reportFiles: '报表文件',
  },
  {
    login: 'Sign in',
    sso: 'Single sign-on',
    hisLogin: 'HIS sign-in',
    lock: 'Locked',
    notFound: 'Page not found',
    forbidden: 'Forbidden',
    serverError: 'Server error',
    iframe: 'External page',
    home: 'Home',
    dashboard: 'Dashboard',
    followupStatus: 'Follow-up submission status',
    info: 'Personal info',
    dictHorizontal: 'Business dictionary',
    dictVertical: 'Dictionaries',
    taskCentre: 'Task centre',
    asyntask: 'Export tasks',
    submission: 'Submission management',
    propaganda: 'Health education',
    leaveForm: 'Leave request',
    leaveHandle: 'Leave approval',
    leaveDetail: 'Leave details',
    publicHealth: 'Resident health archives',
    phJump: 'Archive jump',
    phAddArchive: 'New archive',
    phAddArchiveFast: 'Quick archive',
    phChildren: 'Child archives',
    phEditArchive: 'Edit archive',
    phSign: 'Contract signing',
    phOneKeyEducation: 'One-click education',
    phDetail: 'Archive details',
    phMaternalList: 'Maternal care',
    phGrowthChart: 'Growth chart',
    phMaternal: 'Maternal details',
    phIpad: 'Tablet follow-up',
    qualityManage: 'Quality management',
    qualityTopic: 'Quality topic',
    qualityTopicEdit: 'Edit quality topic',
    statisticalReport: 'Statistical reports',
    workloadStatistics: 'Workload statistics',
    keyPopulationHealth: 'Key population health management',
    windowAddArchiveFast: 'Quick archive (own window)',
    windowJumpArchive: 'Archive jump (own window)',
    systemParam: 'System parameters',
    formDesign: 'Form design',
    formPreview: 'Form preview',
    reportFiles: 'Printed files',
  },
);

/**
 * The built-in names and the CRUD documents' titles (keys crud:<name>, from the documents
 * themselves). Typed by the built-in keys: a document's key is known only once the files are read,
 * so route-table.ts hands it in as a RouteNameKey and the lookups here find it.
 */
export const routeNames: typeof builtInNames = {
  zh: { ...builtInNames.zh, ...CRUD_ROUTE_NAMES.zh },
  en: { ...builtInNames.en, ...CRUD_ROUTE_NAMES.en },
};

export type RouteNameKey = keyof typeof builtInNames.zh;

/**
 * What each not-yet-built screen will hold: its placeholder says so instead of showing a blank
 * page (issue 3). Only routes whose screens arrive with later issues have an entry.
 */
export const placeholderTexts = defineMessages(
  {
    dashboard: '工作台将汇总本机构的建档、签约、随访和待办数量。',
    leaveForm: '请假申请表单将根据流程定义生成，提交后进入审批流程。',
    leaveHandle: '请假审批页将显示申请内容和流转记录，可同意或驳回。',
    leaveDetail: '请假详情将显示申请内容、审批意见和流程图。',
    phIpad: '移动端随访将在平板上以全屏布局录入随访。',
  },
  {
    dashboard: 'The dashboard will sum up archives, contracts, follow-ups and to-dos of this institution.',
    leaveForm: 'The leave request form, generated from the process definition, starts the approval flow.',
    leaveHandle: 'The leave request with its history, to approve or reject.',
    leaveDetail: 'The leave request, its approvals and the process diagram.',
    phIpad: 'Follow-up entry on a tablet, in a full-page layout.',
  },
);

export type PlaceholderKey = keyof typeof placeholderTexts.zh;
