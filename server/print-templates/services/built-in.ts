// The templates every tenant starts with (decision 0038): the seed writes them as rows of 打印模板,
// and a tenant without a row of that origin and code prints with these — a new institution prints
// before anyone has designed anything. The archive's are the national 居民健康档案 cover and
// 个人基本信息表 (rows the archive does not hold yet print empty, as on paper); a follow-up form's is
// its record as the paper form (server/printing's record print).
import type { ParamSpec, Recipe, RecipeBlock, ReportOrigin } from '../../../src/shared/contract/print-templates';

export interface TemplateDef {
  origin: ReportOrigin;
  code: string;
  name: string;
  formCodes: string[];
  paramSchema: ParamSpec[];
  content: Recipe;
}

/** The archive placeholders a template may print: `{{archive.<name>}}`, with what each is. */
export const ARCHIVE_FIELDS: readonly (readonly [string, string])[] = [
  ['personName', '姓名'],
  ['sexText', '性别'],
  ['birthday', '出生日期'],
  ['age', '年龄'],
  ['idCard', '身份证号'],
  ['archivesNo', '档案编号'],
  ['archivesStatusText', '档案状态'],
  ['phone', '本人电话'],
  ['contactName', '联系人姓名'],
  ['contactPhone', '联系人电话'],
  ['homeAddress', '现住址'],
  ['compateAddress', '户籍地址'],
  ['regionAddress', '所属区划'],
  ['doctorName', '责任医生'],
  ['teamName', '签约团队'],
  ['cardNo', '医疗卡号'],
  ['insuranceCode', '医保编号'],
  ['crowdLabelNames', '人群分类'],
  ['createDate', '建档日期'],
];
/** Placeholders beside the archive's: the institution and the year printed. */
export const PRINT_FIELDS: readonly (readonly [string, string])[] = [
  ['tenantName', '建档单位'],
  ['printYear', '打印年度'],
];

const ARCHIVE_PARAMS: ParamSpec[] = [
  { name: 'archId', label: '档案', kind: 'archId', required: true },
  { name: 'printYear', label: '打印年度', kind: 'year', required: false },
];
const RECORD_PARAMS: ParamSpec[] = [{ name: 'id', label: '记录', kind: 'id', required: true }];

const cell = (label: string, value: string, span?: number) => ({ label, value, ...(span && { span }) });
const a = (name: string) => `{{archive.${name}}}`;

/** 居民健康档案 封面 (国家基本公共卫生服务规范 附件). */
export const COVER: RecipeBlock[] = [
  { kind: 'line', text: '', right: `编号：${a('archivesNo')}` },
  { kind: 'space', height: 120 },
  { kind: 'title', text: '居民健康档案', size: 30 },
  { kind: 'space', height: 90 },
  {
    kind: 'table',
    pairs: 1,
    headingWidth: 0,
    labelWidth: 130,
    sections: [
      {
        rows: [
          [cell('姓　　名', a('personName'))],
          [cell('现 住 址', a('homeAddress'))],
          [cell('户籍地址', a('compateAddress'))],
          [cell('联系电话', a('phone'))],
          [cell('乡镇（街道）名称', a('regionAddress'))],
          [cell('村（居）委会名称', '')],
          [cell('建档单位', '{{tenantName}}')],
          [cell('建 档 人', '')],
          [cell('责任医生', a('doctorName'))],
          [cell('建档日期', a('createDate'))],
        ],
      },
    ],
  },
  { kind: 'pageBreak' },
];

