// 任务中心 and the pages it opens: a form page opened from the task centre (goToSource=task, the tab it
// came from in task_tab) returns there after a save or when closed. The task centre, the home page's
// card, the archive page and the maternal shell all name the same place, so it is said once here.

export const TASK_CENTRE_PATH = '/task/user_followup/index';

/** Where a page opened from the task centre goes back to; undefined when it was not opened from there. */
export function taskCentreReturn(search: URLSearchParams): string | undefined {
  if (search.get('goToSource') !== 'task') return undefined;
  return `${TASK_CENTRE_PATH}?tab=${encodeURIComponent(search.get('task_tab') || 'overdue')}`;
}
