import type { DictAdminRow } from '../../api/dict-admin';

/**
 * What the caller's tenant may do with a dictionary, mirroring the server (spec 002 §3 isAdmin):
 * its own dictionaries fully; a platform dictionary per its isAdmin — 0 nothing, 1 add, modify and
 * delete entries, 2 modify entries' values only. The server enforces the same rules.
 */
export const canChangeParent = (parent: DictAdminRow) => parent.own;

export const canAddChild = (parent: DictAdminRow | undefined) => !!parent && (parent.own || parent.isAdmin === 1);

export const canEditChild = (parent: DictAdminRow | undefined) => !!parent && (parent.own || parent.isAdmin === 1 || parent.isAdmin === 2);

export const canDeleteChild = (parent: DictAdminRow | undefined) => !!parent && (parent.own || parent.isAdmin === 1);
