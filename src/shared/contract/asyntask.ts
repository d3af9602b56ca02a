// The asynchronous export contract (spec 002 §7 asyntask, blade-mq-service/mq-msg): what the
// server's jobs/ routes take and answer, and what the 导出任务 page (src/app/asyntask) sends and reads.
import { Type, type Static } from 'typebox';
import { envelope, pageOf } from './envelope';
import { AnyObject, Id, IdList, paging, text } from './pieces';
import { ExportColumn } from './reports';

const optional = Type.Optional;

/** 0 排队中, 1 进行中, 2 已完成, 3 失败. */
export const TASK_STATUS_TEXT = ['排队中', '进行中', '已完成', '失败'] as const;

/** One asynchronous export: the synchronous export's request from a list path, and a task name. */
export const AsyncExportBody = Type.Object(
  {
    url: text(500),
    params: optional(AnyObject),
    columns: Type.Array(ExportColumn, { maxItems: 300 }),
    title_name: optional(text(200)),
    sheet_name: optional(text(100)),
    task_name: optional(text(100)),
  },
  { additionalProperties: false },
);
export type AsyncExportBody = Static<typeof AsyncExportBody>;

/** Several exports at once: `{tasks: […]}` (genrate-asyn-tasks). */
export const AsyncExportsBody = Type.Object(
  { tasks: Type.Array(AsyncExportBody, { minItems: 1, maxItems: 10 }) },
  { additionalProperties: false },
);

export const AsyncTask = Type.Object({
  id: Type.String(),
  taskName: Type.String(),
  listUrl: Type.String(),
  status: Type.Integer(),
  statusText: Type.String(),
  progress: Type.Integer(),
  errorMsg: Type.String(),
  remark: Type.String(),
  fileName: Type.String(),
  rowCount: Type.Integer(),
  noticeUnread: Type.Integer(),
  startTime: Type.String(),
  finishTime: Type.String(),
  createTime: Type.String(),
  rowVersion: Type.Integer(),
});
export type AsyncTask = Static<typeof AsyncTask>;

export const AsyncTaskListQuery = Type.Object(
  {
    ...paging(),
    status: optional(Type.Integer({ minimum: 0, maximum: 3 })),
    status_equal: optional(Type.Integer({ minimum: 0, maximum: 3 })),
    taskName: optional(text(100)),
    taskName_like: optional(text(100)),
  },
  { additionalProperties: false },
);

export const AsyncTaskSubmitBody = Type.Object(
  { id: Id, rowVersion: optional(Type.Integer({ minimum: 1 })), taskName: optional(text(100)), remark: optional(text(500)) },
  { additionalProperties: false },
);

export const IdQuery = Type.Object({ id: Id });
export const IdsQuery = Type.Object({ ids: optional(IdList) });

/** One notice of mq-msg/list: an export finished (or failed), not cleared yet. */
export const MqMsg = Type.Object({
  id: Type.String(),
  code: Type.String(),
  type: Type.String(),
  title: Type.String(),
  content: Type.String(),
  status: Type.Integer(),
  statusText: Type.String(),
  createTime: Type.String(),
});
export type MqMsg = Static<typeof MqMsg>;

export const asyntaskAnswers = {
  task: envelope(AsyncTask),
  tasks: envelope(Type.Array(AsyncTask)),
  page: envelope(pageOf(AsyncTask)),
  count: envelope(Type.Integer()),
  file: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' }),
  messages: envelope(Type.Array(MqMsg)),
};
