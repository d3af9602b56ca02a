// healthmenu/tree, lazy-list and healthMenuTree (spec 001 §7 "Healthmenu"; issue 31): the archive
// page's left menu as BladeX menu trees — every page and its tabs as the forms' placements configure
// them, one level at a time, and one resident's own tree (only the forms that apply to them).
import { describe, expect, it } from 'vitest';
import { careTeamCallers } from '../../test-support/care-team-callers';

const { admin, otherAdmin, doctor, cdc } = careTeamCallers();
const H = '/api/blade-iph-business/healthmenu';

interface Node {
  id: string;
  parentId: string;
  code: string;
  name: string;
  path: string | null;
  hasChildren: boolean;
  children: { id: string; parentId: string; code: string; name: string }[];
}

const archives = async () =>
  (await doctor.get('/api/blade-iph-business/commuserarchives/list?current=1&size=8')).body.data.records as { id: string }[];

describe('the health menu as trees', () => {
  it('gives every page with its tabs, whoever the resident, and refuses a system it does not know', async () => {
    const tree = (await doctor.get(`${H}/tree`)).body.data as Node[];
    expect(tree.length).toBeGreaterThan(5);
    for (const page of tree) {
      expect(page).toMatchObject({ id: page.code, parentId: '0', path: `/publichealthwork/detail/${page.code}` });
      expect(page.hasChildren).toBe(page.children.length > 0);
      for (const tab of page.children) expect(tab).toMatchObject({ id: `${page.code}/${tab.code}`, parentId: page.code });
    }
    expect(tree.some((page) => page.children.length > 0)).toBe(true);
    expect((await admin.get(`${H}/tree?sysKeys=1`)).body.data).toEqual(tree);
    const refused = await doctor.get(`${H}/tree?sysKeys=1,9`);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('不支持的系统: 9');
  });

  it('answers one level at a time: the pages, then a page’s tabs, nothing under a code that is no page', async () => {
    const tree = (await doctor.get(`${H}/tree`)).body.data as Node[];
    const pages = (await doctor.get(`${H}/lazy-list`)).body.data as Node[];
    expect(pages.map((p) => [p.id, p.hasChildren, p.children.length])).toEqual(tree.map((p) => [p.id, p.hasChildren, 0]));
    expect((await doctor.get(`${H}/lazy-list?parentId=0`)).body.data).toEqual(pages);
    const host = tree.find((page) => page.children.length > 0)!;
    const tabs = (await doctor.get(`${H}/lazy-list?parentId=${host.id}`)).body.data as Node[];
    expect(tabs.map((t) => [t.id, t.parentId, t.name, t.path, t.hasChildren])).toEqual(
      host.children.map((t) => [t.id, host.id, t.name, null, false]),
    );
    expect((await doctor.get(`${H}/lazy-list?parentId=nosuchform`)).body.data).toEqual([]);
    expect((await doctor.get(`${H}/lazy-list?parentId=a'b`)).status).toBe(400);
  });

  it('gives a resident only the forms that apply to them, the same pages as the archive page’s menu', async () => {
    const all = new Set(((await doctor.get(`${H}/tree`)).body.data as Node[]).map((p) => p.id));
    const sizes = new Set<number>();
    for (const { id } of await archives()) {
      const own = (await doctor.get(`${H}/healthMenuTree?archId=${id}`)).body.data as Node[];
      const routes = (await doctor.get(`${H}/getHealthMenuRoutes?archId=${id}`)).body.data.routes as { code: string; tabs: unknown[] }[];
      expect(own.map((p) => [p.id, p.children.length])).toEqual(routes.map((r) => [r.code, r.tabs.length]));
      for (const page of own) expect(all.has(page.id)).toBe(true);
      sizes.add(own.length);
    }
    // Residents differ (crowd labels, sex, age): not every one is given the same menu.
    expect(sizes.size).toBeGreaterThan(1);
    const [first] = await archives();
    const elsewhere = await otherAdmin.get(`${H}/healthMenuTree?archId=${first!.id}`);
    expect([elsewhere.status, elsewhere.body.msg]).toEqual([404, '档案不存在']);
    expect((await cdc.get(`${H}/healthMenuTree?archId=${first!.id}`)).status).toBe(403);
    expect((await doctor.get(`${H}/healthMenuTree`)).status).toBe(400);
  });
});
