import { EventEmitter } from 'node:events';
import { Engine, type BpmnEngineOptions } from 'bpmn-engine';
import { Conflict, Refusal } from '../../domain/errors';
import { MODDLE_OPTIONS } from './flowable-moddle';

// The one place that runs bpmn-engine. Nothing is kept between calls: every step starts from the
// state stored with the instance (recover + resume), does its one thing, and hands back the new
// state with what happened, for the caller to store in the same transaction as its task rows.

/** Something an activity did during a step, in the order the engine did it. */
export interface ActivityEvent {
  kind: 'start' | 'wait' | 'end';
  executionId: string;
  activityId: string;
  name: string;
  type: string;
}

/** A user task the process now waits on, with its people as the BPMN writes them (expressions unresolved). */
export interface WaitingTask {
  executionId: string;
  activityId: string;
  name: string;
  assignee: string;
  candidateUsers: string;
  candidateGroups: string;
}

export interface StepResult {
  /** bpmn-engine's getState(): JSON to store and resume from. */
  state: unknown;
  events: ActivityEvent[];
  waiting: WaitingTask[];
  /** The process reached its end. */
  ended: boolean;
}

/** What a deployable BPMN file declares. */
export interface ProcessDescription {
  key: string;
  name: string;
}

const USER_TASK = 'bpmn:UserTask';

/**
 * bpmn-engine runs script tasks and scripted conditions with node:vm, which is no sandbox: a BPMN
 * file an administrator uploads could run code in the server, across every tenant. So the engine
 * gets no script runner at all (a script task fails its process), and deploying refuses files that
 * carry scripts (SCRIPTED, below) with a message instead.
 */
const NO_SCRIPTS: NonNullable<BpmnEngineOptions['scripts']> = {
  register: () => undefined,
  // Typed as always finding one; bpmn-engine's own runner answers undefined for an unknown script too.
  getScript: () => undefined as never,
};
const SCRIPTED = [
  /<(?:[A-Za-z_][\w.-]*:)?scriptTask\b/,
  /<(?:[A-Za-z_][\w.-]*:)?conditionExpression\b[^>]*\blanguage\s*=/,
  /<(?:[A-Za-z_][\w.-]*:)?script\b/,
];
const engineOptions = { moddleOptions: MODDLE_OPTIONS, scripts: NO_SCRIPTS };

interface ActivityApi {
  id: string;
  type: string;
  executionId: string;
  name?: string;
  content: { name?: string };
  owner: { name?: string; behaviour?: Record<string, unknown> };
  signal: (message?: unknown) => void;
}

interface Execution {
  getPostponed: () => ActivityApi[];
}

function recorder(): { listener: EventEmitter; events: ActivityEvent[] } {
  const listener = new EventEmitter();
  const events: ActivityEvent[] = [];
  for (const kind of ['start', 'wait', 'end'] as const) {
    listener.on(`activity.${kind}`, (api: ActivityApi) => {
      events.push({
        kind,
        executionId: api.executionId,
        activityId: api.id,
        name: api.content.name ?? api.owner.name ?? '',
        type: api.type,
      });
    });
  }
  return { listener, events };
}

const attr = (api: ActivityApi, name: string) => {
  const value = api.owner.behaviour?.[name];
  return typeof value === 'string' ? value.trim() : '';
};

function waitingTasks(execution: Execution): WaitingTask[] {
  return execution
    .getPostponed()
    .filter((api) => api.type === USER_TASK)
    .map((api) => ({
      executionId: api.executionId,
      activityId: api.id,
      name: api.owner.name ?? api.id,
      assignee: attr(api, 'assignee'),
      candidateUsers: attr(api, 'candidateUsers'),
      candidateGroups: attr(api, 'candidateGroups'),
    }));
}

/** Lets the engine finish what a signal set off (it runs on, synchronously or on the next ticks). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

async function watch(
  engine: Engine,
  run: (listener: EventEmitter) => Promise<Execution>,
  act?: (execution: Execution) => void,
): Promise<StepResult> {
  const { listener, events } = recorder();
  let ended = false;
  let failure: unknown;
  engine.once('end', () => (ended = true));
  engine.once('error', (error: unknown) => (failure = error));
  const execution = await run(listener);
  act?.(execution);
  await settle();
  if (failure) throw new Refusal(`流程执行出错：${failure instanceof Error ? failure.message : String(failure)}`);
  return { state: await engine.getState(), events, waiting: ended ? [] : waitingTasks(execution), ended };
}

/** Parses a BPMN file and names its one executable process; a file the engine cannot run is refused. */
export async function describeProcess(xml: string): Promise<ProcessDescription> {
  if (SCRIPTED.some((pattern) => pattern.test(xml)))
    throw new Refusal('流程中不能包含脚本（scriptTask 或带 language 的条件表达式），请改用网关条件 ${变量}');
  try {
    const definitions = await new Engine({ name: 'describe', source: xml, ...engineOptions }).getDefinitions();
    const processes = definitions.flatMap((definition) => definition.getExecutableProcesses());
    if (processes.length !== 1) throw new Refusal('流程文件须且只能包含一个可执行的流程（isExecutable="true"）');
    const process = processes[0]!;
    if (!/^[A-Za-z_][A-Za-z0-9_.-]{0,99}$/.test(process.id))
      throw new Refusal('流程标识只能包含字母、数字、下划线、点和中划线，且不能以数字开头');
    return { key: process.id, name: process.name || process.id };
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(`流程文件无法解析：${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
}

/** Starts a process of `xml` with its variables; runs until it waits or ends. */
export function startProcess(xml: string, variables: Record<string, unknown>): Promise<StepResult> {
  const engine = new Engine({ name: 'process', source: xml, ...engineOptions });
  return watch(engine, (listener) => engine.execute({ listener, variables }) as Promise<unknown> as Promise<Execution>);
}

/** Resumes a stored process and completes its waiting user task `executionId` with `output`. */
export function completeUserTask(state: unknown, executionId: string, output: Record<string, unknown>): Promise<StepResult> {
  const engine = new Engine({ name: 'process', ...engineOptions }).recover(state);
  return watch(
    engine,
    (listener) => engine.resume({ listener }) as Promise<unknown> as Promise<Execution>,
    (execution) => {
      const task = execution.getPostponed().find((api) => api.executionId === executionId);
      // The stored state and the task row disagree only when another step got there first.
      if (!task) throw new Conflict('该任务已被办理，请刷新后重试');
      task.signal(output);
    },
  );
}
