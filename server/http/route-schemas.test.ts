import { type Static, Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { MAX_PAGE_SIZE } from './input-guard';
import { bladeSearch, Id, IdList, intEnum, LIST_PAGE_SIZE, paging, text, textEnum, textOrNull } from './route-schemas';
import { AJV_OPTIONS, describeValidationError } from './validation-messages';

const optional = Type.Optional;
const listQuery = Type.Object({
  ...paging(),
  status: optional(intEnum(1, 2)),
  ids: optional(IdList),
  ...bladeSearch('personName', text(5), '', 'like'),
});
const wideList = Type.Object(paging(MAX_PAGE_SIZE));
const detailQuery = Type.Object({ id: Id });
const saveBody = Type.Object({ remark: optional(textOrNull(10)), fixed: optional(textEnum('', 'left', 'right')) });

let app: FastifyInstance;

// The app's validation as buildApp sets it up: its ajv options and its Chinese messages.
beforeAll(async () => {
  app = Fastify({
    ajv: { customOptions: AJV_OPTIONS },
    schemaErrorFormatter: (errors, dataVar) => new Error(describeValidationError(errors, dataVar)),
  });
  app.setErrorHandler((error: Error, _request, reply) => reply.code(400).send({ msg: error.message }));
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  typed.get('/list', { schema: { querystring: listQuery } }, async (request) => request.query);
  typed.get('/wide', { schema: { querystring: wideList } }, async (request) => request.query);
  typed.get('/detail', { schema: { querystring: detailQuery } }, async (request) => request.query);
  typed.post('/save', { schema: { body: saveBody } }, async (request) => request.body);
  await app.ready();
});
afterAll(() => app.close());

const get = async (url: string) => {
  const response = await app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
};

describe('the shared route schema pieces (issue 18)', () => {
  it('give handlers the types of their schema', () => {
    expectTypeOf<Static<typeof detailQuery>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<Static<typeof listQuery>>().toEqualTypeOf<{
      current?: number;
      size?: number;
      status?: 1 | 2;
      ids?: string;
      personName?: string;
      personName_like?: string;
    }>();
    expectTypeOf<Static<typeof saveBody>>().toEqualTypeOf<{ remark?: string | null; fixed?: '' | 'left' | 'right' }>();
  });

  it('coerce paging and enum numbers from the query string, and name the bound a page breaks', async () => {
    expect(await get('/list?current=2&size=20&status=1')).toEqual({ status: 200, body: { current: 2, size: 20, status: 1 } });
    expect((await get(`/list?size=${LIST_PAGE_SIZE + 1}`)).body).toEqual({ msg: `参数[size]不能大于${LIST_PAGE_SIZE}` });
    expect((await get('/list?current=0')).body).toEqual({ msg: '参数[current]不能小于1' });
    expect((await get('/list?size=abc')).body).toEqual({ msg: '参数[size]类型不正确，应为整数' });
    expect((await get('/list?status=3')).body).toEqual({ msg: '参数[status]取值不正确' });
    expect(await get(`/wide?size=${MAX_PAGE_SIZE}`)).toEqual({ status: 200, body: { size: MAX_PAGE_SIZE } });
    expect(() => paging(MAX_PAGE_SIZE + 1)).toThrow(/MAX_PAGE_SIZE/);
  });

  it('name the parameter in every message about an id, an id list or a search text', async () => {
    expect((await get('/detail')).body).toEqual({ msg: '参数[id]不能为空' });
    expect((await get('/detail?id=')).body).toEqual({ msg: '参数[id]不能为空' });
    expect((await get('/detail?id=12a')).body).toEqual({ msg: '参数[id]格式不正确' });
    expect((await get('/list?ids=1,,2')).body).toEqual({ msg: '参数[ids]格式不正确' });
    expect((await get('/list?personName_like=abcdef')).body).toEqual({ msg: '参数[personName_like]长度不能超过5' });
    expect(await get('/list?ids=1,2&personName=ab')).toEqual({ status: 200, body: { ids: '1,2', personName: 'ab' } });
  });

  it('take null for a cleared text and refuse a value outside a text enum', async () => {
    const post = async (payload: unknown) =>
      (await app.inject({ method: 'POST', url: '/save', payload: payload as object })).json<unknown>();
    expect(await post({ remark: null, fixed: 'left' })).toEqual({ remark: null, fixed: 'left' });
    expect(await post({ remark: 'x'.repeat(11) })).toEqual({ msg: '参数[remark]长度不能超过10' });
    expect(await post({ fixed: 'middle' })).toEqual({ msg: '参数[fixed]取值不正确' });
  });
});
