// A resource block's names reach SQL and URLs: what resourceBlockProblems lets through and what it stops.
import { describe, expect, it } from 'vitest';
import { resourceBlockProblems, type ResourceBlock } from './resource-block';

const block = (over: Partial<ResourceBlock> = {}): ResourceBlock => ({
  path: '/blade-iph-business/msgtemp',
  table: 'iph_msg_temp',
  label: '消息模板',
  columns: { title: { column: 'title', type: 'text', label: '标题', filter: true, sort: true } },
  order: [{ prop: 'title' }],
  access: { read: 'signed-in', submit: { roles: ['administrator'] }, remove: { roles: ['administrator'] } },
  ...over,
});

describe('resourceBlockProblems', () => {
  it('passes a block whose names are identifiers and whose order and uniqueness name its properties', () => {
    expect(resourceBlockProblems('t', block({ calls: { list: ['new-list'], submit: ['save-or-update'] } }))).toEqual([]);
  });

  it('stops names that would reach SQL or a URL unchecked', () => {
    const bad = block({
      path: '/Blade/x',
      table: 'iph; drop table x',
      columns: {
        title: { column: 'Title', type: 'text', label: '标题' },
        owner: { column: 'tenant_id', type: 'id', label: '机构' },
        doctor: { column: 'doctor_id', type: 'text', label: '医生', ref: { table: 'blade_user', message: '医生不存在' } },
        createTime: { column: 'made_at', type: 'text', label: '创建时间' },
      },
      order: [{ prop: 'missing' }],
      unique: [{ props: ['nobody'], message: 'x' }],
      calls: { list: ['../list'] },
      removeBlockedBy: [{ table: 'iph x', column: 'parent_id', message: '有下级' }],
    });
    expect(resourceBlockProblems('t', bad)).toEqual([
      't: path /Blade/x 不是 /服务/资源 形式',
      't: table iph; drop table x 不是合法的表名',
      't: 属性 title 的列 Title 不是合法的列名',
      't: 属性 owner 占用了模块自己写的列 tenant_id',
      't: 属性 doctor 引用其他行, 类型须为 id',
      't: 属性 createTime 与每行自带的属性重名',
      't: 调用 list 的别名 ../list 不是合法的路径段',
      't: 删除限制 iph x.parent_id 不是合法的表名或列名',
      't: 排序属性 missing 不是资源的属性',
      't: 唯一约束的属性 nobody 不是资源的属性',
    ]);
  });
});