/** 个人基本信息表: the rows of the national form; what the archive does not hold prints empty. */
export const BASIC_INFO: RecipeBlock[] = [
  { kind: 'title', text: '个人基本信息表' },
  { kind: 'line', text: `姓名：${a('personName')}`, right: `编号：${a('archivesNo')}` },
  {
    kind: 'table',
    pairs: 2,
    sections: [
      {
        heading: '基本信息',
        rows: [
          [cell('性别', a('sexText')), cell('出生日期', a('birthday'))],
          [cell('身份证号', a('idCard')), cell('工作单位', '')],
          [cell('本人电话', a('phone')), cell('联系人姓名', a('contactName'))],
          [cell('联系人电话', a('contactPhone')), cell('常住类型', '')],
          [cell('民族', ''), cell('血型', '')],
          [cell('文化程度', ''), cell('职业', '')],
          [cell('婚姻状况', ''), cell('医疗费用支付方式', '')],
          [cell('医保编号', a('insuranceCode')), cell('医疗卡号', a('cardNo'))],
        ],
      },
      {
        heading: '健康史',
        rows: [
          [cell('药物过敏史', '', 2)],
          [cell('暴露史', '', 2)],
          [cell('既往史', '', 2)],
          [cell('家族史', '', 2)],
          [cell('遗传病史', ''), cell('残疾情况', '')],
        ],
      },
      {
        heading: '生活环境',
        rows: [[cell('厨房排风设施', ''), cell('燃料类型', '')], [cell('饮水', ''), cell('厕所', '')], [cell('禽畜栏', '', 2)]],
      },
      {
        heading: '管理信息',
        rows: [
          [cell('人群分类', a('crowdLabelNames'), 2)],
          [cell('责任医生', a('doctorName')), cell('签约团队', a('teamName'))],
          [cell('建档单位', '{{tenantName}}'), cell('建档日期', a('createDate'))],
        ],
      },
    ],
  },
];

/** The measurement / lab / exam report's template (decision 0046): the report's own print, param `id`. */
export const MEASURE_REPORT = 'measurereport';

/** The follow-up forms printed as their paper forms (the forms placed as follow-ups, schemas/*.json). */
export const FOLLOWUP_FORMS: readonly (readonly [string, string])[] = [
  ['hypertensionfollowup', '高血压患者随访服务记录表'],
  ['diabetesfollowup', '2型糖尿病患者随访服务记录表'],
  ['hypertensionhighriskfollowup', '高血压高危人群随访'],
  ['diabeteshighriskfollowup', '糖尿病高危人群随访'],
  ['severementalfollowup', '严重精神障碍患者随访服务记录表'],
  ['tuberculosisfirstvisit', '肺结核患者第一次入户随访记录表'],
  ['tuberculosisfollowup', '肺结核患者随访服务记录表'],
  ['breastfollowup', '乳腺癌检查异常追踪随访记录表'],
  ['cervicalfollowup', '宫颈癌检查异常追踪随访记录表'],
];

export const BUILT_IN_TEMPLATES: readonly TemplateDef[] = [
  {
    origin: 'archive',
    code: 'archivecard',
    name: '居民健康档案封面/个人基本信息表',
    formCodes: [],
    paramSchema: ARCHIVE_PARAMS,
    content: { title: '居民健康档案', blocks: [...COVER, ...BASIC_INFO] },
  },
  {
    origin: 'archive',
    code: 'healtharchiveprint',
    name: '居民健康档案（年度）',
    formCodes: [],
    paramSchema: ARCHIVE_PARAMS,
    content: {
      title: '居民健康档案',
      blocks: [...COVER, ...BASIC_INFO, { kind: 'records' }],
    },
  },
  ...FOLLOWUP_FORMS.map(([code, name]): TemplateDef => ({
    origin: 'followup',
    code,
    name,
    formCodes: [code],
    paramSchema: RECORD_PARAMS,
    content: { title: name, blocks: [{ kind: 'record' }] },
  })),
  {
    origin: 'measure',
    code: MEASURE_REPORT,
    name: '检查检验报告单',
    formCodes: [],
    paramSchema: [{ name: 'id', label: '报告', kind: 'id', required: true }],
    content: { title: '检查检验报告单', blocks: [{ kind: 'measure' }] },
  },
];

/** The built-in template of an origin and code, if there is one. */
export function builtInTemplate(origin: string, code: string): TemplateDef | undefined {
  return BUILT_IN_TEMPLATES.find((t) => t.origin === origin && t.code === code);
}

/** The folders the seed files them under. */
export const BUILT_IN_FOLDERS: Record<ReportOrigin, string> = { archive: '居民健康档案', followup: '随访记录', measure: '检查检验报告' };
