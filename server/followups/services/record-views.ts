import type { HistoryView, RecordView } from '../../../src/shared/contract/followups';
import type { HistoryDb, RecordDb } from '../repositories/records';
import { dateTime } from '../../forms/index';

/** A record as the API returns it; the same object is kept as the answer to its client request id. */
export function recordView(r: RecordDb): RecordView {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    formCode: r.form_code,
    formVersion: r.form_version,
    archId: r.arch_id,
    otherId: r.other_id,
    values: r.values,
    // What the form's placement made of the values: the visit, and when the next one falls due.
    visitDate: r.visit_date,
    nextVisitDate: r.next_visit_date,
    status: r.status,
    acknowledgements: r.acknowledgements,
    rowVersion: r.row_version,
    createUser: r.create_user,
    createUserName: r.create_user_name,
    createTime: dateTime(r.create_time),
    updateUser: r.update_user,
    updateUserName: r.update_user_name,
    updateTime: dateTime(r.update_time),
  };
}

export type { RecordView };

/** A history row in spec 001 §3's shape (payload, changeSource, updateUserName, updateTime, requestUri). */
export function historyView(h: HistoryDb): HistoryView {
  return {
    id: h.id,
    recordId: h.record_id,
    action: h.action,
    rowVersion: h.row_version,
    payload: h.payload,
    requestUri: h.request_uri,
    changeSource: h.change_source,
    updateUser: h.update_user,
    updateUserName: h.update_user_name,
    updateTime: dateTime(h.update_time),
  };
}
