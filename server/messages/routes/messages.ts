// The message side panel of a resident's detail page and message tasks (issue 33, decision 0040):
// msgtemp/send-message, mission, mission-crowd-label of spec 001 §7, and ours — message-list,
// save-draft, message-history, restore-version. Each checks the caller's tenant (every query names
// it) and a menu or button code: reading is 居民健康档案's (menu publichealthwork), writing and
// sending 发送消息 (button 4410), message tasks 消息任务 (4411), whose residents the task centre's scope.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import {
  MessageHistoryQuery,
  MessageListQuery,
  MissionBody,
  MissionCrowdLabelBody,
  RestoreVersionBody,
  SaveDraftBody,
  SendMessageBody,
  messageAnswers as answers,
} from '../../../src/shared/contract/messages';
import {
  listMessages,
  MESSAGE_TEXTS,
  messageHistory,
  mission,
  missionCrowdLabel,
  restoreVersion,
  saveDraft,
  sendMessage,
  type MessageContext,
} from '../services/messages';

const B = '/blade-iph-business/msgtemp';
const READ = { permission: 'publichealthwork' } as const;
const SEND = { permission: 'message_send' } as const;
const MISSION = { permission: 'message_mission' } as const;

export const messageRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const ctx = (request: FastifyRequest): MessageContext => ({ deps, auth: request.auth });

    // The side panel's list: one resident's messages (drafts and sent), newest first.
    app.get(
      `${B}/message-list`,
      { config: { access: READ }, schema: { querystring: MessageListQuery, response: { 200: answers.page } } },
      async (request) => ok(await listMessages(ctx(request), request.query)),
    );

    app.post(
      `${B}/save-draft`,
      { config: { access: SEND }, schema: { body: SaveDraftBody, response: { 200: answers.message } } },
      async (request) => ok(await saveDraft(ctx(request), request.body), MESSAGE_TEXTS.saved),
    );

    app.post(
      `${B}/send-message`,
      { config: { access: SEND }, schema: { body: SendMessageBody, response: { 200: answers.message } } },
      async (request) => ok(await sendMessage(ctx(request), request.body), MESSAGE_TEXTS.sent),
    );

    app.post(
      `${B}/mission`,
      { config: { access: MISSION }, schema: { body: MissionBody, response: { 200: answers.mission } } },
      async (request) => ok(await mission(ctx(request), request.body), MESSAGE_TEXTS.sent),
    );

    app.post(
      `${B}/mission-crowd-label`,
      { config: { access: MISSION }, schema: { body: MissionCrowdLabelBody, response: { 200: answers.mission } } },
      async (request) => ok(await missionCrowdLabel(ctx(request), request.body), MESSAGE_TEXTS.sent),
    );

    // 历史版本 and 恢复版本.
    app.get(
      `${B}/message-history`,
      { config: { access: READ }, schema: { querystring: MessageHistoryQuery, response: { 200: answers.versions } } },
      async (request) => ok(await messageHistory(ctx(request), request.query.id)),
    );

    app.post(
      `${B}/restore-version`,
      { config: { access: SEND }, schema: { body: RestoreVersionBody, response: { 200: answers.message } } },
      async (request) => ok(await restoreVersion(ctx(request), request.body), MESSAGE_TEXTS.restored),
    );
  };
