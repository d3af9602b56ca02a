// 消息 (issue 33; decision 0040): the detail page's message panel — msgtemp/message-list, save-draft,
// send-message, message-history, restore-version — and the template picker's list-msg-temp-dis
// (server/messages). Recipients are chosen from blade-user/listDoctor.
import { getData, postData } from './envelope';
import type { Page } from '../shared/blade-envelope';
import type {
  MessageItem,
  MessageListQuery,
  MessageVersion,
  MissionBody,
  MissionCrowdLabelBody,
  MissionResult,
  SaveDraftBody,
  SendMessageBody,
} from '../shared/contract/messages';

export type { MessageItem, MessageVersion, SaveDraftBody, SendMessageBody };

const B = '/api/blade-iph-business/msgtemp';

/** A template as the pickers read it: {label: title, value: id} with its category and content. */
export interface TemplateChoice {
  label: string;
  value: string;
  category: string;
  content: string;
}

export const listResidentMessages = (params: MessageListQuery) => getData<Page<MessageItem>>(`${B}/message-list`, { params });
export const listTemplateChoices = () => getData<TemplateChoice[]>(`${B}/list-msg-temp-dis`);
export const saveMessageDraft = (body: SaveDraftBody) => postData<MessageItem>(`${B}/save-draft`, body);
export const sendMessage = (body: SendMessageBody) => postData<MessageItem>(`${B}/send-message`, body);
export const messageHistory = (id: string) => getData<MessageVersion[]>(`${B}/message-history`, { params: { id } });
export const restoreMessageVersion = (body: { id: string; version: number; rowVersion: number }) =>
  postData<MessageItem>(`${B}/restore-version`, body);
/** 消息任务: one message to each resident chosen, or to every resident of a crowd label. */
export const sendMission = (body: MissionBody) => postData<MissionResult>(`${B}/mission`, body);
export const sendCrowdLabelMission = (body: MissionCrowdLabelBody) => postData<MissionResult>(`${B}/mission-crowd-label`, body);
