import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../api/types';
import { findMenuByPath, leafMenus, openKeysFor, opensNewWindow, searchMenus } from './menu-rules';

const item = (id: string, name: string, path: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  id,
  parentId: '0',
  name,
  alias: '',
  path,
  source: '',
  sort: 0,
  category: 1,
  isOpen: 1,
  hasChildren: Boolean(extra.children),
  code: `c${id}`,
  ...extra,
});

const tree: MenuItem[] = [
  item('1', '首页', '/home/index', { code: 'home' }),
  item('2', '任务中心', '/task/user_followup/index', { code: 'task' }),
  item('9', '系统管理', '/system', {
    code: 'system',
    children: [
      item('91', '业务字典', '/dict-horizontal/index', { code: 'dict_horizontal' }),
      item('92', '参数管理', '/system/param/index', { code: 'param' }),
    ],
  }),
  item('5', '外部平台', 'https://example.org/gw', { isOpen: 2 }),
];

describe('leaf menus', () => {
  it('lists the pages in menu order, the submenus’ own entries left out', () => {
    expect(leafMenus(tree).map((m) => m.name)).toEqual(['首页', '任务中心', '业务字典', '参数管理', '外部平台']);
  });
});

describe('menu search', () => {
  it('finds leaf entries by any part of the name, not only its start', () => {
    expect(searchMenus(tree, '任务').map((m) => m.name)).toEqual(['任务中心']);
    expect(searchMenus(tree, '中心').map((m) => m.name)).toEqual(['任务中心']);
    const archives = [
      item('31', '居民健康档案', '/publichealthwork/index'),
      item('32', '老年人档案', '/elderly/index'),
      item('33', '随访', '/x'),
    ];
    expect(searchMenus(archives, '档案').map((m) => m.name)).toEqual(['居民健康档案', '老年人档案']);
    expect(searchMenus(tree, '不存在')).toEqual([]);
  });
  it('lists names that start with the text before names that merely contain it, and those before path or code matches', () => {
    const menus = [
      item('41', '健康档案查询', '/a', { code: 'x' }),
      item('42', '档案管理', '/b', { code: 'y' }),
      item('43', '统计', '/archive/档案', { code: 'z' }),
    ];
    expect(searchMenus(menus, '档案').map((m) => m.id)).toEqual(['42', '41', '43']);
  });
  it('also matches path and code, case-insensitively', () => {
    expect(searchMenus(tree, 'PARAM').map((m) => m.name)).toEqual(['参数管理']);
    expect(searchMenus(tree, '/dict-hor').map((m) => m.name)).toEqual(['业务字典']);
  });
  it('lists every leaf (never a submenu) for empty text', () => {
    expect(searchMenus(tree, ' ').map((m) => m.id)).toEqual(['1', '2', '91', '92', '5']);
  });
});

describe('menu helpers', () => {
  it('opens a new window only for open-type 2 with an external path', () => {
    expect(opensNewWindow(tree[3]!)).toBe(true);
    expect(opensNewWindow(item('6', 'x', '/inside', { isOpen: 2 }))).toBe(false);
    expect(opensNewWindow(item('7', 'y', 'https://e.org', { isOpen: 1 }))).toBe(false);
  });
  it('finds the selected menu and the submenus to open for a path', () => {
    expect(findMenuByPath(tree, '/system/param/index')?.id).toBe('92');
    expect(openKeysFor(tree, '/system/param/index')).toEqual(['9']);
    expect(openKeysFor(tree, '/home/index')).toEqual([]);
  });
});
