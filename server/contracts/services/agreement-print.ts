// The signed agreement as its paper (spec 001 line 123: generate-pdf/protocol-service): the parties,
// the period, the service packs with their items, the fee, the clauses, and the resident's signature
// when there is one — and the resident's informed consent (written-consent) — PrintDocuments for
// printing/'s renderer.
import type { PrintDocument, PrintSection } from '../../printing/index';
import type { AgreementContent } from './agreement';

const yuan = (n: number) => `${n.toFixed(2)} 元`;

/** The agreement's PrintDocument; `signaturePng` the resident's signature (a PNG), when signed. */
export function agreementDocument(a: AgreementContent, signaturePng?: Uint8Array): PrintDocument {
  const packs: PrintSection[] = a.packs.map((p) => ({
    heading: '服务包',
    rows: [
      [
        { label: '名称', value: p.name, span: 2 },
        { label: '价格', value: yuan(p.price) },
      ],
      [{ label: '服务项目', value: p.items.map((i) => `${i.name}（每年${i.timesPerYear}次）`).join('；') || '—', span: 3 }],
    ],
  }));
  const signedOn = a.signature.signTime ? a.signature.signTime.slice(0, 10) : '';
  return {
    title: a.title,
    // A date of the agreement itself (its start), so the same agreement prints the same bytes.
    date: new Date(`${a.period.startDate || '2000-01-01'}T00:00:00Z`),
    subject: `${a.partyA.name} ${a.contractNo}`,
    blocks: [
      { kind: 'title', text: a.title },
      { kind: 'line', text: `协议编号：${a.contractNo}`, right: `状态：${a.stateText}` },
      {
        kind: 'table',
        pairs: 3,
        // Wide enough for 甲方（居民） on one line.
        headingWidth: 84,
        sections: [
          {
            heading: '甲方（居民）',
            rows: [
              [
                { label: '姓名', value: a.partyA.name },
                { label: '性别', value: a.partyA.sex },
                { label: '联系电话', value: a.partyA.phone },
              ],
              [
                { label: '身份证号', value: a.partyA.idCardMasked },
                { label: '住址', value: a.partyA.address, span: 2 },
              ],
            ],
          },
          {
            heading: '乙方（团队）',
            rows: [
              [
                { label: '签约团队', value: a.partyB.teamName },
                { label: '签约医生', value: a.partyB.doctorName, span: 2 },
              ],
            ],
          },
          {
            heading: '服务期限',
            rows: [
              [
                { label: '开始日期', value: a.period.startDate },
                { label: '结束日期', value: a.period.endDate },
                { label: '费用合计', value: yuan(a.fee) },
              ],
            ],
          },
          ...packs,
        ],
      },
      { kind: 'space', height: 10 },
      { kind: 'line', text: '协议条款', size: 11 },
      ...a.clauses.map((c, i) => ({ kind: 'paragraph' as const, text: `${i + 1}. ${c}` })),
      { kind: 'space', height: 16 },
      signaturePng
        ? { kind: 'image' as const, png: signaturePng, width: 120, caption: '甲方签名：' }
        : { kind: 'line' as const, text: '', right: '甲方签名：________________' },
      {
        kind: 'line',
        text: `乙方签约医生：${a.partyB.doctorName}`,
        right: signedOn ? `签约日期：${signedOn}` : '签约日期：____年__月__日',
      },
    ],
  };
}

export const CONSENT_TITLE = '家庭医生签约服务知情同意书';

/** What the resident is told before signing (the spec shows no text: the usual points of such a consent). */
export const CONSENT_STATEMENTS: readonly string[] = [
  '本人已了解家庭医生签约服务的内容、服务包项目、收费标准和服务期限。',
  '本人自愿与上述家庭医生团队签约，签约期内以该团队为本人的健康管理责任团队。',
  '本人同意签约团队在提供服务所需的范围内查阅、记录和上报本人的健康信息。',
  '本人知悉协议期内可申请解约，解约后不影响本人享受其他基本公共卫生服务。',
];

/** The informed consent of a contract's resident; `signaturePng` the resident's signature, when signed. */
export function consentDocument(a: AgreementContent, signaturePng?: Uint8Array): PrintDocument {
  const signedOn = a.signature.signTime ? a.signature.signTime.slice(0, 10) : '';
  return {
    title: CONSENT_TITLE,
    date: new Date(`${a.period.startDate || '2000-01-01'}T00:00:00Z`),
    subject: `${a.partyA.name} ${a.contractNo}`,
    blocks: [
      { kind: 'title', text: CONSENT_TITLE },
      { kind: 'line', text: `协议编号：${a.contractNo}` },
      {
        kind: 'paragraph',
        text: `本人${a.partyA.name}（身份证号 ${a.partyA.idCardMasked}）拟与${a.partyB.teamName}（签约医生：${a.partyB.doctorName}）签订家庭医生签约服务协议，服务期限${a.period.startDate}至${a.period.endDate}，签约服务包：${a.packs.map((p) => p.name).join('、') || '—'}。`,
      },
      ...CONSENT_STATEMENTS.map((c, i) => ({ kind: 'paragraph' as const, text: `${i + 1}. ${c}` })),
      { kind: 'space', height: 16 },
      signaturePng
        ? { kind: 'image' as const, png: signaturePng, width: 120, caption: '居民签名：' }
        : { kind: 'line' as const, text: '', right: '居民签名：________________' },
      { kind: 'line', text: '', right: signedOn ? `日期：${signedOn}` : '日期：____年__月__日' },
    ],
  };
}
