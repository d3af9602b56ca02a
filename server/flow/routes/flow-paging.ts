import { Type } from '@fastify/type-provider-typebox';
import { page, type Page } from '../../http/envelope';
import { paging } from '../../http/route-schemas';

/** The blade-flow lists' paging: BladeX's `current` and `size`, 10 a page when not said. */
export const flowPaging = paging();

export const pagingOf = (query: { current?: number; size?: number }) => ({ current: query.current ?? 1, size: query.size ?? 10 });

export const pageFrom = <T>(result: { records: T[]; total: number }, query: { current?: number; size?: number }): Page<T> => {
  const { current, size } = pagingOf(query);
  return page(result.records, result.total, current, size);
};

/** Optional text of at most `max` characters, for parameters BladeX sends in the query or the body. */
export const optionalText = (max: number) => Type.Optional(Type.String({ maxLength: max }));
