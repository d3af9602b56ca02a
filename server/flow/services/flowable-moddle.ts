/**
 * The few Flowable attributes our BPMN files use, as a moddle extension for bpmn-engine. BladeX's
 * workflow is Flowable, so its models say who takes a user task with `flowable:assignee`,
 * `flowable:candidateUsers` and `flowable:candidateGroups`; without this descriptor the parser
 * drops those attributes and a task would have nobody to do it.
 */
export const FLOWABLE_MODDLE = {
  name: 'Flowable',
  prefix: 'flowable',
  uri: 'http://flowable.org/bpmn',
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types: [
    {
      name: 'TaskPeople',
      isAbstract: true,
      extends: ['bpmn:UserTask'],
      properties: [
        { name: 'assignee', isAttr: true, type: 'String' },
        { name: 'candidateUsers', isAttr: true, type: 'String' },
        { name: 'candidateGroups', isAttr: true, type: 'String' },
      ],
    },
  ],
};

/**
 * Only Flowable's namespace: a second descriptor extending bpmn:UserTask the same way (Activiti's)
 * made bpmn-engine lose track of the waiting task (measured with bpmn-engine 25.0.1).
 */
export const MODDLE_OPTIONS = { flowable: FLOWABLE_MODDLE };
